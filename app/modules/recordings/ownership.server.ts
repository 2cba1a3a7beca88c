// One door to a recording (ADR 034-workspace): every domain and route that touches one asks here, with the action it is
// about to take. A recording is reached through its workspace: a non-member gets a 404, as does a member behind an
// ethical wall that does not name them (the matter's existence would leak); a member whose role does not allow the
// action gets a 403 with the policy's sentence.
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { type Reader, readerId, unwalledRecordingWhere } from "~/modules/workspaces/access.server";
import { can, refusalSentence, type WorkspaceAction, type WorkspaceRole } from "~/modules/workspaces/policy";

/** A refused upload or action, with the HTTP status and a message for the user. */
export class RecordingError extends ExpectedError {}

/**
 * The recording when the reader may take `action` on it. A user id reaches a recording in any workspace they belong
 * to; a scope (an API key's) only one in its own workspace.
 */
export async function requireRecording(reader: Reader, recordingId: string, action: WorkspaceAction) {
  return (await requireRecordingAndRole(reader, recordingId, action)).recording;
}

/** requireRecording, with the reader's role in its workspace: for pages that offer only what the role allows. */
export async function requireRecordingAndRole(reader: Reader, recordingId: string, action: WorkspaceAction) {
  const { recording, role } = await findRecording(reader, recordingId);
  if (!recording || !role) throw new RecordingError("Recording not found.", 404);
  if (!can(role, action)) throw new RecordingError(refusalSentence(role, action), 403);
  return { recording, role };
}

/** The recording and the reader's role in its workspace, or nulls when it does not exist for them (walls included). */
export async function findRecording(reader: Reader, recordingId: string) {
  const userId = readerId(reader);
  const recording = await (
    await db()
  ).recording.findFirst({
    where: {
      id: recordingId,
      ...(typeof reader === "string"
        ? { workspace: { members: { some: { userId } } } }
        : { workspaceId: reader.workspaceId }),
      AND: [unwalledRecordingWhere(userId)],
    },
  });
  if (!recording) return { recording: null, role: null };
  const role: WorkspaceRole | null =
    typeof reader === "string"
      ? ((
          await (
            await db()
          ).workspaceMember.findUnique({
            where: { workspaceId_userId: { workspaceId: recording.workspaceId, userId } },
            select: { role: true },
          })
        )?.role ?? null)
      : reader.role;
  return { recording, role };
}

/** May the reader take `action` on the recording? (For pages that hide what a role may not do.) */
export async function mayOnRecording(reader: Reader, recordingId: string, action: WorkspaceAction) {
  const { role } = await findRecording(reader, recordingId);
  return role !== null && can(role, action);
}
