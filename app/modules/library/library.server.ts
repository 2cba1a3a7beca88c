// The library (/recordings): folders (one level), tags, and actions on many recordings at once, in the reader's current
// workspace (ADR 034-workspace). A folder or recording the reader may not reach (another workspace's, or behind an
// ethical wall that does not name them) is refused with a 404, as if it did not exist; a role that does not allow the
// action gets the policy's 403. Walls themselves (restricted folders and who is named) are managed here too.
import { Prisma, RecordingStatus } from "~/generated/prisma/client";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db, readSql } from "~/modules/platform/database.server";
import {
  type AccessScope,
  accessScope,
  foldersWhere,
  type Reader,
  readerId,
  recordingsSql,
  recordingsWhere,
  unwalledFolderWhere,
} from "~/modules/workspaces/access.server";
import { can, refusalSentence, type WorkspaceAction, permissionsOf } from "~/modules/workspaces/policy";
import { requireWorkspaceAction } from "~/modules/workspaces/workspaces.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { exportTranscript } from "~/services/export/export.server";
import type { ExportFormat } from "~/services/export/types";
import { isLegalFormat } from "~/services/export/legal-types";
import { type LegalQuery, legalFileOf } from "~/modules/transcripts/legal-export.server";
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

function requireRole(scope: AccessScope, action: WorkspaceAction) {
  if (!can(scope.role, action)) throw new LibraryError(refusalSentence(scope.role, action), 403);
}

/**
 * The folder, in the reader's workspace and not behind a wall that leaves them out, when their role allows `action`
 * (404 otherwise, 403 for the role).
 */
export async function requireFolder(reader: Reader, folderId: string, action: WorkspaceAction = "view") {
  const scope = await accessScope(reader);
  const folder = await (await db()).folder.findFirst({ where: { id: folderId, ...foldersWhere(scope) } });
  if (!folder) throw folderMissing();
  requireRole(scope, action);
  return folder;
}

/** Folder names are unique per workspace whatever their case: "Clients" and "clients" would look alike. */
async function requireFreeName(workspaceId: string, name: string, except?: string) {
  const same = await (
    await db()
  ).folder.findFirst({ where: { workspaceId, name: { equals: name, mode: "insensitive" }, NOT: { id: except } } });
  // Walled folders count too (the unique index does), but a walled one's own spelling is not shown.
  if (same) throw folderTaken(same.restricted ? name : same.name);
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export async function createFolder(reader: Reader, name: string) {
  const scope = await accessScope(reader);
  requireRole(scope, "edit");
  const database = await db();
  if ((await database.folder.count({ where: { workspaceId: scope.workspaceId } })) >= FOLDERS_MAX)
    throw new LibraryError(`A workspace can have at most ${FOLDERS_MAX} folders. Delete one you no longer use.`, 409);
  await requireFreeName(scope.workspaceId, name);
  try {
    return await database.folder.create({
      data: { userId: scope.userId, workspaceId: scope.workspaceId, name },
      select: { id: true, name: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderTaken(name); // created a moment ago by another request
    throw error;
  }
}

export async function renameFolder(reader: Reader, folderId: string, name: string) {
  const folder = await requireFolder(reader, folderId, "edit");
  await requireFreeName(folder.workspaceId, name, folderId);
  try {
    await (await db()).folder.update({ where: { id: folderId }, data: { name } });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderTaken(name);
    throw error;
  }
}

/**
 * Deletes the folder; its recordings stay, in no folder (the relation sets their folderId to null). A restricted
 * folder that still holds recordings is refused: deleting it would lift the wall from them.
 */
export async function deleteFolder(reader: Reader, folderId: string) {
  const folder = await requireFolder(reader, folderId, "edit");
  const moved = await (await db()).recording.count({ where: { folderId } });
  if (folder.restricted && moved > 0)
    throw new LibraryError(
      "This folder is restricted: move its recordings to another restricted folder, or lift the restriction, before deleting it.",
      409,
    );
  await (await db()).folder.delete({ where: { id: folderId } });
  return { name: folder.name, moved };
}

/**
 * The recordings, all in the reader's workspace and outside walls that leave them out, when the role allows `action`;
 * else a 404 naming none of them: one stranger's id refuses the whole action.
 */
async function requireRecordings(reader: Reader, ids: string[], action: WorkspaceAction) {
  const scope = await accessScope(reader);
  const recordings = await (
    await db()
  ).recording.findMany({
    where: { id: { in: ids }, ...recordingsWhere(scope) },
    select: { id: true, title: true, status: true, createdAt: true, workspaceId: true },
  });
  if (recordings.length !== ids.length) throw new RecordingError("Recording not found.", 404);
  requireRole(scope, action);
  // In the order they were chosen.
  const byId = new Map(recordings.map((recording) => [recording.id, recording]));
  return { scope, recordings: ids.map((id) => byId.get(id)!) };
}

/** The folders an upload can be filed in: the workspace's, a restricted one only where it names the reader. */
export async function foldersForUpload(reader: Reader) {
  const scope = await accessScope(reader);
  return (await db()).folder.findMany({
    where: foldersWhere(scope),
    orderBy: { name: "asc" },
    select: { id: true, name: true, restricted: true },
  });
}

/** Files the recordings in the folder, or in none for "none". Filed in a restricted folder, they are walled. */
export async function moveRecordings(reader: Reader, ids: string[], folderId: string) {
  const { scope } = await requireRecordings(reader, ids, "edit");
  const folder = folderId === NO_FOLDER ? null : await requireFolder(scope, folderId, "edit");
  await (await db()).recording.updateMany({ where: { id: { in: ids } }, data: { folderId: folder?.id ?? null } });
  return { folderName: folder?.name ?? null };
}

/** Puts the tag on the recordings; a tag the workspace already has (in any case) is reused as it is spelled. */
export async function addTag(reader: Reader, ids: string[], name: string) {
  const { scope } = await requireRecordings(reader, ids, "edit");
  const database = await db();
  const { workspaceId } = scope;
  const tag =
    (await database.tag.findFirst({ where: { workspaceId, name: { equals: name, mode: "insensitive" } } })) ??
    (await database.tag.upsert({
      where: { workspaceId_name: { workspaceId, name } },
      create: { userId: scope.userId, workspaceId, name },
      update: {},
    }));
  await database.recordingTag.createMany({
    data: ids.map((recordingId) => ({ recordingId, tagId: tag.id })),
    skipDuplicates: true,
  });
  return tag.name;
}

/** Takes the tag off one recording; a tag no recording carries any more is forgotten. */
export async function removeTag(reader: Reader, recordingId: string, name: string) {
  const { scope } = await requireRecordings(reader, [recordingId], "edit");
  const database = await db();
  const tag = await database.tag.findFirst({
    where: { workspaceId: scope.workspaceId, name: { equals: name, mode: "insensitive" } },
  });
  if (!tag) throw new LibraryError("Tag not found.", 404);
  await database.recordingTag.deleteMany({ where: { recordingId, tagId: tag.id } });
  await database.tag.deleteMany({ where: { id: tag.id, recordings: { none: {} } } });
  return tag.name;
}

/** Deletes each recording as the transcript page does (its job cancelled, its file removed). */
export async function deleteRecordings(reader: Reader, ids: string[], source: AuditSource = {}) {
  await requireRecordings(reader, ids, "delete");
  for (const id of ids) await deleteRecording(readerId(reader), id, source);
  return ids.length;
}

/**
 * The workspace's folders the reader may see (A to Z, with how many recordings each holds), the tags on recordings
 * they may see (a tag used only behind a wall would name the matter), the unfiled count, and the reader's retention
 * choice.
 */
async function libraryFacets(scope: AccessScope) {
  const { userId, workspaceId } = scope;
  // One round trip for what the page shows around the list: on a busy server each query costs more in the web
  // process than in the database (docs/performance.md).
  const [facets] = await readSql<{
    folders: { id: string; name: string; count: number; restricted: boolean }[];
    tags: { id: string; name: string }[];
    unfiled: number;
    audioDays: number | null;
    recordingDays: number | null;
  }>(Prisma.sql`
    SELECT
      (SELECT COALESCE(json_agg(f ORDER BY f."name"), '[]') FROM (
         SELECT f."id", f."name", f."restricted", (SELECT count(*)::int FROM "Recording" r WHERE r."folderId" = f."id") AS "count"
         FROM "Folder" f WHERE f."workspaceId" = ${workspaceId}
           AND (NOT f."restricted"
                OR EXISTS (SELECT 1 FROM "FolderAccess" fa WHERE fa."folderId" = f."id" AND fa."userId" = ${userId}))) f
      ) AS "folders",
      (SELECT COALESCE(json_agg(t ORDER BY t."name"), '[]') FROM (
         SELECT t."id", t."name" FROM "Tag" t WHERE t."workspaceId" = ${workspaceId}
           AND EXISTS (SELECT 1 FROM "RecordingTag" rt JOIN "Recording" r ON r."id" = rt."recordingId"
                       WHERE rt."tagId" = t."id" AND ${recordingsSql(scope)})) t) AS "tags",
      (SELECT count(*)::int FROM "Recording" r
        WHERE r."workspaceId" = ${workspaceId} AND r."folderId" IS NULL) AS "unfiled",
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
export async function libraryPage(reader: Reader, query: z.infer<typeof RecordingListQuerySchema>) {
  const scope = await accessScope(reader);
  const [list, { folders, tags, unfiled, audioDays, recordingDays }] = await Promise.all([
    listRecordings(scope, query),
    libraryFacets(scope),
  ]);
  const folder = query.folder && query.folder !== NO_FOLDER ? folders.find((entry) => entry.id === query.folder) : null;
  if (folder === undefined) throw folderMissing();
  const folderNames = new Map(folders.map((entry) => [entry.id, entry.name]));
  const items = list.items.map((item) => ({
    ...item,
    folderName: item.folderId ? (folderNames.get(item.folderId) ?? null) : null,
  }));
  // Members who manage walls see the restricted folders that do not name them by name only, to reach their Access
  // page (ADR 034-workspace): never their recordings or counts.
  const canManageAccess = can(scope.role, "manage-policy");
  const otherWalls = canManageAccess
    ? await (
        await db()
      ).folder.findMany({
        where: { workspaceId: scope.workspaceId, restricted: true, access: { none: { userId: scope.userId } } },
        orderBy: { name: "asc" },
        select: { id: true, name: true },
      })
    : [];
  return {
    ...list,
    items,
    folder: folder && { id: folder.id, name: folder.name },
    folders,
    canManageAccess,
    // What the reader's role allows here: a viewer's list offers reading and the ZIP, no forms that would 403.
    may: permissionsOf(scope.role),
    otherWalls,
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
  reader: Reader,
  ids: string[],
  formats: ExportFormat[],
  source: AuditSource = {},
  /** The court-ready layout's choices for the PDF and DOCX files (ADR 046), or null for the standard layout. */
  legal: LegalQuery | null = null,
) {
  const { scope, recordings } = await requireRecordings(reader, ids, "export");
  const ready = recordings.filter((recording) => recording.status === RecordingStatus.COMPLETED);
  if (ready.length === 0)
    throw new RecordingError("None of the selected recordings has a finished transcript yet.", 409);
  // One entry per recording, so that each transcript's history shows the ZIP it went out in.
  for (const recording of ready) {
    await recordAudit({
      ...source,
      action: "recordings.exported",
      actorId: readerId(reader),
      workspaceId: recording.workspaceId,
      target: { kind: "recording", id: recording.id, label: recording.title },
      detail: { formats: formats.join(" "), recordings: ready.length, ...(legal ? { layout: "legal" } : {}) },
    });
  }
  const skipped = recordings.filter((recording) => recording.status !== RecordingStatus.COMPLETED);

  async function* entries(): AsyncGenerator<ZipEntry> {
    const usedNames = new Set<string>();
    const failed: string[] = [];
    for (const recording of ready) {
      let document;
      try {
        document = await transcriptDocument(scope, recording.id);
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
        const court = legal && isLegalFormat(format);
        const file = court
          ? await legalFileOf(document, recording.id, format, legal)
          : await exportTranscript(document, format);
        const suffix = court ? "-legal" : "";
        // Two recordings with the same title get "title.txt" and "title-2.txt" (and "title-2-legal.pdf").
        if (base === null) {
          const slug = file.fileName.slice(0, -(suffix.length + format.length + 1));
          base = slug;
          for (let n = 2; usedNames.has(base); n++) base = `${slug}-${n}`;
          usedNames.add(base);
        }
        yield {
          name: `${base}${suffix}.${format}`,
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

// --- ethical walls (ADR 034-workspace) ---

/**
 * A folder in one of the user's workspaces, for managing its wall: members with `manage-policy` reach it whether or
 * not they are named (they see its name and who is named, never its recordings); anyone else who cannot see it gets
 * a 404, and a member who can see it but may not manage walls a 403.
 */
async function requireWallManager(reader: Reader, folderId: string) {
  const userId = readerId(reader);
  const folder = await (
    await db()
  ).folder.findFirst({
    where: {
      id: folderId,
      // An API key reaches only its own workspace's folders.
      ...(typeof reader === "string"
        ? { workspace: { members: { some: { userId } } } }
        : { workspaceId: reader.workspaceId }),
    },
    select: { id: true, name: true, restricted: true, workspaceId: true },
  });
  if (!folder) throw folderMissing();
  const visible = await (await db()).folder.count({ where: { id: folderId, ...unwalledFolderWhere(userId) } });
  try {
    await requireWorkspaceAction(userId, folder.workspaceId, "manage-policy");
  } catch (error) {
    if (!visible) throw folderMissing();
    throw error;
  }
  return folder;
}

export interface FolderAccessView {
  folder: { id: string; name: string; restricted: boolean };
  /** Every member of the folder's workspace, and whether the wall names them. */
  members: { userId: string; name: string; email: string; role: string; named: boolean }[];
}

/** Who a folder's wall names, for the Access form and `GET /api/v1/folders/{id}/access`. */
export async function folderAccess(reader: Reader, folderId: string): Promise<FolderAccessView> {
  const folder = await requireWallManager(reader, folderId);
  const database = await db();
  const [members, named] = await Promise.all([
    database.workspaceMember.findMany({
      where: { workspaceId: folder.workspaceId },
      orderBy: { createdAt: "asc" },
      select: { role: true, user: { select: { id: true, firstName: true, lastName: true, email: true } } },
    }),
    database.folderAccess.findMany({ where: { folderId }, select: { userId: true } }),
  ]);
  const namedIds = new Set(named.map((row) => row.userId));
  return {
    folder: { id: folder.id, name: folder.name, restricted: folder.restricted },
    members: members.map(({ role, user }) => ({
      userId: user.id,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      role: role.toLowerCase(),
      named: namedIds.has(user.id),
    })),
  };
}

/**
 * Restricts the folder to the named members (an ethical wall) or lifts the restriction. Everyone named must be a
 * member of the workspace, and a wall names at least one member; the list replaces the previous one.
 */
export async function setFolderAccess(
  reader: Reader,
  folderId: string,
  { restricted, memberIds }: { restricted: boolean; memberIds: string[] },
  source: AuditSource = {},
): Promise<FolderAccessView> {
  const folder = await requireWallManager(reader, folderId);
  const ids = [...new Set(memberIds)];
  if (restricted && ids.length === 0) throw new LibraryError("Name at least one member who may open this folder.", 400);
  const database = await db();
  const members = await database.workspaceMember.count({
    where: { workspaceId: folder.workspaceId, userId: { in: ids } },
  });
  if (members !== ids.length) throw new LibraryError("Only members of this workspace can be named.", 400);
  await database.$transaction([
    database.folderAccess.deleteMany({ where: { folderId } }),
    database.folderAccess.createMany({ data: restricted ? ids.map((id) => ({ folderId, userId: id })) : [] }),
    database.folder.update({ where: { id: folderId }, data: { restricted } }),
  ]);
  // A wall and who is named on it are the firm's record of who could see a matter, and when.
  await recordAudit({
    ...source,
    action: "policy.changed",
    actorId: readerId(reader),
    workspaceId: folder.workspaceId,
    target: { kind: "folder", id: folderId, label: folder.name },
    detail: { restricted, named: ids.length },
  });
  return folderAccess(reader, folderId);
}
