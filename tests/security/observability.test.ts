// Logs, metrics and error reports of the real server (ADR 044), with secrets planted where a careless log line or
// report would pick them up: an admin's and a user's passwords, a session cookie, an API key, a password-reset token,
// a share link's token, and transcript text. The server's whole output is kept and scanned at the end; its error
// reports go to a local receiver that speaks Sentry's envelope protocol.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { once } from "node:events";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withAppDatabase } from "../../bench/app-server";
import { poll } from "../poll";
import { ADMIN_PASSWORD, startSecurityServer, type SecurityServer } from "./fixtures";

const METRICS_TOKEN = crypto.randomBytes(24).toString("hex");
const PLANTED_TRANSCRIPT = "Quartzite marmalade whispers the seventeen harbour passwords";
const LOGIN_PASSWORD = `wrong-${crypto.randomBytes(8).toString("hex")}-password`;
const NEW_PASSWORD = `Fresh-${crypto.randomBytes(8).toString("hex")}-Password!`;

/** Sentry envelopes received, as text (one JSON header line, then item headers and items). */
const envelopes: string[] = [];
let receiver: http.Server;
let server: SecurityServer;
let output = "";
const secrets: Record<string, string> = {};
let userId = "";
let userEmail = "";

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(body) : body).toString());
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const { port } = receiver.address() as { port: number };
  server = await startSecurityServer(
    "observe",
    {
      LOG_REQUESTS: "true",
      LOG_LEVEL: "debug",
      METRICS_TOKEN,
      SENTRY_DSN: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/42`,
    },
    { onOutput: (text) => (output += text) },
  );
  secrets.adminPassword = ADMIN_PASSWORD;
  secrets.sessionCookie = server.cookie.split("=").slice(1).join("=");
  secrets.adminCookie = server.adminCookie.split("=").slice(1).join("=");
  await withAppDatabase(server.dataDir, async (prisma) => {
    const recording = await prisma.recording.findUniqueOrThrow({ where: { id: server.recordingId } });
    const user = await prisma.user.findUniqueOrThrow({ where: { id: recording.userId } });
    userId = user.id;
    userEmail = user.email;
    const segment = await prisma.transcriptSegment.findFirstOrThrow({ where: { recordingId: recording.id } });
    secrets.fixtureTranscript = segment.text.trim();
    await prisma.transcriptSegment.update({ where: { id: segment.id }, data: { text: PLANTED_TRANSCRIPT } });
    const { createApiKey } = await import("~/modules/developers/api-keys.server");
    secrets.apiKey = (await createApiKey(user.id, "observability", ["read", "write"])).key;
    const { createShareLink } = await import("~/modules/sharing/share-links.server");
    secrets.shareToken = (await createShareLink(user.id, recording.id, { expiry: "7d" })).token;
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  receiver?.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${pathname}`, { headers: { Cookie: server.cookie, ...headers }, redirect: "manual" });
const postJson = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** The server's JSON log lines so far. */
function logLines(): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("observability (slow: one real server, its fixture recording transcribed)", () => {
  test("requests carry an X-Request-Id: a sane incoming one is kept, anything else replaced", async () => {
    const kept = await get("/dashboard", { "X-Request-Id": "observe-dashboard-0001" });
    expect(kept.headers.get("x-request-id")).toBe("observe-dashboard-0001");
    const replaced = await get("/dashboard", { "X-Request-Id": "no spaces <or> markup allowed" });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get("/healthz")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a server error reaches the error service with the user's id, without their email or transcript text", async () => {
    // An error that quotes an address and, past any message's length, words of a transcript.
    const passage = `${userEmail} said: ${"And then the meeting went on at length. ".repeat(10)}${PLANTED_TRANSCRIPT}`;
    const failed = await get(`/_test/error?detail=${encodeURIComponent(passage)}`);
    expect(failed.status).toBe(500);
    const report = await poll(
      async () => envelopes.find((envelope) => envelope.includes("A deliberate error")),
      (found) => Boolean(found),
      { timeoutMs: 20_000, intervalMs: 200, description: "the error report" },
    );
    const event = JSON.parse(report!.split("\n").find((line) => line.includes('"exception"'))!) as {
      user?: { id?: string; email?: string };
      exception: { values: Array<{ value: string }> };
    };
    expect(event.user).toEqual({ id: userId });
    expect(event.exception.values.at(-1)!.value).toContain("A deliberate error");
    expect(report).not.toContain(userEmail);
    expect(report).not.toContain(PLANTED_TRANSCRIPT);
    expect(report).not.toContain(secrets.sessionCookie);
  });

  test("planted secrets travel through the app: sign-ins, a reset, the API, a share link, the transcript", async () => {
    expect((await postJson("/api/login", { email: userEmail, password: LOGIN_PASSWORD })).status).toBe(401);
    const page = await get(`/transcription/${server.recordingId}`);
    expect(await page.text()).toContain(PLANTED_TRANSCRIPT);
    const api = await fetch(`${server.origin}/api/v1/recordings/${server.recordingId}/export?format=txt`, {
      headers: { Authorization: `Bearer ${secrets.apiKey}` },
    });
    expect(api.status).toBe(200);
    expect(await api.text()).toContain(PLANTED_TRANSCRIPT);
    expect((await get(`/s/${secrets.shareToken}`, { Cookie: "" })).status).toBe(200);

    // The reset email is a job queued by this request (the reset signs the user out everywhere: this comes last): its worker's lines carry this request's id.
    const reset = await postJson(
      "/api/password-reset/request",
      { email: userEmail },
      { "X-Request-Id": "observe-reset-0001" },
    );
    expect(reset.status).toBe(200);
    const mailDir = path.join(server.dataDir, "mail");
    const resetMail = await poll(
      async () =>
        fs.existsSync(mailDir)
          ? fs
              .readdirSync(mailDir)
              .map((name) => fs.readFileSync(path.join(mailDir, name), "utf8"))
              .find((text) => text.includes("reset-password?token="))
          : undefined,
      (text) => Boolean(text),
      { timeoutMs: 30_000, intervalMs: 200, description: "the password reset email" },
    );
    secrets.resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail!)![1];
    expect((await get(`/reset-password?token=${secrets.resetToken}`, { Cookie: "" })).status).toBe(200);
    const verified = await postJson("/api/password-reset/verify", {
      token: secrets.resetToken,
      newPassword: NEW_PASSWORD,
    });
    expect(verified.status).toBe(200);
    secrets.loginPassword = LOGIN_PASSWORD;
    secrets.newPassword = NEW_PASSWORD;
    secrets.transcript = PLANTED_TRANSCRIPT;

    const jobLine = await poll(
      async () => logLines().find((line) => line.requestId === "observe-reset-0001" && line.queue === "send-email"),
      (line) => Boolean(line),
      { timeoutMs: 30_000, intervalMs: 200, description: "a log line of the reset email's job" },
    );
    expect(jobLine).toMatchObject({ component: "jobs", jobId: expect.any(String) });
  });

  test("/metrics: absent without the token, and by route pattern with it", async () => {
    expect((await fetch(`${server.origin}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${server.origin}/metrics`, { headers: { Authorization: `Bearer ${"x".repeat(48)}` } });
    expect(wrong.status).toBe(401);
    const response = await fetch(`${server.origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const line of [
      /voxlate_http_requests_total\{method="GET",route="\/transcription\/:recordingId",status="200"\} [1-9]/,
      /voxlate_http_requests_total\{method="GET",route="\/s\/:token",status="200"\} 1/,
      /voxlate_http_request_duration_seconds_count\{method="GET",route="\/dashboard"\} [1-9]/,
      /voxlate_queue_jobs\{queue="transcribe[\w-]*",state="created"\} \d+/,
      /voxlate_queue_oldest_waiting_job_age_seconds\{queue="send-email"\} [\d.e+-]+/,
      /voxlate_job_duration_seconds_count\{queue="send-email",outcome="completed"\} [1-9]/,
      /voxlate_transcription_real_time_factor_count\{engine="[^"]+"\} [1-9]/,
      /voxlate_minutes_charged_total [0-9.]*[1-9]/,
      /voxlate_disk_free_bytes [1-9]/,
      /voxlate_disk_min_free_bytes \d+/,
      /voxlate_database_connections\{state="busy"\} \d/,
      /voxlate_nodejs_eventloop_lag_seconds [\d.e+-]+/,
    ]) {
      expect(text).toMatch(line);
    }
    // Route patterns, not addresses: no record's id or token is a label.
    expect(text).not.toContain(server.recordingId);
    expect(text).not.toContain(secrets.shareToken);
  });

  test("the logs are JSON with no planted secret, cookie, token, password or transcript text", async () => {
    await server.stop();
    const lines = logLines();
    expect(lines.length).toBeGreaterThan(20);
    // Request lines name the route, not the share link's token; the reset page's token is redacted from its query.
    expect(lines).toContainEqual(
      expect.objectContaining({ route: "/s/:token", req: { method: "GET", url: "/s/:token" } }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ req: { method: "GET", url: "/reset-password?token=[redacted]" } }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ requestId: "observe-dashboard-0001", route: "/dashboard" }));
    const found = Object.entries(secrets).filter(([, secret]) => secret && output.includes(secret));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(Object.keys(secrets)).toEqual(
      expect.arrayContaining(["apiKey", "shareToken", "resetToken", "newPassword", "loginPassword", "transcript"]),
    );
  });
});
