import { z } from "zod";
import type { Route } from "./+types/transcription-export";
import { exportTranscript } from "~/services/export/export.server";
import { EXPORT_FORMATS, NOTE_STYLES } from "~/services/export/types";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { EXPORT_TEXTS, transcriptDocument } from "~/modules/transcripts/transcripts.server";
import { requireUserId } from "~/modules/platform/session.server";
import { recordAccess } from "~/modules/privacy/access-log.server";

const checked = z.preprocess((value) => value === "on" || value === "true", z.boolean());

// The export form is a GET with checkboxes: an unchecked box is absent, so "options" marks that the form was used.
const ExportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: `Choose one of: ${EXPORT_FORMATS.join(", ")}.` }),
    options: z.string().optional(),
    timestamps: checked.optional(),
    speakers: checked.optional(),
    cover: checked.optional(),
    notes: z.enum(NOTE_STYLES, { error: "Choose how to export the notes." }).optional(),
    // A translation's language, and whether to export the original, the translation, or both (bilingual).
    language: z
      .string()
      .regex(/^[a-z]{2}$/, "Choose a translation from the list.")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    text: z.enum(EXPORT_TEXTS).default("original"),
  })
  .transform(({ format, options, timestamps, speakers, cover, notes, language, text }) => ({
    format,
    translation: language ? { language, text } : null,
    options: {
      ...(options ? { timestamps: timestamps ?? false, speakers: speakers ?? false, cover: cover ?? false } : {}),
      notes,
    },
  }));

// GET /transcription/:recordingId/export?format=pdf|docx|txt|srt|vtt|json[&options=1&timestamps=on&speakers=on&cover=on]
//   [&language=es&text=original|translation|both]
// A download link, not a page: refusals answer in plain text, which the browser shows as it is.
export const loader = withRefusals(
  async ({ request, params, context }: Route.LoaderArgs) => {
    const userId = await requireUserId(request);
    const query = ExportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new ExpectedError(query.error.issues[0]?.message ?? "Invalid export options.", 400);
    const document = await transcriptDocument(userId, params.recordingId, query.data.translation);
    const file = await exportTranscript(document, query.data.format, query.data.options);
    await recordAccess(userId, "transcript.exported", {
      request,
      context,
      detail: `${document.title} (${query.data.format.toUpperCase()})`,
    });
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { as: "text" },
);
