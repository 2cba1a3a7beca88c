import { Readable } from "node:stream";
import type { Route } from "./+types/transcription-audio";
import { configuredStorage } from "~/services/storage/index.server";
import { requireOwnRecording } from "~/modules/recordings/recordings.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { recordAccess } from "~/modules/privacy/access-log.server";
import { ExpectedError } from "~/modules/platform/refusals.server";

// GET /transcription/:recordingId/audio: the owner's original file, with Range support so the player can seek.
export const loader = withRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const recording = await requireOwnRecording(userId, params.recordingId);
  if (recording.audioDeletedAt)
    throw new ExpectedError("The audio of this recording was deleted. The transcript is kept.", 404);
  const storage = configuredStorage();
  const size = await storage.size(recording.storageKey);
  const headers = new Headers({
    "Content-Type": recording.mimeType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
  });
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("Range") ?? "");
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
    }
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    const body = await storage.read(recording.storageKey, { start, end });
    return new Response(Readable.toWeb(body) as ReadableStream, { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  // A whole-file request is a download; the player asks for ranges as it plays, and those are not logged one by one.
  await recordAccess(userId, "audio.downloaded", { request, context, detail: recording.title });
  return new Response(Readable.toWeb(await storage.read(recording.storageKey)) as ReadableStream, { headers });
});
