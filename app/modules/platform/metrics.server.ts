// Prometheus metrics (ADR 044), served at /metrics when METRICS_TOKEN is set. Counters and histograms are kept in
// each process's memory; with several web processes (WEB_PROCESSES, ADR 031) the supervising process gathers every
// process's and sums them (prom-client's AggregatorRegistry), so one scrape sees the whole machine. Queue and disk
// readings come from the database and the file system when scraped; they are the same in every process, so the
// gathering keeps the largest rather than a sum.
import cluster from "node:cluster";
import crypto from "node:crypto";
import type { RequestHandler } from "express";
import client from "prom-client";
import { dataDir, getEnv } from "~/config/env.server";
import { loggerFor } from "~/config/logger.server";
import { singleton } from "~/config/singleton.server";
import { getDatabase } from "./database.server";
import { freeBytes } from "./disk.server";

const log = loggerFor("metrics");
const QUEUE_SCHEMA = "pgboss";

/** Seconds: from a cached page (1 ms) to a long upload or export (a minute). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: from an email (0.1 s) to an hour-long transcription. */
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600, 7200];
/** Processing time over audio time: below 1 is faster than real time. */
const REAL_TIME_FACTOR_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 4];

function createMetrics() {
  const registry = client.register;
  // Node's own: CPU, memory, handles, garbage collection and event-loop lag (voxlate_nodejs_eventloop_lag_*).
  client.collectDefaultMetrics({ register: registry, prefix: "voxlate_" });

  return {
    httpDuration: new client.Histogram({
      name: "voxlate_http_request_duration_seconds",
      help: "Time to answer a request, by method and route pattern (never the raw address).",
      labelNames: ["method", "route"] as const,
      buckets: REQUEST_BUCKETS,
    }),
    httpRequests: new client.Counter({
      name: "voxlate_http_requests_total",
      help: "Requests answered, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"] as const,
    }),
    jobDuration: new client.Histogram({
      name: "voxlate_job_duration_seconds",
      help: "Time a job's handler ran in this process's worker, by queue and outcome (completed or failed).",
      labelNames: ["queue", "outcome"] as const,
      buckets: JOB_BUCKETS,
    }),
    jobFailures: new client.Counter({
      name: "voxlate_job_failures_total",
      help: "Job attempts that threw (each is retried or moved to the dead-letter queue), by queue.",
      labelNames: ["queue"] as const,
    }),
    realTimeFactor: new client.Histogram({
      name: "voxlate_transcription_real_time_factor",
      help: "Transcription time over audio length, by engine: 0.25 transcribes an hour in 15 minutes.",
      labelNames: ["engine"] as const,
      buckets: REAL_TIME_FACTOR_BUCKETS,
    }),
    minutesCharged: new client.Counter({
      name: "voxlate_minutes_charged_total",
      help: "Transcription minutes charged to users' allowances by this process's worker.",
    }),
    queueDepth: new client.Gauge({
      name: "voxlate_queue_jobs",
      help: "Jobs not finished, by queue and state (created: waiting, retry: waiting to retry, active: running).",
      labelNames: ["queue", "state"] as const,
      aggregator: "max",
      collect: freshReadings,
    }),
    oldestJobAge: new client.Gauge({
      name: "voxlate_queue_oldest_waiting_job_age_seconds",
      help: "How long the oldest job waiting to start (created or retry) has waited, by queue; 0 when none waits.",
      labelNames: ["queue"] as const,
      aggregator: "max",
      collect: freshReadings,
    }),
    deadJobs: new client.Gauge({
      name: "voxlate_queue_failed_jobs",
      help: "Jobs that failed for good and are still kept (dead-letter queues hold them for inspection), by queue.",
      labelNames: ["queue"] as const,
      aggregator: "max",
      collect: freshReadings,
    }),
    diskFree: new client.Gauge({
      name: "voxlate_disk_free_bytes",
      help: "Bytes free on the file system that holds DATA_DIR.",
      aggregator: "max",
      collect: freshReadings,
    }),
    diskMinimum: new client.Gauge({
      name: "voxlate_disk_min_free_bytes",
      help: "MIN_FREE_DISK_BYTES: below this free space uploads are refused.",
      aggregator: "max",
      collect: freshReadings,
    }),
    poolConnections: new client.Gauge({
      name: "voxlate_database_connections",
      help: "The app's database connections by state (busy, idle), and requests waiting for one (waiting).",
      labelNames: ["state"] as const,
      collect: freshReadings,
    }),
    poolMax: new client.Gauge({
      name: "voxlate_database_connections_max",
      help: "The most database connections the app's processes open.",
      collect: freshReadings,
    }),
    registry,
  };
}

/** The process's metrics: one set per process (server.ts and the React Router build share it). */
export function metrics() {
  return singleton("metrics", createMetrics);
}

/**
 * Reads what is measured when scraped (the queue, the disk, the database pool) into the gauges. Each of those gauges
 * awaits this in its collect(), which prom-client runs for all at once, so one scrape reads once.
 */
function freshReadings(): Promise<void> {
  const now = Date.now();
  const last = singleton<{ at: number; reading?: Promise<void> }>("metrics-readings", () => ({ at: 0 }));
  if (!last.reading || now - last.at > 500) {
    last.at = now;
    last.reading = readGauges();
  }
  return last.reading;
}

async function readGauges() {
  const { queueDepth, oldestJobAge, deadJobs, diskFree, diskMinimum, poolConnections, poolMax } = metrics();
  diskMinimum.set(getEnv().MIN_FREE_DISK_BYTES);
  diskFree.set(await freeBytes(dataDir()).catch(() => Number.NaN));
  const database = await getDatabase().catch(() => null);
  if (!database) return;
  const pool = database.poolUse();
  poolConnections.set({ state: "busy" }, pool.busy);
  poolConnections.set({ state: "idle" }, pool.idle);
  poolConnections.set({ state: "waiting" }, pool.waiting);
  poolMax.set(pool.max);
  try {
    const queues = await database.sql.query<{ name: string }>(`SELECT name FROM ${QUEUE_SCHEMA}.queue`);
    const counts = await database.sql.query<{ queue: string; state: string; jobs: number }>(
      `SELECT name AS queue, state::text AS state, count(*)::int AS jobs FROM ${QUEUE_SCHEMA}.job
        WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
    );
    // Waiting means ready to start: a retry's back-off or a job queued for later is not waiting yet.
    const waits = await database.sql.query<{ queue: string; seconds: number }>(
      `SELECT name AS queue, extract(epoch FROM now() - min(start_after))::float8 AS seconds FROM ${QUEUE_SCHEMA}.job
        WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY name`,
    );
    queueDepth.reset();
    oldestJobAge.reset();
    deadJobs.reset();
    for (const { name } of queues) {
      for (const state of ["created", "retry", "active"]) queueDepth.set({ queue: name, state }, 0);
      oldestJobAge.set({ queue: name }, 0);
      deadJobs.set({ queue: name }, 0);
    }
    for (const row of counts) {
      if (row.state === "failed") deadJobs.set({ queue: row.queue }, Number(row.jobs));
      else queueDepth.set({ queue: row.queue, state: row.state }, Number(row.jobs));
    }
    for (const row of waits) oldestJobAge.set({ queue: row.queue }, Math.max(0, Number(row.seconds)));
  } catch (error) {
    // Before the first start the queue's tables may not exist yet; the other readings still count.
    log.warn({ err: error }, "could not read the job queue's state");
  }
}

/** The text Prometheus reads: this process's metrics, or every web process's when there are several. */
function exposition(): Promise<string> {
  metrics();
  return cluster.isWorker ? askSupervisor() : client.register.metrics();
}

const ASK = "voxlate:metrics-request";
const ANSWER = "voxlate:metrics-answer";

/** A web process of several: the supervisor asks each process (this one too) and sums what they say. */
function askSupervisor(): Promise<string> {
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("The supervising process did not answer for the metrics."));
    }, 10_000);
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timeout);
      process.off("message", onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.text ?? "");
    };
    process.on("message", onMessage);
    process.send!({ type: ASK, id });
  });
}

/** In each web process of several: answers the supervisor's requests for this process's metrics. */
export function answerMetricsRequests() {
  if (!cluster.isWorker) return;
  metrics();
  // prom-client's AggregatorRegistry, created in a worker, answers the supervisor with the global registry.
  singleton("metrics-aggregation", () => new client.AggregatorRegistry());
}

/** In the supervising process: gathers every web process's metrics for whichever of them was scraped. */
export function gatherMetricsForWebProcesses() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

/** Whether `header` is "Bearer <token>", compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) return false;
  const given = crypto.createHash("sha256").update(match[1]).digest();
  const expected = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(given, expected);
}

/** GET /metrics: 404 unless METRICS_TOKEN is set (nothing to find), 401 without the token. */
export function metricsEndpoint(): RequestHandler {
  return (request, response) => {
    const token = getEnv().METRICS_TOKEN;
    response.set("Cache-Control", "no-store");
    if (!token) return void response.status(404).type("text/plain").send("Not found.");
    if (!bearerMatches(request.get("authorization"), token)) {
      return void response
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="metrics"')
        .type("text/plain")
        .send("The metrics need the METRICS_TOKEN as a bearer token.");
    }
    exposition().then(
      (text) => response.type(client.register.contentType).send(text),
      (error: unknown) => {
        log.error({ err: error }, "could not gather the metrics");
        response.status(503).type("text/plain").send("The metrics could not be gathered. Please try again.");
      },
    );
  };
}
