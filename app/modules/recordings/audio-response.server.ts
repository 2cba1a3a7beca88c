import { Readable } from "node:stream";
import { configuredStorage } from "~/services/storage/index.server";
import { StoredObjectMissingError } from "~/services/storage/storage";
import { byteRange } from "~/utils/byte-range";
import { RecordingError } from "./ownership.server";

/**
 * A stored recording's audio as a response, honouring a single `Range: bytes=a-b` (206, or 416 outside the file) so
 * players can seek; the owner's page and share links both serve audio through it.
 */
export async function storedAudioResponse(
  request: Request,
  file: { storageKey: string; mimeType: string },
  cacheControl: string,
): Promise<Response> {
  const storage = configuredStorage();
  const size = await storage.size(file.storageKey).catch((error: unknown) => {
    if (error instanceof StoredObjectMissingError)
      throw new RecordingError("The audio file of this recording is missing from storage.", 404);
    throw error;
  });
  const headers = new Headers({
    "Content-Type": file.mimeType,
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
  });
  const range = byteRange(request.headers.get("Range"), size);
  if (range === "outside") return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  if (range) {
    const { start, end } = range;
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    const body = await storage.read(file.storageKey, { start, end });
    return new Response(Readable.toWeb(body) as ReadableStream, { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(Readable.toWeb(await storage.read(file.storageKey)) as ReadableStream, { headers });
}
