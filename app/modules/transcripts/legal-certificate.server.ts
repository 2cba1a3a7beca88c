// What the court-ready export's certificate states (ADR 046): the media's hash, the engine, and the signed-off
// version when there is one.
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import type { Recording } from "~/generated/prisma/client";
import { engineLabel } from "~/modules/recordings/recording-format";
import type { LegalCertificateFacts, SignedOffVersion } from "~/services/export/legal-types";
import { configuredStorage, type FileStorage } from "~/services/storage/index.server";
import { StoredObjectMissingError } from "~/services/storage/storage";
import { formatDate } from "~/utils/dates";

export type { LegalCertificateFacts } from "~/services/export/legal-types";

type CertifiedRecording = Pick<
  Recording,
  "id" | "fileName" | "storageKey" | "durationSeconds" | "engine" | "model" | "audioDeletedAt"
>;

/**
 * SHA-256 of the stored original as it was uploaded: read through the storage, which decrypts a file encrypted at
 * rest, so the hash is the plain file's (the one a court compares with its own copy).
 */
export async function mediaSha256(storageKey: string, storage: FileStorage = configuredStorage()): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(await storage.read(storageKey), hash);
  return hash.digest("hex");
}

/**
 * The certificate's facts. `signedOff` is the version a reviewer signed off (issue 34, item 4); until that is
 * wired in, none, and the certificate says the transcript is an unreviewed machine transcript.
 */
export async function legalCertificateFacts(
  recording: CertifiedRecording,
  { signedOff = null, storage }: { signedOff?: SignedOffVersion | null; storage?: FileStorage } = {},
): Promise<LegalCertificateFacts> {
  let sha256: string | null = null;
  let mediaNote: string | null = null;
  if (recording.audioDeletedAt)
    mediaNote = `not available: the audio was deleted on ${formatDate(recording.audioDeletedAt)}`;
  else {
    try {
      sha256 = await mediaSha256(recording.storageKey, storage);
    } catch (error) {
      const missing = error instanceof StoredObjectMissingError || (error as NodeJS.ErrnoException).code === "ENOENT";
      if (!missing) throw error;
      mediaNote = "not available: the audio is missing from storage";
    }
  }
  return {
    fileName: recording.fileName,
    mediaSha256: sha256,
    mediaNote,
    durationSeconds: recording.durationSeconds,
    engine: engineLabel(recording.engine, null) ?? "unknown engine",
    model: recording.model,
    version: signedOff,
  };
}
