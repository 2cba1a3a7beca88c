// The redacted audio of a recording (ADR 048, issue 35 item 3): its original with every accepted redaction bleeped,
// for every listener who gets the redacted view (roles that may not hear the original, share-link visitors, their
// API keys). Made once per set of hidden ranges and kept in the configured storage (encrypted at rest like the
// original), beside the original: its key ends in a hash of the ranges, so a change of redactions (or of the word
// times under them) makes a new file and the old one is deleted.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "~/modules/platform/database.server";
import { deleteDerivedAudio, derivedAudioPrefix, storedMediaSource } from "~/modules/recordings/stored-files.server";
import { configuredStorage } from "~/services/storage/index.server";
import { StoredObjectMissingError } from "~/services/storage/storage";
import { MASKED_AUDIO_FORMAT, type MaskSound, writeMaskedAudio } from "~/services/transcription/masked-audio.server";
import { hiddenRanges, type TimedWord, type TimeRange } from "./audio-spans";
import { locateSpans } from "./redacted-text";
import type { TranscriptView } from "./view.server";

/** Bumped when the way the file is made changes, so files made the old way are made again. */
const RENDERING_VERSION = 1;

/** A stored audio file to serve: the original's, or its redacted copy. */
export interface AudioFile {
  storageKey: string;
  mimeType: string;
}

interface RecordingAudio extends AudioFile {
  id: string;
  durationSeconds: number | null;
}

function wordsOf(value: unknown): TimedWord[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (word): word is TimedWord =>
      typeof word === "object" &&
      word !== null &&
      typeof (word as TimedWord).word === "string" &&
      Number.isFinite((word as TimedWord).start) &&
      Number.isFinite((word as TimedWord).end),
  );
}

/**
 * The time ranges of the recording's audio that its accepted redactions hide; empty when nothing is redacted. A
 * redaction whose words an edit changed ("lost": the redacted text shows the edit) is still hidden in the audio,
 * where it was: the audio still holds the words it hid, and that is what must not be heard.
 */
export async function redactedAudioRanges(recordingId: string, duration?: number | null): Promise<TimeRange[]> {
  const segments = await (
    await db()
  ).transcriptSegment.findMany({
    where: { recordingId, redactions: { some: { status: "ACCEPTED" } } },
    select: {
      start: true,
      end: true,
      text: true,
      words: true,
      redactions: {
        where: { status: "ACCEPTED" },
        select: { startOffset: true, endOffset: true, text: true, category: true },
      },
    },
  });
  return hiddenRanges(
    segments.map((segment) => {
      const { located, lost } = locateSpans(segment.text, segment.redactions);
      const spans = [
        ...located,
        ...lost.map((span) => ({
          start: Math.min(span.startOffset, segment.text.length),
          end: Math.min(span.endOffset, segment.text.length) || segment.text.length,
        })),
      ];
      return { segment: { ...segment, words: wordsOf(segment.words) }, spans };
    }),
    duration ? { duration } : {},
  );
}

const storedKeyFor = (recording: RecordingAudio, ranges: TimeRange[], sound: MaskSound) => {
  const hash = crypto
    .createHash("sha256")
    .update(JSON.stringify({ version: RENDERING_VERSION, sound, ranges }))
    .digest("hex")
    .slice(0, 32);
  return `${derivedAudioPrefix(recording.storageKey)}${hash}.${MASKED_AUDIO_FORMAT.extension}`;
};

async function isStored(key: string): Promise<boolean> {
  try {
    await configuredStorage().size(key);
    return true;
  } catch (error) {
    if (error instanceof StoredObjectMissingError) return false;
    throw error;
  }
}

/** Renders in progress in this process, by key: a player's several Range requests wait for one rendering. */
const rendering = new Map<string, Promise<void>>();

async function render(recording: RecordingAudio, ranges: TimeRange[], sound: MaskSound, key: string) {
  const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "voxlate-redacted-audio-"));
  try {
    const output = path.join(workDir, `redacted.${MASKED_AUDIO_FORMAT.extension}`);
    await writeMaskedAudio(await storedMediaSource(recording.storageKey, workDir), ranges, output, { sound });
    const storage = configuredStorage();
    // Older copies (other redactions) go first, then this one is filed: at no time is a stale copy the only one.
    for await (const object of storage.list(derivedAudioPrefix(recording.storageKey)))
      if (object.key !== key) await storage.delete(object.key);
    await storage.putFile(key, output);
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The recording's redacted audio, made and stored on first use; null when it has no accepted redaction (the
 * original hides nothing then). `sound` is the bleep ("tone", 1 kHz) or "silence".
 */
export async function redactedAudioFile(
  recording: RecordingAudio,
  sound: MaskSound = "tone",
): Promise<AudioFile | null> {
  const ranges = await redactedAudioRanges(recording.id, recording.durationSeconds);
  if (!ranges.length) {
    // Nothing hidden any more (every redaction removed): a copy left from before is of no use.
    await deleteDerivedAudio(recording.storageKey);
    return null;
  }
  const key = storedKeyFor(recording, ranges, sound);
  if (!(await isStored(key))) {
    let made = rendering.get(key);
    if (!made) {
      made = render(recording, ranges, sound, key).finally(() => rendering.delete(key));
      rendering.set(key, made);
    }
    await made;
  }
  return { storageKey: key, mimeType: MASKED_AUDIO_FORMAT.mimeType };
}

/** The audio file a reader in `view` hears: the original in the original view, else the redacted copy if any. */
export async function audioFileInView(recording: RecordingAudio, view: TranscriptView): Promise<AudioFile> {
  const original = { storageKey: recording.storageKey, mimeType: recording.mimeType };
  if (view === "original") return original;
  return (await redactedAudioFile(recording)) ?? original;
}
