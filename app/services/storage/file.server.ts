import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { StorageError, type FileStorage, type StoredObject } from "./storage";

/** Files under a directory on this machine (the default: DATA_DIR/uploads). */
export function fileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(path.resolve(root) + path.sep))
      throw new StorageError(`Storage key escapes the storage root: ${key}`);
    return target;
  };
  return {
    name: "file",
    async putFile(key, localPath) {
      const target = resolve(key);
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
      await fs.promises.access(target);
      return fs.createReadStream(target, range);
    },
    async size(key) {
      return (await fs.promises.stat(resolve(key))).size;
    },
    async download(key, localPath) {
      await fs.promises.copyFile(resolve(key), localPath);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    list(prefix) {
      return walk(path.resolve(root), prefix);
    },
  };
}

/** Files under `root` whose relative path (with "/") starts with `prefix`, depth first. */
async function* walk(root: string, prefix: string, directory = root): AsyncGenerator<StoredObject> {
  const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(directory, entry.name);
    const key = path.relative(root, full).split(path.sep).join("/");
    if (entry.isDirectory()) {
      // Only folders on the way to the prefix, or inside it.
      if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* walk(root, prefix, full);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      const stat = await fs.promises.stat(full).catch(() => null);
      if (stat) yield { key, modifiedAt: stat.mtime };
    }
  }
}
