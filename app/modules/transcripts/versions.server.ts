// Versions of a transcript and their sign-off (issue 34, item 4; ADR 045). A version is a frozen, hashed copy of the
// segments: version 1 is cut when the transcript is first saved (or, for a transcript from before versions, the first
// time anyone looks), and a new one whenever someone signs off text that differs from the last version. Revisions
// (editor.server.ts) keep recording every edit between them, with author and word diff; a version is the point a
// person stood behind. Every version's hash chains to the one before; a sign-off is sealed by its own hash.
import { pipeline } from "node:stream/promises";
import crypto from "node:crypto";
import { type Prisma, RecordingStatus } from "~/generated/prisma/client";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { RecordingError, requireRecording } from "~/modules/recordings/ownership.server";
import { type Reader, readerId } from "~/modules/workspaces/access.server";
import { configuredStorage } from "~/services/storage/index.server";
import { StoredObjectMissingError } from "~/services/storage/storage";
import { formatDate } from "~/utils/dates";
import type { SegmentState } from "./editor-text";
import {
  canonicalTranscript,
  checkVersions,
  type HashedSegment,
  hashedMillis,
  sha256Hex,
  signOffHash,
  transcriptOfContent,
  type VersionCheck,
  versionHash,
} from "./record-hash.server";
import { revisionDiff, storedRevisionDiff } from "./revision-diff";

type Tx = Prisma.TransactionClient;

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

/** SHA-256 of a stored original's plaintext bytes (an encrypting store decrypts as it reads); null when it is gone. */
export async function hashStoredMedia(storageKey: string): Promise<string | null> {
  const storage = configuredStorage();
  const hash = crypto.createHash("sha256");
  try {
    // size() says "missing" the same way for every store; read() of a missing file may fail with the raw error.
    await storage.size(storageKey);
    await pipeline(await storage.read(storageKey), hash);
  } catch (error) {
    if (error instanceof StoredObjectMissingError || (error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return hash.digest("hex");
}

/**
 * The recording's media hash: taken once from the original and kept. Recordings from before ADR 045 get theirs the
 * first time a version is cut; a recording whose audio was deleted before then has none.
 */
async function ensureMediaSha256(recording: {
  id: string;
  storageKey: string;
  mediaSha256: string | null;
  audioDeletedAt: Date | null;
}): Promise<string | null> {
  if (recording.mediaSha256 || recording.audioDeletedAt) return recording.mediaSha256;
  const hash = await hashStoredMedia(recording.storageKey);
  if (!hash) return null;
  const database = await db();
  await database.recording.updateMany({ where: { id: recording.id, mediaSha256: null }, data: { mediaSha256: hash } });
  // Another process may have stored it first: theirs is the one kept.
  return (await database.recording.findUniqueOrThrow({ where: { id: recording.id }, select: { mediaSha256: true } }))
    .mediaSha256;
}

async function currentSegments(database: Tx, recordingId: string) {
  return database.transcriptSegment.findMany({
    where: { recordingId },
    orderBy: { position: "asc" },
    select: { start: true, end: true, speaker: true, text: true, editedAt: true },
  });
}

/** Segments as the word diff takes them; positions stand in for ids, so equal counts compare segment by segment. */
const asStates = (segments: readonly { start: number; end: number; speaker: string | null; text: string }[]) =>
  segments.map((segment, index): SegmentState => ({
    id: String(index),
    start: segment.start,
    end: segment.end,
    speaker: segment.speaker,
    text: segment.text,
    confidence: null,
    words: [],
    edited: false,
  }));

/**
 * Cuts a version of the transcript as it is now, by `authorId` (null: the machine transcript), unless the last
 * version already holds exactly this text (then that one is returned). 409 while the transcript is not finished.
 */
export async function cutVersion(recordingId: string, authorId: string | null) {
  const database = await db();
  const recording = await database.recording.findUniqueOrThrow({ where: { id: recordingId } });
  if (recording.status !== RecordingStatus.COMPLETED)
    throw new RecordingError("The transcript is not finished yet, so there is no version to save.", 409);
  const mediaSha256 = await ensureMediaSha256(recording);
  return database.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Recording" WHERE "id" = ${recordingId} FOR UPDATE`;
      const segments = await currentSegments(tx, recordingId);
      const content = canonicalTranscript(segments);
      const contentHash = sha256Hex(content);
      const last = await tx.transcriptVersion.findFirst({ where: { recordingId }, orderBy: { number: "desc" } });
      if (last && last.contentHash === contentHash) return { version: last, created: false };
      const fields = {
        recordingId,
        number: (last?.number ?? 0) + 1,
        contentHash,
        mediaSha256,
        previousHash: last?.hash ?? null,
        createdAt: new Date(),
      };
      const diff = last
        ? revisionDiff([{ at: 0, before: asStates(transcriptOfContent(last.content)), after: asStates(segments) }])
        : null;
      const version = await tx.transcriptVersion.create({
        data: {
          ...fields,
          content,
          hash: versionHash(fields),
          segmentCount: segments.length,
          authorId,
          diff: diff ? (diff as unknown as Prisma.InputJsonValue) : undefined,
        },
      });
      return { version, created: true };
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** Version 1, when a finished transcript has none yet (the pipeline cuts it; older transcripts get it lazily). */
export async function ensureFirstVersion(recordingId: string) {
  const database = await db();
  const recording = await database.recording.findUnique({
    where: { id: recordingId },
    select: { status: true, _count: { select: { versions: true } } },
  });
  if (!recording || recording.status !== RecordingStatus.COMPLETED || recording._count.versions > 0) return;
  await cutVersion(recordingId, null);
}

/** Saves the current text as a version by this reader (who may edit): what `POST /versions` does. */
export async function saveVersion(reader: Reader, recordingId: string, source: AuditSource = {}) {
  const recording = await requireRecording(reader, recordingId, "edit");
  await ensureFirstVersion(recordingId);
  const userId = readerId(reader);
  const { version, created } = await cutVersion(recordingId, userId);
  if (created)
    await recordAudit({
      ...source,
      action: "transcript.version-cut",
      actorId: userId,
      workspaceId: recording.workspaceId,
      target: { kind: "recording", id: recordingId, label: recording.title },
      detail: { version: version.number, hash: version.hash },
    });
  return { number: version.number, created };
}

/**
 * Signs off version `number` ("current": the text as it is now, saved as a new version first if it differs from
 * the last). Only the latest version, only once, and only while the transcript still reads as it does: a version is
 * locked by its sign-off, and later edits make a draft "changed since sign-off". Needs the `verify` permission
 * (reviewers, admins and owners; the owner of a personal workspace).
 */
export async function signOffVersion(
  reader: Reader,
  recordingId: string,
  number: number | "current",
  source: AuditSource = {},
  /** The content hash the signer reviewed (the page's form): if the text changed since, nothing is signed. */
  expectedContentHash?: string,
) {
  const recording = await requireRecording(reader, recordingId, "verify");
  if (recording.status !== RecordingStatus.COMPLETED)
    throw new RecordingError("The transcript is not finished yet, so there is nothing to sign off.", 409);
  await ensureFirstVersion(recordingId);
  const userId = readerId(reader);
  const wanted = number === "current" ? (await cutVersion(recordingId, userId)).version.number : number;
  const database = await db();
  const signer = await database.user.findUniqueOrThrow({
    where: { id: userId },
    select: { firstName: true, lastName: true },
  });
  const signed = await database.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Recording" WHERE "id" = ${recordingId} FOR UPDATE`;
    const version = await tx.transcriptVersion.findUnique({
      where: { recordingId_number: { recordingId, number: wanted } },
    });
    if (!version) throw new RecordingError(`This transcript has no version ${wanted}.`, 404);
    const latest = await tx.transcriptVersion.findFirstOrThrow({ where: { recordingId }, orderBy: { number: "desc" } });
    if (version.signedOffAt)
      throw new RecordingError(
        `Version ${wanted} was signed off by ${version.signedOffByName} at ${formatDate(version.signedOffAt, "longDateTime")}; it is locked.`,
        409,
      );
    if (latest.number !== wanted)
      throw new RecordingError(
        `Version ${wanted} was followed by version ${latest.number}: only the latest version can be signed off.`,
        409,
      );
    if (expectedContentHash && expectedContentHash !== version.contentHash)
      throw new RecordingError(
        "The transcript changed while you reviewed it, so it was not signed off. Read the changes and sign off again.",
        409,
      );
    if (sha256Hex(canonicalTranscript(await currentSegments(tx, recordingId))) !== version.contentHash)
      throw new RecordingError(
        `The transcript changed after version ${wanted} was saved: sign off the current text, which saves it as a new version.`,
        409,
      );
    const signedOffAt = new Date();
    const signedOffByName = fullName(signer);
    return tx.transcriptVersion.update({
      where: { id: version.id },
      data: {
        signedOffAt,
        signedOffById: userId,
        signedOffByName,
        signOffHash: signOffHash({ hash: version.hash, signedOffAt, signedOffById: userId, signedOffByName }),
      },
    });
  });
  await recordAudit({
    ...source,
    action: "transcript.signed-off",
    actorId: userId,
    workspaceId: recording.workspaceId,
    target: { kind: "recording", id: recordingId, label: recording.title },
    detail: { version: signed.number, hash: signed.hash },
  });
  return signed;
}

/** Where the draft stands against the versions: what the page's banner and the API's `draft` say. */
function draftState(
  currentHash: string,
  versions: readonly { number: number; contentHash: string; signedOffAt: Date | null }[],
) {
  const latest = versions[0] ?? null;
  const signedOff = versions.find((version) => version.signedOffAt) ?? null;
  return {
    /** The text differs from the latest version (edits not yet saved as a version). */
    changedSinceLatestVersion: latest !== null && latest.contentHash !== currentHash,
    /** The text differs from the last signed-off version. */
    changedSinceSignOff: signedOff !== null && signedOff.contentHash !== currentHash,
    latestVersion: latest?.number ?? null,
    signedOffVersion: signedOff?.number ?? null,
    contentHash: currentHash,
  };
}

/** A recording's versions, newest first, with their authors, word diffs and sign-offs, and the draft's state. */
export async function transcriptVersions(reader: Reader, recordingId: string) {
  await requireRecording(reader, recordingId, "view");
  await ensureFirstVersion(recordingId);
  const database = await db();
  const [rows, segments] = await Promise.all([
    database.transcriptVersion.findMany({
      where: { recordingId },
      orderBy: { number: "desc" },
      omit: { content: true },
      include: { author: { select: { id: true, firstName: true, lastName: true } } },
    }),
    currentSegments(database, recordingId),
  ]);
  const versions = rows.map((row) => ({
    number: row.number,
    contentHash: row.contentHash,
    hash: row.hash,
    previousHash: row.previousHash,
    mediaSha256: row.mediaSha256,
    segmentCount: row.segmentCount,
    createdAt: row.createdAt,
    author: row.author ? { id: row.author.id, name: fullName(row.author) } : null,
    signedOff: row.signedOffAt
      ? { at: row.signedOffAt, by: { id: row.signedOffById, name: row.signedOffByName ?? "" }, seal: row.signOffHash }
      : null,
    signedOffAt: row.signedOffAt,
    diff: storedRevisionDiff(row.diff),
  }));
  return { versions, draft: draftState(sha256Hex(canonicalTranscript(segments)), versions) };
}

/**
 * The latest signed-off version of a recording, for the legal export's certificate (issue 34, item 5), or null when
 * none is signed off. No permission check: the caller has checked the recording for export.
 */
export async function signedOffVersionOf(recordingId: string): Promise<{
  number: number;
  contentHash: string;
  hash: string;
  signedOffAt: Date;
  signedOffBy: { id: string | null; name: string };
  mediaSha256: string | null;
} | null> {
  const version = await (
    await db()
  ).transcriptVersion.findFirst({
    where: { recordingId, signedOffAt: { not: null } },
    orderBy: { number: "desc" },
    omit: { content: true },
  });
  if (!version?.signedOffAt) return null;
  return {
    number: version.number,
    contentHash: version.contentHash,
    hash: version.hash,
    signedOffAt: version.signedOffAt,
    signedOffBy: { id: version.signedOffById, name: version.signedOffByName ?? "" },
    mediaSha256: version.mediaSha256,
  };
}

export type MediaCheck =
  | { status: "holds"; sha256: string }
  | { status: "fails"; expected: string; actual: string }
  | { status: "missing"; expected: string }
  | { status: "audio-deleted"; expected: string | null }
  | { status: "not-hashed" };

/**
 * Segments changed in the database after the latest version without an edit recorded: the editor stamps `editedAt`
 * on every text it changes, so a segment whose times match one of the version's but whose text differs, with no
 * stamp after the version was cut, was changed behind the editor's back.
 */
function unrecordedChanges(
  latest: { content: string; createdAt: Date },
  segments: readonly { start: number; end: number; text: string; editedAt: Date | null }[],
) {
  const byTimes = new Map(
    transcriptOfContent(latest.content).map((segment: HashedSegment) => [
      `${hashedMillis(segment.start)}-${hashedMillis(segment.end)}`,
      segment.text,
    ]),
  );
  return segments.filter((segment) => {
    const text = byTimes.get(`${hashedMillis(segment.start)}-${hashedMillis(segment.end)}`);
    return (
      text !== undefined &&
      text !== segment.text &&
      (!segment.editedAt || segment.editedAt.getTime() < latest.createdAt.getTime())
    );
  });
}

export interface RecordVerification {
  /** The chain holds, the media hash holds (or the audio was deleted on purpose) and no segment changed unrecorded. */
  holds: boolean;
  /** The first version that fails, or null. */
  firstFailingVersion: number | null;
  versions: VersionCheck[];
  media: MediaCheck;
  /** Segments whose text changed after the latest version without an edit recorded (their start, in seconds). */
  unrecordedChanges: { version: number; starts: number[] } | null;
  checkedAt: Date;
}

/** Does the record hold: every version's hashes and links, the media file's hash, and the draft's edits. */
export async function verifyTranscriptRecord(reader: Reader, recordingId: string): Promise<RecordVerification> {
  const recording = await requireRecording(reader, recordingId, "view");
  await ensureFirstVersion(recordingId);
  const database = await db();
  const [versions, segments, fresh] = await Promise.all([
    database.transcriptVersion.findMany({ where: { recordingId }, orderBy: { number: "asc" } }),
    currentSegments(database, recordingId),
    database.recording.findUniqueOrThrow({ where: { id: recordingId }, select: { mediaSha256: true } }),
  ]);
  const checks = checkVersions(versions, fresh.mediaSha256);
  let media: MediaCheck;
  if (recording.audioDeletedAt) media = { status: "audio-deleted", expected: fresh.mediaSha256 };
  else if (!fresh.mediaSha256) media = { status: "not-hashed" };
  else {
    const actual = await hashStoredMedia(recording.storageKey);
    media =
      actual === null
        ? { status: "missing", expected: fresh.mediaSha256 }
        : actual === fresh.mediaSha256
          ? { status: "holds", sha256: actual }
          : { status: "fails", expected: fresh.mediaSha256, actual };
  }
  const latest = versions.at(-1);
  const changed = latest ? unrecordedChanges(latest, segments) : [];
  const unrecorded = latest && changed.length ? { version: latest.number, starts: changed.map((s) => s.start) } : null;
  const firstFailingVersion = checks.find((check) => !check.holds)?.number ?? unrecorded?.version ?? null;
  return {
    holds: firstFailingVersion === null && (media.status === "holds" || media.status === "audio-deleted"),
    firstFailingVersion,
    versions: checks,
    media,
    unrecordedChanges: unrecorded,
    checkedAt: new Date(),
  };
}
