// What the court-ready export's certificate states (ADR 046): the media's hash, the engine, and the signed-off
// version when there is one.
import type { Recording } from "~/generated/prisma/client";
import { engineLabel } from "~/modules/recordings/recording-format";
import type { LegalCertificateFacts, SignedOffVersion } from "~/services/export/legal-types";
import { hashStoredMedia } from "./versions.server";
import { formatDate } from "~/utils/dates";

export type { LegalCertificateFacts } from "~/services/export/legal-types";

type CertifiedRecording = Pick<
  Recording,
  "id" | "fileName" | "storageKey" | "durationSeconds" | "engine" | "model" | "audioDeletedAt" | "mediaSha256"
>;

/**
 * The certificate's facts. `signedOff` is the version a reviewer signed off whose text is the text exported (issue 34,
 * item 4); `changedSinceSignOff`, the latest sign-off when the text has changed since. With neither, the certificate
 * says the transcript is an unreviewed machine transcript.
 */
export async function legalCertificateFacts(
  recording: CertifiedRecording,
  {
    signedOff = null,
    changedSinceSignOff = null,
  }: { signedOff?: SignedOffVersion | null; changedSinceSignOff?: SignedOffVersion | null } = {},
): Promise<LegalCertificateFacts> {
  let sha256: string | null = null;
  let mediaNote: string | null = null;
  if (recording.audioDeletedAt)
    mediaNote = `not available: the audio was deleted on ${formatDate(recording.audioDeletedAt)}`;
  else {
    // The hash kept since the first version was cut (ADR 045), else the stored original's, read now.
    sha256 = recording.mediaSha256 ?? (await hashStoredMedia(recording.storageKey));
    if (!sha256) mediaNote = "not available: the audio is missing from storage";
  }
  return {
    fileName: recording.fileName,
    mediaSha256: sha256,
    mediaNote,
    durationSeconds: recording.durationSeconds,
    engine: engineLabel(recording.engine, null) ?? "unknown engine",
    model: recording.model,
    version: signedOff,
    changedSinceSignOff,
  };
}
