import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataDir, getEnv, madeFromEnv, storageKeyTexts } from "~/config/env.server";
import { keyring, parseStorageKey, type StorageKeyring } from "./encryption.server";
import { fileStorage, type FileStorageMaintenance } from "./file.server";
import { parseS3Url, s3Storage } from "./s3.server";
import type { FileStorage } from "./storage";

export type { FileStorage, IncomingObject, StoredObject } from "./storage";
export { StorageError } from "./storage";

/**
 * The configured storage (STORAGE_URL), made once per process: file:/path (DATA_DIR/uploads when unset) or
 * s3://bucket/prefix.
 */
export const configuredStorage: () => FileStorage = madeFromEnv((env) => {
  const url = env.STORAGE_URL;
  const root = configuredStorageRoot();
  if (root) return fileStorage(root, env.STORAGE_ENCRYPTION ? keyringFromEnv() : undefined);
  if (!url) throw new Error("unreachable: no STORAGE_URL means the file store");
  return s3Storage({
    ...parseS3Url(url),
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    serverSideEncryption: env.S3_SSE,
    kmsKeyId: env.S3_SSE_KMS_KEY_ID,
  });
});

/** The folder of the file store (STORAGE_URL file:…, else DATA_DIR/uploads), or null when files go to S3. */
export function configuredStorageRoot(): string | null {
  const url = getEnv().STORAGE_URL;
  if (url && !url.startsWith("file:")) return null;
  if (!url) return dataDir("uploads");
  return url.startsWith("file://") ? fileURLToPath(url) : path.resolve(url.slice("file:".length));
}

/** STORAGE_KEY (or the generated one) to write with, and STORAGE_KEYS that older files may need. */
function keyringFromEnv(): StorageKeyring {
  const texts = storageKeyTexts();
  return keyring(parseStorageKey(texts.current), texts.older.map(parseStorageKey));
}

/**
 * The file store with its maintenance operations (key rotation), or null when STORAGE_URL is S3: a narrower view of
 * configuredStorage()'s one instance, not a second reading of the environment.
 */
export function configuredFileStorage(): (FileStorage & FileStorageMaintenance) | null {
  const configured = configuredStorage();
  return configured.name === "file" ? (configured as FileStorage & FileStorageMaintenance) : null;
}
