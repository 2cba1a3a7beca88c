import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { pipeline } from "node:stream/promises";
import { decryptRange, encryptFile, readHeader, type StorageKeyring } from "./encryption.server";
import { StorageError, StoredObjectMissingError, type FileStorage, type StoredObject } from "./storage";

/** Where files are encrypted before they are renamed into place: inside the root (same disk), outside every key. */
const INCOMING = ".incoming";

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
  /** Encrypts `source` to a temporary file, then renames it over `target` (a reader never sees half a file). */
  const encryptInto = async (source: string, target: string, keyring: StorageKeyring) => {
    const incoming = path.join(root, INCOMING);
    await fs.promises.mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, crypto.randomUUID());
    try {
      await encryptFile(source, temporary, keyring.current);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(temporary, target);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  };
  return {
    name: "file",
    encrypted: Boolean(keys),
    async putFile(key, localPath) {
      const target = resolve(key);
      if (keys) {
        await encryptInto(localPath, target, keys);
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
        await encryptInto(plain, target, keys);
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
