// Resumable uploads with the tus protocol (@tus/server): the browser sends the file in a way that survives a
// dropped connection, and picks up where it stopped. A finished upload goes through the same checks as a
// plain form post (acceptUploadedFile).
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import { ERRORS, Server, type Upload } from "@tus/server";
import { configuredStorage, type FileStorage } from "~/services/storage/index.server";
import { dataDir, getEnv } from "~/config/env.server";
import { isDiskFull } from "~/modules/platform/disk.server";
import { RecordingError } from "./ownership.server";
import {
  acceptUploadedFile,
  checkUploadOptions,
  diskFullError,
  requireRoomFor,
  tooLargeError,
  uploadLimitBytes,
} from "./upload.server";
import { getUserId } from "~/modules/platform/session.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { PROBLEM_CONTENT_TYPE, problemDetails, refusalDetail } from "~/modules/platform/problem-details.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("uploads");

export const RESUMABLE_UPLOADS_PATH = "/api/uploads";
/** The finished upload's recording, for the browser to open. */
export const RECORDING_ID_HEADER = "Upload-Recording-Id";

/** An upload not finished within this long is abandoned: its partial file and metadata are deleted. */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60_000;
/** How often abandoned uploads are looked for. */
const EXPIRY_CHECK_MS = 60 * 60_000;

export const EMPTY_UPLOAD = "The file is empty. Choose a recording that has sound in it.";
const UPLOAD_FAILED = "The upload failed on our side. Please try again.";

/**
 * A hook's refusal: @tus/server answers with this status and body. A hook cannot set headers, so a Retry-After the
 * refusal carries travels in the body, and write() turns it into the header.
 */
const refuse = (error: ExpectedError) => ({
  status_code: error.status,
  body: JSON.stringify({ error: error.message, retryAfter: error.headers?.["Retry-After"] }),
});

const retryAfterIn = (body: string): string | undefined => {
  try {
    const { retryAfter } = JSON.parse(body) as { retryAfter?: unknown };
    return typeof retryAfter === "string" ? retryAfter : undefined;
  } catch {
    return undefined;
  }
};

/** A refusal @tus/server or a hook made on purpose (its own ERRORS, `refuse`): a status and a body to send. */
const isTusRefusal = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  typeof (error as { status_code?: unknown }).status_code === "number" &&
  typeof (error as { body?: unknown }).body === "string";

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
/**
 * The collection (`path` itself) only creates uploads: tus answers other methods there with a 404 or a 400 about
 * headers, so they are refused first, with 405 and Allow. An upload's own address takes tus's methods.
 */
const COLLECTION_METHODS = ["POST", "OPTIONS"];

class TusServer extends Server {
  /** Whether refusals are problem details (the REST API) rather than `{ error }`. */
  protected readonly problems: boolean = false;

  override async handle(...[request, response]: Parameters<Server["handle"]>): ReturnType<Server["handle"]> {
    const pathname = (request.url ?? "/").split("?")[0].replace(/\/+$/, "");
    if (pathname !== this.options.path || COLLECTION_METHODS.includes(request.method ?? "")) {
      return super.handle(request, response);
    }
    const allow = COLLECTION_METHODS.join(", ");
    const message = `This address does not take ${request.method} requests. Use POST to start an upload.`;
    response.writeHead(405, {
      Allow: allow,
      "Cache-Control": "no-store",
      "Content-Type": this.problems ? PROBLEM_CONTENT_TYPE : "application/json; charset=utf-8",
    });
    response.end(JSON.stringify(this.problems ? problemDetails(405, message) : { error: message }));
  }
}

class ProblemDetailsTusServer extends TusServer {
  protected override readonly problems = true;

  override write(...[context, headers, status, body = ""]: Parameters<Server["write"]>): ReturnType<Server["write"]> {
    if (status < 400) return super.write(context, headers, status, body);
    const retryAfter = retryAfterIn(body);
    if (retryAfter) headers.set("Retry-After", retryAfter);
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
  const datastore = storage.incoming
    ? new SealingFileStore(options, { ...storage, incoming: storage.incoming })
    : new FileStore(options);

  const ownerOf = async (request: Request) => {
    try {
      return await authenticate(request);
    } catch (error) {
      if (error instanceof ExpectedError) throw refuse(error);
      throw error;
    }
  };

  const server = new (answerProblemDetails ? ProblemDetailsTusServer : TusServer)({
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
        // A zero-length upload would finish before any byte arrived, with no file to check.
        if (upload.size === 0) throw new RecordingError(EMPTY_UPLOAD, 400);
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
      // The encrypting store holds the whole upload, sealed while the parts arrived (acceptUploadedFile checks it
      // is whole); other stores take FileStore's plain file.
      const incoming = await storage.incoming?.({ name: incomingName(upload.id) });
      try {
        const recording = await acceptUploadedFile(userId, {
          ...(incoming ? { incoming } : { temporaryPath }),
          fileName: upload.metadata?.filename ?? "recording",
          fields: stringFields(upload),
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
    // A full disk while a chunk is written is the server's problem, said plainly, not a generic 500. Any other
    // error without a tus status is unexpected: @tus/server would send its message (file paths included), so it is
    // logged and answered in general words.
    async onResponseError(request, error) {
      if (isDiskFull(error)) return refuse(diskFullError());
      if (isTusRefusal(error)) return undefined;
      log.error({ err: error, method: request.method }, "upload request failed");
      return { status_code: 500, body: JSON.stringify({ error: UPLOAD_FAILED }) };
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
    log.error({ err: error }, "could not remove expired uploads");
    return 0;
  }
}

/** The encrypting store's name for an upload's sealed copy. */
const incomingName = (uploadId: string) => `tus-${uploadId}`;

/**
 * A FileStore that keeps no plain copy of an upload: each part is sealed into the encrypting store
 * (FileStorage.incoming) as it arrives. What a part leaves unsealed (its last record, at most `recordBytes`: a
 * record is sealed only once it is known whether more follows) waits in FileStore's file for the next part, after
 * an 8-byte header that says where in the upload those bytes start. An upload's offset is what is sealed plus those
 * bytes, so what a crash or a failed seal lost is simply sent again: the tus client resumes from the offset it is
 * told.
 */
class SealingFileStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly storage: FileStorage & { incoming: NonNullable<FileStorage["incoming"]> },
  ) {
    super(options);
  }

  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(upload);
    await fs.promises.writeFile(this.unsealedPath(upload.id), unsealedHeader(0));
    return created;
  }

  override async getUpload(id: string): Promise<Upload> {
    const upload = await super.getUpload(id);
    const incoming = await this.storage.incoming({ name: incomingName(id) });
    const unsealed = await this.unsealed(id, incoming.heldBytes);
    upload.offset = incoming.heldBytes + unsealed.length;
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const upload = await super.getUpload(id);
    const incoming = await this.storage.incoming({ name: incomingName(id) });
    const held = incoming.heldBytes;
    const unsealed = await this.unsealed(id, held);
    // @tus/server checked the client's offset against getUpload's, which this is.
    if (held + unsealed.length !== offset) throw ERRORS.FILE_WRITE_ERROR;
    const recordBytes = incoming.recordBytes;
    // The chunks that hold the last record begun so far (a whole one when the bytes end on its edge): a part that
    // is not the last leaves those bytes unsealed. Kept as they came, not copied: the network gives each its own.
    const recordStart = (end: number) => (end === 0 ? 0 : end - 1 - ((end - 1) % recordBytes));
    const recent: Buffer[] = [];
    let recentStart = held;
    let position = held;
    const sealed = incoming.stream;
    let failure: unknown;
    // A failed seal is also emitted as an "error" event, which must have a listener or it would end the process;
    // the chunk's callback (or finishing the stream) reports it too.
    sealed.on("error", (error) => (failure ??= error));
    // Settles when the sealing stream has taken the chunk: its callback is called even when the stream has failed
    // or been destroyed meanwhile, which a wait for "drain" would miss.
    const send = (chunk: Buffer) =>
      new Promise<void>((resolve, reject) => {
        recent.push(chunk);
        position += chunk.length;
        while (recent.length > 1 && recentStart + recent[0].length <= recordStart(position))
          recentStart += recent.shift()!.length;
        sealed.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    try {
      await send(unsealed);
      for await (const chunk of readable) await send(chunk as Buffer);
      sealed.last = position === upload.size;
    } catch (error) {
      // The client went away, or sealing failed: what was sealed and received is kept all the same.
      failure = error;
      sealed.last = false;
    }
    sealed.end();
    await finished(sealed).catch((error: unknown) => (failure ??= error));

    // What is sealed now decides what stays unsealed: normally the bytes past the last sealed record, all at hand in
    // `tail`. After a failure, the bytes past the records it managed to seal may not be, and are sent again.
    const after = await this.storage.incoming({ name: incomingName(id) });
    const tailStart = recordStart(position);
    const tail = Buffer.concat(recent).subarray(tailStart - recentStart);
    if (failure && after.heldBytes === 0) {
      // Nothing usable is sealed: the sealed copy starts afresh (whatever took its name is removed with it).
      await after.discard();
      await this.keepUnsealed(id, 0, Buffer.alloc(0));
    } else if (after.heldBytes >= tailStart && after.heldBytes <= position) {
      await this.keepUnsealed(id, after.heldBytes, tail.subarray(after.heldBytes - tailStart, position - tailStart));
    } else if (after.heldBytes !== held) {
      await this.keepUnsealed(id, after.heldBytes, Buffer.alloc(0));
    }
    if (failure) throw isDiskFull(failure) ? failure : ERRORS.FILE_WRITE_ERROR;
    return after.heldBytes + (await this.unsealed(id, after.heldBytes)).length;
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    const incoming = await this.storage.incoming({ name: incomingName(id) }).catch(() => undefined);
    await incoming?.discard();
  }

  private unsealedPath(id: string) {
    return path.join(this.directory, id);
  }

  /** The bytes waiting to be sealed, if they start where the sealed copy ends (else they are stale: none). */
  private async unsealed(id: string, sealedBytes: number): Promise<Buffer> {
    const bytes = await fs.promises.readFile(this.unsealedPath(id)).catch(() => Buffer.alloc(0));
    if (bytes.length < UNSEALED_HEADER_BYTES || Number(bytes.readBigUInt64BE(0)) !== sealedBytes)
      return Buffer.alloc(0);
    return bytes.subarray(UNSEALED_HEADER_BYTES);
  }

  /** Replaces the bytes waiting to be sealed (written aside, then renamed: never half a file). */
  private async keepUnsealed(id: string, start: number, bytes: Buffer) {
    const next = `${this.unsealedPath(id)}.next`;
    await fs.promises.writeFile(next, Buffer.concat([unsealedHeader(start), bytes]), { mode: 0o600 });
    await fs.promises.rename(next, this.unsealedPath(id));
  }
}

const UNSEALED_HEADER_BYTES = 8;
/** Where in the upload the unsealed bytes after it start. */
const unsealedHeader = (start: number) => {
  const header = Buffer.alloc(UNSEALED_HEADER_BYTES);
  header.writeBigUInt64BE(BigInt(start));
  return header;
};

function stringFields(upload: Upload): Record<string, string> {
  const { language, speakerLabels, speakerCount, translateTo } = upload.metadata ?? {};
  return Object.fromEntries(
    Object.entries({ language, speakerLabels, speakerCount, translateTo }).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}
