// Helpers for benchmarks and the security suite (tests/security): the real app as a child process (production build,
// embedded database in a temporary DATA_DIR), a signed-in Business Pro user for it, and /proc readings of its memory
// and CPU.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "../app/generated/prisma/client";

const ROOT = path.resolve(import.meta.dirname, "..");

function cpuProfileArgs(): string[] {
  const directory = process.env.BENCH_CPU_PROF;
  return directory ? ["--cpu-prof", `--cpu-prof-dir=${directory}`] : [];
}

/** A positive number given on the command line as `--name N`, or the fallback. */
export function numberFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
}

/** The `start` script of package.json, made to replace the shell (`exec`) if it does not already. */
function npmStartScript(): string {
  const script = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts.start;
  return /(^|\s)exec\s/.test(script) ? script : `exec ${script}`;
}

/** The V8 and Node flags the start script gives node (its young-generation cap), for a server started without it. */
function npmStartNodeFlags(): string[] {
  const match = /\bnode\s+((?:--\S+\s+)*)build\/node\/server\.js/.exec(npmStartScript());
  if (!match) throw new Error("The start script of package.json no longer runs `node … build/node/server.js`.");
  return match[1].split(/\s+/).filter(Boolean);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

export function rssKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 100 ms until stopped; also resets its kernel peak (VmHWM) when allowed. */
export function watchRss(pid: number) {
  let peak = rssKb(pid, "VmRSS");
  let samples = 1;
  let hwmReset = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
    hwmReset = true;
  } catch {}
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid, "VmRSS"));
    samples++;
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssKb(pid, "VmRSS"));
      return { peakKb: peak, samples, hwmKb: hwmReset ? rssKb(pid, "VmHWM") : null };
    },
  };
}

/**
 * A process's parent, CPU seconds (user + system, all threads; clock ticks are 1/100 s on Linux) and minor page
 * faults (all threads: each first touch of a page the kernel must map, which costs 10–20 µs on a virtual machine).
 */
function processStat(pid: number): { parent: number; seconds: number; minorFaults: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      parent: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / 100,
      minorFaults: Number(fields[7]),
    };
  } catch {
    return null;
  }
}

/** CPU seconds and minor page faults of a process and the processes it started (WEB_PROCESSES) so far. */
export function processTreeUsage(pid: number): { seconds: number; minorFaults: number } {
  const own = processStat(pid);
  if (!own) return { seconds: Number.NaN, minorFaults: Number.NaN };
  const total = { seconds: own.seconds, minorFaults: own.minorFaults };
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    if (processStat(Number(entry))?.parent !== pid) continue;
    const child = processTreeUsage(Number(entry));
    total.seconds += child.seconds || 0;
    total.minorFaults += child.minorFaults || 0;
  }
  return total;
}

/** CPU seconds a process and the processes it started (WEB_PROCESSES) have used. */
export const cpuSeconds = (pid: number): number => processTreeUsage(pid).seconds;

/** A process's idle RSS: the median of ten samples over one second. */
export async function idleRssKb(pid: number): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < 10; i++) {
    values.push(rssKb(pid, "VmRSS"));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return values.sort((a, b) => a - b)[5];
}

export interface AppServer {
  origin: string;
  pid: number;
  dataDir: string;
  startupMs: number;
  /** The session cookie of a Business Pro user. */
  cookie: string;
  /** The end of the server's output, for error messages. */
  log(): string;
  /** The exit code once the server has exited (null while it runs, or when a signal ended it). */
  exitCode(): number | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Start the server with the `start` script of package.json (as `npm start` does), and with only PORT and
   *  DATA_DIR set over this process's environment, instead of the bench's settings. */
  asNpmStart?: boolean;
  /** NODE_ENV for the server; null leaves it unset, as `npm start` runs (the bench's settings say production). */
  nodeEnv?: string | null;
  /** A PostgreSQL server for the app (its DATABASE_URL) instead of the embedded database; the caller creates and
   *  drops the database. */
  databaseUrl?: string;
  /** The server's DATA_DIR, to start it again on what an earlier one left; the caller removes it. By default a new
   *  temporary folder, removed when the server stops. */
  dataDir?: string;
  /** Called with everything the server writes (stdout and stderr), for a test that reads its whole log. */
  onOutput?: (text: string) => void;
}

/**
 * Starts `server.ts` on the production build with its own embedded database, and signs up a Business Pro user the
 * way a CLI command would (through the socket the app serves its database on; this process signs the cookie with
 * the same secret, DATA_DIR/session-secret).
 */
export async function startAppServer(
  name: string,
  env: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<AppServer> {
  if (!fs.existsSync(path.join(ROOT, "build/node/server.js"))) {
    throw new Error(`bench/${name} needs the production build (build/node/server.js): run \`npm run build\` first.`);
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `voxlate-${name}-data-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const benchSettings = {
    NODE_ENV: "production",
    LOG_REQUESTS: "false",
    COOKIE_SECURE: "false",
    APP_URL: `http://localhost:${port}`,
    RATE_LIMIT_MULTIPLIER: "1000",
    WORKER_IN_PROCESS: "false",
  };
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...(options.asNpmStart ? {} : benchSettings),
    PORT: String(port),
    DATA_DIR: dataDir,
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  if (options.databaseUrl) serverEnv.DATABASE_URL = options.databaseUrl;
  if (options.nodeEnv === null) delete serverEnv.NODE_ENV;
  else if (options.nodeEnv) serverEnv.NODE_ENV = options.nodeEnv;
  let output = "";
  // A profile needs node's own flags, so a profiled "npm start" runs its command line (NODE_ENV set the same way).
  const asNpmStart = options.asNpmStart && !process.env.BENCH_CPU_PROF;
  if (options.asNpmStart && !asNpmStart) serverEnv.NODE_ENV = "production";
  const server: ChildProcess = asNpmStart
    ? // The start script begins with `exec`, so the shell becomes the server and the pid is the server's.
      spawn("sh", ["-c", npmStartScript()], { cwd: ROOT, env: serverEnv, stdio: ["ignore", "pipe", "pipe"] })
    : // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (Node refuses it in NODE_OPTIONS).
      // Either way node gets the start script's own flags, so the server's heap is sized as in production.
      spawn(process.execPath, [...cpuProfileArgs(), ...npmStartNodeFlags(), "build/node/server.js"], {
        cwd: ROOT,
        env: serverEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
  server.stdout!.on("data", (data: Buffer) => (output = (output + data.toString()).slice(-4000)));
  server.stderr!.on("data", (data: Buffer) => (output = (output + data.toString()).slice(-4000)));
  if (options.onOutput) {
    server.stdout!.on("data", (data: Buffer) => options.onOutput!(data.toString()));
    server.stderr!.on("data", (data: Buffer) => options.onOutput!(data.toString()));
  }
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
      ]);
      if (!killed) {
        server.kill("SIGKILL");
        await exited;
      }
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const started = performance.now();
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null)
        throw new Error(`The server exited (code ${server.exitCode}) before it answered.\n${output}`);
      if (
        await fetch(`${origin}/healthz`)
          .then((response) => response.ok)
          .catch(() => false)
      )
        break;
      if (Date.now() > deadline) throw new Error(`The server did not come up.\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const startupMs = performance.now() - started;

    const user = await withAppDatabase(
      dataDir,
      async (prisma) => {
        const { hashPassword } = await import("~/modules/accounts/password.server");
        return prisma.user.create({
          data: {
            email: `bench-${crypto.randomUUID()}@example.com`,
            firstName: "Bench",
            lastName: name,
            passwordHash: await hashPassword("correct-horse-battery"),
            emailVerifiedAt: new Date(),
            plan: "BUSINESS_PRO",
          },
        });
      },
      options.databaseUrl,
    );
    const cookie = await sessionCookieFor(dataDir, user.id, origin, `bench/${name}`, options.databaseUrl);
    return {
      origin,
      pid: server.pid!,
      dataDir,
      startupMs,
      cookie,
      log: () => output,
      exitCode: () => server.exitCode,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs `use` on the running app's database, the way a CLI command does: the embedded one through the socket the app
 * serves it on, or the PostgreSQL server at `databaseUrl`. This process signs cookies with the same secret
 * (DATA_DIR/session-secret).
 */
export async function withAppDatabase<T>(
  dataDir: string,
  use: (prisma: PrismaClient) => Promise<T>,
  databaseUrl?: string,
): Promise<T> {
  process.env.DATA_DIR = dataDir;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const { connectDatabase, disconnectDatabase } = await import("~/modules/platform/database.server");
  const database = await connectDatabase({ role: "cli", dataDir, url: databaseUrl, migrate: false });
  try {
    return await use(database.prisma);
  } finally {
    await disconnectDatabase();
  }
}

/** A signed-in session cookie ("name=value") for a user of the running app. */
export async function sessionCookieFor(
  dataDir: string,
  userId: string,
  origin: string,
  userAgent: string,
  databaseUrl?: string,
): Promise<string> {
  return withAppDatabase(
    dataDir,
    async () => {
      const { createUserSession } = await import("~/modules/platform/session.server");
      const setCookie = await createUserSession(userId, new Request(origin, { headers: { "User-Agent": userAgent } }));
      return setCookie.split(";")[0];
    },
    databaseUrl,
  );
}
