import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { finished, pipeline } from "node:stream/promises";
import { type EncryptedPart, type EncryptingWriter, encryptingWriter } from "./encrypting-writer.server";
import { CHUNK_BYTES, decryptRange, readHeader, type StorageKeyring, TAG_BYTES } from "./encryption.server";
import {
  StorageError,
  StoredObjectMissingError,
  type FileStorage,
  type IncomingObject,
  type StoredObject,
} from "./storage";

/** Where files are encrypted before they are renamed into place: inside the root (same disk), outside every key. */
const INCOMING = ".incoming";
/** A file being written is kept this long: longer than an unfinished tus upload is kept (24 h). */
const INCOMING_MAX_AGE_MS = 25 * 60 * 60_000;
const STALE_CHECK_MS = 60 * 60_000;

/**
 * Files under a directory on this machine (the default: DATA_DIR/uploads). With `keys`, each file is encrypted at
 * rest (encryption.server.ts) with the current key; files written before, in plain or with an older key, stay
 * readable.
 */
export function fileStorage(root: string, keys?: StorageKeyring): FileStorage & FileStorageMaintenance {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(path.resolve(root) + path.sep) || key.startsWith(`${INCOMING}/`))
      throw new StorageError(`Storage key escapes the storage root: ${key}`);
    return target;
  };
  /** A new file in the store's own folder for files being written (same disk, so it can be renamed into place). */
  const incomingPath = async () => {
    const incoming = path.join(root, INCOMING);
    await fs.promises.mkdir(incoming, { recursive: true });
    return path.join(incoming, crypto.randomUUID());
  };
  /** Renames a finished file over `target` (a reader never sees half a file). */
  const moveInto = async (temporary: string, target: string) => {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(temporary, target);
  };
  /** Encrypts the finished file `source` into the store under `key`: the same sealing as a file that arrives. */
  const encryptInto = async (source: string, key: string, keyring: StorageKeyring) => {
    const { size } = await fs.promises.stat(source);
    const arriving = await incoming(keyring);
    try {
      await pipeline(fs.createReadStream(source, { highWaterMark: CHUNK_BYTES }), arriving.stream);
      // The file grew or shrank while it was read: commit refuses what is not the file.
      await arriving.commit(key, size);
    } finally {
      await arriving.discard();
    }
  };
  /**
   * Encrypts a file while it arrives (FileStorage.incoming). A named one is continued by the next call with the
   * same name (the parts of a tus upload, which may reach different processes): its stream then starts where the
   * records written so far end.
   */
  const incoming = async (keyring: StorageKeyring, name?: string): Promise<IncomingObject> => {
    if (name !== undefined && !/^[\w-]{1,200}$/.test(name)) throw new StorageError(`Bad incoming file name: ${name}`);
    const temporary = name ? path.join(root, INCOMING, name) : await incomingPath();
    await fs.promises.mkdir(path.dirname(temporary), { recursive: true });
    void removeStaleIncoming();
    const earlier = name ? await partWritten(temporary, keyring) : undefined;
    let stream: EncryptingWriter | undefined;
    return {
      heldBytes: earlier ? earlier.records * earlier.header.chunkBytes : 0,
      recordBytes: earlier?.header.chunkBytes ?? CHUNK_BYTES,
      // Made on first use: a caller that only commits (the last tus request) starts no worker.
      get stream() {
        return (stream ??= encryptingWriter(temporary, keyring.current, earlier));
      },
      async written() {
        if (stream && !stream.writableFinished) throw new StorageError("The file is still arriving.");
        const header = await readHeader(temporary);
        if (!header) throw new StorageError("The file being written has no encryption header.");
        return { bytes: header.plainBytes, read: (range) => decryptRange(temporary, header, keyring, range) };
      },
      async commit(key, plainBytes) {
        if (stream && !stream.writableFinished) throw new StorageError("The file is still arriving.");
        const header = await readHeader(temporary).catch(() => null);
        if (header?.plainBytes !== plainBytes)
          throw new StorageError(`The encrypted copy holds ${header?.plainBytes ?? "no"} bytes, not ${plainBytes}.`);
        // Its last record must be sealed as the last: a part cut off in the middle is refused here.
        await finished(
          decryptRange(temporary, header, keyring, {
            start: Math.max(0, plainBytes - 1),
            end: plainBytes - 1,
          }).resume(),
        );
        await moveInto(temporary, resolve(key));
      },
      async discard() {
        stream?.destroy();
        await stream?.stopped;
        // Recursive: whatever took the name is removed with it, so a bad leftover cannot block the next upload.
        await fs.promises.rm(temporary, { force: true, recursive: true });
      },
    };
  };
  /** Drops files being written that are older than any upload may take (a crash's leftovers), at most hourly. */
  let lastStaleCheck = 0;
  const removeStaleIncoming = async () => {
    if (Date.now() - lastStaleCheck < STALE_CHECK_MS) return;
    lastStaleCheck = Date.now();
    const folder = path.join(root, INCOMING);
    for (const entry of await fs.promises.readdir(folder).catch(() => [])) {
      const file = path.join(folder, entry);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > INCOMING_MAX_AGE_MS) await fs.promises.rm(file, { force: true });
    }
  };
  return {
    name: "file",
    encrypted: Boolean(keys),
    ...(keys ? { incoming: (options?: { name?: string }) => incoming(keys, options?.name) } : {}),
    async putFile(key, localPath) {
      const target = resolve(key);
      if (keys) {
        await encryptInto(localPath, key, keys);
        await fs.promises.rm(localPath, { force: true });
        return;
      }
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(localPath, target);
      } catch (error) {
        // Another disk: copy, then remove the temporary file.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await pipeline(fs.createReadStream(localPath), fs.createWriteStream(target));
        await fs.promises.rm(localPath, { force: true });
      }
    },
    async read(key, range) {
      const target = resolve(key);
      const header = await readHeader(target);
      if (!header) return fs.createReadStream(target, range);
      if (!keys) throw new StorageError("This file is encrypted, and no storage key is configured.");
      return decryptRange(target, header, keys, range);
    },
    async size(key) {
      const target = resolve(key);
      try {
        const header = await readHeader(target);
        return header ? header.plainBytes : (await fs.promises.stat(target)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async download(key, localPath) {
      const target = resolve(key);
      const header = await readHeader(target);
      if (!header) return fs.promises.copyFile(target, localPath);
      if (!keys) throw new StorageError("This file is encrypted, and no storage key is configured.");
      await pipeline(decryptRange(target, header, keys), fs.createWriteStream(localPath));
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    list(prefix) {
      return walk(path.resolve(root), prefix);
    },
    async removeEmptyFolder(prefix) {
      if (!prefix.endsWith("/")) return;
      await removeEmptyFolders(resolve(prefix.slice(0, -1)));
    },
    async reencrypt(key) {
      if (!keys) throw new StorageError("Set STORAGE_KEY to encrypt stored files.");
      const target = resolve(key);
      const header = await readHeader(target);
      if (header?.keyId === keys.current.id) return false;
      // Decrypted next to the store (never in memory), then encrypted with the current key and renamed over it.
      const plain = path.join(root, INCOMING, `${crypto.randomUUID()}.plain`);
      await fs.promises.mkdir(path.dirname(plain), { recursive: true });
      try {
        if (header) await pipeline(decryptRange(target, header, keys), fs.createWriteStream(plain, { mode: 0o600 }));
        else await fs.promises.copyFile(target, plain);
        await encryptInto(plain, key, keys);
      } finally {
        await fs.promises.rm(plain, { force: true });
      }
      return true;
    },
  };
}

/** What only the file store can do: say whether it encrypts, and move one file to the current key. */
export interface FileStorageMaintenance {
  encrypted: boolean;
  /** Rewrites the file with the current key (plain or older-key files); false when it already uses it. */
  reencrypt(key: string): Promise<boolean>;
}

/** Removes `directory` and the folders in it, depth first, as long as each is empty; a file keeps its folders. */
async function removeEmptyFolders(directory: string): Promise<void> {
  const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => null);
  if (!entries) return;
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyFolders(path.join(directory, entry.name));
  // Not recursive: a folder that is not empty (a file written meanwhile) stays, with its file.
  await fs.promises.rmdir(directory).catch(() => {});
}

/** Files under `root` whose relative path (with "/") starts with `prefix`, depth first. */
async function* walk(root: string, prefix: string, directory = root): AsyncGenerator<StoredObject> {
  const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    const key = path.relative(root, full).split(path.sep).join("/");
    if (directory === root && entry.name === INCOMING) continue;
    if (entry.isDirectory()) {
      // Only folders on the way to the prefix, or inside it.
      if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* walk(root, prefix, full);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      const stat = await fs.promises.stat(full).catch(() => null);
      if (stat) yield { key, modifiedAt: stat.mtime };
    }
  }
}

/** Rewrites every stored file not yet under the current key (plain or older keys), one at a time, streamed. */
export async function rotateToCurrentKey(
  storage: FileStorage & FileStorageMaintenance,
  onFile: (key: string, rewritten: boolean) => void = () => {},
): Promise<{ rewritten: number; kept: number }> {
  const keys: string[] = [];
  // Listed first, then rewritten: renaming into a folder while walking it could list a file twice.
  for await (const object of storage.list("")) keys.push(object.key);
  let rewritten = 0;
  for (const key of keys) {
    const changed = await storage.reencrypt(key);
    if (changed) rewritten++;
    onFile(key, changed);
  }
  return { rewritten, kept: keys.length - rewritten };
}

/** The whole records an earlier part of a named incoming file holds, or undefined to start it afresh. */
async function partWritten(file: string, keyring: StorageKeyring): Promise<EncryptedPart | undefined> {
  const header = await readHeader(file).catch(() => null);
  const key = header && keyring.byId.get(header.keyId);
  if (!header || !key || header.version !== 2 || header.chunkBytes !== CHUNK_BYTES) return undefined;
  const { size } = await fs.promises.stat(file);
  return { header, key, records: Math.floor((size - header.raw.length) / (CHUNK_BYTES + TAG_BYTES)) };
}
