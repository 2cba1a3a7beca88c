// bench/word-timing: word times after free edits (ADR 047), on call-two-speakers.wav (30 s, two people) as the
// offline engine (pocketsphinx) transcribes it. 20 random edits (insert, delete or replace words anywhere in a
// segment; seeded, so every run makes the same ones) are applied as the editor applies them, and it prints:
// - how many words an edit left alone kept their exact times (must be 100%), and how many new words lie within their
//   kept neighbours' times (must be 100%), with the time per edit against aligning the same segment's words as a
//   page load does (the baseline, in the same run);
// - with the aligner (pocketsphinx forced alignment of each edited run, as the job runs it): how many runs it placed
//   consistently, how far the new words moved, and the time per run against cutting the same span with ffmpeg alone
//   (the baseline), with p50/p95;
// - "restorations": 10 more edits that put back words removed from the engine's transcript (the engine's own times
//   for them are the truth): how far the spread times and the aligned times are from it;
// - the process's peak memory.
// The random edits type words nobody said, so the aligner's figure for them is what it costs and how far it moves
// them, not accuracy; the restorations measure accuracy.
// Usage: node --import tsx bench/word-timing.ts [--edits 20] [--seed 34]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { numberFlag, watchRss } from "./app-server";
import {
  alignWords,
  editedRuns,
  editText,
  runBounds,
  type EditorWord,
  type SegmentState,
} from "../app/modules/transcripts/editor-text";
import { alignRun } from "../app/modules/transcripts/realign-job.server";
import { pocketsphinxAligner } from "../app/services/alignment/pocketsphinx.server";
import { decodeToWav } from "../app/services/transcription/audio.server";
import { pocketsphinxEngine } from "../app/services/transcription/pocketsphinx.server";
import { sharedFile } from "../tests/shared-files";
import { applyWordEdit, seededSample, untouchedPositions, wordEditArbitrary } from "../tests/word-edits";
import fc from "fast-check";

const EDITS = numberFlag("--edits", 20);
const SEED = numberFlag("--seed", 34);
const RESTORATIONS = 10;
const MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR ?? "/usr/share/pocketsphinx/model/en-us";
const AUDIO = sharedFile("testdata", "audio", "call-two-speakers.wav");
/** Words typed in the random edits: common words the pronouncing dictionary has, so the aligner can try them. */
const TYPED = ["report", "meeting", "yesterday", "number", "really", "thanks", "okay", "think", "because", "people"];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-bench-word-timing-"));
const rss = watchRss(process.pid);

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const ms = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
const us = (values: number[]) =>
  `p50 ${(percentile(values, 50) * 1000).toFixed(0)} µs, p95 ${(percentile(values, 95) * 1000).toFixed(0)} µs`;
const share = (count: number, total: number) =>
  `${count}/${total} (${((100 * count) / Math.max(1, total)).toFixed(1)}%)`;
const centre = (word: { start: number; end: number }) => (word.start + word.end) / 2;

async function timed<T>(run: () => Promise<T> | T): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

// The transcript, as the job would store it.
const wav = path.join(tmp, "call.wav");
await decodeToWav(AUDIO, wav);
const [transcript, transcribeMs] = await timed(() =>
  pocketsphinxEngine({ modelDir: MODEL_DIR }).transcribe(wav, { speakerLabels: false, language: "en" }),
);
const segments: SegmentState[] = transcript.segments.map((segment, index) => ({
  id: `s${index}`,
  start: segment.start,
  end: segment.end,
  text: segment.words.map((word) => word.word).join(" "),
  speaker: null,
  confidence: segment.confidence,
  words: segment.words,
  edited: false,
}));
const editable = segments.filter((segment) => segment.words.length >= 2);
const wordCount = segments.reduce((sum, segment) => sum + segment.words.length, 0);
console.log(
  `# word timing after edits\n\ncall-two-speakers.wav: ${segments.length} segments, ${wordCount} words (pocketsphinx, ${(transcribeMs / 1000).toFixed(1)} s); ${EDITS} random edits, seed ${SEED}\n`,
);

// 1. Random edits, as the editor saves them.
const picks = seededSample(
  fc.integer({ min: 0, max: editable.length - 1 }).chain((index) =>
    fc.tuple(
      fc.constant(index),
      wordEditArbitrary(
        editable[index].words.length,
        TYPED.filter((typed) => !editable[index].words.some((word) => word.word === typed)),
      ),
    ),
  ),
  SEED,
  EDITS,
);
let untouched = 0;
let keptExact = 0;
let newWords = 0;
let withinBounds = 0;
const editTimes: number[] = [];
const baselineTimes: number[] = [];
const edits: { before: SegmentState; after: SegmentState }[] = [];
const kinds = new Map<string, number>();
for (const [index, edit] of picks) {
  const before = editable[index];
  kinds.set(edit.kind, (kinds.get(edit.kind) ?? 0) + 1);
  const text = applyWordEdit(
    before.words.map((word) => word.word),
    edit,
    (typed) => typed,
  ).join(" ");
  const [after, editMs] = await timed(() => editText(before, text));
  const [, baselineMs] = await timed(() => alignWords(before.text, before.words, before.start, before.end));
  editTimes.push(editMs);
  baselineTimes.push(baselineMs);
  const positions = untouchedPositions(before.words.length, edit);
  for (const [from, to] of positions) {
    untouched++;
    const [was, now] = [before.words[from], after.words[to]];
    if (now && now.word === was.word && now.start === was.start && now.end === was.end) keptExact++;
  }
  const kept = new Set(positions.values());
  after.words.forEach((word, at) => {
    if (kept.has(at)) return;
    newWords++;
    const left = [...kept].filter((k) => k < at).sort((a, b) => b - a)[0];
    const right = [...kept].filter((k) => k > at).sort((a, b) => a - b)[0];
    const lower = left === undefined ? before.start : after.words[left].end;
    const upper = right === undefined ? before.end : after.words[right].start;
    if (word.start >= lower && word.end <= upper && word.start <= word.end) withinBounds++;
  });
  edits.push({ before, after });
}
console.log(`## Interpolation (the save)\n`);
console.log(`- edits: ${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(", ")}`);
console.log(`- words the edits left alone that kept their exact times: ${share(keptExact, untouched)}`);
console.log(`- new words within their kept neighbours' times: ${share(withinBounds, newWords)}`);
console.log(
  `- time per edit: ${us(editTimes)}; baseline (aligning the segment's words as a page load does): ${us(baselineTimes)}; ratio ${(percentile(editTimes, 50) / percentile(baselineTimes, 50)).toFixed(2)}\n`,
);

// 2. The aligner on each edited run, as the job runs it.
const aligner = pocketsphinxAligner({ modelDir: MODEL_DIR });
const alignTimes: number[] = [];
const cutTimes: number[] = [];
const moved: number[] = [];
let runs = 0;
let placed = 0;
const outcomes = new Map<string, number>();
let keptAfterAlign = 0;
let keptTotal = 0;
for (const { before, after } of edits) {
  for (const run of editedRuns(before.words, after.words)) {
    runs++;
    const [{ outcome, words: aligned }, alignMs] = await timed(() =>
      alignRun(aligner, wav, tmp, after, after.words, run),
    );
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    alignTimes.push(alignMs);
    // Baseline: the same span cut with ffmpeg alone.
    const left = after.words[run.from - 1];
    const right = after.words[run.to];
    const span = {
      from: left ? left.start : Math.max(0, after.start - 0.15),
      to: right ? right.end : after.end + 0.15,
    };
    const [, cutMs] = await timed(() => decodeToWav(wav, path.join(tmp, "cut.wav"), { span }));
    cutTimes.push(cutMs);
    if (!aligned) continue;
    placed++;
    const { lower, upper } = runBounds(after.words, run, after);
    aligned.forEach((word: EditorWord, at) => {
      if (at >= run.from && at < run.to) {
        moved.push(Math.abs(centre(word) - centre(after.words[at])));
        if (!(word.start >= lower - 0.0005 && word.end <= upper + 0.0005)) throw new Error("placed out of bounds");
      } else {
        keptTotal++;
        if (word === after.words[at]) keptAfterAlign++;
      }
    });
  }
}
console.log(`## Aligner (pocketsphinx forced alignment of each edited run, with its kept neighbours as anchors)\n`);
console.log(
  `- runs placed consistently (else the spread times stand): ${share(placed, runs)}; outcomes: ${[...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(", ")}`,
);
console.log(`- kept words unchanged by the aligned runs: ${share(keptAfterAlign, keptTotal)}`);
console.log(
  `- how far new words moved (centre): mean ${(moved.reduce((a, b) => a + b, 0) / Math.max(1, moved.length)).toFixed(3)} s, p50 ${percentile(moved, 50).toFixed(3)} s, max ${Math.max(0, ...moved).toFixed(3)} s (${moved.length} words)`,
);
console.log(
  `- time per run (cut + align): ${ms(alignTimes)}; baseline (the ffmpeg cut alone): ${ms(cutTimes)}; ratio ${(percentile(alignTimes, 50) / percentile(cutTimes, 50)).toFixed(1)}\n`,
);

// 3. Restorations: words the engine heard, removed and typed back; the engine's times for them are the truth.
const restorations = seededSample(
  fc
    .integer({ min: 0, max: editable.length - 1 })
    .chain((index) =>
      fc.tuple(
        fc.constant(index),
        fc.integer({ min: 1, max: Math.max(1, editable[index].words.length - 2) }),
        fc.integer({ min: 1, max: 2 }),
      ),
    ),
  SEED + 1,
  RESTORATIONS,
);
const spreadError: number[] = [];
const alignedError: number[] = [];
let restoredPlaced = 0;
for (const [index, at, count] of restorations) {
  const truth = editable[index];
  const remove = Math.min(count, truth.words.length - 1 - at);
  if (remove < 1) continue;
  const missing = truth.words.slice(at, at + remove);
  // The transcript as an engine that missed those words would have it, then the edit that types them back.
  const heardWords = truth.words.filter((_, k) => k < at || k >= at + remove);
  const engineMissed = { ...truth, text: heardWords.map((word) => word.word).join(" "), words: heardWords };
  const restored = editText(engineMissed, truth.text);
  const [run] = editedRuns(engineMissed.words, restored.words);
  if (!run) continue;
  const { words: aligned } = await alignRun(aligner, wav, tmp, restored, restored.words, run);
  if (aligned) restoredPlaced++;
  missing.forEach((word, k) => {
    spreadError.push(Math.abs(centre(restored.words[run.from + k]) - centre(word)));
    alignedError.push(Math.abs(centre((aligned ?? restored.words)[run.from + k]) - centre(word)));
  });
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
console.log(`## Restorations (${RESTORATIONS} edits typing back words the engine heard; its times are the truth)\n`);
console.log(`- runs placed consistently: ${share(restoredPlaced, restorations.length)}`);
console.log(
  `- distance from the engine's time (centre), spread: mean ${mean(spreadError).toFixed(3)} s, max ${Math.max(0, ...spreadError).toFixed(3)} s; aligned: mean ${mean(alignedError).toFixed(3)} s, max ${Math.max(0, ...alignedError).toFixed(3)} s (${alignedError.length} words)\n`,
);

const memory = rss.stop();
console.log(
  `Peak memory (this process): ${(memory.peakKb / 1024).toFixed(0)} MB RSS sampled${memory.hwmKb ? `, ${(memory.hwmKb / 1024).toFixed(0)} MB high-water mark` : ""}`,
);
fs.rmSync(tmp, { recursive: true, force: true });
if (keptExact !== untouched || withinBounds !== newWords) process.exitCode = 1;
