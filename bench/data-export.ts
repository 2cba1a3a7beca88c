// bench/data-export: "export all my data" for a 2-hour library of 20 recordings (44.1 kHz stereo WAV, ≈1.27 GB),
// through the real export job (ZIP written entry by entry to a temporary file, then moved into file: storage).
// Prints throughput, the ratio to a plain file copy of the same audio in this process, and peak RSS sampled every
// 20 ms (flat memory: the peak should not grow with the library). Usage: node --import tsx bench/data-export.ts
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 20);
const SECONDS_EACH = Number(process.env.BENCH_SECONDS_EACH ?? 360); // 20 × 6 min = 2 hours
const SEGMENTS_EACH = 120;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-bench-export-"));
process.env.DATA_DIR = path.join(work, "data");
process.env.NODE_ENV = "production";
process.env.LOG_REQUESTS = "false";

const MB = 1024 * 1024;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const resetPeak = () => (peakRss = process.memoryUsage().rss);

async function main() {
  const { connectDatabase, disconnectDatabase, db } = await import("../app/modules/platform/database.server");
  const { startJobs, stopJobs } = await import("../app/modules/jobs.server");
  const { buildDataExport } = await import("../app/modules/privacy/data-export.server");
  const { configuredStorage } = await import("../app/services/storage/index.server");
  const { personalWorkspaceId } = await import("../app/modules/workspaces/workspaces.server");

  const database = await connectDatabase({ role: "app", dataDir: "memory://" });
  await startJobs(database, { work: false });
  const prisma = await db();

  const wav = path.join(work, "tone.wav");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${SECONDS_EACH}:sample_rate=44100`,
    "-ac",
    "2",
    "-c:a",
    "pcm_s16le",
    "-y",
    wav,
  ]);
  const size = fs.statSync(wav).size;

  const user = await prisma.user.create({ data: { email: "bench@example.com", firstName: "Bench", lastName: "Mark" } });
  const storage = configuredStorage();
  const keys: string[] = [];
  for (let index = 0; index < RECORDINGS; index++) {
    const key = `recordings/${user.id}/bench-${index}.wav`;
    const copy = path.join(work, `copy-${index}.wav`);
    fs.copyFileSync(wav, copy);
    await storage.putFile(key, copy);
    keys.push(key);
    await prisma.recording.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        title: `Lecture ${index + 1}`,
        fileName: `lecture-${index + 1}.wav`,
        storageKey: key,
        sizeBytes: size,
        mimeType: "audio/wav",
        durationSeconds: SECONDS_EACH,
        status: "COMPLETED",
        transcriptLanguage: "en",
        engine: "whisper",
        completedAt: new Date(),
        segments: {
          create: Array.from({ length: SEGMENTS_EACH }, (_, position) => ({
            position,
            start: position * 3,
            end: position * 3 + 3,
            text: `Segment ${position} of lecture ${index + 1}: the quick brown fox jumps over the lazy dog.`,
          })),
        },
      },
    });
  }
  const totalBytes = size * RECORDINGS;

  // Baseline: the same audio copied file to file with streams, in this process.
  resetPeak();
  const baselineStart = performance.now();
  const baselineOut = path.join(work, "baseline.bin");
  const out = fs.createWriteStream(baselineOut);
  // Each pipeline with { end: false } leaves its listeners on the shared output: one per recording, on purpose.
  out.setMaxListeners(RECORDINGS + 10);
  for (const key of keys) await pipeline(await storage.read(key), out, { end: false });
  out.end();
  await once(out, "finish");
  const baselineSeconds = (performance.now() - baselineStart) / 1000;
  const baselinePeak = peakRss;
  fs.rmSync(baselineOut);

  const idleRss = process.memoryUsage().rss;
  resetPeak();
  const exportRow = await prisma.dataExport.create({ data: { userId: user.id } });
  const start = performance.now();
  await buildDataExport(exportRow.id);
  const seconds = (performance.now() - start) / 1000;
  const exportPeak = peakRss;
  const built = await prisma.dataExport.findUniqueOrThrow({ where: { id: exportRow.id } });
  const zipBytes = Number(built.sizeBytes);

  clearInterval(sampler);
  const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
  console.log(`\nData export: ${RECORDINGS} recordings × ${SECONDS_EACH / 60} min 44.1 kHz stereo WAV\n`);
  console.log("| measure | value |\n| --- | --- |");
  row("library (audio)", `${(totalBytes / MB).toFixed(0)} MB, ${((RECORDINGS * SECONDS_EACH) / 3600).toFixed(1)} h`);
  row("ZIP written", `${(zipBytes / MB).toFixed(0)} MB (${built.status})`);
  row("export time", `${seconds.toFixed(1)} s`);
  row("export throughput", `${(zipBytes / MB / seconds).toFixed(0)} MB/s`);
  row("baseline (plain stream copy of the audio)", `${(totalBytes / MB / baselineSeconds).toFixed(0)} MB/s`);
  row("export time / baseline time", `${(seconds / baselineSeconds).toFixed(2)}×`);
  row("RSS before the export", `${(idleRss / MB).toFixed(0)} MB`);
  row(
    "peak RSS during the export",
    `${(exportPeak / MB).toFixed(0)} MB (+${((exportPeak - idleRss) / MB).toFixed(0)} MB)`,
  );
  row("peak RSS during the baseline copy", `${(baselinePeak / MB).toFixed(0)} MB`);

  await stopJobs();
  await disconnectDatabase();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
