// The fake Stripe (stripe.ts) over real HTTP, for a server running in another process (the end-to-end tests' app),
// where MSW in the test process cannot intercept. The app reaches it through STRIPE_API_BASE (the SDK's host, port
// and protocol options); the browser reaches its stand-ins for Stripe's hosted pages (Checkout, the portal, invoices).
import http from "node:http";
import { FakeStripe, parseStripeParams } from "./stripe";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

// An empty icon, so the browser asks this server for no /favicon.ico (a 404 the e2e console check would report).
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
  `<title>${escapeHtml(title)}</title></head>` +
  `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

export async function startStripeServer(port: number): Promise<{ fake: FakeStripe; close: () => Promise<void> }> {
  const fake = new FakeStripe(`http://127.0.0.1:${port}`);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
      if (url.pathname.startsWith("/v1/")) {
        const params = parseStripeParams(
          request.method === "GET" || request.method === "DELETE"
            ? url.searchParams
            : new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
        );
        const { status, body } = fake.handle(request.method ?? "GET", url.pathname, params, {
          authorization: request.headers.authorization ?? null,
          idempotencyKey: (request.headers["idempotency-key"] as string | undefined) ?? null,
        });
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
        return;
      }
      const checkout = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
      const session = checkout ? fake.sessions.get(checkout[1]!) : undefined;
      const html = session
        ? page("Mock Stripe Checkout", `<p>Session ${escapeHtml(session.id)}</p>`)
        : url.pathname.startsWith("/p/session/")
          ? page("Mock Stripe billing portal", "<p>Manage your subscription.</p>")
          : url.pathname.startsWith("/i/")
            ? page("Mock Stripe invoice", "<p>Invoice paid.</p>")
            : null;
      response
        .writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" })
        .end(html ?? page("Not found", ""));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { fake, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
