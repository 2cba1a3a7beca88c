import { expect, test } from "./fixtures";

test.describe("the web server", () => {
  test("/healthz checks the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  });

  test("pages carry security headers and a per-response CSP nonce on every script", async ({ request, page }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const csp = first.headers()["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"])?.[1]).not.toBe(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBe("same-origin");

    const html = await first.text();
    // Executable scripts, that is; JSON-LD data blocks are not run and CSP does not apply to them.
    const scriptTags = (html.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('type="application/ld+json"'),
    );
    expect(scriptTags.length).toBeGreaterThan(0);
    expect(scriptTags.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);

    // And the browser runs them: the page hydrates without CSP violations.
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    expect(violations).toEqual([]);
  });

  test("hashed assets are cached for a year; pages are compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    const page = await request.get("/help", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
  });
});
