// The caption saved with a recording for its court-ready export (ADR 046).
import type { AuditSource } from "~/modules/audit/audit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { requireRecording } from "~/modules/recordings/ownership.server";
import { type Reader, readerId } from "~/modules/workspaces/access.server";
import { EMPTY_LEGAL_CAPTION, type LegalCaption } from "~/services/export/legal-types";
import { type CaptionInput, captionOf } from "./legal-forms";
import { recordingAuditEntry } from "./transcripts.server";

/** The caption as saved, or an empty one. No access check: the caller has made it. */
export async function recordingCaption(recordingId: string): Promise<LegalCaption> {
  const row = await (await db()).recordingCaption.findUnique({ where: { recordingId } });
  if (!row) return EMPTY_LEGAL_CAPTION;
  const { examinationTitle, examiner, witness } = row;
  return {
    matter: row.matter,
    caseNumber: row.caseNumber,
    court: row.court,
    date: row.date,
    place: row.place,
    appearances: row.appearances,
    startTime: row.startTime,
    timeZone: row.timeZone,
    examination: examiner && witness ? { title: examinationTitle, examiner, witness } : null,
  };
}

/** The caption, for a reader who may view the recording. */
export async function readCaption(reader: Reader, recordingId: string): Promise<LegalCaption> {
  const recording = await requireRecording(reader, recordingId, "view");
  return recordingCaption(recording.id);
}

/** Saves the caption (the `edit` permission), and says so in the audit trail. */
export async function saveCaption(
  reader: Reader,
  recordingId: string,
  input: CaptionInput,
  source: AuditSource,
): Promise<LegalCaption> {
  const recording = await requireRecording(reader, recordingId, "edit");
  const { examination: _examination, ...fields } = captionOf(input);
  const values = {
    ...fields,
    examinationTitle: input.examiner ? input.examinationTitle : "",
    examiner: input.examiner,
    witness: input.witness,
    updatedById: readerId(reader),
  };
  await (
    await db()
  ).recordingCaption.upsert({
    where: { recordingId: recording.id },
    create: { recordingId: recording.id, ...values },
    update: values,
  });
  await recordAudit(
    await recordingAuditEntry(recording.id, {
      ...source,
      action: "transcript.caption-saved",
      actorId: readerId(reader),
    }),
  );
  return recordingCaption(recording.id);
}

/** The caption form's page: the caption and the transcript's speakers (the examiner and witness are chosen among them). */
export async function captionPage(reader: Reader, recordingId: string) {
  const recording = await requireRecording(reader, recordingId, "edit");
  const [caption, speakers] = await Promise.all([
    recordingCaption(recording.id),
    (await db()).transcriptSegment.findMany({
      where: { recordingId: recording.id, speaker: { not: null } },
      distinct: ["speaker"],
      select: { speaker: true },
      orderBy: { speaker: "asc" },
    }),
  ]);
  return {
    recordingId: recording.id,
    title: recording.title,
    caption,
    speakers: speakers.flatMap(({ speaker }) => (speaker ? [speaker] : [])),
  };
}
