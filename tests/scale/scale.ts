// npm run test:scale: scale-out proven over real processes (issue 19). Starts a fresh database on the PostgreSQL
// server at 127.0.0.1:5432, an S3 server in this process (s3rver), two web processes (the production build) behind a
// round-robin proxy (http-proxy) and two `npm run worker` processes, then drives the main flows across them and
// kills a web process and a worker mid-flight. Exits non-zero on the first failed check; prints each step's time.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import httpProxy from "http-proxy";
import pg from "pg";
import S3rver from "s3rver";
import { Upload } from "tus-js-client";
import { FREE_FAILURES } from "~/modules/accounts/login-throttle.server";
import { recoverStalledTranscriptions, startJobs, stopJobs } from "~/modules/jobs.server";
import { STALLED_AFTER_MS } from "~/modules/pipeline/transcription-job.server";
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";
import { outboxTransport } from "~/services/email/outbox.server";
import { RATE_LIMITS } from "~/modules/platform/rate-limit.server";
import { poll } from "../poll";
import { runningChildren } from "../process-probes";
import { sharedFile } from "../shared-files";

const ROOT = path.resolve(import.meta.dirname, "../..");
const POSTGRES = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const JFK_WAV = sharedFile("testdata/audio/jfk.wav");
const JFK_MP3 = sharedFile("testdata/audio/jfk.mp3");
const started = performance.now();
const children: ChildProcess[] = [];
const processes: Proc[] = [];
const cleanups: (() => Promise<unknown> | unknown)[] = [];

function step(message: string) {
  console.info(`[scale ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

const waitFor = <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000) =>
  poll(read, done, { timeoutMs, intervalMs: 250, description: what });

/** The cookies a response sets, as a Cookie header: the last value of each name, cleared ones left out. */
function cookieFrom(response: Response): string {
  const cookies = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value) cookies.set(name, value);
    else cookies.delete(name);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

// ---- The pieces ---------------------------------------------------------------------------------------------

const METRICS_TOKEN = crypto.randomBytes(24).toString("hex");

/** A server's /metrics, read with the token. */
async function scrapeMetrics(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  assert.equal(response.status, 200, `/metrics on port ${port}`);
  return response.text();
}

/** The sum of a metric's samples whose labels pass `keep`. */
function metricSum(text: string, name: string, keep: (labels: string) => boolean): number {
  let sum = 0;
  for (const match of text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? ([\\d.e+-]+)$`, "gm"))) {
    if (keep(match[1] ?? "")) sum += Number(match[2]);
  }
  return sum;
}

async function freshDatabase() {
  const name = `voxlate_scale_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

async function s3Server(directory: string) {
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "voxlate", configs: [] }],
  });
  const address = await s3.run();
  cleanups.push(() => s3.close());
  return `http://127.0.0.1:${address.port}`;
}

interface Proc {
  name: string;
  child: ChildProcess;
  log: () => string;
  port?: number;
}

function startProcess(name: string, script: string, env: NodeJS.ProcessEnv, port?: number): Proc {
  let output = "";
  const child = spawn(process.execPath, ["--max-semi-space-size=4", script], {
    cwd: ROOT,
    env: { ...process.env, ...env, ...(port ? { PORT: String(port) } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (data: Buffer) => (output = (output + data.toString()).slice(-20_000)));
  child.stderr!.on("data", (data: Buffer) => (output = (output + data.toString()).slice(-20_000)));
  children.push(child);
  const started: Proc = { name, child, log: () => output, port };
  processes.push(started);
  return started;
}

async function untilHealthy(web: Proc) {
  await waitFor(
    `${web.name} to answer /healthz`,
    () =>
      fetch(`http://127.0.0.1:${web.port}/healthz`)
        .then((response) => response.status)
        .catch(() => 0),
    (status) => status === 200,
    90_000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- ${web.name} ---\n${web.log()}`);
  });
}

/** A round-robin proxy over the web processes; a backend that refuses connections is taken out of the rotation. */
async function roundRobinProxy(backends: Proc[], port: number) {
  const proxy = httpProxy.createProxyServer({ xfwd: true });
  const alive = backends.map(() => true);
  /** Which backend served each request: [method, path, backend index]. */
  const served: [string, string, number][] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    let index = next;
    for (let tries = 0; tries < backends.length && !alive[index % backends.length]; tries++) index++;
    index %= backends.length;
    next = index + 1;
    served.push([request.method!, request.url!.split("?")[0], index]);
    proxy.web(request, response, { target: `http://127.0.0.1:${backends[index].port}` }, (error) => {
      if (["ECONNREFUSED", "ECONNRESET", "EPIPE"].includes((error as NodeJS.ErrnoException).code ?? ""))
        alive[index] = false;
      if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain" });
      response.end("Bad gateway");
    });
  });
  // The port APP_URL names (links in emails).
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { origin: `http://127.0.0.1:${port}`, served, alive };
}

/** A webhook receiver on loopback: keeps every delivery it gets and answers 204. */
async function webhookReceiver() {
  const received: { id: string; timestamp: string; signature: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({
        id: String(request.headers["webhook-id"]),
        timestamp: String(request.headers["webhook-timestamp"]),
        signature: String(request.headers["webhook-signature"]),
        body,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

/** Standard Webhooks: "v1," + base64 HMAC-SHA256 of "id.timestamp.body", keyed with the secret's base64 part. */
function signatureIsValid(
  secret: string,
  delivery: { id: string; timestamp: string; signature: string; body: string },
) {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = crypto.createHmac("sha256", key).update(`${delivery.id}.${delivery.timestamp}.${delivery.body}`);
  return delivery.signature.split(" ").includes(`v1,${expected.digest("base64")}`);
}

// ---- The flows ---------------------------------------------------------------------------------------------

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build/node/server.js")))
    throw new Error("No production build: run `npm run build` first (npm run test:scale does).");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-scale-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await freshDatabase();
  const s3Endpoint = await s3Server(path.join(dataDir, "s3"));
  step(`database and S3 (${s3Endpoint}) ready`);

  const proxyPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    // One data dir on one machine: tus keeps partial uploads there, so a PATCH may land on either process.
    DATA_DIR: path.join(dataDir, "data"),
    STORAGE_URL: "s3://voxlate/uploads",
    S3_ENDPOINT: s3Endpoint,
    S3_FORCE_PATH_STYLE: "true",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    WORKER_IN_PROCESS: "false",
    TRUST_PROXY: "1",
    COOKIE_SECURE: "false",
    APP_URL: `http://localhost:${proxyPort}`,
    SESSION_SECRET: crypto.randomBytes(48).toString("base64url"),
    TRANSCRIBE_ENGINE: "pocketsphinx",
    LOG_REQUESTS: "false",
    METRICS_TOKEN: METRICS_TOKEN,
  };
  const ports = [await freePort(), await freePort()];
  // The first one migrates the fresh database; then the rest start.
  const webs = [startProcess("web A", "build/node/server.js", env, ports[0])];
  await untilHealthy(webs[0]);
  // Web B is itself two web processes sharing its port (WEB_PROCESSES, ADR 031).
  webs.push(startProcess("web B", "build/node/server.js", { ...env, WEB_PROCESSES: "2" }, ports[1]));
  // Webhook deliveries run in the workers. The receiver is this process, on loopback, which the outbound guard lets
  // through only with NODE_ENV=test and OUTBOUND_ALLOW_LOOPBACK=1; nothing else in the worker reads NODE_ENV.
  const workerEnv = { ...env, NODE_ENV: "test", OUTBOUND_ALLOW_LOOPBACK: "1" };
  const workerMetricsPorts = [await freePort(), await freePort()];
  const workers = [
    startProcess("worker 1", "build/node/worker.js", { ...workerEnv, WORKER_METRICS_PORT: `${workerMetricsPorts[0]}` }),
    startProcess("worker 2", "build/node/worker.js", { ...workerEnv, WORKER_METRICS_PORT: `${workerMetricsPorts[1]}` }),
  ];
  await untilHealthy(webs[1]);
  const webBProcesses = () => runningChildren("node", webs[1].child.pid);
  await waitFor(
    "web B's two web processes",
    async () => webBProcesses(),
    (pids) => pids.length === 2,
  );
  const proxy = await roundRobinProxy(webs, proxyPort);
  step("web A, web B (two processes on one port), two workers and the proxy are up");

  const database = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Closed before the database is dropped (cleanups run last first); the drop's disconnects are expected.
  database.on("error", () => {});
  cleanups.push(() => database.end());
  const query = async <T>(sql: string, values: unknown[] = []) => (await database.query(sql, values)).rows as T[];
  const api = (pathname: string, init: RequestInit = {}) => fetch(`${proxy.origin}${pathname}`, init);
  const json = (body: unknown, cookie?: string): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const servedBy = (method: string, prefix: string, from = 0) =>
    new Set(
      proxy.served
        .slice(from)
        .filter(([m, p]) => m === method && p.startsWith(prefix))
        .map(([, , index]) => index),
    );

  // Sign up: the code is mailed by a worker (the outbox in the shared data dir).
  const email = `scale.${crypto.randomBytes(3).toString("hex")}@example.com`;
  const password = "correct horse battery staple 42";
  assert.equal((await api("/api/send-verification", json({ email }))).status, 200);
  /** The first group `pattern` finds in a mail to `to` in the outbox (the shared data dir), once a worker sent it. */
  const mailed = (what: string, to: string, pattern: RegExp) =>
    waitFor(
      what,
      async () => {
        const mailDir = path.join(env.DATA_DIR!, "mail");
        const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((name) => name.endsWith(".json")) : [];
        for (const file of files) {
          const message = JSON.parse(fs.readFileSync(path.join(mailDir, file), "utf8")) as { to: string; text: string };
          const found = message.to.includes(to) && pattern.exec(message.text)?.[1];
          if (found) return found;
        }
        return null;
      },
      (found) => found !== null,
    ) as Promise<string>;
  const code = await mailed("the verification email", email, /\b(\d{6})\b/);
  assert.equal((await api("/api/verify-email-code", json({ email, code }))).status, 200);
  const registered = await api(
    "/api/register",
    json({
      email,
      password,
      firstName: "Scale",
      lastName: "Test",
      hearAboutUs: "Search engine",
      industry: "Legal",
    }),
  );
  assert.equal(registered.status, 201, await registered.clone().text());
  const cookie = cookieFrom(registered);
  const [user] = await query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [email]);
  // A webhook endpoint for every transcription. Written straight to the database: the web processes (rightly) refuse
  // to register a loopback URL, and registration itself is covered by tests/integration/api-outbound.test.ts.
  const receiver = await webhookReceiver();
  const webhookSecret = `whsec_${crypto.randomBytes(32).toString("base64")}`;
  // It belongs to the account's personal workspace (ADR 033-workspaces), made here as the app makes it on first use.
  await query(
    `INSERT INTO "Workspace" (id, name, kind, "personalOwnerId") VALUES ($1, 'Personal', 'PERSONAL', $2)
     ON CONFLICT ("personalOwnerId") DO NOTHING`,
    [`scale_${crypto.randomBytes(6).toString("hex")}`, user.id],
  );
  const [workspace] = await query<{ id: string }>(`SELECT id FROM "Workspace" WHERE "personalOwnerId" = $1`, [user.id]);
  await query(
    `INSERT INTO "WorkspaceMember" ("workspaceId", "userId", role) VALUES ($1, $2, 'OWNER') ON CONFLICT DO NOTHING`,
    [workspace.id, user.id],
  );
  await query(
    `INSERT INTO "WebhookEndpoint" (id, "userId", "workspaceId", url, events, secret) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      `scale_${crypto.randomBytes(6).toString("hex")}`,
      user.id,
      workspace.id,
      receiver.url,
      ["transcription.completed"],
      webhookSecret,
    ],
  );
  step(
    `signed up ${email} (send-verification, verify, register across ${servedBy("POST", "/api/").size} web processes)`,
  );

  // tus upload: 64 KiB chunks, so PATCHes alternate between the processes.
  const tusUpload = (file: string, options: { onChunk?: (offset: number) => void; cookie?: string } = {}) =>
    new Promise<string>((resolve, reject) => {
      let recordingId = "";
      const upload = new Upload(fs.readFileSync(file), {
        endpoint: `${proxy.origin}/api/uploads`,
        chunkSize: 64 * 1024,
        retryDelays: [0, 300, 1000, 2000],
        headers: { Cookie: options.cookie ?? cookie },
        metadata: { filename: path.basename(file), filetype: "audio/wav", language: "en" },
        onChunkComplete: (_size, offset) => options.onChunk?.(offset),
        onAfterResponse(_request, response) {
          recordingId ||= response.getHeader("Upload-Recording-Id") ?? "";
        },
        onSuccess: () => (recordingId ? resolve(recordingId) : reject(new Error("No recording id after the upload"))),
        onError: reject,
      });
      upload.start();
    });
  const uploadFrom = proxy.served.length;
  const recordingId = await tusUpload(JFK_WAV);
  assert.deepEqual(servedBy("PATCH", "/api/uploads", uploadFrom), new Set([0, 1]), "tus chunks on both processes");
  const recordingStatus = async (id: string) =>
    (await query<{ status: string }>(`SELECT status FROM "Recording" WHERE id = $1`, [id]))[0]?.status;
  await waitFor(
    "the transcription",
    () => recordingStatus(recordingId),
    (status) => status === "COMPLETED",
    120_000,
  );
  const segments = await query<{ count: string }>(`SELECT count(*) FROM "TranscriptSegment" WHERE "recordingId" = $1`, [
    recordingId,
  ]);
  assert.ok(Number(segments[0].count) > 0, "the transcript has segments");
  const objects = fs.readdirSync(path.join(dataDir, "s3", "voxlate"), { recursive: true }).map(String);
  assert.ok(
    objects.some((name) => name.includes(recordingId)),
    `the original is in S3 (${objects.join(", ")})`,
  );
  step("tus upload with chunks on both web processes, stored in S3, transcribed by a worker");

  // Two workspaces across the two servers (issue 32, ADR 034-workspace and 035-teams): the account makes two teams,
  // invites a colleague into one and an outsider into the other; the colleague uploads into their team. Who may see
  // what is decided in the database, so both servers answer alike, and the audit trail stays one chain.
  const form = (fields: Record<string, string>, cookieHeader?: string): RequestInit => ({
    method: "POST",
    // No Origin, as a script sends (the cross-site guard lets those through; browsers are covered elsewhere).
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookieHeader ? { Cookie: cookieHeader } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  await query(`UPDATE "User" SET plan = 'BUSINESS_PRO' WHERE id = $1`, [user.id]);
  const team = async (name: string, invitee: string) => {
    const created = await api("/workspaces", form({ intent: "create", name }, cookie));
    assert.equal(created.status, 303, await created.clone().text());
    const workspaceId = /\/workspaces\/([^/]+)\/members/.exec(created.headers.get("Location") ?? "")![1];
    await query(`UPDATE "Workspace" SET seats = 3 WHERE id = $1`, [workspaceId]); // as npm run plan:set grants them
    const invited = await api(
      `/workspaces/${workspaceId}/members`,
      form({ intent: "invite", email: invitee, role: "MEMBER" }, cookie),
    );
    assert.equal(invited.status, 303, await invited.clone().text());
    const token = await mailed(`the invitation to ${invitee}`, invitee, /\/invitations\/([\w-]+)/);
    const joined = await api(
      `/invitations/${token}`,
      form({ intent: "signup", firstName: "Team", lastName: "Member", password: "a long enough passphrase 7" }),
    );
    assert.equal(joined.status, 303, await joined.clone().text());
    return { workspaceId, memberCookie: cookieFrom(joined) };
  };
  const colleagueEmail = `colleague.${crypto.randomBytes(3).toString("hex")}@example.com`;
  const outsiderEmail = `outsider.${crypto.randomBytes(3).toString("hex")}@example.com`;
  const scaleLlp = await team("Scale LLP", colleagueEmail);
  const otherLlp = await team("Other LLP", outsiderEmail);
  // Accepting made the team the colleague's current workspace: the upload lands there.
  const teamRecording = await tusUpload(JFK_WAV, { cookie: scaleLlp.memberCookie });
  await waitFor(
    "the team's transcription",
    () => recordingStatus(teamRecording),
    (s) => s === "COMPLETED",
    120_000,
  );
  const [stored] = await query<{ workspaceId: string }>(`SELECT "workspaceId" FROM "Recording" WHERE id = $1`, [
    teamRecording,
  ]);
  assert.equal(stored.workspaceId, scaleLlp.workspaceId, "the upload is in the colleague's team");
  for (const [index, port] of ports.entries()) {
    const server = `web ${index === 0 ? "A" : "B"}`;
    const status = async (who: string) =>
      (await fetch(`http://127.0.0.1:${port}/transcription/${teamRecording}`, { headers: { Cookie: who } })).status;
    assert.equal(await status(cookie), 200, `${server}: the team's owner opens it`);
    assert.equal(await status(scaleLlp.memberCookie), 200, `${server}: the colleague opens it`);
    assert.equal(await status(otherLlp.memberCookie), 404, `${server}: the other team's member gets a 404`);
    const outsiderList = await (
      await fetch(`http://127.0.0.1:${port}/recordings`, { headers: { Cookie: otherLlp.memberCookie } })
    ).text();
    assert.ok(!outsiderList.includes(teamRecording), `${server}: the other team's library does not list it`);
  }
  const [charge] = await query<{ workspaceId: string }>(
    `SELECT "workspaceId" FROM "UsageCharge" WHERE "recordingId" = $1`,
    [teamRecording],
  );
  assert.equal(charge?.workspaceId, scaleLlp.workspaceId, "the minutes are charged to the team's pool");
  const accepted = await query<{ count: string }>(
    `SELECT count(*) FROM "AuditEvent" WHERE action = 'invitation.accepted' AND "workspaceId" IN ($1, $2)`,
    [scaleLlp.workspaceId, otherLlp.workspaceId],
  );
  assert.equal(Number(accepted[0].count), 2, "both acceptances are in the audit trail");
  const sequence = await query<{ seq: number }>(`SELECT seq FROM "AuditEvent" ORDER BY seq`);
  assert.ok(
    sequence.every((row, index) => row.seq === index + 1),
    "the audit trail written by both servers and the workers has no gap",
  );
  step("two teams across both servers: the colleague's upload is the team's, the other team gets 404 on each");

  // Live recording: chunks alternate between the processes; the one that started it holds it, the other forwards.
  const start = await api("/api/live-sessions", json({ mimeType: "audio/mpeg", liveTranscription: false }, cookie));
  assert.equal(start.status, 201, await start.clone().text());
  const { id: liveId } = (await start.json()) as { id: string };
  const mp3 = fs.readFileSync(JFK_MP3);
  const chunkBytes = Math.ceil(mp3.length / 8);
  const liveFrom = proxy.served.length;
  for (let index = 0; index * chunkBytes < mp3.length; index++) {
    const answer = await api(`/api/live-sessions/${liveId}/chunks?index=${index}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/octet-stream" },
      body: mp3.subarray(index * chunkBytes, (index + 1) * chunkBytes),
    });
    assert.equal(answer.status, 200, await answer.clone().text());
    assert.equal(((await answer.json()) as { received: number }).received, index + 1);
  }
  assert.deepEqual(servedBy("POST", "/api/live-sessions/", liveFrom), new Set([0, 1]), "live chunks on both");
  const finished = await api(`/api/live-sessions/${liveId}/finish`, json({ title: "Live across processes" }, cookie));
  assert.equal(finished.status, 201, await finished.clone().text());
  const liveRecording = ((await finished.json()) as { recording: { id: string } }).recording.id;
  await waitFor(
    "the live recording's transcript",
    () => recordingStatus(liveRecording),
    (s) => s === "COMPLETED",
    120_000,
  );
  step("live recording: 8 chunks alternating between the web processes, one recording, transcribed");

  // Straight to web B: its two processes take the connections in turn, so the one that does not hold the session
  // passes the chunks to the other's own internal port.
  // A new connection for each request (no keep-alive): the cluster hands out connections, not requests.
  const webB = (method: string, pathname: string, headers: http.OutgoingHttpHeaders, body?: Buffer | string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`http://127.0.0.1:${ports[1]}${pathname}`, { method, headers, agent: false });
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (part: string) => (text += part));
        response.on("end", () => resolve({ status: response.statusCode!, text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  const local = await webB(
    "POST",
    "/api/live-sessions",
    { Cookie: cookie, "Content-Type": "application/json" },
    JSON.stringify({ mimeType: "audio/mpeg", liveTranscription: false }),
  );
  assert.equal(local.status, 201, local.text);
  const { id: localId } = JSON.parse(local.text) as { id: string };
  for (let index = 0; index < 4; index++) {
    const answer = await webB(
      "POST",
      `/api/live-sessions/${localId}/chunks?index=${index}`,
      { Cookie: cookie, "Content-Type": "application/octet-stream" },
      mp3.subarray(index * chunkBytes, (index + 1) * chunkBytes),
    );
    assert.equal(answer.status, 200, answer.text);
    assert.equal((JSON.parse(answer.text) as { received: number }).received, index + 1);
  }
  const discarded = await webB("DELETE", `/api/live-sessions/${localId}`, { Cookie: cookie });
  assert.equal(discarded.status, 204, discarded.text);
  step("live recording on web B alone: 4 chunks over its two processes, all received by the one holding it");

  // Metrics (ADR 044): each web server answers for all its processes (web B sums its two), each worker for itself.
  const requestsToB = proxy.served.filter(([, , index]) => index === 1).length;
  for (const [index, port] of ports.entries()) {
    assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`)).status, 401, "metrics need the token");
    const text = await scrapeMetrics(port);
    assert.match(text, /^voxlate_queue_jobs\{queue="transcribe",state="created"\} \d+$/m);
    assert.match(text, /^voxlate_database_connections_max \d+$/m);
    assert.match(text, /^voxlate_nodejs_eventloop_lag_seconds [\d.e+-]+$/m);
    if (index === 1) {
      // Counted by whichever process answered, summed: at least every request the proxy sent web B (live chunks
      // forwarded between its processes count twice). One process alone saw about half of them.
      const counted = metricSum(
        text,
        "voxlate_http_requests_total",
        (labels) => !/route="\/(metrics|healthz)"/.test(labels),
      );
      assert.ok(counted >= requestsToB, `web B counted ${counted} requests of the ${requestsToB} it was sent`);
    }
  }
  const workerTexts = await Promise.all(workerMetricsPorts.map((port) => scrapeMetrics(port)));
  const transcribed = workerTexts.reduce(
    (sum, text) => sum + metricSum(text, "voxlate_transcription_real_time_factor_count", () => true),
    0,
  );
  const [{ completed }] = await query<{ completed: number }>(
    `SELECT count(*)::int AS completed FROM "Recording" WHERE status = 'COMPLETED'`,
  );
  assert.ok(
    completed > 0 && transcribed >= completed,
    `the workers timed ${transcribed} of ${completed} transcriptions`,
  );
  assert.ok(workerTexts.some((text) => metricSum(text, "voxlate_minutes_charged_total", () => true) > 0));
  step(`metrics: web A, web B (${requestsToB} requests over two processes, summed) and both workers answer /metrics`);

  // One of web B's processes dies: its supervisor starts another, and the other answers meanwhile. Requests are
  // sent once the supervisor has started the replacement, so it has seen the death: a connection handed over at the
  // instant a process dies is lost with it (node:cluster, ADR 031). The replacement takes a second or two to listen.
  const [firstOfB, secondOfB] = webBProcesses();
  process.kill(firstOfB, "SIGKILL");
  const replaced = await waitFor(
    "web B to start a process in place of the killed one",
    async () => webBProcesses(),
    (pids) => pids.length === 2 && !pids.includes(firstOfB),
  );
  assert.ok(replaced.includes(secondOfB), "the other process kept running");
  for (let index = 0; index < 6; index++) {
    const answer = await fetch(`http://127.0.0.1:${ports[1]}/api/user`, { headers: { Cookie: cookie } });
    assert.equal(answer.status, 200, "web B answers while its new process starts");
  }
  step("killed one of web B's processes: it was replaced, and the other answered meanwhile");

  // Rate limits: a fresh session's writes are counted once, whichever process answers.
  const signedIn = await api("/api/login", json({ email, password }));
  assert.equal(signedIn.status, 200, await signedIn.clone().text());
  const secondCookie = cookieFrom(signedIn);
  const writes: number[] = [];
  const writesFrom = proxy.served.length;
  for (let index = 0; index <= RATE_LIMITS.writes.limit; index++)
    writes.push(
      // No such route (404), but every POST is counted before routing: 429 once over the limit.
      (await api("/api/scale-probe", json({}, secondCookie))).status,
    );
  assert.deepEqual(servedBy("POST", "/api/scale-probe", writesFrom), new Set([0, 1]));
  assert.ok(!writes.slice(0, -1).includes(429), `the first ${RATE_LIMITS.writes.limit} pass: ${writes.join(",")}`);
  assert.equal(writes.at(-1), 429, "the one over the limit is refused");
  const [counter] = await query<{ points: number }>(
    `SELECT points FROM rate_limit_counters WHERE key LIKE 'rl-writes:%session:%' ORDER BY points DESC LIMIT 1`,
  );
  assert.equal(counter.points, RATE_LIMITS.writes.limit + 1, "each post counted once, in one shared counter");
  step(`rate limits: ${RATE_LIMITS.writes.limit + 1} writes over both processes counted once; the last refused`);

  // Wrong passwords for one account, alternating between the processes: the free tries are counted once, so the
  // try after them is held back wherever it lands. (Another account: this one still signs in below.)
  const guessedEmail = `guessed.${crypto.randomBytes(3).toString("hex")}@example.com`;
  const guessesFrom = proxy.served.length;
  const guesses: number[] = [];
  for (let index = 0; index <= FREE_FAILURES; index++)
    guesses.push((await api("/api/login", json({ email: guessedEmail, password: `guess ${index}` }))).status);
  assert.deepEqual(servedBy("POST", "/api/login", guessesFrom), new Set([0, 1]));
  assert.deepEqual(guesses, [...Array<number>(FREE_FAILURES).fill(401), 429], `sign-in guesses: ${guesses.join(",")}`);
  step(`sign-in throttle: ${FREE_FAILURES} wrong passwords over both processes, the next one held back`);

  // A worker dies mid-transcription: the job is recovered (stale heartbeat) and charged once.
  const second = await tusUpload(JFK_WAV);
  await waitFor(
    "a worker to pick up the second upload",
    () => recordingStatus(second),
    (s) => s === "PROCESSING",
  );
  // Kill the worker that holds it (it logs each recording it starts), not whichever comes first.
  const startedLine = `"msg":"transcribing ${second}"`;
  const holder = await waitFor(
    "the worker holding the second upload to say so",
    async () => workers.find((worker) => worker.log().includes(startedLine)),
    (worker) => worker !== undefined,
  );
  const survivor = workers.find((worker) => worker !== holder)!;
  assert.ok(!survivor.log().includes(startedLine), "only one worker started the second upload");
  holder!.child.kill("SIGKILL");
  step(`killed ${holder!.name}, which was transcribing the second upload`);
  // The workers' supervisor (a job every minute) fails a job whose heartbeat is over a minute old. Here it runs in
  // this process with the clock moved on, as tests/integration/server-worker-crash.test.ts does, instead of two
  // minutes of waiting; the retry, the takeover and the single charge are the workers' own.
  const appDatabase = await connectDatabase({ role: "cli", url: databaseUrl });
  cleanups.push(() => disconnectDatabase());
  await startJobs(appDatabase, {
    work: false,
    mailTransport: outboxTransport({ directory: path.join(dataDir, "supervisor-mail"), from: "scale@voxlate.test" }),
  });
  cleanups.push(() => stopJobs());
  const recovered = await waitFor(
    "the killed worker's job to count as stalled",
    () => recoverStalledTranscriptions(new Date(Date.now() + STALLED_AFTER_MS + 1_000)),
    (jobIds) => jobIds.length > 0,
  );
  assert.equal(recovered.length, 1, "only the killed worker's job is stalled");
  await waitFor(
    "the second transcript after the worker died",
    () => recordingStatus(second),
    (s) => s === "COMPLETED",
    180_000,
  );
  assert.ok(survivor.log().includes(startedLine), `${survivor.name} took the job over`);

  // A web process dies mid-upload: tus resumes on the other one.
  let killed = false;
  const third = await tusUpload(JFK_WAV, {
    onChunk: (offset) => {
      if (!killed && offset >= 128 * 1024) {
        killed = true;
        webs[0].child.kill("SIGKILL");
        step("killed web A in the middle of a tus upload");
      }
    },
  });
  assert.ok(killed);
  await waitFor(
    "the third transcript",
    () => recordingStatus(third),
    (s) => s === "COMPLETED",
    120_000,
  );
  step("the upload finished through web B and was transcribed");

  // Nothing lost, nothing charged twice.
  const recordings = await query<{ id: string; status: string; reservedSeconds: number }>(
    `SELECT id, status, "reservedSeconds" FROM "Recording" WHERE "userId" = $1`,
    [user.id],
  );
  assert.equal(recordings.length, 4, "four recordings: three uploads and the live one");
  assert.ok(recordings.every((recording) => recording.status === "COMPLETED" && recording.reservedSeconds === 0));
  const charges = await query<{ recordingId: string; count: string }>(
    `SELECT "recordingId", count(*) FROM "UsageCharge" WHERE "userId" = $1 GROUP BY "recordingId"`,
    [user.id],
  );
  assert.equal(charges.length, 4, "one charge per recording");
  assert.ok(charges.every((charge) => Number(charge.count) === 1));
  // Webhooks: one transcription.completed event per recording, also for the one the killed worker had started,
  // each received once and signed with the endpoint's secret.
  const delivered = await waitFor(
    "four webhook deliveries",
    async () => receiver.received.slice(),
    (list) => list.length >= 4,
  );
  // A duplicate would come from a job still queued, waiting for a retry or running: once none is, none can come.
  await waitFor(
    "the transcription and webhook queues to be idle",
    async () =>
      Number(
        (
          await query<{ count: string }>(
            `SELECT count(*) FROM pgboss.job WHERE name IN ('transcribe', 'webhook-deliver') AND state < 'completed'`,
          )
        )[0].count,
      ),
    (backlog) => backlog === 0,
  );
  const events = delivered.map(
    (delivery) => JSON.parse(delivery.body) as { type: string; data: { recordingId: string } },
  );
  assert.equal(
    receiver.received.length,
    4,
    `each event received once: ${receiver.received.map((d) => d.id).join(", ")}`,
  );
  assert.equal(new Set(delivered.map((delivery) => delivery.id)).size, 4, "four distinct webhook-ids");
  assert.ok(events.every((event) => event.type === "transcription.completed"));
  assert.deepEqual(
    new Set(events.map((event) => event.data.recordingId)),
    new Set(recordings.map((recording) => recording.id)),
    "one event for each recording",
  );
  assert.ok(
    delivered.every((delivery) => signatureIsValid(webhookSecret, delivery)),
    "every delivery is signed",
  );
  const deliveryRows = await query<{ status: string }>(`SELECT status FROM "WebhookDelivery"`);
  assert.ok(deliveryRows.length === 4 && deliveryRows.every((row) => row.status === "SUCCEEDED"));
  step("webhooks: one signed transcription.completed per recording, each received once");
  step("nothing lost: 4 recordings completed, each charged once, no minutes left reserved");
}

let failed = false;
try {
  await main();
  step("PASS");
} catch (error) {
  failed = true;
  console.error(error);
  for (const { name, child, log } of processes)
    console.error(`--- ${name} (pid ${child.pid}), last output:\n${log().slice(-3000)}`);
} finally {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => resolve(clearTimeout(timer)));
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
}
process.exit(failed ? 1 : 0);
