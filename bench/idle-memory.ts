// bench/idle-memory: the server's resident memory as `npm start` runs it with the embedded defaults (the start script
// of package.json, production build, PGlite in a fresh DATA_DIR, in-process worker, nothing else set). It prints RSS
// when idle after start, after one landing-page request, after a warm-up of public and signed-in pages, and the peak
// (VmHWM). Numbers, not a test: compare them with docs/performance.md.
// Usage: npm run build && npm run bench:idle-memory [-- --settle 10]   (seconds to wait before each idle reading)
import { idleRssKb, numberFlag, rssKb, startAppServer } from "./app-server";

const SETTLE_SECONDS = numberFlag("--settle", 10);

const PUBLIC_PAGES = ["/", "/business", "/blog", "/blog/srt-export-guide", "/plans", "/help", "/signin"];
const SIGNED_IN_PAGES = ["/dashboard", "/recordings", "/account", "/api/user"];
const ROUNDS = 3;

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));

async function get(origin: string, pathname: string, cookie?: string) {
  const response = await fetch(origin + pathname, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
}

const server = await startAppServer("idle-memory", {}, { asNpmStart: true });
try {
  const rows: [string, string][] = [];
  await settle();
  rows.push([`idle after start (${SETTLE_SECONDS} s)`, mb(await idleRssKb(server.pid))]);

  await get(server.origin, "/");
  await settle();
  rows.push(["idle after one request to /", mb(await idleRssKb(server.pid))]);

  for (let round = 0; round < ROUNDS; round++) {
    for (const page of PUBLIC_PAGES) await get(server.origin, page);
    for (const page of SIGNED_IN_PAGES) await get(server.origin, page, server.cookie);
  }
  await settle();
  const pageCount = ROUNDS * (PUBLIC_PAGES.length + SIGNED_IN_PAGES.length);
  rows.push([`idle after a warm-up (${pageCount} page loads)`, mb(await idleRssKb(server.pid))]);
  rows.push(["peak (VmHWM)", mb(rssKb(server.pid, "VmHWM"))]);

  console.log(`Server started in ${(server.startupMs / 1000).toFixed(1)} s (until /healthz answered).\n`);
  console.log("| reading | RSS |\n| --- | ---: |");
  for (const [label, value] of rows) console.log(`| ${label} | ${value} |`);
} finally {
  await server.stop();
}
