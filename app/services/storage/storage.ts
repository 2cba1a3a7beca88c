import type { Readable, Writable } from "node:stream";
import { ServiceError } from "../errors";

/** Where uploaded originals live. Keys are relative paths such as "recordings/<user>/<id>.mp3". */
export interface FileStorage {
  name: "file" | "s3";
  /** Moves a finished local file into storage (the local file is gone afterwards). */
  putFile(key: string, localPath: string): Promise<void>;
  /** The stored bytes, or the inclusive byte range [start, end] of them (for HTTP Range requests). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The stored bytes' length; StoredObjectMissingError when nothing is stored under the key. */
  size(key: string): Promise<number>;
  /** Copies the stored object to a local path (engines and ffmpeg need a file). */
  download(key: string, localPath: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every stored object whose key starts with `prefix`, with when it was written (in pages, never all at once). */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Only a store with real folders (the file store) offers this: removes the folder a prefix ending in "/" names
   * and the empty folders in it, once nothing is stored there, since a folder's name (a user's id) is data too.
   */
  removeEmptyFolder?(prefix: string): Promise<void>;
  /**
   * Only a store that transforms the bytes on their way in (the encrypting file store) offers this: it does that
   * work while a file arrives, instead of in a second pass over it once it is complete. Others take the finished
   * file with putFile.
   */
  incoming?(options?: { name?: string }): Promise<IncomingObject>;
}

/**
 * A file written into storage while it arrives. With a name, one that arrives in parts (several requests): each
 * call with the name continues it.
 */
export interface IncomingObject {
  /** Plain bytes an earlier part already holds: `stream` takes the file's bytes from there on. */
  heldBytes: number;
  /**
   * Plain bytes per sealed record. A part that is not the last leaves its last, incomplete record unwritten
   * (`heldBytes` ends at a record edge), so its caller keeps those bytes for the next part.
   */
  recordBytes: number;
  /** Takes the file's bytes, in order. Set `last` to false before ending it when more parts will follow. */
  stream: Writable & { last: boolean };
  /**
   * What `stream` wrote, once it has finished, before it is filed: its length in plain bytes, and a reader for an
   * inclusive range of them (what ffprobe reads to check the upload, so no plain copy is kept for it).
   */
  written(): Promise<{ bytes: number; read(range: { start: number; end: number }): Readable }>;
  /** Files the object under `key` once `stream` has finished; refuses it unless it holds `plainBytes` bytes. */
  commit(key: string, plainBytes: number): Promise<void>;
  /** Removes what was written (after a refusal or a failure); does nothing after a commit. */
  discard(): Promise<void>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Storage refused or failed an operation (a key outside the root, a bad STORAGE_URL, an empty S3 answer…). */
export class StorageError extends ServiceError {}

/** No object is stored under the key (the file was removed from under the database, or never arrived). */
export class StoredObjectMissingError extends StorageError {
  constructor(key: string) {
    super(`Nothing is stored under ${key}.`);
  }
}
