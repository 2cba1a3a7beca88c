// Resumable uploads with the tus protocol (@tus/server): the browser sends the file in a way that survives a
// dropped connection, and picks up where it stopped. A finished upload goes through the same checks as a
// plain form post (acceptUploadedFile).
import fs from "node:fs";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { configuredStorage, type FileStorage } from "~/services/storage/index.server";
import { dataDir, getEnv } from "~/modules/platform/env.server";
import { isDiskFull } from "~/modules/platform/disk.server";
import {
  acceptUploadedFile,
  checkUploadOptions,
  diskFullError,
  RecordingError,
  requireRoomFor,
  tooLargeError,
  uploadLimitBytes,
} from "./recordings.server";
import { getUserId } from "~/modules/platform/session.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { PROBLEM_CONTENT_TYPE, problemDetails, refusalDetail } from "~/modules/platform/problem-details.server";

export const RESUMABLE_UPLOADS_PATH = "/api/uploads";
/** The finished upload's recording, for the browser to open. */
export const RECORDING_ID_HEADER = "Upload-Recording-Id";

/** An upload not finished within this long is abandoned: its partial file and metadata are deleted. */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;
/** How often abandoned uploads are looked for. */
const EXPIRY_CHECK_MS = 60 * 60_000;

/** A hook's refusal: @tus/server answers with this status and body. */
const refuse = (error: ExpectedError) => ({
  status_code: error.status,
  body: JSON.stringify({ error: error.message }),
});

/** The signed-in user of the browser's session: the dashboard's uploads. */
async function sessionOwner(request: Request): Promise<string> {
  const userId = await getUserId(request);
  if (!userId) throw new RecordingError("Sign in to upload recordings.", 401);
  return userId;
}

/**
 * A tus server whose every refusal is RFC 9457 problem details, the v1 API's one error shape (ADR 026). @tus/server
 * writes all of them through write(): the hooks' refusals, its own (a missing Tus-Resumable header, an unknown
 * upload, a size over the limit) and unexpected errors; successful answers never pass through it.
 */
class ProblemDetailsTusServer extends Server {
  override write(...[context, headers, status, body = ""]: Parameters<Server["write"]>): ReturnType<Server["write"]> {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
    headers.set("Cache-Control", "no-store");
    return super.write(context, headers, status, JSON.stringify(problemDetails(status, refusalDetail(body, status))));
  }
}

/**
 * A tus server at `path`. The dashboard's (the default) knows its user by the session cookie and refuses as the rest
 * of /api does ({ error }); the API's (/api/v1/uploads, server.ts) knows it by the bearer key, through
 * `authenticate`, which throws an ExpectedError to refuse, and refuses with problem details (`problemDetails`).
 */
export function resumableUploadServer({
  path = RESUMABLE_UPLOADS_PATH,
  directoryName = "tus",
  authenticate = sessionOwner,
  problemDetails: answerProblemDetails = false,
}: {
  path?: string;
  directoryName?: string;
  authenticate?: (request: Request) => Promise<string>;
  problemDetails?: boolean;
} = {}): Server {
  const directory = dataDir(directoryName);
  fs.mkdirSync(directory, { recursive: true });
  const storage = configuredStorage();
  const options = { directory, expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS };
  const datastore = storage.incoming ? new EncryptingFileStore(options, storage) : new FileStore(options);

  const ownerOf = async (request: Request) => {
    try {
      return await authenticate(request);
    } catch (error) {
      if (error instanceof ExpectedError) throw refuse(error);
      throw error;
    }
  };

  const server = new (answerProblemDetails ? ProblemDetailsTusServer : Server)({
    path,
    datastore,
    relativeLocation: true,
    exposedHeaders: [RECORDING_ID_HEADER],
    maxSize: getEnv().UPLOAD_MAX_BYTES,
    // Only the user who started an upload can continue, inspect or cancel it.
    async onIncomingRequest(request, uploadId) {
      const userId = await ownerOf(request);
      if (request.method === "POST" || request.method === "OPTIONS" || !uploadId) return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.userId !== userId)
        throw { status_code: 404, body: JSON.stringify({ error: "Upload not found." }) };
    },
    async onUploadCreate(request, upload) {
      const userId = await ownerOf(request);
      try {
        const { plan } = await checkUploadOptions(userId, stringFields(upload));
        if (upload.size === undefined) throw new RecordingError("The upload must say how large the file is.", 400);
        if (upload.size > uploadLimitBytes(plan)) throw tooLargeError(plan);
        await requireRoomFor(upload.size);
      } catch (error) {
        if (error instanceof RecordingError) throw refuse(error);
        throw error;
      }
      return { metadata: { ...upload.metadata, userId } };
    },
    async onUploadFinish(request, upload) {
      const userId = await ownerOf(request);
      const temporaryPath = `${directory}/${upload.id}`;
      // What the encrypting store sealed while the parts arrived (acceptUploadedFile checks it is whole).
      const incoming = await storage.incoming?.({ name: incomingName(upload.id) });
      try {
        const recording = await acceptUploadedFile(userId, {
          temporaryPath,
          fileName: upload.metadata?.filename ?? "recording",
          fields: stringFields(upload),
          incoming,
        });
        return { headers: { [RECORDING_ID_HEADER]: recording.id } };
      } catch (error) {
        if (error instanceof RecordingError) throw refuse(error);
        throw error;
      } finally {
        // The data file was moved into storage (or is refused); neither it nor its metadata is needed again.
        await fs.promises.rm(temporaryPath, { force: true });
        await fs.promises.rm(`${temporaryPath}.json`, { force: true });
        await incoming?.discard();
      }
    },
    // A full disk while a chunk is written is the server's problem, said plainly, not a generic 500.
    async onResponseError(_request, error) {
      if (!isDiskFull(error)) return undefined;
      return refuse(diskFullError());
    },
  });
  void removeExpiredUploads(server);
  setInterval(() => void removeExpiredUploads(server), EXPIRY_CHECK_MS).unref();
  return server;
}

/** Deletes uploads that were started and never finished within RESUMABLE_UPLOAD_EXPIRY_MS. */
export async function removeExpiredUploads(server: Server): Promise<number> {
  try {
    return await server.cleanUpExpiredUploads();
  } catch (error) {
    console.error("[uploads] could not remove expired uploads:", error);
    return 0;
  }
}

/** The encrypting store's name for an upload's sealed copy. */
const incomingName = (uploadId: string) => `tus-${uploadId}`;

/**
 * A FileStore whose parts also go, as they arrive, into an encrypting store (FileStorage.incoming), so a finished
 * upload is not read and encrypted again in one long pass. The sealed copy is a side copy: if it falls behind or
 * fails, the plain file is still whole, and the finished upload is then encrypted from it (acceptUploadedFile).
 */
class EncryptingFileStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly storage: FileStorage,
  ) {
    super(options);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const upload = await this.getUpload(id);
    const incoming = await this.storage.incoming?.({ name: incomingName(id) }).catch(() => undefined);
    if (!incoming || incoming.heldBytes > offset) {
      await incoming?.discard();
      return super.write(readable, id, offset);
    }
    const sealed = incoming.stream;
    const sealing = finished(sealed).catch(() => {});
    try {
      // The bytes after the last whole record an earlier part sealed, from the plain file.
      if (incoming.heldBytes < offset)
        await pipeline(
          fs.createReadStream(this.plainPath(id), { start: incoming.heldBytes, end: offset - 1 }),
          sealed,
          { end: false },
        );
    } catch {
      // The side copy cannot be written: this part goes to the plain file only (the next starts the copy afresh).
      await incoming.discard();
      return super.write(readable, id, offset);
    }
    try {
      const plain = new PassThrough();
      readable.pipe(plain);
      readable.pipe(sealed, { end: false });
      const written = await super.write(plain, id, offset);
      sealed.last = written === upload.size;
      return written;
    } catch (error) {
      sealed.last = false;
      throw error;
    } finally {
      readable.unpipe(sealed);
      sealed.end();
      await sealing;
    }
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    const incoming = await this.storage.incoming?.({ name: incomingName(id) }).catch(() => undefined);
    await incoming?.discard();
  }

  private plainPath(id: string) {
    return path.join(this.directory, id);
  }
}

function stringFields(upload: Upload): Record<string, string> {
  const { language, speakerLabels, speakerCount, translateTo } = upload.metadata ?? {};
  return Object.fromEntries(
    Object.entries({ language, speakerLabels, speakerCount, translateTo }).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}
