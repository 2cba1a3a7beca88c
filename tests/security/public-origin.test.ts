// One public origin for every absolute link (issue 30): without APP_URL it follows the port the server listens on,
// and a forged Host header never makes it into a link.
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startAppServer, withAppDatabase, type AppServer } from "../../bench/app-server";
import { waitFor } from "../integration/helpers";
import { readOutbox } from "~/modules/platform/email.server";

let server: AppServer;
let expectedOrigin: string;

beforeAll(async () => {
  // As `npm start` runs on a fresh install, but on a port other than the default and with APP_URL unset.
  server = await startAppServer("public-origin", { APP_URL: "" }, { asNpmStart: true, nodeEnv: null });
  expectedOrigin = `http://localhost:${new URL(server.origin).port}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** A request with a Host header of our choosing (fetch would send the real one). */
function postWithHost(pathname: string, host: string, body: unknown): Promise<number> {
  const url = new URL(pathname, server.origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { Host: host, "Content-Type": "application/json" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

test("the OpenAPI document and the developer examples name the port the server listens on", async () => {
  expect(new URL(server.origin).port).not.toBe("3000");
  const document = (await (await fetch(`${server.origin}/api/v1/openapi.json`)).json()) as {
    servers: { url: string }[];
  };
  expect(document.servers.map((entry) => entry.url)).toEqual([`${expectedOrigin}/api/v1`]);
  const developers = await (await fetch(`${server.origin}/developers`)).text();
  expect(developers).toContain(`${expectedOrigin}/api/v1`);
  expect(developers).not.toContain("localhost:3000");
});

test("a reset link follows the listening port, whatever Host the request names", async () => {
  const email = await withAppDatabase(server.dataDir, async (prisma) => (await prisma.user.findFirstOrThrow()).email);
  expect(await postWithHost("/api/password-reset/request", "attacker.example", { email })).toBe(200);
  const mail = await waitFor(
    () => readOutbox(path.join(server.dataDir, "mail")),
    (messages) => messages.some((message) => message.to === email && /reset/i.test(message.subject)),
  );
  const text = mail.find((message) => message.to === email)!.text;
  expect(text).toContain(`${expectedOrigin}/reset-password?token=`);
  expect(text).not.toContain("attacker.example");
});
