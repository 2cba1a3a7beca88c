// bench/lighthouse: Lighthouse scores of public pages, and the landing page's JavaScript against a bare
// React Router 7 + React 19 page built and served the same way in the same run.
// Usage: npm run build && node --import tsx bench/lighthouse.ts   (prints a Markdown table)
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import * as chromeLauncher from "chrome-launcher";
import express from "express";
import lighthouse from "lighthouse";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGES = ["/", "/business", "/blog", "/blog/srt-export-guide"];
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** Sum of gzip sizes of the JavaScript a page loads on first visit (entry + modulepreloads). */
async function pageJsGzipBytes(origin: string, pagePath: string): Promise<number> {
  const html = await (await fetch(`${origin}${pagePath}`)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) sources.add(match[1]);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) sources.add(match[1]);
  let total = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, origin))).arrayBuffer());
    total += zlib.gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/** Builds a bare React Router app (one route, no styles) with this project's node_modules. */
function buildBareApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-bare-"));
  fs.mkdirSync(path.join(dir, "app/routes"), { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  // React Router reads the dependency list to pick its server runtime.
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const pick = (names: string[]) => Object.fromEntries(names.map((name) => [name, dependencies[name]]));
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "bare",
      private: true,
      type: "module",
      dependencies: pick(["react", "react-dom", "react-router", "@react-router/node", "isbot"]),
    }),
  );
  fs.writeFileSync(path.join(dir, "react-router.config.ts"), `export default { ssr: true };\n`);
  fs.writeFileSync(
    path.join(dir, "vite.config.ts"),
    `import { reactRouter } from "@react-router/dev/vite";\nimport { defineConfig } from "vite";\nexport default defineConfig({ plugins: [reactRouter()] });\n`,
  );
  fs.writeFileSync(
    path.join(dir, "app/root.tsx"),
    `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: React.ReactNode }) {
  return (<html lang="en"><head><meta charSet="utf-8" /><Meta /><Links /></head><body>{children}<ScrollRestoration /><Scripts /></body></html>);
}
export default function App() { return <Outlet />; }
`,
  );
  fs.writeFileSync(
    path.join(dir, "app/routes.ts"),
    `import { index } from "@react-router/dev/routes";\nexport default [index("routes/home.tsx")];\n`,
  );
  fs.writeFileSync(
    path.join(dir, "app/routes/home.tsx"),
    `export default function Home() { return <h1>Hello</h1>; }\n`,
  );
  execFileSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return dir;
}

async function serveBuild(dir: string): Promise<{ origin: string; close: () => void }> {
  const app = express();
  app.use(express.static(path.join(dir, "build/client")));
  const build = await import(path.join(dir, "build/server/index.js"));
  app.all("/{*splat}", createRequestHandler({ build }));
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("Run `npm run build` first.");
  const port = 3900 + Math.floor(Math.random() * 90);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-bench-"));
  const app = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_REQUESTS: "false",
      COOKIE_SECURE: "false",
      APP_URL: `http://localhost:${port}`,
    },
    stdio: "ignore",
  });
  const origin = `http://localhost:${port}`;
  try {
    await waitFor(`${origin}/healthz`);
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: CHROME_FLAGS,
    });
    const rows: string[] = [];
    const notes: string[] = [];
    try {
      for (const page of PAGES) {
        const audit = () =>
          lighthouse(`${origin}${page}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          });
        let result = await audit();
        // Chromium sometimes fails to record the trace (NO_NAVSTART); that says nothing about the page, so run it again.
        if (result?.lhr.runtimeError) result = await audit();
        const categories = result!.lhr.categories;
        const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
        const lcp = result!.lhr.audits["largest-contentful-paint"]?.displayValue ?? "";
        const cls = result!.lhr.audits["cumulative-layout-shift"]?.displayValue ?? "";
        const failing = Object.values(result!.lhr.categories)
          .filter((category) => category.id !== "performance")
          .flatMap((category) =>
            category.auditRefs
              .filter((ref) => ref.weight > 0 && (result!.lhr.audits[ref.id]?.score ?? 1) < 1)
              .map((ref) => ref.id),
          );
        if (result!.lhr.runtimeError) failing.push(`runtime error: ${result!.lhr.runtimeError.message}`);
        notes.push(`- ${page}: ${failing.length ? failing.join(", ") : "no failing audits outside performance"}`);
        rows.push(
          `| ${page} | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${lcp} | ${cls} |`,
        );
      }
    } finally {
      await chrome.kill();
    }
    const landingJs = await pageJsGzipBytes(origin, "/");
    const bareDir = buildBareApp();
    const bare = await serveBuild(bareDir);
    const bareJs = await pageJsGzipBytes(bare.origin, "/");
    bare.close();
    fs.rmSync(bareDir, { recursive: true, force: true });

    console.log(
      "Lighthouse 12.8.2, default mobile settings (simulated throttling), Debian Chromium, production build.\n",
    );
    console.log("| page | performance | accessibility | best practices | SEO | LCP | CLS |");
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const row of rows) console.log(row);
    console.log("\nFailing audits (accessibility, best practices, SEO):");
    for (const note of notes) console.log(note);
    console.log(`\nJavaScript on first load of / (gzip -9): ${(landingJs / 1024).toFixed(1)} KB`);
    console.log(`Bare React Router 7 + React 19 page, same run: ${(bareJs / 1024).toFixed(1)} KB`);
    console.log(`Ratio: ${(landingJs / bareJs).toFixed(2)}x (budget 1.3x)`);
  } finally {
    const exited = new Promise((resolve) => app.once("exit", resolve));
    app.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
// Chromium's and the bare server's keep-alive sockets would otherwise hold the process open.
process.exit(0);
