// The court-ready export (issue 34, item 5; ADR 046): the transcript, its caption and its certificate, laid out by
// the export service's legal layout.
import type { TranscriptView } from "~/modules/redaction/categories";
import { db } from "~/modules/platform/database.server";
import type { Reader } from "~/modules/workspaces/access.server";
import { type ExportFile, exportLegalTranscript } from "~/services/export/export.server";
import {
  DEFAULT_LEGAL_TIME_ZONE,
  type LegalCaption,
  type LegalCertificateFacts,
  type LegalFormat,
  type LegalOptions,
} from "~/services/export/legal-types";
import type { TranscriptDocument } from "~/services/export/types";
import { recordingCaption } from "./legal-caption.server";
import { legalCertificateFacts } from "./legal-certificate.server";
import { canonicalTranscript, sha256Hex } from "./record-hash.server";
import { signedOffVersionOf } from "./versions.server";
import { transcriptDocument } from "./transcripts.server";

/** The download's choices, as the export query gives them. */
export interface LegalQuery {
  tz?: string;
  qa?: boolean;
  index?: "speakers" | "words";
}

export function legalOptions(query: LegalQuery, exportedAt = new Date()): LegalOptions {
  return {
    timeZone: query.tz || DEFAULT_LEGAL_TIME_ZONE,
    timeZoneChosen: Boolean(query.tz),
    questionsAndAnswers: query.qa ?? false,
    wordIndex: query.index === "words",
    exportedAt,
  };
}

/** The recording's caption and certificate facts. No access check: the caller has made it. */
export async function legalRecordParts(
  recordingId: string,
): Promise<{ caption: LegalCaption; facts: LegalCertificateFacts }> {
  const database = await db();
  const [recording, caption, signedOff, segments] = await Promise.all([
    database.recording.findUniqueOrThrow({ where: { id: recordingId } }),
    recordingCaption(recordingId),
    signedOffVersionOf(recordingId),
    database.transcriptSegment.findMany({
      where: { recordingId },
      orderBy: { position: "asc" },
      select: { start: true, end: true, speaker: true, text: true },
    }),
  ]);
  // The certificate vouches for a sign-off only when the text exported is the text signed off.
  const current = signedOff !== null && sha256Hex(canonicalTranscript(segments)) === signedOff.contentHash;
  const facts = await legalCertificateFacts(recording, {
    signedOff: current ? signedOff : null,
    changedSinceSignOff: current ? null : signedOff,
  });
  return { caption, facts };
}

/** The legal layout's file from a document the caller was allowed to read. */
export async function legalFileOf(
  document: TranscriptDocument,
  recordingId: string,
  format: LegalFormat,
  query: LegalQuery,
  { withhold = false }: { withhold?: boolean } = {},
): Promise<ExportFile> {
  const { caption, facts } = await legalRecordParts(recordingId);
  // A share link's reader is not told the owner's file name or engine (as in its other downloads); the media hash,
  // the duration and the sign-off, which let anyone check the record, stay.
  const stated = withhold
    ? { ...facts, fileName: "(withheld on a shared link)", engine: "a speech-recognition engine", model: null }
    : facts;
  return exportLegalTranscript(document, format, { caption, facts: stated, options: legalOptions(query) });
}

/** The court-ready file of a transcript the reader may export, in the view their role allows (ADR 048). */
export async function legalTranscriptFile(
  reader: Reader,
  recordingId: string,
  format: LegalFormat,
  query: LegalQuery,
  view: TranscriptView | null = null,
): Promise<ExportFile> {
  const document = await transcriptDocument(reader, recordingId, null, view);
  return legalFileOf(document, recordingId, format, query);
}
