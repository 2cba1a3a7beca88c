import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataDir, getEnv } from "~/modules/platform/env.server";
import { fileStorage } from "./file.server";
import { parseS3Url, s3Storage } from "./s3.server";
import type { FileStorage } from "./storage";

export type { FileStorage, StoredObject } from "./storage";
export { StorageError } from "./storage";

let storage: FileStorage | undefined;

/**
 * The configured storage (STORAGE_URL), made once per process: file:/path (DATA_DIR/uploads when unset) or
 * s3://bucket/prefix.
 */
export function configuredStorage(): FileStorage {
  if (storage) return storage;
  const env = getEnv();
  const url = env.STORAGE_URL;
  if (!url || url.startsWith("file:")) {
    const root = url
      ? url.startsWith("file://")
        ? fileURLToPath(url)
        : path.resolve(url.slice("file:".length))
      : dataDir("uploads");
    storage = fileStorage(root);
    return storage;
  }
  storage = s3Storage({
    ...parseS3Url(url),
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
  return storage;
}
