import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, withAppDatabase } from "./bench/app-server";

const target = process.argv[2] ?? "/dashboard";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-prof-"));
const port = await freePort();
const server = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/shell-bench/prof", "build/node/server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: "false", DATABASE_URL: "" },
  stdio: "inherit",
});
const origin = `http://127.0.0.1:${port}`;
for (;;) {
  if (await fetch(origin + "/healthz").then((r) => r.ok).catch(() => false)) break;
  await new Promise((r) => setTimeout(r, 250));
}
const cookie = await withAppDatabase(dataDir, async (prisma) => {
  const { createUserSession } = await import("~/modules/platform/session.server");
  const { id } = await prisma.user.create({ data: { email: "p@example.com", firstName: "P", lastName: "Q", passwordHash: "x", plan: "BUSINESS_PRO" } });
  await prisma.recording.createMany({ data: Array.from({ length: 200 }, (_, i) => ({ userId: id, title: `T ${i}`, fileName: "a.m4a", storageKey: `k/${i}`, sizeBytes: 1, mimeType: "audio/mp4", durationSeconds: 60, status: "COMPLETED" as const, language: "en" })) });
  return (await createUserSession(id, new Request(origin))).split(";")[0];
});
const result = await autocannon({ url: origin + target, connections: 10, duration: 8, headers: { cookie } });
console.log(target, result.requests.average, "req/s", result.latency.p97_5, "ms p97.5", result.non2xx, "non2xx");
server.kill("SIGTERM");
await once(server, "exit");
fs.rmSync(dataDir, { recursive: true, force: true });
