// The v1 API's refusals made before React Router sees a request (the HTTP guards of server.ts, its last error
// handler) and its tus endpoint (/api/v1/uploads), on an Express app stacked as server.ts stacks them, over the
// production build: under /api/v1/ every refusal is problem details, like the routes' own; elsewhere nothing changes.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import {
  finalErrorHandler,
  limitBodySize,
  refuseMalformedUrls,
  refuseMethodsWithoutAction,
} from "~/modules/platform/http-guards.server";
import { FORM_BODY_MAX_BYTES } from "~/modules/platform/request-body.server";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { API_ACCOUNT_LIMIT } from "~/modules/platform/rate-limit.server";
import { openApiDocument } from "~/modules/developers/openapi.server";
import { API_UPLOADS_PATH, apiResumableUploadServer } from "~/modules/developers/v1.server";
import { RECORDING_ID_HEADER } from "~/modules/recordings/resumable-uploads.server";
import { sharedFile } from "../shared-files";
import { signedInUser, testOutbox } from "./helpers";

const JFK = sharedFile("testdata/audio/jfk.mp3");
const BUILD = path.resolve("build/server/index.js");

let server: http.Server;
let origin: string;

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` before these tests.");
  const build = (await import(/* @vite-ignore */ BUILD)) as ServerBuild;
  await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
  const app = express();
  app.use(refuseMalformedUrls());
  app.use(limitBodySize());
  const uploads = apiResumableUploadServer();
  app.all(
    [API_UPLOADS_PATH, `${API_UPLOADS_PATH}/{*id}`],
    (request, response) => void uploads.handle(request, response),
  );
  // A failure the stack could not place, as a body parser or a broken build would raise: the last handler's case.
  app.all(["/api/v1/_fail", "/api/_fail"], (request, _response, next) =>
    next(
      Object.assign(
        new Error("internal detail at /srv/voxlate/secret.ts"),
        request.query.status ? { status: Number(request.query.status) } : {},
      ),
    ),
  );
  app.use(refuseMethodsWithoutAction(async () => build));
  app.all("/{*splat}", createRequestHandler({ build, getLoadContext: () => ({ cspNonce: "test" }) }));
  app.use(finalErrorHandler());
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stopJobs();
});

async function problemOf(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  const body = (await response.json()) as { type: string; title: string; status: number; detail: string };
  expect(body).toMatchObject({ type: "about:blank", status: response.status });
  expect(body.title).toBeTruthy();
  expect(body.detail).toBeTruthy();
  return body;
}

/** A raw HTTP request: fetch would refuse to send a broken %-encoding or a Content-Length it did not count. */
function rawRequest(method: string, requestPath: string, headers: Record<string, string> = {}, body = "") {
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(`${origin}${requestPath}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve(
          new Response(Buffer.concat(chunks), {
            status: response.statusCode,
            headers: response.headers as Record<string, string>,
          }),
        ),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("methods an endpoint does not take", () => {
  const document = openApiDocument("http://localhost") as unknown as { paths: Record<string, Record<string, unknown>> };
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  const cases = Object.entries(document.paths).flatMap(([template, operations]) => {
    const documented = Object.keys(operations).map((method) => method.toUpperCase());
    return methods
      .filter((method) => !documented.includes(method))
      .map((method) => [method, template, documented] as const);
  });

  test("the OpenAPI document lists the endpoints this checks", () => {
    expect(cases.length).toBeGreaterThan(20);
    expect(cases).toContainEqual(["PUT", "/recordings", ["GET", "POST"]]);
  });

  test.each(cases)(
    "%s %s: a 405 problem whose Allow names what the document lists",
    async (method, template, documented) => {
      const path = `/api/v1${template.replace("{recordingId}", "some-recording")}`;
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { "Content-Type": "application/json", "Tus-Resumable": "1.0.0" },
        body: method === "GET" ? undefined : "{}",
      });
      expect(response.status, await response.clone().text()).toBe(405);
      const allow = (response.headers.get("Allow") ?? "")
        .split(/,\s*/)
        .filter((name) => !["HEAD", "OPTIONS"].includes(name));
      expect(allow.sort()).toEqual([...documented].sort());
      expect((await problemOf(response)).detail).toMatch(/^(Method not allowed\. Use|This address does not take)/);
    },
  );
});

describe("refusals before the routes, under /api/v1/", () => {
  test("a method the route does not take: 405 problem with Allow", async () => {
    const response = await fetch(`${origin}/api/v1/openapi.json`, { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect((await problemOf(response)).detail).toMatch(/does not take POST/);
  });

  test("a body over the limit: 413 problem, before it is read", async () => {
    const body = "x".repeat(FORM_BODY_MAX_BYTES + 1);
    const response = await rawRequest(
      "POST",
      "/api/v1/recordings/any/translations",
      { "Content-Type": "application/json", "Content-Length": String(body.length) },
      body,
    );
    expect(response.status).toBe(413);
    expect((await problemOf(response)).title).toBe("Payload Too Large");
  });

  test("a malformed address: 400 problem", async () => {
    const response = await rawRequest("GET", "/api/v1/recordings/%E0%A4%A");
    expect(response.status).toBe(400);
    expect((await problemOf(response)).detail).toMatch(/broken %-encoding/);
  });

  test("the last error handler: 400 for a request it could not read, 500 without details", async () => {
    const unreadable = await fetch(`${origin}/api/v1/_fail?status=400`, { method: "POST" });
    expect(unreadable.status).toBe(400);
    expect((await problemOf(unreadable)).detail).toBe("The request could not be read.");
    const broken = await fetch(`${origin}/api/v1/_fail`);
    expect(broken.status).toBe(500);
    expect((await problemOf(broken)).detail).toBe("An unexpected error occurred. Please try again.");
    expect(JSON.stringify(await (await fetch(`${origin}/api/v1/_fail`)).json())).not.toContain("secret");
  });

  test("outside /api/v1/ the rest of /api keeps its { error } shape", async () => {
    const malformed = await rawRequest("GET", "/api/recordings/%E0%A4%A");
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await malformed.json()).toEqual({ error: expect.stringMatching(/broken %-encoding/) });
    const broken = await fetch(`${origin}/api/_fail`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ error: expect.any(String) });
  });
});

const file = fs.readFileSync(JFK);
/** Starts a tus upload of jfk.mp3 at /api/v1/uploads. */
const create = (headers: Record<string, string>) =>
  fetch(`${origin}${API_UPLOADS_PATH}`, {
    method: "POST",
    headers: {
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(file.length),
      "Upload-Metadata": `filename ${Buffer.from("jfk.mp3").toString("base64")}`,
      ...headers,
    },
  });

describe("the tus endpoint /api/v1/uploads", () => {
  test("an upload with a write key, created and sent in two chunks, becomes the key owner's recording", async () => {
    const user = await signedInUser();
    const { key } = await createApiKey(user.id, "tus", ["read", "write"]);
    const created = await create({ Authorization: `Bearer ${key}` });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("Location")!, origin).toString();
    expect(location).toContain(`${API_UPLOADS_PATH}/`);

    const half = Math.floor(file.length / 2);
    const send = (offset: number, chunk: Buffer) =>
      fetch(location, {
        method: "PATCH",
        headers: {
          Authorization: `Bearer ${key}`,
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
        },
        body: new Uint8Array(chunk),
      });
    const first = await send(0, file.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get("Upload-Offset")).toBe(String(half));
    expect(first.headers.get(RECORDING_ID_HEADER)).toBeNull();
    const last = await send(half, file.subarray(half));
    expect(last.status).toBe(204);
    const recordingId = last.headers.get(RECORDING_ID_HEADER);
    expect(recordingId).toBeTruthy();
    const recording = await (await db()).recording.findUniqueOrThrow({ where: { id: recordingId! } });
    expect(recording).toMatchObject({ userId: user.id, fileName: "jfk.mp3", sizeBytes: file.length });
    expect(["QUEUED", "PROCESSING"]).toContain(recording.status);
  });

  test("refusals are problem details: no key 401, a read-only key 403, another key's upload 404, no tus 412", async () => {
    const owner = await signedInUser();
    const { key: readOnly } = await createApiKey(owner.id, "read only", ["read"]);
    const { key: writer } = await createApiKey(owner.id, "writer", ["read", "write"]);
    const stranger = (await createApiKey((await signedInUser()).id, "stranger", ["read", "write"])).key;

    const anonymous = await create({});
    expect(anonymous.status).toBe(401);
    expect((await problemOf(anonymous)).detail).toMatch(/Authorization header/);

    const reader = await create({ Authorization: `Bearer ${readOnly}` });
    expect(reader.status).toBe(403);
    expect((await problemOf(reader)).detail).toMatch(/write scope/);

    const created = await create({ Authorization: `Bearer ${writer}` });
    expect(created.status).toBe(201);
    const elsewhere = await fetch(new URL(created.headers.get("Location")!, origin), {
      method: "PATCH",
      headers: {
        Authorization: `Bearer ${stranger}`,
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(file.subarray(0, 1024)),
    });
    expect(elsewhere.status).toBe(404);
    expect((await problemOf(elsewhere)).detail).toBe("Upload not found.");

    const withoutTus = await fetch(`${origin}${API_UPLOADS_PATH}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${writer}`, "Upload-Length": "10" },
    });
    expect(withoutTus.status).toBe(412);
    expect((await problemOf(withoutTus)).detail).toBe("Tus-Resumable Required");
  });
});

describe("the API's budget per account, over all of its keys", () => {
  test("three keys of one account share one budget: past it, a 429 problem with Retry-After on every endpoint", async () => {
    const owner = await signedInUser();
    const keys = await Promise.all(
      ["first", "second", "third"].map(async (name) => (await createApiKey(owner.id, name, ["read", "write"])).key),
    );
    const list = (key: string) => fetch(`${origin}/api/v1/recordings`, { headers: { Authorization: `Bearer ${key}` } });
    // Each key stays far below its own limit (RATE_LIMITS.api, 300 a minute): together they reach the account's.
    const statuses = new Map<number, number>();
    for (let index = 0; index < API_ACCOUNT_LIMIT.limit; index++) {
      const { status } = await list(keys[index % keys.length]);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses]).toEqual([[200, API_ACCOUNT_LIMIT.limit]]);

    const refused = await list(keys[0]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const problem = await problemOf(refused);
    expect(problem.title).toBe("Too Many Requests");
    expect(problem.detail).toMatch(
      /^Too many requests from this account: its API keys together may make 600 requests a minute\. Please try again in \d+ seconds?\.$/,
    );
    // A new key does not start a new count; the tus endpoint counts against the same budget.
    const fourth = (await createApiKey(owner.id, "fourth", ["read", "write"])).key;
    expect((await list(fourth)).status).toBe(429);
    const upload = await create({ Authorization: `Bearer ${fourth}` });
    expect(upload.status).toBe(429);
    expect(Number(upload.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await problemOf(upload)).detail).toMatch(/^Too many requests from this account/);

    // Another account is not held back.
    const other = (await createApiKey((await signedInUser()).id, "other", ["read"])).key;
    expect((await list(other)).status).toBe(200);
  });
});
