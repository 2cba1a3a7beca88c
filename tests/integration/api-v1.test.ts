// The public REST API (/api/v1) through the production request handler on a real database, queue and speech engine:
// API keys made on the account page (hashed, scoped, revocable), every v1 route with its problem details,
// Idempotency-Key, and the OpenAPI document checked by a validator.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox, waitFor } from "./helpers";
import { sharedFile } from "../shared-files";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const JFK = sharedFile("testdata/audio/jfk.wav");
/** 1.3 s of speech: for tests of what happens around a transcript rather than of its words. */
const HELLO_WORLD = sharedFile("testdata/audio/hello-world.wav");

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

/** Posts one of the account page's developer forms, as a browser without JavaScript would. */
function accountForm(cookie: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return app("/account?developer", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
}

/** A key made through the account page's form: the full key as the page shows it once. */
async function createKey(cookie: string, scopes: string[] = ["read", "write"], name = "Test key") {
  const response = await accountForm(cookie, { intent: "api-key-create", name, scopes });
  expect(response.status).toBe(200);
  const html = await response.text();
  const key = /value="(vxk_[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
  expect(key, "the new key is shown on the page").toBeTruthy();
  return key!;
}

const bearer = (key: string, headers: Record<string, string> = {}) => ({ Authorization: `Bearer ${key}`, ...headers });

async function problemOf(response: Response) {
  expect(response.headers.get("Content-Type")).toBe("application/problem+json");
  const body = (await response.json()) as { type: string; title: string; status: number; detail: string };
  expect(body.status).toBe(response.status);
  expect(body.type).toBe("about:blank");
  expect(body.title).toBeTruthy();
  return body;
}

function uploadForm(file = JFK, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new Blob([fs.readFileSync(file)]), path.basename(file));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const upload = (key: string, form: FormData, headers: Record<string, string> = {}) =>
  app("/api/v1/recordings", { method: "POST", headers: bearer(key, headers), body: form });

const postJson = (key: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app(url, {
    method: "POST",
    headers: bearer(key, { "Content-Type": "application/json", ...headers }),
    body: JSON.stringify(body),
  });

const waitForStatus = (id: string, status: string) =>
  waitFor(
    () => db().then((database) => database.recording.findUniqueOrThrow({ where: { id } })),
    (recording) => recording.status === status,
    90_000,
  );

describe("API keys", () => {
  test("created on the account page, shown once, stored as a SHA-256 hash with a visible prefix", async () => {
    const user = await signedInUser();
    const key = await createKey(user.cookie, ["read"], "Zapier");
    const row = await (await db()).apiKey.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.hash).toBe(crypto.createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row).toMatchObject({ name: "Zapier", scopes: ["read"], prefix: key.slice(0, 12), lastUsedAt: null });

    // The account page lists it by name and prefix, never in full.
    // React marks where one text node ends and the next begins with <!-- -->: gone, the page reads as shown.
    const page = (await (await app("/account", { headers: { Cookie: user.cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(page).toContain(`${key.slice(0, 12)}…`);
    expect(page).not.toContain(key);

    const listed = await app("/api/v1/recordings", { headers: bearer(key) });
    expect(listed.status).toBe(200);
    const used = await (await db()).apiKey.findUniqueOrThrow({ where: { id: row.id } });
    expect(used.lastUsedAt).not.toBeNull();
  });

  test("the form refuses a key without a name or a scope, with the field's message", async () => {
    const user = await signedInUser();
    const response = await accountForm(user.cookie, { intent: "api-key-create", name: "", scopes: [] });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Give the key a name.");
    expect(html).toContain("Choose at least one scope.");
  });

  test("401 without a key or with a wrong one; 403 for a read key that writes", async () => {
    const user = await signedInUser();
    const readOnly = await createKey(user.cookie, ["read"]);
    const none = await app("/api/v1/recordings");
    expect(none.status).toBe(401);
    expect((await problemOf(none)).detail).toBe("Send your API key in the Authorization header: Bearer <key>.");
    const wrong = await app("/api/v1/recordings", { headers: bearer(`vxk_${"x".repeat(43)}`) });
    expect(wrong.status).toBe(401);
    expect((await problemOf(wrong)).detail).toBe("This API key is not valid or has been revoked.");
    // A session cookie is not an API credential.
    expect((await app("/api/v1/recordings", { headers: { Cookie: user.cookie } })).status).toBe(401);

    const write = await upload(readOnly, uploadForm());
    expect(write.status).toBe(403);
    expect((await problemOf(write)).detail).toBe("This API key does not have the write scope.");
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a revoked key stops working at once; another user cannot revoke it", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const key = await createKey(user.cookie);
    const { id } = await (await db()).apiKey.findFirstOrThrow({ where: { userId: user.id } });

    expect((await accountForm(other.cookie, { intent: "api-key-revoke", keyId: id })).status).toBe(404);
    expect((await app("/api/v1/recordings", { headers: bearer(key) })).status).toBe(200);

    const revoked = await accountForm(user.cookie, { intent: "api-key-revoke", keyId: id });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/account#api-keys-title");
    const after = await app("/api/v1/recordings", { headers: bearer(key) });
    expect(after.status).toBe(401);
    await problemOf(after);
  });
});

describe("v1 routes", () => {
  test("upload, status, transcript with words and speakers, exports, list with filter and search, delete", async () => {
    const user = await signedInUser();
    const key = await createKey(user.cookie);

    const created = await upload(key, uploadForm(JFK, { language: "en" }));
    expect(created.status).toBe(201);
    const recording = (await created.json()) as { id: string; status: string; title: string };
    expect(recording.title).toBe("jfk");
    // The response reads the recording back after queueing it: this file's in-process worker may have started it.
    expect(["queued", "processing"]).toContain(recording.status);
    expect(created.headers.get("Location")).toBe(`/api/v1/recordings/${recording.id}`);

    await waitForStatus(recording.id, "COMPLETED");
    const detail = await app(`/api/v1/recordings/${recording.id}`, { headers: bearer(key) });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as {
      status: string;
      transcript: {
        speakers: string[];
        segments: { text: string; start: number; end: number; confidence: number | null; words: unknown[] }[];
      };
    };
    expect(body.status).toBe("completed");
    expect(body.transcript.segments.length).toBeGreaterThan(0);
    expect(
      body.transcript.segments
        .map((segment) => segment.text)
        .join(" ")
        .toLowerCase(),
    ).toMatch(/country/);
    expect(body.transcript.segments.some((segment) => segment.words.length > 0)).toBe(true);
    expect(Array.isArray(body.transcript.speakers)).toBe(true);

    for (const [format, type] of [
      ["txt", "text/plain"],
      ["srt", "application/x-subrip"],
      ["json", "application/json"],
      ["pdf", "application/pdf"],
      ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["vtt", "text/vtt"],
    ]) {
      const file = await app(`/api/v1/recordings/${recording.id}/export?format=${format}`, { headers: bearer(key) });
      expect(file.status, format).toBe(200);
      expect(file.headers.get("Content-Type"), format).toContain(type);
      expect(file.headers.get("Content-Disposition"), format).toMatch(/^attachment; filename=/);
      expect((await file.arrayBuffer()).byteLength, format).toBeGreaterThan(10);
    }
    const badFormat = await app(`/api/v1/recordings/${recording.id}/export?format=exe`, { headers: bearer(key) });
    expect(badFormat.status).toBe(422);
    expect((await problemOf(badFormat)).detail).toContain("format must be one of");

    const failed = await (
      await db()
    ).recording.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        title: "Broken call",
        fileName: "broken.wav",
        storageKey: "recordings/none.wav",
        sizeBytes: 10,
        mimeType: "audio/wav",
        durationSeconds: 1,
        status: "FAILED",
        failureReason: "Not audio.",
      },
    });
    const list = async (query: string) => {
      const response = await app(`/api/v1/recordings${query}`, { headers: bearer(key) });
      expect(response.status).toBe(200);
      return (await response.json()) as { data: { id: string; status: string }[]; total: number; perPage: number };
    };
    expect((await list("")).total).toBe(2);
    expect((await list("?status=failed")).data.map((item) => item.id)).toEqual([failed.id]);
    expect((await list("?status=completed")).data.map((item) => item.id)).toEqual([recording.id]);
    expect((await list("?q=COUNTRY")).data.map((item) => item.id)).toEqual([recording.id]);
    expect((await list("?q=broken")).data.map((item) => item.id)).toEqual([failed.id]);
    const paged = await list("?perPage=1&page=2");
    expect(paged).toMatchObject({ total: 2, perPage: 1 });
    expect(paged.data).toHaveLength(1);
    const badQuery = await app("/api/v1/recordings?status=done&perPage=1000", { headers: bearer(key) });
    expect(badQuery.status).toBe(422);
    const problem = (await problemOf(badQuery)) as unknown as { errors: { field: string }[] };
    expect(problem.errors.map((error) => error.field).sort()).toEqual(["perPage", "status"]);

    const deleted = await app(`/api/v1/recordings/${recording.id}`, { method: "DELETE", headers: bearer(key) });
    expect(deleted.status).toBe(204);
    const gone = await app(`/api/v1/recordings/${recording.id}`, { headers: bearer(key) });
    expect(gone.status).toBe(404);
    expect((await problemOf(gone)).detail).toBe("Recording not found.");
  });

  test("another user's recording is a 404 on every route; a read key cannot delete", async () => {
    const owner = await signedInUser("BUSINESS_PRO");
    const intruder = await signedInUser("BUSINESS_PRO");
    const ownerKey = await createKey(owner.cookie);
    const intruderKey = await createKey(intruder.cookie);
    const readKey = await createKey(owner.cookie, ["read"]);
    const created = await upload(ownerKey, uploadForm());
    const { id } = (await created.json()) as { id: string };

    for (const response of [
      await app(`/api/v1/recordings/${id}`, { headers: bearer(intruderKey) }),
      await app(`/api/v1/recordings/${id}/export?format=txt`, { headers: bearer(intruderKey) }),
      await app(`/api/v1/recordings/${id}`, { method: "DELETE", headers: bearer(intruderKey) }),
      await postJson(intruderKey, `/api/v1/recordings/${id}/translations`, { language: "es" }),
      await app(`/api/v1/recordings/${id}/summary`, { method: "POST", headers: bearer(intruderKey) }),
    ]) {
      expect(response.status).toBe(404);
      expect((await problemOf(response)).detail).toBe("Recording not found.");
    }
    const readDelete = await app(`/api/v1/recordings/${id}`, { method: "DELETE", headers: bearer(readKey) });
    expect(readDelete.status).toBe(403);
    await problemOf(readDelete);
    expect(await (await db()).recording.count({ where: { id } })).toBe(1);
  });

  test("translation and summary: queued and made; 409 before the transcript is ready; 403 for a summary on Free", async () => {
    const pro = await signedInUser("BUSINESS_PRO");
    const key = await createKey(pro.cookie);
    const { id } = (await (await upload(key, uploadForm(HELLO_WORLD, { language: "en" }))).json()) as { id: string };

    const early = await postJson(key, `/api/v1/recordings/${id}/translations`, { language: "es" });
    expect(early.status).toBe(409);
    expect((await problemOf(early)).detail).toBe("The transcript is not ready yet.");
    await waitForStatus(id, "COMPLETED");

    const badLanguage = await postJson(key, `/api/v1/recordings/${id}/translations`, { language: "Spanish" });
    expect(badLanguage.status).toBe(422);
    const notJson = await app(`/api/v1/recordings/${id}/translations`, {
      method: "POST",
      headers: bearer(key, { "Content-Type": "text/plain" }),
      body: "language=es",
    });
    expect(notJson.status).toBe(415);
    await problemOf(notJson);

    const queued = await postJson(key, `/api/v1/recordings/${id}/translations`, { language: "es" });
    expect(queued.status).toBe(202);
    expect(await queued.json()).toMatchObject({ language: "es" });
    await waitFor(
      async () => (await (await app(`/api/v1/recordings/${id}`, { headers: bearer(key) })).json()) as never,
      (detail: { translations: { language: string; status: string }[] }) =>
        detail.translations.some((translation) => translation.language === "es" && translation.status === "completed"),
      30_000,
    );
    const translated = await app(`/api/v1/recordings/${id}/export?format=txt&language=es`, { headers: bearer(key) });
    expect(translated.status).toBe(200);

    const summary = await app(`/api/v1/recordings/${id}/summary`, { method: "POST", headers: bearer(key) });
    expect(summary.status).toBe(201);
    const made = (await summary.json()) as { abstract: string; keyPoints: unknown[] };
    expect(made.abstract.length).toBeGreaterThan(0);
    const detail = (await (await app(`/api/v1/recordings/${id}`, { headers: bearer(key) })).json()) as {
      summary: { abstract: string } | null;
    };
    expect(detail.summary?.abstract).toBe(made.abstract);

    const free = await signedInUser("FREE");
    const freeKey = await createKey(free.cookie);
    const freeRecording = (await (await upload(freeKey, uploadForm(HELLO_WORLD, { language: "en" }))).json()) as {
      id: string;
    };
    await waitForStatus(freeRecording.id, "COMPLETED");
    const refused = await app(`/api/v1/recordings/${freeRecording.id}/summary`, {
      method: "POST",
      headers: bearer(freeKey),
    });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).detail).toBe("Summaries are part of the Business Pro plan.");
  });

  test("bad uploads are problems: not multipart (400), not audio (415), speaker labels on Free (403)", async () => {
    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const notMultipart = await app("/api/v1/recordings", {
      method: "POST",
      headers: bearer(key, { "Content-Type": "application/json" }),
      body: "{}",
    });
    expect(notMultipart.status).toBe(400);
    expect((await problemOf(notMultipart)).detail).toBe("Send the file as multipart/form-data.");
    const notAudio = await upload(key, uploadForm(path.resolve("package.json")));
    expect(notAudio.status).toBe(415);
    await problemOf(notAudio);
    const labels = await upload(key, uploadForm(JFK, { speakerLabels: "true" }));
    expect(labels.status).toBe(403);
    expect((await problemOf(labels)).detail).toBe("Speaker labels are part of the Business Pro plan.");
  });

  test("unknown endpoints and methods are problems too", async () => {
    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const unknown = await app("/api/v1/nothing-here", { headers: bearer(key) });
    expect(unknown.status).toBe(404);
    await problemOf(unknown);
    const method = await app("/api/v1/recordings/import", { headers: bearer(key) });
    expect(method.status).toBe(405);
    expect(method.headers.get("Allow")).toBe("POST");
    await problemOf(method);
  });
});

describe("Idempotency-Key", () => {
  test("a retried upload with the same key returns the first answer and creates one recording", async () => {
    const user = await signedInUser();
    const key = await createKey(user.cookie);
    const idempotencyKey = crypto.randomUUID();
    const first = await upload(key, uploadForm(), { "Idempotency-Key": idempotencyKey });
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const second = await upload(key, uploadForm(), { "Idempotency-Key": idempotencyKey });
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await second.json()).toEqual(firstBody);
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(1);

    // Without the header, or with another key, a second recording is made.
    expect((await upload(key, uploadForm(), { "Idempotency-Key": crypto.randomUUID() })).status).toBe(201);
    expect(await (await db()).recording.count({ where: { userId: user.id } })).toBe(2);
  });

  test("the same key with a different JSON body is refused (422); keys are per user; a bad key is a 400", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const key = await createKey(user.cookie);
    const otherKey = await createKey(other.cookie);
    const idempotencyKey = crypto.randomUUID();
    const url = "/api/v1/recordings/import";
    const first = await postJson(key, url, { url: "http://10.0.0.7/a.mp3" }, { "Idempotency-Key": idempotencyKey });
    expect(first.status).toBe(422);
    const firstBody = await first.json();
    const replay = await postJson(key, url, { url: "http://10.0.0.7/a.mp3" }, { "Idempotency-Key": idempotencyKey });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual(firstBody);

    const changed = await postJson(key, url, { url: "http://10.0.0.8/b.mp3" }, { "Idempotency-Key": idempotencyKey });
    expect(changed.status).toBe(422);
    expect((await problemOf(changed)).detail).toBe(
      "This Idempotency-Key was used for a different request. Use a new key for a new request.",
    );
    // Another user's identical key is their own.
    const theirs = await postJson(
      otherKey,
      url,
      { url: "http://10.0.0.8/b.mp3" },
      { "Idempotency-Key": idempotencyKey },
    );
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();

    const bad = await postJson(key, url, { url: "http://10.0.0.7/a.mp3" }, { "Idempotency-Key": "é".repeat(3) });
    expect(bad.status).toBe(400);
    await problemOf(bad);
  });
});

describe("OpenAPI", () => {
  test("/api/v1/openapi.json is a valid OpenAPI 3.1 document describing every route", async () => {
    const response = await app("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(Object.keys(document.paths).sort()).toEqual([
      "/folders/{folderId}/access",
      "/recordings",
      "/recordings/import",
      "/recordings/{recordingId}",
      "/recordings/{recordingId}/caption",
      "/recordings/{recordingId}/export",
      "/recordings/{recordingId}/redactions",
      "/recordings/{recordingId}/review",
      "/recordings/{recordingId}/review/verifications",
      "/recordings/{recordingId}/summary",
      "/recordings/{recordingId}/translations",
      "/recordings/{recordingId}/verify",
      "/recordings/{recordingId}/versions",
      "/recordings/{recordingId}/versions/{number}/sign-off",
      "/uploads",
      "/workspaces",
      "/workspaces/{workspaceId}/audit-events",
      "/workspaces/{workspaceId}/billing-owner",
      "/workspaces/{workspaceId}/invitations",
      "/workspaces/{workspaceId}/members",
      "/workspaces/{workspaceId}/members/{userId}/reset-factors",
      "/workspaces/{workspaceId}/policies",
      "/workspaces/{workspaceId}/scim-groups/{groupId}",
      "/workspaces/{workspaceId}/scim-tokens",
      "/workspaces/{workspaceId}/scim-tokens/{tokenId}",
      "/workspaces/{workspaceId}/seats",
    ]);
    expect(Object.keys(document.paths["/workspaces/{workspaceId}/members"]).sort()).toEqual([
      "delete",
      "get",
      "patch",
      "post",
    ]);
    expect(Object.keys(document.paths["/workspaces"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/recordings/{recordingId}"]).sort()).toEqual(["delete", "get"]);
    // The tus endpoint's creation request, with the headers a tus client sends and the problems it can meet.
    const tusCreation = document.paths["/uploads"].post as {
      parameters: { name: string; in: string; required?: boolean }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    expect(tusCreation.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Tus-Resumable", in: "header", required: true }),
        expect.objectContaining({ name: "Upload-Length", in: "header", required: true }),
      ]),
    );
    expect(Object.keys(tusCreation.responses["201"].headers ?? {})).toContain("Location");
    expect(Object.keys(tusCreation.responses)).toEqual(expect.arrayContaining(["401", "403", "412"]));
  });

  test("/developers renders the reference on the server", async () => {
    const html = (await (await app("/developers")).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Voxlate API");
    expect(html).toContain("/api/v1/recordings/{recordingId}/export");
    expect(html).toContain('id="schema-RecordingDetail"');
  });
});
