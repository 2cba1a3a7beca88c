import fs from "node:fs";
import path from "node:path";
import { createRequestHandler, type ServerBuild } from "react-router";

const BUILD = path.resolve("build/server/index.js");

/**
 * The production build's request handler, in this process and on this test file's database (the build
 * finds it through the process-wide singleton). `npm test` builds before it runs Vitest.
 */
export async function appHandler() {
  if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` before these tests.");
  const build = (await import(/* @vite-ignore */ BUILD)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  // `context` stands in for what server.ts adds, e.g. the client's IP address.
  return (path: string, init: RequestInit = {}, context: { clientIp?: string } = {}) =>
    handle(new Request(`http://localhost${path}`, init), { cspNonce: "test", ...context } as never);
}

export function postJson(body: unknown, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** The name=value pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}
