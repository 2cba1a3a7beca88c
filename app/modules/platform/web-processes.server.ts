// More than one web process on one machine (WEB_PROCESSES, ADR 031). One Node process renders pages on one thread,
// so a server with several cores would leave all but one idle: node:cluster's primary holds the port and hands each
// new connection to one of its workers in turn. Everything the processes share is already in the database (rate
// limits, sessions, jobs); a live recording, held in one process's memory, is reached through each worker's own
// internal address (ADR 028).
import cluster, { type Worker } from "node:cluster";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("http");

/** Which web process of this machine this is: "0" for the first (or only) one. Kept by a restarted worker. */
const INDEX_VARIABLE = "VOXLATE_WEB_PROCESS";
/** A worker that dies this soon after starting is not restarted at once, so a broken setting cannot spin. */
const QUICK_DEATH_MS = 5_000;
const RESTART_DELAY_MS = 1_000;

/** True in the process that should start the other web processes instead of serving. */
export function shouldSuperviseWebProcesses(count: number): boolean {
  return count > 1 && cluster.isPrimary;
}

/** True in a worker of the cluster (false in a single web process). */
export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** The first web process of the machine (or the only one): the one that runs the in-process job worker. */
export function isFirstWebProcess(): boolean {
  return (process.env[INDEX_VARIABLE] ?? "0") === "0";
}

/**
 * Starts `count` web processes (the first alone, then the rest) and restarts any that dies, while the others keep
 * serving. On SIGTERM or SIGINT it asks each to finish its requests and stop, and exits when they have.
 */
export function superviseWebProcesses(count: number): void {
  let stopping = false;
  let served = false;
  const indexOf = new Map<Worker, number>();
  const start = (index: number) => {
    const worker = cluster.fork({ [INDEX_VARIABLE]: String(index) });
    const startedAt = Date.now();
    indexOf.set(worker, index);
    worker.once("listening", () => (served = true));
    worker.on("exit", (code, signal) => {
      indexOf.delete(worker);
      if (stopping) {
        if (indexOf.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      // None has come up yet: a setting or the database is wrong, and it has said why. Starting again would not help.
      if (!served) {
        log.error(`web process ${index + 1} could not start; stopping`);
        process.exitCode = code || 1;
        return stop("SIGTERM");
      }
      log.error(`web process ${index + 1} stopped (${signal ?? `code ${code}`}); starting it again`);
      setTimeout(() => start(index), Date.now() - startedAt < QUICK_DEATH_MS ? RESTART_DELAY_MS * 5 : RESTART_DELAY_MS);
    });
    return worker;
  };
  // The first one migrates the database and creates the job queues; the others start once it serves, since pg-boss
  // creating the same queues from two processes at once can deadlock.
  const first = start(0);
  first.once("listening", () => {
    for (let index = 1; index < count; index++) start(index);
  });
  log.info(`${count} web processes (WEB_PROCESSES)`);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping ${indexOf.size} web processes`);
    if (indexOf.size === 0) process.exit(0);
    for (const worker of indexOf.keys()) worker.process.kill("SIGTERM");
    // The workers give up after 15 s themselves; this is the backstop.
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
