// Browser error reports (ADR 044): with SENTRY_DSN set, a page's uncaught error reaches the service with the signed-in
// user's id and without their email address; without it the page carries no DSN and loads no SDK. JavaScript only:
// without it a browser runs none of the app's code, so there is nothing to report. The reporting server is a server
// of its own (the shared e2e server has no DSN), started as the security suite starts one.
import http from "node:http";
import { once } from "node:events";
import { expect, test } from "@playwright/test";
import { startAppServer, withAppDatabase, type AppServer } from "../../bench/app-server";
import { poll } from "../poll";

let receiver: http.Server;
const envelopes: string[] = [];
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      envelopes.push(Buffer.concat(chunks).toString());
      response.writeHead(200, { "Access-Control-Allow-Origin": "*", "Content-Type": "application/json" }).end("{}");
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const { port } = receiver.address() as { port: number };
  server = await startAppServer("error-reports", {
    SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/7`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  receiver?.close();
});

test("without SENTRY_DSN the page names no error service", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('meta[name="voxlate-error-reports"]')).toHaveCount(0);
});

test("with SENTRY_DSN a browser error is reported with the user's id, not their email", async ({ page, context }) => {
  const [name, value] = server.cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: server.origin }]);
  const { id: userId, email } = await withAppDatabase(server.dataDir, (prisma) =>
    prisma.user.findFirstOrThrow({ where: { plan: "BUSINESS_PRO" }, select: { id: true, email: true } }),
  );
  await page.goto(`${server.origin}/dashboard`);
  await expect(page.locator('meta[name="voxlate-error-reports"]')).toHaveAttribute("data-user-id", userId);
  // The SDK is loaded after hydration, on its own.
  await page.waitForFunction(() => "__SENTRY__" in window);
  await page.evaluate((address) => {
    setTimeout(() => {
      throw new Error(`A deliberate browser error for ${address}`);
    });
  }, email);
  const report = await poll(
    async () => envelopes.find((envelope) => envelope.includes("A deliberate browser error")),
    (found) => Boolean(found),
    { timeoutMs: 15_000, intervalMs: 200, description: "the browser's error report" },
  );
  expect(report).toContain(`"user":{"id":"${userId}"}`);
  expect(report).not.toContain(email);
});
