// "Export all my data" (GDPR Art. 15 and 20): a job writes one ZIP, entry by entry, to a temporary file and moves it
// into storage, so no archive is ever held in memory (audio streams through a few chunks). The owner gets an email
// with a signed link that works for 7 days and only in their own signed-in session.
import { unwalledRecordingWhere } from "~/modules/workspaces/access.server";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { RecordingStatus } from "~/generated/prisma/client";
import { DataExportReadyEmail } from "~/emails/data-export-ready";
import { db } from "~/modules/platform/database.server";
import { sendNotice } from "~/modules/platform/email.server";
import { appOrigin, dataDir, sessionSecrets } from "~/config/env.server";
import { defineJob, enqueue } from "~/modules/platform/jobs.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { recordingComments } from "~/modules/comments/comments.server";
import { personalWorkspaceId, workspaceMemberships } from "~/modules/workspaces/workspaces.server";
import { workspaceGlossary } from "~/modules/workspaces/glossary.server";
import { transcriptSummary } from "~/modules/transcripts/summaries.server";
import { transcriptDocument, translationLanguages } from "~/modules/transcripts/transcripts.server";
import { exportTranscript } from "~/services/export/export.server";
import { zipArchive, type ZipEntry } from "~/services/export/zip.server";
import { configuredStorage } from "~/services/storage/index.server";
import type { FileStorage } from "~/services/storage/storage";
import { formatDate } from "~/utils/dates";
import { type AuditSource, auditEventsOf, recordAudit } from "~/modules/audit/audit.server";
import { EXPORT_QUEUE, userExportsPrefix } from "./deletion.server";
import { DAY_MS, EXPORT_LINK_DAYS } from "./retention";
import { loggerFor } from "~/config/logger.server";

const logger = loggerFor("privacy");

export const EXPORT_NOT_FOUND = "Export not found.";
export const EXPORT_LINK_INVALID = "This download link is not valid or has expired. Ask for a new export on Your data.";
export const EXPORT_IN_PROGRESS = "An export is already being prepared. It will be ready in a few minutes.";

/** Queues an export of everything the user has; one at a time. */
export async function requestDataExport(userId: string, source: AuditSource = {}) {
  const database = await db();
  const running = await database.dataExport.findFirst({ where: { userId, status: { in: ["QUEUED", "RUNNING"] } } });
  if (running) throw new ExpectedError(EXPORT_IN_PROGRESS, 409);
  const created = await database.dataExport.create({ data: { userId } });
  const jobId = await enqueue(EXPORT_QUEUE, { exportId: created.id });
  await database.dataExport.update({ where: { id: created.id }, data: { jobId } });
  await recordAudit({
    ...source,
    action: "export.requested",
    actorId: userId,
    target: { kind: "export", id: created.id },
  });
  return created.id;
}

/** The user's exports, newest first, with a signed link for the ready ones. */
export async function dataExports(userId: string, now = new Date()) {
  const rows = await (await db()).dataExport.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, take: 5 });
  return rows.map((row) => {
    const available =
      row.status === "READY" && row.storageKey !== null && row.expiresAt !== null && row.expiresAt > now;
    return {
      id: row.id,
      status: available ? ("READY" as const) : row.status === "READY" ? ("EXPIRED" as const) : row.status,
      progress: row.progress,
      sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      failureReason: row.failureReason,
      url: available ? signedDownloadPath(row.id, userId, row.expiresAt!) : null,
    };
  });
}

const signature = (exportId: string, userId: string, expires: number) =>
  crypto
    .createHmac("sha256", sessionSecrets()[0])
    .update(`data-export:${exportId}:${userId}:${expires}`)
    .digest("base64url");

/** The download path, signed for this export, its owner and its expiry. */
export function signedDownloadPath(exportId: string, userId: string, expiresAt: Date) {
  const expires = expiresAt.getTime();
  return `/data-privacy/exports/${exportId}?${new URLSearchParams({ expires: String(expires), signature: signature(exportId, userId, expires) })}`;
}

/**
 * The ZIP for the signed-in owner with a valid, unexpired signature. Anyone else (another user, a forged or
 * expired link) gets the same 404, so the link says nothing about whether the export exists.
 */
export async function openDataExport(
  userId: string,
  exportId: string,
  query: URLSearchParams,
  source: AuditSource = {},
  now = new Date(),
  storage: FileStorage = configuredStorage(),
) {
  const expires = Number(query.get("expires"));
  const given = Buffer.from(query.get("signature") ?? "");
  const expected = Buffer.from(signature(exportId, userId, expires));
  const valid = Number.isFinite(expires) && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  const row = valid ? await (await db()).dataExport.findFirst({ where: { id: exportId, userId } }) : null;
  if (
    !row ||
    row.status !== "READY" ||
    !row.storageKey ||
    !row.expiresAt ||
    row.expiresAt <= now ||
    expires !== row.expiresAt.getTime()
  ) {
    throw new ExpectedError(EXPORT_LINK_INVALID, 404);
  }
  await recordAudit({
    ...source,
    action: "export.downloaded",
    actorId: userId,
    target: { kind: "export", id: row.id },
  });
  return {
    stream: await storage.read(row.storageKey),
    size: Number(row.sizeBytes ?? (await storage.size(row.storageKey))),
    fileName: `voxlate-export-${row.createdAt.toISOString().slice(0, 10)}.zip`,
  };
}

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "recording";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const README = `Your Voxlate data

profile.json          your account: name, email, plan, retention policy, glossary, the workspaces you belong to
library.json          your folders and tags, and which recordings are in each
speaker-library.json  the voices you saved (their names and measurements) and where each was heard or named
recordings/           one folder per recording: recording.json (details, folder, tags), the original audio (unless
                      it was deleted), transcript.json / .txt / .srt, translation-<language>.json / .txt / .srt,
                      summary.json, notes.json (your notes on passages), revisions.json (every saved edit, with
                      the text before and after)
support-chat.json     your support conversations and every message in them
sessions.json         the browsers signed in to your account
audit-log.json        what you did (sign-ins, views, edits, exports, downloads, deletions, share links, API keys),
                      with IP address and browser
`;

const text = (name: string, body: string | Uint8Array, modified?: Date): ZipEntry => ({
  name,
  body,
  compress: true,
  modified,
});

/**
 * Everything a user has, as ZIP entries made one at a time when the archive asks for the next; `onProgress` hears
 * 0–99 as the audio streams through.
 */
export async function* userArchiveEntries(
  userId: string,
  onProgress: (percent: number) => Promise<void>,
): AsyncGenerator<ZipEntry> {
  const database = await db();
  const user = await database.user.findUniqueOrThrow({
    where: { id: userId },
    include: { billing: true },
  });
  yield text("README.txt", README);
  yield text(
    "profile.json",
    json({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      industry: user.industry,
      hearAboutUs: user.hearAboutUs,
      plan: user.plan,
      planSource: user.planSource,
      planUntil: user.planUntil,
      emailVerifiedAt: user.emailVerifiedAt,
      signsInWithGoogle: user.googleId !== null,
      hasPassword: user.passwordHash !== null,
      // The personal workspace's (ADR 034-workspace); a team's glossary is the team's, not this person's.
      glossary: await workspaceGlossary(await personalWorkspaceId(userId)),
      retention: { audioDays: user.audioRetentionDays, recordingDays: user.recordingRetentionDays },
      workspaces: await workspaceMemberships(userId),
      subscription: user.billing
        ? {
            status: user.billing.subscriptionStatus,
            plan: user.billing.subscriptionLookupKey,
            currentPeriodEnd: user.billing.currentPeriodEnd,
            cancelAtPeriodEnd: user.billing.cancelAtPeriodEnd,
          }
        : null,
      createdAt: user.createdAt,
    }),
  );

  const [folders, tags, profiles] = await Promise.all([
    database.folder.findMany({
      where: { userId },
      orderBy: { name: "asc" },
      select: {
        id: true,
        name: true,
        createdAt: true,
        recordings: { select: { id: true }, orderBy: { createdAt: "asc" } },
      },
    }),
    database.tag.findMany({
      where: { userId },
      orderBy: { name: "asc" },
      select: { id: true, name: true, createdAt: true, recordings: { select: { recordingId: true } } },
    }),
    database.speakerProfile.findMany({
      where: { userId },
      orderBy: { name: "asc" },
      include: {
        voices: {
          orderBy: { createdAt: "asc" },
          select: { recordingId: true, label: true, originalLabel: true, matchSimilarity: true, createdAt: true },
        },
      },
    }),
  ]);
  yield text(
    "library.json",
    json({
      folders: folders.map((folder) => ({
        id: folder.id,
        name: folder.name,
        createdAt: folder.createdAt,
        recordingIds: folder.recordings.map((recording) => recording.id),
      })),
      tags: tags.map((tag) => ({
        id: tag.id,
        name: tag.name,
        createdAt: tag.createdAt,
        recordingIds: tag.recordings.map((recording) => recording.recordingId),
      })),
    }),
  );
  yield text(
    "speaker-library.json",
    json(
      profiles.map((profile) => ({
        id: profile.id,
        name: profile.name,
        createdAt: profile.createdAt,
        updatedAt: profile.updatedAt,
        // The voice as measured: 10 ms voiced frames, and the sums of their 13 MFCCs and of their outer products.
        measurement: { frames: profile.frames, sum: profile.sum, outer: profile.outer },
        heardIn: profile.voices.map((voice) => ({
          recordingId: voice.recordingId,
          label: voice.label,
          originalLabel: voice.originalLabel,
          namedAutomatically: voice.matchSimilarity !== null,
          similarity: voice.matchSimilarity,
          at: voice.createdAt,
        })),
      })),
    ),
  );

  // The recordings they made that they can still open (ADR 034-workspace): not one in a workspace they have left, nor
  // one behind an ethical wall that does not name them — the walls hold for the data export too.
  const recordings = await database.recording.findMany({
    where: { userId, workspace: { members: { some: { userId } } }, AND: [unwalledRecordingWhere(userId)] },
    orderBy: { createdAt: "asc" },
    select: { id: true, storageKey: true, sizeBytes: true, audioDeletedAt: true },
  });
  const storage = configuredStorage();
  const totalBytes = recordings.reduce((sum, row) => sum + (row.audioDeletedAt ? 0 : row.sizeBytes), 0) + 1;
  let doneBytes = 0;
  let reported = -1;
  const advance = async (bytes: number) => {
    doneBytes += bytes;
    const percent = Math.min(99, Math.floor((doneBytes / totalBytes) * 100));
    if (percent > reported) {
      reported = percent;
      await onProgress(percent);
    }
  };

  for (const [index, { id }] of recordings.entries()) {
    const recording = await database.recording.findUniqueOrThrow({
      where: { id },
      include: { folder: { select: { name: true } }, tags: { select: { tag: { select: { name: true } } } } },
    });
    const folder = `recordings/${String(index + 1).padStart(3, "0")}-${slug(recording.title)}-${id.slice(-8)}/`;
    yield text(
      `${folder}recording.json`,
      json({
        id: recording.id,
        title: recording.title,
        fileName: recording.fileName,
        mimeType: recording.mimeType,
        sizeBytes: recording.sizeBytes,
        durationSeconds: recording.durationSeconds,
        language: recording.transcriptLanguage ?? recording.language,
        status: recording.status,
        engine: recording.engine,
        model: recording.model,
        createdAt: recording.createdAt,
        completedAt: recording.completedAt,
        audioDeletedAt: recording.audioDeletedAt,
        folder: recording.folder?.name ?? null,
        tags: recording.tags.map(({ tag }) => tag.name).sort(),
      }),
      recording.createdAt,
    );
    if (!recording.audioDeletedAt) {
      const extension =
        path
          .extname(recording.fileName)
          .toLowerCase()
          .replace(/[^.a-z0-9]/g, "") || ".audio";
      let audio: Readable | null = null;
      try {
        audio = await storage.read(recording.storageKey);
      } catch (error) {
        // A file the sweep would report missing: the export says so instead of failing.
        logger.error({ err: error }, `export: audio of ${id} unreadable`);
      }
      if (audio) {
        // Progress by audio bytes: the percentages are written in order, and the entry counts as done only once
        // the last of them is saved.
        let pending = Promise.resolve();
        const counted = audio.pipe(
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              pending = pending.then(() => advance(chunk.length));
              done(null, chunk);
            },
          }),
        );
        audio.once("error", (error) => counted.destroy(error));
        yield { name: `${folder}audio${extension}`, body: counted, compress: false, modified: recording.createdAt };
        await pending;
      } else {
        yield text(`${folder}audio-missing.txt`, "The original audio could not be read from storage.\n");
      }
    }
    if (recording.status === RecordingStatus.COMPLETED) {
      const original = await transcriptDocument(userId, id);
      for (const format of ["json", "txt", "srt"] as const) {
        yield text(`${folder}transcript.${format}`, (await exportTranscript(original, format)).body);
      }
      for (const language of await translationLanguages(id)) {
        const translated = await transcriptDocument(userId, id, { language, text: "translation" });
        for (const format of ["json", "txt", "srt"] as const) {
          yield text(`${folder}translation-${language}.${format}`, (await exportTranscript(translated, format)).body);
        }
      }
      const summary = await transcriptSummary(id);
      if (summary) yield text(`${folder}summary.json`, json(summary));
    }
    const [notes, revisions] = await Promise.all([
      recordingComments(id),
      database.transcriptRevision.findMany({
        where: { recordingId: id },
        orderBy: { number: "asc" },
        select: { number: true, kind: true, label: true, changes: true, createdAt: true, updatedAt: true },
      }),
    ]);
    if (notes.length) {
      yield text(
        `${folder}notes.json`,
        json(
          notes.map((note) => ({
            segmentId: note.segmentId,
            quote: note.quote,
            note: note.body,
            createdAt: note.createdAt,
          })),
        ),
      );
    }
    if (revisions.length) yield text(`${folder}revisions.json`, json(revisions));
  }

  const chats = await database.chatSession.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    include: {
      messages: { orderBy: { createdAt: "asc" }, select: { role: true, content: true, createdAt: true } },
    },
  });
  yield text(
    "support-chat.json",
    json(
      chats.map((chat) => ({
        id: chat.id,
        status: chat.status,
        startedOn: chat.contextPage,
        createdAt: chat.createdAt,
        messages: chat.messages.map((message) => ({
          from: message.role.toLowerCase(),
          text: message.content,
          at: message.createdAt,
        })),
      })),
    ),
  );
  const sessions = await database.session.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true, lastSeenAt: true, expiresAt: true, userAgent: true, ipAddress: true },
  });
  yield text("sessions.json", json(sessions));
  // What the user did, from the audit trail (ADR 036-audit), with its place in the chain.
  const log = (await auditEventsOf(userId)).map(({ detail, ...event }) => ({
    ...event,
    detail: detail ? (JSON.parse(detail) as unknown) : null,
  }));
  yield text("audit-log.json", json(log));
}

/** Builds one export: the ZIP into storage, the row READY with its expiry, and the email. */
export async function buildDataExport(exportId: string, now = () => new Date()) {
  const database = await db();
  const row = await database.dataExport.findUnique({ where: { id: exportId }, include: { user: true } });
  if (!row || row.status === "READY") return; // deleted with the account, or a repeated delivery
  await database.dataExport.update({ where: { id: exportId }, data: { status: "RUNNING", progress: 0 } });
  await fs.promises.mkdir(dataDir("tmp"), { recursive: true });
  const temporaryPath = dataDir("tmp", `export-${exportId}-${crypto.randomUUID()}.zip`);
  try {
    const archive = zipArchive(
      userArchiveEntries(row.userId, async (progress) => {
        await database.dataExport.update({ where: { id: exportId }, data: { progress } });
      }),
    );
    const storageKey = `${userExportsPrefix(row.userId)}${exportId}.zip`;
    const storage = configuredStorage();
    let sizeBytes: number;
    if (storage.incoming) {
      // The encrypting store seals the ZIP as it is built: no plain copy of everything the user has on disk.
      const arriving = await storage.incoming();
      try {
        await pipeline(archive, arriving.stream);
        sizeBytes = archive.pointer();
        await arriving.commit(storageKey, sizeBytes);
      } finally {
        await arriving.discard();
      }
    } else {
      await pipeline(archive, fs.createWriteStream(temporaryPath));
      sizeBytes = archive.pointer();
      await storage.putFile(storageKey, temporaryPath);
    }
    const completedAt = now();
    const expiresAt = new Date(completedAt.getTime() + EXPORT_LINK_DAYS * DAY_MS);
    await database.dataExport.update({
      where: { id: exportId },
      data: { status: "READY", progress: 100, storageKey, sizeBytes, completedAt, expiresAt },
    });
    await recordAudit({
      action: "export.ready",
      actorId: row.userId,
      target: { kind: "export", id: exportId },
      ip: "server",
      userAgent: "export job",
    });
    await sendNotice(
      row.user.email,
      "Your Voxlate data export is ready",
      DataExportReadyEmail({
        url: `${appOrigin()}${signedDownloadPath(exportId, row.userId, expiresAt)}`,
        expires: formatDate(expiresAt),
        size: `${(sizeBytes / 1024 / 1024).toFixed(1)} MB`,
      }),
    );
  } catch (error) {
    await database.dataExport.updateMany({
      where: { id: exportId },
      data: { status: "FAILED", failureReason: "The export could not be built. Please ask for a new one." },
    });
    throw error;
  } finally {
    await fs.promises.rm(temporaryPath, { force: true });
  }
}

export const dataExportJob = defineJob<{ exportId: string }>({
  queue: EXPORT_QUEUE,
  policy: { retryLimit: 1, retryDelay: 60, expireInSeconds: 6 * 60 * 60 },
  work: async ({ data }) => buildDataExport(data.exportId),
});
