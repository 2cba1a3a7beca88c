// The library (/recordings): folders (one level), tags, and actions on many recordings at once. Every function takes
// the owner's id and refuses, with a 404, any folder or recording that is not theirs, as if it did not exist.
import { Prisma, RecordingStatus } from "~/generated/prisma/client";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db, readSql } from "~/modules/platform/database.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { exportTranscript } from "~/services/export/export.server";
import type { ExportFormat } from "~/services/export/types";
import { zipResponseBody, type ZipEntry } from "~/services/export/zip.server";
import { transcriptDocument } from "~/modules/transcripts/transcripts.server";
import { FOLDERS_MAX, NO_FOLDER } from "./library-forms";
import { RecordingError } from "~/modules/recordings/ownership.server";
import { deleteRecording } from "~/modules/recordings/lifecycle.server";
import { listRecordings, type RecordingListQuerySchema } from "~/modules/recordings/list.server";
import type { z } from "zod";

export class LibraryError extends ExpectedError {}

const folderMissing = () => new LibraryError("Folder not found.", 404);
const folderTaken = (name: string) => new LibraryError(`You already have a folder called “${name}”.`, 409);

export async function requireOwnFolder(userId: string, folderId: string) {
  const folder = await (await db()).folder.findFirst({ where: { id: folderId, userId } });
  if (!folder) throw folderMissing();
  return folder;
}

/** Folder names are unique per user whatever their case: "Clients" and "clients" would be two folders that look alike. */
async function requireFreeName(userId: string, name: string, except?: string) {
  const same = await (
    await db()
  ).folder.findFirst({ where: { userId, name: { equals: name, mode: "insensitive" }, NOT: { id: except } } });
  if (same) throw folderTaken(same.name);
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export async function createFolder(userId: string, name: string) {
  const database = await db();
  if ((await database.folder.count({ where: { userId } })) >= FOLDERS_MAX)
    throw new LibraryError(`You can have at most ${FOLDERS_MAX} folders. Delete one you no longer use.`, 409);
  await requireFreeName(userId, name);
  const workspaceId = await personalWorkspaceId(userId);
  try {
    return await database.folder.create({ data: { userId, workspaceId, name }, select: { id: true, name: true } });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderTaken(name); // created a moment ago by another request
    throw error;
  }
}

export async function renameFolder(userId: string, folderId: string, name: string) {
  await requireOwnFolder(userId, folderId);
  await requireFreeName(userId, name, folderId);
  try {
    await (await db()).folder.update({ where: { id: folderId }, data: { name } });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderTaken(name);
    throw error;
  }
}

/** Deletes the folder; its recordings stay, in no folder (the relation sets their folderId to null). */
export async function deleteFolder(userId: string, folderId: string) {
  const folder = await requireOwnFolder(userId, folderId);
  const moved = await (await db()).recording.count({ where: { folderId, userId } });
  await (await db()).folder.delete({ where: { id: folderId } });
  return { name: folder.name, moved };
}

/** The recordings, all the owner's, or a 404 naming none of them: one stranger's id refuses the whole action. */
async function requireOwnRecordings(userId: string, ids: string[]) {
  const recordings = await (
    await db()
  ).recording.findMany({
    where: { id: { in: ids }, userId },
    select: { id: true, title: true, status: true, createdAt: true, workspaceId: true },
  });
  if (recordings.length !== ids.length) throw new RecordingError("Recording not found.", 404);
  // In the order they were chosen.
  const byId = new Map(recordings.map((recording) => [recording.id, recording]));
  return ids.map((id) => byId.get(id)!);
}

/** Files the recordings in the folder, or in none for "none". */
export async function moveRecordings(userId: string, ids: string[], folderId: string) {
  const folder = folderId === NO_FOLDER ? null : await requireOwnFolder(userId, folderId);
  await requireOwnRecordings(userId, ids);
  await (
    await db()
  ).recording.updateMany({ where: { id: { in: ids }, userId }, data: { folderId: folder?.id ?? null } });
  return { folderName: folder?.name ?? null };
}

/** Puts the tag on the recordings; a tag the owner already has (in any case) is reused as it is spelled. */
export async function addTag(userId: string, ids: string[], name: string) {
  await requireOwnRecordings(userId, ids);
  const database = await db();
  const tag =
    (await database.tag.findFirst({ where: { userId, name: { equals: name, mode: "insensitive" } } })) ??
    (await database.tag.upsert({
      where: { userId_name: { userId, name } },
      create: { userId, workspaceId: await personalWorkspaceId(userId), name },
      update: {},
    }));
  await database.recordingTag.createMany({
    data: ids.map((recordingId) => ({ recordingId, tagId: tag.id })),
    skipDuplicates: true,
  });
  return tag.name;
}

/** Takes the tag off one recording; a tag no recording carries any more is forgotten. */
export async function removeTag(userId: string, recordingId: string, name: string) {
  await requireOwnRecordings(userId, [recordingId]);
  const database = await db();
  const tag = await database.tag.findFirst({ where: { userId, name: { equals: name, mode: "insensitive" } } });
  if (!tag) throw new LibraryError("Tag not found.", 404);
  await database.recordingTag.deleteMany({ where: { recordingId, tagId: tag.id } });
  await database.tag.deleteMany({ where: { id: tag.id, recordings: { none: {} } } });
  return tag.name;
}

/** Deletes each recording as the transcript page does (its job cancelled, its file removed). */
export async function deleteRecordings(userId: string, ids: string[], source: AuditSource = {}) {
  await requireOwnRecordings(userId, ids);
  for (const id of ids) await deleteRecording(userId, id, source);
  return ids.length;
}

/** The owner's folders (A to Z, with how many recordings each holds), tags, unfiled count and retention choice. */
async function libraryFacets(userId: string) {
  // One round trip for what the page shows around the list: on a busy server each query costs more in the web
  // process than in the database (docs/performance.md).
  const [facets] = await readSql<{
    folders: { id: string; name: string; count: number }[];
    tags: { id: string; name: string }[];
    unfiled: number;
    audioDays: number | null;
    recordingDays: number | null;
  }>(Prisma.sql`
    SELECT
      (SELECT COALESCE(json_agg(f ORDER BY f."name"), '[]') FROM (
         SELECT f."id", f."name", (SELECT count(*)::int FROM "Recording" r WHERE r."folderId" = f."id") AS "count"
         FROM "Folder" f WHERE f."userId" = ${userId}) f) AS "folders",
      (SELECT COALESCE(json_agg(t ORDER BY t."name"), '[]') FROM (
         SELECT t."id", t."name" FROM "Tag" t WHERE t."userId" = ${userId}) t) AS "tags",
      (SELECT count(*)::int FROM "Recording" r WHERE r."userId" = ${userId} AND r."folderId" IS NULL) AS "unfiled",
      u."audioRetentionDays" AS "audioDays", u."recordingRetentionDays" AS "recordingDays"
    FROM "User" u WHERE u."id" = ${userId}`);
  if (!facets) throw new LibraryError("Account not found.", 404);
  return facets;
}

/**
 * The library's page: the recordings that match the search, folder and tag, with their tags, plus the folders and
 * tags to filter by, and the owner's retention choice (for the "deleted on" notes). A folder that is not the
 * owner's is a 404.
 */
export async function libraryPage(userId: string, query: z.infer<typeof RecordingListQuerySchema>) {
  const [list, { folders, tags, unfiled, audioDays, recordingDays }] = await Promise.all([
    listRecordings(userId, query),
    libraryFacets(userId),
  ]);
  const folder = query.folder && query.folder !== NO_FOLDER ? folders.find((entry) => entry.id === query.folder) : null;
  if (folder === undefined) throw folderMissing();
  const folderNames = new Map(folders.map((entry) => [entry.id, entry.name]));
  const items = list.items.map((item) => ({
    ...item,
    folderName: item.folderId ? (folderNames.get(item.folderId) ?? null) : null,
  }));
  return {
    ...list,
    items,
    folder: folder && { id: folder.id, name: folder.name },
    folders,
    tags,
    unfiled,
    retentionChoice: { audioDays, recordingDays },
  };
}

const STORED_AS_IS: ReadonlySet<ExportFormat> = new Set(["pdf", "docx"]);

/**
 * The chosen transcripts in the chosen formats, as a ZIP streamed to the response. Ownership is checked for every
 * id before the first byte; a recording without a finished transcript is left out and named in a note inside the
 * archive, and at least one must be ready (409). Each document is made when the archive reaches it and dropped once
 * written, so memory holds one transcript's files at a time whatever the selection.
 */
export async function exportRecordingsZip(
  userId: string,
  ids: string[],
  formats: ExportFormat[],
  source: AuditSource = {},
) {
  const recordings = await requireOwnRecordings(userId, ids);
  const ready = recordings.filter((recording) => recording.status === RecordingStatus.COMPLETED);
  if (ready.length === 0)
    throw new RecordingError("None of the selected recordings has a finished transcript yet.", 409);
  // One entry per recording, so that each transcript's history shows the ZIP it went out in.
  for (const recording of ready) {
    await recordAudit({
      ...source,
      action: "recordings.exported",
      actorId: userId,
      workspaceId: recording.workspaceId,
      target: { kind: "recording", id: recording.id, label: recording.title },
      detail: { formats: formats.join(" "), recordings: ready.length },
    });
  }
  const skipped = recordings.filter((recording) => recording.status !== RecordingStatus.COMPLETED);

  async function* entries(): AsyncGenerator<ZipEntry> {
    const usedNames = new Set<string>();
    const failed: string[] = [];
    for (const recording of ready) {
      let document;
      try {
        document = await transcriptDocument(userId, recording.id);
      } catch (error) {
        // Deleted or reset since the check: note it rather than cut the archive short.
        if (error instanceof ExpectedError) {
          failed.push(recording.title);
          continue;
        }
        throw error;
      }
      let base: string | null = null;
      for (const format of formats) {
        const file = await exportTranscript(document, format);
        // Two recordings with the same title get "title.txt" and "title-2.txt".
        if (base === null) {
          const slug = file.fileName.slice(0, -(format.length + 1));
          base = slug;
          for (let n = 2; usedNames.has(base); n++) base = `${slug}-${n}`;
          usedNames.add(base);
        }
        yield {
          name: `${base}.${format}`,
          body: file.body,
          compress: !STORED_AS_IS.has(format),
          modified: recording.createdAt,
        };
      }
    }
    const leftOut = [
      ...skipped.map((recording) => `- ${recording.title}: the transcript is not finished.`),
      ...failed.map((title) => `- ${title}: it was deleted or changed while the archive was made.`),
    ];
    if (leftOut.length) {
      yield {
        name: "not-included.txt",
        body: `These recordings are not in this archive:\n${leftOut.join("\n")}\n`,
        compress: true,
      };
    }
  }

  return { stream: zipResponseBody(entries()), count: ready.length };
}
