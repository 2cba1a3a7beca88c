// The export form's query (a GET with checkboxes), for the owner's download link and a share link's alike.
import { z } from "zod";
import { EXPORT_LAYOUTS, isLegalFormat, type LegalFormat } from "~/services/export/legal-types";
import { EXPORT_FORMATS, NOTE_STYLES } from "~/services/export/types";
import { legalQueryFields } from "./legal-forms";
import { TRANSCRIPT_VIEWS } from "~/modules/redaction/categories";

export const EXPORT_TEXTS = ["original", "translation", "both"] as const;

const checked = z.preprocess((value) => value === "on" || value === "true", z.boolean());

// An unchecked box is absent, so "options" marks that the form was used.
export const ExportQuerySchema = z
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
    // The court-ready layout (ADR 046) and its choices.
    layout: z.enum(EXPORT_LAYOUTS, { error: "layout is standard or legal." }).default("standard"),
    // Owners and admins may export the redacted version (ADR 048); everyone else always gets it.
    view: z.enum(TRANSCRIPT_VIEWS, { error: "view is original or redacted." }).optional(),
    ...legalQueryFields,
  })
  .refine((query) => query.layout !== "legal" || isLegalFormat(query.format), {
    message: "The legal layout is a PDF or a Word document: choose format=pdf or format=docx.",
    path: ["format"],
  })
  .transform(
    ({ format, options, timestamps, speakers, cover, notes, language, text, layout, tz, qa, index, view }) => ({
      format,
      view: view ?? null,
      legal: layout === "legal" ? { format: format as LegalFormat, query: { tz, qa, index } } : null,
      translation: language ? { language, text } : null,
      options: {
        ...(options ? { timestamps: timestamps ?? false, speakers: speakers ?? false, cover: cover ?? false } : {}),
        notes,
      },
    }),
  );
