import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataDir, getEnv } from "~/utils/env.server";
import { fileStorage } from "./file.server";
import type { FileStorage } from "./storage";

let storage: FileStorage | undefined;

/** The configured storage (STORAGE_URL): file:/path, or DATA_DIR/uploads when unset. */
export function getStorage(): FileStorage {
  if (storage) return storage;
  const url = getEnv().STORAGE_URL;
  if (!url || url.startsWith("file:")) {
    const root = url ? (url.startsWith("file://") ? fileURLToPath(url) : path.resolve(url.slice("file:".length))) : dataDir("uploads");
    storage = fileStorage(root);
    return storage;
  }
  throw new Error("STORAGE_URL=s3://… is not available in this build yet; use file: storage.");
}
