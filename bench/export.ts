// bench/export: time, size and memory of exporting a synthetic 2-hour, two-speaker transcript to every format.
// Usage: node --import tsx bench/export.ts   (prints a Markdown table; no assertions)
// Each format runs in its own process so one format's peak memory does not hide the next one's.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { exportTranscript } from "../app/services/export/export.server";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportSegment,
  type TranscriptDocument,
} from "../app/services/export/types";

const DURATION_SECONDS = 2 * 60 * 60;
const RUNS = 3;

const SENTENCES = [
  "Let's start with a quick update on where the migration stands.",
  "We moved the billing service last week and the error rate has been flat since then.",
  "The remaining piece is the reporting database, which still runs on the old cluster.",
  "I talked to the finance team and they need the monthly exports to keep working during the switch.",
  "That should be fine as long as we keep the read replica around for another two weeks.",
  "Do we have a rollback plan if the nightly jobs start failing?",
  "Yes, the runbook is in the shared folder and we tested it on staging on Tuesday.",
  "Honestly, I'm more worried about the customer-facing dashboards than the batch jobs.",
  "Some of those queries take almost a minute on the new hardware, which surprised me.",
  "It's probably the missing index on the events table; we dropped it during the schema cleanup.",
  "Okay, can you add it back and run the benchmark again before Friday?",
  "Sure, I'll also compare the query plans so we know exactly what changed.",
  "On the hiring side, we have two candidates for the backend role in the final round.",
  "Both did well on the system design interview, but one has more experience with Postgres.",
  "Let's make a decision by the end of next week so we don't lose either of them.",
  "Moving on, the customer survey results came in yesterday afternoon.",
  "Most people like the new editor, but several mentioned that exporting is hard to find.",
  "We could put the export button next to the share menu, where people already look for it.",
  "I'd rather test that with a handful of users before we change the layout again.",
  "Fair enough, I'll set up five short sessions and share the recordings with everyone.",
  "Another recurring comment was about speaker names being wrong in long recordings.",
  "That's the diarisation model struggling when people talk over each other.",
  "We can let users rename speakers in bulk, which would fix most of the complaints.",
  "Good idea, let's write that up as a small project for the next cycle.",
  "Before we wrap up, does anyone have blockers they want to raise?",
  "Just one: the staging environment has been slow all week and it's slowing down reviews.",
  "I think someone left a load test running; I'll check the scheduler after this call.",
  "Great, thanks everyone, and let's meet again on Thursday at the same time.",
];

/** Deterministic, so every run exports the same document. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Segments of 4–6 s with about 25 words (fast, dense speech: a heavy case), in turns of 1–4 segments per speaker. */
function syntheticTranscript(): TranscriptDocument {
  const next = random(42);
  const segments: ExportSegment[] = [];
  let time = 0;
  let speaker = "Alice";
  let turnLeft = 0;
  while (time < DURATION_SECONDS) {
    if (turnLeft === 0) {
      speaker = speaker === "Alice" ? "Bob" : "Alice";
      turnLeft = 1 + Math.floor(next() * 4);
    }
    turnLeft--;
    const targetWords = 16 + Math.floor(next() * 9);
    const words: string[] = [];
    while (words.length < targetWords) words.push(...SENTENCES[Math.floor(next() * SENTENCES.length)].split(" "));
    const length = 4 + next() * 2;
    segments.push({ start: time, end: time + length, text: words.join(" "), speaker });
    time += length + next() * 0.3;
  }
  return {
    title: "Weekly engineering sync",
    fileName: "weekly-sync.m4a",
    durationSeconds: time,
    createdAt: new Date("2025-03-05T14:00:00Z"),
    engine: "whisper.cpp",
    model: "large-v3",
    language: "en",
    segments,
  };
}

interface Measurement {
  format: ExportFormat;
  medianMs: number;
  runsMs: number[];
  bytes: number;
  peakRssGrowthMb: number;
  segments: number;
  words: number;
}

async function measure(format: ExportFormat): Promise<Measurement> {
  const doc = syntheticTranscript();
  const rssBefore = process.memoryUsage.rss();
  await exportTranscript(doc, format); // warm-up: module loading, font parsing, JIT
  const runsMs: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const file = await exportTranscript(doc, format);
    runsMs.push(performance.now() - started);
    bytes = file.body.length;
  }
  const peakRss = process.resourceUsage().maxRSS * 1024;
  return {
    format,
    medianMs: [...runsMs].sort((a, b) => a - b)[Math.floor(RUNS / 2)],
    runsMs,
    bytes,
    peakRssGrowthMb: Math.max(0, peakRss - rssBefore) / 2 ** 20,
    segments: doc.segments.length,
    words: doc.segments.reduce((sum, segment) => sum + segment.text.split(" ").length, 0),
  };
}

function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

const formatIndex = process.argv.indexOf("--format");
if (formatIndex !== -1) {
  console.log(JSON.stringify(await measure(process.argv[formatIndex + 1] as ExportFormat)));
} else {
  const results = EXPORT_FORMATS.map((format): Measurement => {
    const output = execFileSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), "--format", format],
      { encoding: "utf8" },
    );
    return JSON.parse(output.trim().split("\n").at(-1)!);
  });
  const { segments, words } = results[0];
  console.log(
    `Synthetic transcript: ${DURATION_SECONDS / 3600} h, ${segments} segments, ${words} words, 2 speakers. Node ${process.version}.\n`,
  );
  console.log(`| Format | Median of ${RUNS} (ms) | Runs (ms) | Output size | Peak RSS growth (MB) |`);
  console.log("|---|---:|---|---:|---:|");
  for (const result of results) {
    const runs = result.runsMs.map((ms) => ms.toFixed(0)).join(", ");
    console.log(
      `| ${result.format} | ${result.medianMs.toFixed(0)} | ${runs} | ${formatBytes(result.bytes)} | ${result.peakRssGrowthMb.toFixed(1)} |`,
    );
  }
}
