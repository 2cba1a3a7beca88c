// npm run storage:rotate-key
// After STORAGE_KEY changes (the old key moved to STORAGE_KEYS), rewrites every file in the file: store with the new
// key, and encrypts the plain files written before encryption was on. Safe to stop and run again: each file is
// replaced whole by a rename, and files already under the current key are skipped. Once it finishes, the old key
// can leave STORAGE_KEYS.
import { rotateToCurrentKey } from "~/services/storage/file.server";
import { configuredFileStorage } from "~/services/storage/index.server";

const storage = configuredFileStorage();
if (!storage) {
  console.error("Error: STORAGE_URL is S3: S3 encrypts objects itself (S3_SSE); there is nothing to rotate here.");
  process.exit(1);
}
if (!storage.encrypted) {
  console.error("Error: STORAGE_ENCRYPTION is false; turn it on to encrypt stored files.");
  process.exit(1);
}
const { rewritten, kept } = await rotateToCurrentKey(storage, (key, changed) => {
  if (changed) console.info(`rewrote ${key}`);
});
console.info(`${rewritten} file(s) rewritten with the current key, ${kept} already used it.`);
