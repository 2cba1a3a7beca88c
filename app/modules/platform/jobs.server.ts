import { setTimeout as sleep } from "node:timers/promises";
import PgBoss from "pg-boss";
import type { Database } from "./database.server";
import { existingSingleton, singleton, takeSingleton } from "~/config/singleton.server";
import { currentLogContext, currentRequestId, loggerFor, withLogContext } from "~/config/logger.server";
import { reportError } from "~/services/error-reports/sentry.server";
import { metrics } from "./metrics.server";

const log = loggerFor("jobs");
/** The job data key that carries the id of the request that queued the job, for the worker's log lines (ADR 044). */
export const REQUEST_ID_KEY = "requestId";

/**
 * One background job: its queue and retry policy, and (in processes that work jobs) what runs it. Domains define
 * their jobs beside their code; `app/modules/jobs.server.ts` hands them all to `startQueue` at start. This module
 * imports no job, so any domain can enqueue without an import cycle.
 */
export interface JobDefinition<Data extends object = object> {
  queue: string;
  /** Retries, expiry and the like (pg-boss queue options). */
  policy?: Omit<PgBoss.Queue, "name" | "deadLetter">;
  /** A job that fails every retry moves to `<queue>-dead` and stays there for inspection. */
  deadLetter?: boolean;
  /** A cron expression: pg-boss keeps schedules in the database, so one worker runs each tick. */
  schedule?: string;
  /** Queue one run as soon as the workers start (for checks that should not wait for the first tick). */
  runAtStart?: boolean;
  /**
   * Runs one job. `signal` is aborted when the worker stops (a deploy, Ctrl-C): a long job should then stop within
   * seconds and see that it runs again, because the database closes once every handler has returned.
   */
  work: (job: {
    id: string;
    data: Data;
    retryCount: number;
    retryLimit: number;
    signal: AbortSignal;
  }) => Promise<unknown>;
}

/** Lets each definition keep its own data type inside a list of definitions. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition {
  return definition as unknown as JobDefinition;
}

export const deadLetterQueue = (queue: string) => `${queue}-dead`;

export interface StartQueueOptions {
  /** Run handlers in this process (the in-process worker or `npm run worker`). */
  work: boolean;
  /** How often idle workers look for jobs (default: POLLING_SECONDS for the database's kind). */
  pollingIntervalSeconds?: number;
  /** Every job of the app: web processes need the queues too, to enqueue into them. */
  jobs: JobDefinition[];
}

/**
 * How often an idle worker asks the queue for a job, one query per queue. Every job this process queues, retries or
 * delays wakes its worker when it is due (wakeLocalWorker, wakeWhenDue), so polling is left with what the queue makes
 * ready by itself: scheduled ticks, and jobs whose worker died mid-run. The embedded database is opened by this process
 * alone, so every job is queued here, and its 16 queries every 2 s were about half of an idle server's CPU (issue 31,
 * docs/performance.md). On PostgreSQL other processes queue jobs too (web processes, standalone workers), and their
 * jobs are found only by polling.
 */
const POLLING_SECONDS: Record<Database["kind"], number> = { pglite: 30, postgres: 2 };
/** Jobs due later than this are left to polling, not to a timer held in memory. */
const LONGEST_WAKE_SECONDS = 60 * 60;

const BOSS = "pg-boss";
/** This process's workers, by queue: a job queued here wakes its worker at once instead of waiting for its poll. */
const WORKERS = "pg-boss-workers";
const localWorkers = () => singleton(WORKERS, () => new Map<string, string>());
/** The database schema the queue keeps its jobs in (pg-boss's default, named so the app can reach its tables). */
const QUEUE_SCHEMA = "pgboss";
/** Aborted by stopQueue: tells the running handlers to stop. */
const STOPPING = "pg-boss-stopping";
/** The handlers running in this process, which stopQueue waits for even when pg-boss has stopped waiting. */
const RUNNING = "pg-boss-running-handlers";
const runningHandlers = () => singleton(RUNNING, () => new Set<Promise<unknown>>());
/** How long stopQueue waits for handlers after pg-boss's own wait: each was told to stop, so this is a last resort. */
const HANDLER_STOP_SECONDS = 60;

export function startQueue(database: Database, options: StartQueueOptions): Promise<PgBoss> {
  return singleton(BOSS, async () => {
    const boss = new PgBoss({
      ...database.queue,
      schema: QUEUE_SCHEMA,
      // Maintenance (expiry, archiving) runs from one place: the process that works jobs.
      supervise: options.work,
      schedule: options.work,
    });
    boss.on("error", (error) => log.error({ err: error }, "pg-boss error"));
    await boss.start();
    for (const job of options.jobs) {
      if (job.deadLetter) await ensureQueue(boss, { name: deadLetterQueue(job.queue) });
      const deadLetter = job.deadLetter ? { deadLetter: deadLetterQueue(job.queue) } : {};
      await ensureQueue(boss, { name: job.queue, ...job.policy, ...deadLetter });
    }
    const stopping = singleton(STOPPING, () => new AbortController());
    if (options.work) {
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? POLLING_SECONDS[database.kind];
      await registerWorkers(boss, options.jobs, pollingIntervalSeconds, stopping.signal);
      await wakeForJobsAlreadyWaiting(boss);
    }
    return boss;
  });
}

/** createQueue leaves an existing queue as it was; updateQueue brings its policy up to date. */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue) {
  await boss.createQueue(queue.name, queue);
  await boss.updateQueue(queue.name, queue);
}

async function registerWorkers(
  boss: PgBoss,
  jobs: JobDefinition[],
  pollingIntervalSeconds: number,
  signal: AbortSignal,
) {
  const { jobDuration, jobFailures } = metrics();
  for (const job of jobs) {
    // One job at a time per queue and process: speech recognition, the heaviest, is CPU-bound.
    const workerId = await boss.work<object>(
      job.queue,
      { pollingIntervalSeconds, includeMetadata: true },
      async ([item]) => {
        const requestId = (item.data as { [REQUEST_ID_KEY]?: unknown } | null)?.[REQUEST_ID_KEY];
        const context = { queue: job.queue, jobId: item.id, ...(typeof requestId === "string" ? { requestId } : {}) };
        const running = runningHandlers();
        const handling = withLogContext(context, async () => {
          const started = performance.now();
          const seconds = () => (performance.now() - started) / 1000;
          log.debug({ retryCount: item.retryCount }, "job started");
          try {
            const result = await job.work({
              id: item.id,
              data: item.data,
              retryCount: item.retryCount,
              retryLimit: item.retryLimit,
              signal,
            });
            jobDuration.observe({ queue: job.queue, outcome: "completed" }, seconds());
            log.debug({ durationMs: Math.round(seconds() * 1000) }, "job completed");
            return result;
          } catch (error) {
            jobDuration.observe({ queue: job.queue, outcome: "failed" }, seconds());
            jobFailures.inc({ queue: job.queue });
            const finalAttempt = item.retryCount >= item.retryLimit;
            log.warn(
              { err: error, retryCount: item.retryCount, retryLimit: item.retryLimit },
              finalAttempt ? "job failed for good" : "job failed; it will be retried",
            );
            if (finalAttempt) reportError(error, currentLogContext());
            else wakeForRetry(job.queue, item);
            throw error;
          } finally {
            // More jobs may be waiting: the worker asks again at once instead of after its polling interval.
            wakeLocalWorker(job.queue);
          }
        });
        running.add(handling);
        const done = () => running.delete(handling);
        handling.then(done, done);
        return handling;
      },
    );
    localWorkers().set(job.queue, workerId);
    if (job.schedule) await boss.schedule(job.queue, job.schedule);
  }
  for (const job of jobs) {
    if (!job.runAtStart) continue;
    await boss.send(job.queue, {});
    wakeLocalWorker(job.queue);
  }
}

/**
 * Wakes this process's worker of `queue`, if it has one, so that it asks for a job now: a job queued here starts at
 * once instead of at the next poll (issue 31).
 */
function wakeLocalWorker(queue: string) {
  const workerId = localWorkers().get(queue);
  const boss = existingSingleton<Promise<PgBoss>>(BOSS);
  if (workerId && boss) void boss.then((started) => started.notifyWorker(workerId));
}

/**
 * Wakes the worker of `queue` when a job falls due, `fromSeconds` from now, and every 2 s after until `untilSeconds`
 * (a retry with backoff falls due at a random moment in between). The first wake comes half a second late: pg-boss
 * records a failure's retry time just after the handler returns.
 */
function wakeWhenDue(queue: string, fromSeconds: number, untilSeconds = fromSeconds) {
  if (untilSeconds > LONGEST_WAKE_SECONDS) return;
  const last = Date.now() + (untilSeconds + 2.5) * 1000;
  const wake = () => {
    if (!localWorkers().has(queue)) return;
    wakeLocalWorker(queue);
    if (Date.now() < last) setTimeout(wake, 2_000).unref();
  };
  setTimeout(wake, Math.max(0, fromSeconds + 0.5) * 1000).unref();
}

/**
 * A failed job is retried `retryDelay` seconds later, or with backoff between d·2^c and d·2^(c+1) seconds for its
 * c-th retry (pg-boss's failJobs in plans.js).
 */
function wakeForRetry(queue: string, job: { retryDelay: number; retryBackoff: boolean; retryCount: number }) {
  if (!job.retryBackoff) return wakeWhenDue(queue, job.retryDelay);
  const earliest = job.retryDelay * 2 ** Math.min(16, job.retryCount);
  wakeWhenDue(queue, earliest, earliest * 2);
}

/**
 * Jobs an earlier run of the app left to fall due later (a retry, a delayed job): each worker is woken when its next one
 * is due. Jobs due already are found by the workers' first look, and each job done wakes its worker again.
 */
async function wakeForJobsAlreadyWaiting(boss: PgBoss) {
  const { rows } = await boss.getDb().executeSql(
    `SELECT name, extract(epoch FROM min(start_after) - now())::float8 AS seconds
       FROM ${QUEUE_SCHEMA}.job WHERE state IN ('created', 'retry') AND start_after > now() GROUP BY name`,
    [],
  );
  for (const { name, seconds } of rows as { name: string; seconds: number }[]) wakeWhenDue(name, seconds);
}

async function getBoss(): Promise<PgBoss> {
  const boss = existingSingleton<Promise<PgBoss>>(BOSS);
  if (!boss) throw new Error("Jobs are not started: call startJobs() at start-up.");
  return boss;
}

/** Queues a job; returns its id. The queue's own policy applies unless `options` says otherwise. */
export async function enqueue(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string> {
  // Queued while answering a request (or running a job that one queued): the job's log lines carry its id.
  const requestId = currentRequestId();
  const boss = await getBoss();
  const id = await boss.send(queue, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, options);
  if (!id) throw new Error(`The ${queue} job was not queued.`);
  const startAfter = options.startAfter;
  if (startAfter === undefined) wakeLocalWorker(queue);
  else if (typeof startAfter === "number") wakeWhenDue(queue, startAfter);
  else wakeWhenDue(queue, (new Date(startAfter).getTime() - Date.now()) / 1000);
  return id;
}

export async function cancelJob(queue: string, id: string) {
  await (await getBoss()).cancel(queue, id);
}

/** Fails a job as if its handler had thrown: pg-boss retries it, or moves it to its dead-letter queue. */
export async function failJob(queue: string, id: string, reason: string) {
  await (await getBoss()).fail(queue, id, { reason });
}

/**
 * Deletes every job, in any state and in the archive too, whose row mentions one of `texts` (compared without case):
 * for forgetting a deleted account, whose address, name and ids the queue keeps in payloads and results for days.
 * A job running at that moment finishes; only its row goes.
 */
export async function deleteJobsMentioning(texts: string[]): Promise<number> {
  const needles = [...new Set(texts.filter(Boolean).map((text) => text.toLowerCase()))];
  if (needles.length === 0) return 0;
  const queue = (await getBoss()).getDb();
  let deleted = 0;
  for (const table of ["job", "archive"]) {
    const { rows } = await queue.executeSql(
      `WITH gone AS (
         DELETE FROM ${QUEUE_SCHEMA}.${table} AS queued
         WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS needle WHERE strpos(lower(queued::text), needle) > 0)
         RETURNING 1
       ) SELECT count(*)::int AS count FROM gone`,
      [needles],
    );
    deleted += Number(rows[0]?.count ?? 0);
  }
  return deleted;
}

export async function getJob<Data extends object = object>(queue: string, id: string) {
  return (await getBoss()).getJobById<Data>(queue, id);
}

/** How many jobs of `queue` are not done yet: queued, waiting to be retried, or running. */
export async function queueBacklog(queue: string): Promise<number> {
  return (await getBoss()).getQueueSize(queue, { before: "completed" });
}

/**
 * Stops the workers: running handlers are told to stop (their `signal`), and are waited for, so that none is still
 * writing when the database closes (its owner closes it afterwards). pg-boss records each handler's outcome without
 * waiting for it; the database finishes those writes before it closes (database.server.ts).
 */
export async function stopQueue({ queueWaitMs = 10_000 }: { queueWaitMs?: number } = {}) {
  const boss = existingSingleton<Promise<PgBoss>>(BOSS);
  takeSingleton<AbortController>(STOPPING)?.abort();
  if (!boss) return;
  try {
    // Handlers may still queue a job while they stop (a transcription handed to a new job).
    await (await boss).stop({ graceful: true, wait: true, close: true, timeout: queueWaitMs });
    // pg-boss stops waiting after its timeout; a handler still running then (an engine finishing on a busy machine)
    // would write to a database its owner is about to close (a "PGlite is closed" rejection in a CI run).
    await waitForRunningHandlers();
  } finally {
    takeSingleton(BOSS);
    takeSingleton(WORKERS);
  }
}

async function waitForRunningHandlers() {
  const running = [...runningHandlers()];
  if (running.length === 0) return;
  // Unreferenced: a process that has nothing else left to do exits without waiting for this timer.
  const gaveUp = sleep(HANDLER_STOP_SECONDS * 1000, "gave up" as const, { ref: false });
  const outcome = await Promise.race([Promise.allSettled(running), gaveUp]);
  if (outcome === "gave up")
    log.warn({ running: runningHandlers().size }, `jobs still running ${HANDLER_STOP_SECONDS} s after the stop`);
}
