// bench/load: the server under concurrent load, started as `npm start` runs it (the start script of package.json,
// production build, embedded database in a fresh DATA_DIR, default rate limits). Signed-in users with 200 recordings
// each are seeded (an office behind one address: the signed-in requests take their turns across 50 accounts); then
// 10, 50 and 100 concurrent clients (autocannon) load each page for a while, and a hashed static asset from the same
// server in the same run is the baseline: SSR ÷ static is the figure that survives a busy machine.
// Clients send no Accept-Encoding unless --gzip is given: compressing a large asset on every request would slow the
// baseline and flatter the ratio.
// Usage: npm run build && npm run bench:load [-- --duration 10 --connections 10,50,100 --gzip --only dashboard]
//        (LOAD_DURATION=3 for a quick run; BENCH_DATABASE_URL=postgres://… runs the app on that PostgreSQL database
//        instead of the embedded one: create it empty first, the app migrates it at start, and drop it afterwards;
//        with it, --processes 2 sets WEB_PROCESSES; --render-every-time turns off the rendered-page cache, ADR 032, to
//        measure what a page costs when its data has changed since it was last rendered)
import os from "node:os";
import autocannon from "autocannon";
import type { PrismaClient } from "../app/generated/prisma/client";
import { numberFlag, processTreeUsage, startAppServer, withAppDatabase } from "./app-server";

const DURATION_SECONDS = numberFlag("--duration", Number(process.env.LOAD_DURATION) || 10);
const connectionsIndex = process.argv.indexOf("--connections");
const CONNECTION_LEVELS = (connectionsIndex === -1 ? "10,50,100" : process.argv[connectionsIndex + 1])
  .split(",")
  .map(Number);
const GZIP = process.argv.includes("--gzip");
// --only dashboard,recordings: just the targets whose names contain one of these (for profiling one page).
const onlyIndex = process.argv.indexOf("--only");
const ONLY = onlyIndex === -1 ? null : process.argv[onlyIndex + 1].split(",");
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const processesIndex = process.argv.indexOf("--processes");
const WEB_PROCESSES = processesIndex === -1 ? "1" : process.argv[processesIndex + 1];
const RENDER_EVERY_TIME = process.argv.includes("--render-every-time");
const RECORDINGS = 200;
const USERS = 50;

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
  ssr: boolean;
}

interface Row {
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  tooMany: number;
  serverCpu: number;
  /** Minor page faults of the server's processes per request. */
  faultsPerRequest: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]);
}

async function body(origin: string, pathname: string, cookie?: string): Promise<string> {
  const response = await fetch(origin + pathname, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
  return text;
}

async function load(origin: string, target: Target, connections: number, cookies: string[], pid: number): Promise<Row> {
  const latencies: number[] = [];
  let tooMany = 0;
  let turn = 0;
  const before = processTreeUsage(pid);
  const headers = {
    accept: "text/html,application/json;q=0.9,*/*;q=0.8",
    ...(GZIP ? { "accept-encoding": "gzip, deflate, br" } : {}),
  };
  const instance = autocannon({
    url: origin + target.path,
    connections,
    duration: DURATION_SECONDS,
    headers,
    requests: target.signedIn
      ? [
          {
            setupRequest: (request: { headers?: Record<string, string> }) => ({
              ...request,
              headers: { ...request.headers, ...headers, cookie: cookies[turn++ % cookies.length] },
            }),
          },
        ]
      : undefined,
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode === 429) tooMany++;
  });
  const result = await instance;
  const after = processTreeUsage(pid);
  latencies.sort((a, b) => a - b);
  return {
    target: target.name,
    connections,
    requestsPerSecond: result.requests.total / DURATION_SECONDS,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    tooMany,
    serverCpu: (after.seconds - before.seconds) / DURATION_SECONDS,
    faultsPerRequest: (after.minorFaults - before.minorFaults) / Math.max(1, result.requests.total),
  };
}

async function seedRecordings(prisma: PrismaClient, userId: string, now: number) {
  const { personalWorkspaceId } = await import("~/modules/workspaces/workspaces.server");
  const workspaceId = await personalWorkspaceId(userId);
  await prisma.recording.createMany({
    data: Array.from({ length: RECORDINGS }, (_, index) => ({
      userId,
      workspaceId,
      title: `Team meeting ${index + 1}`,
      fileName: `meeting-${index + 1}.m4a`,
      storageKey: `bench/load/${userId}/${index}.m4a`,
      sizeBytes: 1_000_000 + index,
      mimeType: "audio/mp4",
      durationSeconds: 60 + index,
      status: "COMPLETED" as const,
      language: "en",
      transcriptLanguage: "en",
      createdAt: new Date(now - index * 3_600_000),
      completedAt: new Date(now - index * 3_600_000 + 60_000),
    })),
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
console.log(`Machine: ${os.cpus().length} cores, load average before start ${loadAverage()}`);

const server = await startAppServer(
  "load",
  { LOG_REQUESTS: "false", WEB_PROCESSES, ...(RENDER_EVERY_TIME ? { RENDERED_PAGE_CACHE_MB: "0" } : {}) },
  { asNpmStart: true, databaseUrl: DATABASE_URL },
);
console.log(`Database: ${DATABASE_URL ? `PostgreSQL (${new URL(DATABASE_URL).host})` : "embedded PGlite"}`);
console.log(`Web processes: ${WEB_PROCESSES}`);
console.log(
  RENDER_EVERY_TIME
    ? "Every page rendered anew (RENDERED_PAGE_CACHE_MB=0)."
    : "Rendered-page cache on (the default): an unchanged signed-in page is rendered once per process.",
);
try {
  const cookies = await withAppDatabase(
    server.dataDir,
    async (prisma) => {
      const { hashPassword } = await import("~/modules/accounts/password.server");
      const { createUserSession } = await import("~/modules/platform/session.server");
      const passwordHash = await hashPassword("correct-horse-battery");
      const started = Date.now();
      const cookies: string[] = [];
      for (let user = 0; user < USERS; user++) {
        const { id } = await prisma.user.create({
          data: {
            email: `load-${user}@example.com`,
            firstName: `Reader${user}`,
            lastName: "Load",
            passwordHash,
            emailVerifiedAt: new Date(),
            plan: "BUSINESS_PRO",
          },
          select: { id: true },
        });
        await seedRecordings(prisma, id, started);
        const setCookie = await createUserSession(
          id,
          new Request(server.origin, { headers: { "User-Agent": "bench/load" } }),
        );
        cookies.push(setCookie.split(";")[0]);
      }
      return cookies;
    },
    DATABASE_URL,
  );
  console.log(`Seeded ${USERS} signed-in users with ${RECORDINGS} recordings each.`);

  const landing = await body(server.origin, "/");
  const asset = /\/assets\/[\w.-]+\.js/.exec(landing)?.[0];
  if (!asset) throw new Error("No hashed /assets/*.js found in the landing page");
  const article = /href="(\/blog\/[\w-]+)"/.exec(await body(server.origin, "/blog"))?.[1];
  if (!article) throw new Error("No article link found on /blog");
  // Each path must answer 200 before it is loaded (a signed-in page would otherwise measure a redirect).
  const targets: Target[] = [
    { name: "static asset", path: asset, signedIn: false, ssr: false },
    { name: "/", path: "/", signedIn: false, ssr: true },
    { name: "/blog", path: "/blog", signedIn: false, ssr: true },
    { name: "blog article", path: article, signedIn: false, ssr: true },
    { name: "/dashboard (signed in)", path: "/dashboard", signedIn: true, ssr: true },
    { name: `/recordings (${RECORDINGS})`, path: "/recordings", signedIn: true, ssr: true },
    { name: "/api/user (signed in)", path: "/api/user", signedIn: true, ssr: true },
  ];
  if (ONLY)
    targets.splice(0, targets.length, ...targets.filter((target) => ONLY.some((part) => target.name.includes(part))));
  for (const target of targets) {
    const text = await body(server.origin, target.path, target.signedIn ? cookies[0] : undefined);
    console.log(`${target.name}: ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`);
  }
  const assetBytes = (await (await fetch(server.origin + asset)).arrayBuffer()).byteLength;
  console.log(
    `Static asset: ${asset} (${(assetBytes / 1024).toFixed(1)} KB); article: ${article}; ${DURATION_SECONDS} s per run;` +
      ` ${GZIP ? "gzip" : "no compression"}.\n`,
  );

  const rows: Row[] = [];
  for (const connections of CONNECTION_LEVELS) {
    for (const target of targets) {
      const row = await load(server.origin, target, connections, cookies, server.pid);
      rows.push(row);
      console.error(
        `  ${connections} × ${target.name}: ${row.requestsPerSecond.toFixed(0)} req/s, p95 ${row.p95} ms, ${row.non2xx} non-2xx`,
      );
    }
  }

  // BENCH_SERVER_LOG=1: the server's last output lines, for a look at what it logged under load.
  if (process.env.BENCH_SERVER_LOG) console.log(server.log());
  console.log(`\nLoad average after the runs: ${loadAverage()}\n`);
  console.log(
    "| clients | target | req/s | ÷ static | p50 ms | p95 ms | p99 ms | errors | non-2xx (429) | server CPU | server page faults / request |\n" +
      "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const row of rows) {
    const staticRow = rows.find((other) => other.connections === row.connections && other.target === "static asset");
    const ratio = !staticRow
      ? "–"
      : row.target === "static asset"
        ? "1"
        : (row.requestsPerSecond / staticRow.requestsPerSecond).toFixed(2);
    console.log(
      `| ${row.connections} | ${row.target} | ${row.requestsPerSecond.toFixed(0)} | ${ratio} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.errors} | ${row.non2xx} (${row.tooMany}) | ${(row.serverCpu * 100).toFixed(0)}% | ${row.faultsPerRequest.toFixed(0)} |`,
    );
  }
} finally {
  await server.stop();
}
