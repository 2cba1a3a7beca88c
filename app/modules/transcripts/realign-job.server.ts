// Re-aligning typed words to the audio (ADR 047): after an edit is saved, the words a person typed have times spread
// between the words around them (editor-text.ts). This job cuts the audio of each edited run (with the kept word on
// either side as an anchor), asks the transcript's aligner where the words are said, and takes those times only when
// they are consistent: every word placed, in order, within the kept neighbours' times. Kept words never move.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/modules/platform/database.server";
import { defineJob, enqueue } from "~/modules/platform/jobs.server";
import { alignerFor, type WordAligner } from "~/services/alignment/index.server";
import { storedMediaSource } from "~/modules/recordings/stored-files.server";
import { decodeToWav, type MediaSource } from "~/services/transcription/audio.server";
import { editorSegment, SEGMENT_COLUMNS } from "./editor-rows.server";
import {
  editedRuns,
  type EditedRun,
  type EditorWord,
  placeAlignedRun,
  sameSegment,
  type SegmentChange,
  type SegmentState,
} from "./editor-text";

export const REALIGN_QUEUE = "realign-words";

export interface RealignmentJob {
  recordingId: string;
  segmentId: string;
  /** The revision whose edit wrote the words: its change is what the job reads and, when it aligns, updates. */
  revisionId: string;
}

/**
 * What a run of the job did: "aligned" (some typed words took the aligner's times), "kept" (the aligner's answer
 * was not consistent, so the spread times stand), "stale" (the segment changed again since: a later job aligns it),
 * "no-aligner" (no aligner for this transcript's engine and language), "no-audio" (the audio was deleted).
 */
export type RealignmentOutcome = "aligned" | "kept" | "stale" | "no-aligner" | "no-audio";

/** Audio either side of a run without a kept neighbour there (at a segment's edge), so its first sound is not cut. */
const EDGE_PADDING_SECONDS = 0.15;

/** Queues the alignment of an edit's typed words. A save never fails for it: the spread times stand without it. */
export async function queueRealignment(job: RealignmentJob) {
  try {
    await enqueue(REALIGN_QUEUE, job);
  } catch (error) {
    console.error(`[realign] not queued for ${job.recordingId}:`, error instanceof Error ? error.message : error);
  }
}

/** The stored change of `revisionId` that wrote `segmentId`: the segment before it and as it left it. */
function changeOf(changes: SegmentChange[], segmentId: string) {
  const change = changes.find((candidate) => candidate.after.some((segment) => segment.id === segmentId));
  const after = change?.after.find((segment) => segment.id === segmentId);
  if (!change || !after) return null;
  return { change, after, before: change.before.find((segment) => segment.id === segmentId) ?? null };
}

async function readEdit(client: Prisma.TransactionClient | Awaited<ReturnType<typeof db>>, job: RealignmentJob) {
  const [row, revision] = await Promise.all([
    client.transcriptSegment.findFirst({
      where: { id: job.segmentId, recordingId: job.recordingId },
      select: { ...SEGMENT_COLUMNS, words: true },
    }),
    client.transcriptRevision.findFirst({
      where: { id: job.revisionId, recordingId: job.recordingId },
      select: { changes: true },
    }),
  ]);
  if (!row || !revision) return null;
  const changes = revision.changes as unknown as SegmentChange[];
  const edit = changeOf(changes, job.segmentId);
  const { words, ...columns } = row;
  // Only while the segment is still as this edit left it: a later save wrote its own words (and queued its own job).
  if (!edit || !sameSegment(editorSegment(columns, words), edit.after)) return null;
  return { changes, ...edit };
}

/**
 * How the aligner did on one run: "placed" (its times taken), "unknown-word" (a word it cannot align, such as one its
 * dictionary lacks), "unplaced" (it could not place every word: no path through the text, or a word not heard) or
 * "inconsistent" (times outside the kept neighbours' or out of order). Only "placed" changes the words.
 */
export type RunAlignment = "placed" | "unknown-word" | "unplaced" | "inconsistent";

/** The run's words with the aligner's times when they are consistent, and how it went (also bench/word-timing.ts). */
export async function alignRun(
  aligner: WordAligner,
  source: MediaSource,
  workDir: string,
  segment: SegmentState,
  words: EditorWord[],
  run: EditedRun,
  signal?: AbortSignal,
): Promise<{ outcome: RunAlignment; words: EditorWord[] | null }> {
  const left = words[run.from - 1];
  const right = words[run.to];
  // The kept word either side is aligned too: it anchors the typed words between two sounds the aligner must find.
  const span = {
    from: Math.max(0, left ? left.start : segment.start - EDGE_PADDING_SECONDS),
    to: right ? right.end : segment.end + EDGE_PADDING_SECONDS,
  };
  if (!(span.to > span.from)) return { outcome: "inconsistent", words: null };
  const texts = [...(left ? [left.word] : []), ...words.slice(run.from, run.to).map((word) => word.word)];
  if (right) texts.push(right.word);
  // Nothing is cut for words the aligner cannot align anyway (a name its dictionary lacks).
  if (!(await aligner.knows(texts))) return { outcome: "unknown-word", words: null };
  const wav = path.join(workDir, `span-${run.from}.wav`);
  await decodeToWav(source, wav, { span, signal, timeoutMs: 120_000 });
  const times = await aligner.align(wav, texts, { signal });
  if (!times) return { outcome: "unknown-word", words: null };
  if (times.some((time) => !time)) return { outcome: "unplaced", words: null };
  const runTimes = times
    .slice(left ? 1 : 0, left ? 1 + run.to - run.from : run.to - run.from)
    .map((time) => time && { start: time.start + span.from, end: time.end + span.from });
  const placed = placeAlignedRun(words, run, runTimes, segment);
  return placed ? { outcome: "placed", words: placed } : { outcome: "inconsistent", words: null };
}

/**
 * Aligns the typed words of one edit to the audio. Slow work (ffmpeg and the aligner) runs outside any transaction;
 * the result is written only if the segment is still as the edit left it, into the segment and into the revision's
 * change (so undoing or restoring the revision still finds the segment as it recorded it).
 */
export async function realignEditedWords(job: RealignmentJob, signal?: AbortSignal): Promise<RealignmentOutcome> {
  const database = await db();
  const recording = await database.recording.findUnique({
    where: { id: job.recordingId },
    select: { engine: true, transcriptLanguage: true, language: true, storageKey: true, audioDeletedAt: true },
  });
  if (!recording) return "stale";
  const aligner = alignerFor({
    engine: recording.engine,
    language: recording.transcriptLanguage ?? recording.language,
  });
  if (!aligner) return "no-aligner";
  if (recording.audioDeletedAt) return "no-audio";
  const edit = await readEdit(database, job);
  if (!edit) return "stale";
  const runs = edit.before ? editedRuns(edit.before.words, edit.after.words) : [];
  if (!runs.length) return "kept";

  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "voxlate-realign-"));
  let words = edit.after.words;
  let placed = 0;
  try {
    const source = await storedMediaSource(recording.storageKey, workDir);
    for (const run of runs) {
      const aligned = await alignRun(aligner, source, workDir, edit.after, words, run, signal);
      if (!aligned.words) continue;
      words = aligned.words;
      placed++;
    }
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
  if (!placed) return "kept";

  return database.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Recording" WHERE "id" = ${job.recordingId} FOR UPDATE`;
    const current = await readEdit(tx, job);
    if (!current) return "stale";
    const aligned = { ...current.after, words };
    const changes = current.changes.map((change) =>
      change === current.change
        ? { ...change, after: change.after.map((segment) => (segment.id === job.segmentId ? aligned : segment)) }
        : change,
    );
    await tx.transcriptSegment.update({
      where: { id: job.segmentId },
      data: { words: words as unknown as Prisma.InputJsonValue },
    });
    await tx.transcriptRevision.update({
      where: { id: job.revisionId },
      data: { changes: changes as unknown as Prisma.InputJsonValue },
    });
    return "aligned" as const;
  });
}

export const realignmentJob = defineJob<RealignmentJob>({
  queue: REALIGN_QUEUE,
  // A failed alignment leaves the spread times, which are valid: one retry for a busy moment, then it is dropped.
  policy: { retryLimit: 1, retryDelay: 5, expireInSeconds: 10 * 60 },
  work: (job) => realignEditedWords(job.data, job.signal),
});
