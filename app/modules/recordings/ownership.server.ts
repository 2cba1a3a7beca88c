// Whose a recording is: every query takes the owner's id, so one user can never reach another's recording (a 404,
// not a 403). Most domains that touch a recording need only this.
import { db } from "~/modules/platform/database.server";
import { ExpectedError } from "~/modules/platform/refusals.server";

/** A refused upload or action, with the HTTP status and a message for the user. */
export class RecordingError extends ExpectedError {}

/** The owner's recording, or a 404 for anyone else. */
export async function requireOwnRecording(userId: string, recordingId: string) {
  const recording = await (await db()).recording.findFirst({ where: { id: recordingId, userId } });
  if (!recording) throw new RecordingError("Recording not found.", 404);
  return recording;
}
