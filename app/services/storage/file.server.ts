import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "./storage";

/** Files under a directory on this machine (the default: DATA_DIR/uploads). */
export function fileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
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
  };
}
