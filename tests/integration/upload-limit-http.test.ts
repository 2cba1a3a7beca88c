// Issue 30, item 7: an upload past the plan's limit, sent chunked without a Content-Length, gets a 413 that names the
// limit over a real connection. In-process requests (app-handler.ts) always saw the 413; over a socket the server
// destroyed the request body at the limit, which reset the connection before the answer was sent. On an Express app
// stacked as server.ts stacks it, over the production build; a Free account (50 MB) keeps the stream small.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { db } from "~/modules/platform/database.server";
import { finalErrorHandler, limitBodySize, refuseMalformedUrls } from "~/modules/platform/http-guards.server";
import { signedInUser } from "./helpers";

const BUILD = path.resolve("build/server/index.js");
const MB = 1024 * 1024;
const BOUNDARY = "----voxlate-limit";
const FREE_LIMIT_MESSAGE = "This file is larger than 50 MB, the upload limit on the Free plan.";

let server: http.Server;
let origin: string;

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` before these tests.");
  const build = (await import(/* @vite-ignore */ BUILD)) as ServerBuild;
  const app = express();
  app.use(refuseMalformedUrls());
  app.use(limitBodySize());
  app.all("/{*splat}", createRequestHandler({ build, getLoadContext: () => ({ cspNonce: "test" }) }));
  app.use(finalErrorHandler());
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/**
 * Streams a multipart file of `megabytes` MB, chunked (no Content-Length), as fast as the connection takes it, and
 * stops sending once the answer has come. Resolves with the answer and how much was sent by then.
 */
function streamUpload(urlPath: string, headers: Record<string, string>, megabytes: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; sentMb: number }>(
    (resolve, reject) => {
      const request = http.request(`${origin}${urlPath}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      });
      let answered = false;
      let sent = 0;
      request.on("response", (response) => {
        answered = true;
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body, sentMb: sent }),
        );
      });
      // Writing after the server has answered and closed the connection fails; the answer is what counts.
      request.on("error", (error) => (answered ? undefined : reject(error)));
      request.write(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      );
      const chunk = Buffer.alloc(MB, 1);
      const writeMore = () => {
        while (!answered && !request.destroyed && sent < megabytes) {
          sent++;
          if (!request.write(chunk)) return void request.once("drain", writeMore);
        }
        if (!answered && !request.destroyed) request.end(`\r\n--${BOUNDARY}--\r\n`);
      };
      writeMore();
    },
  );
}

describe("an upload past the plan's limit, chunked without a Content-Length, over a real connection", () => {
  test("the dashboard's upload endpoint answers 413 with a sentence naming the limit, and stores nothing", async () => {
    const user = await signedInUser(); // Free: 50 MB
    const answer = await streamUpload("/api/recordings", { Cookie: user.cookie }, 60);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: FREE_LIMIT_MESSAGE });
    expect(answer.headers.connection).toBe("close");
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
  });

  test("the REST API answers the same 413 as a problem", async () => {
    const user = await signedInUser();
    const { key } = await createApiKey(user.id, "limit", ["read", "write"]);
    const answer = await streamUpload("/api/v1/recordings", { Authorization: `Bearer ${key}` }, 60);
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, detail: FREE_LIMIT_MESSAGE });
  });
});
