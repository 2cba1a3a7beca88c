// The export form's query (a GET with checkboxes), for the owner's download link and a share link's alike.
import { z } from "zod";
import { EXPORT_FORMATS, NOTE_STYLES } from "~/services/export/types";

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
  })
  .transform(({ format, options, timestamps, speakers, cover, notes, language, text }) => ({
    format,
    translation: language ? { language, text } : null,
    options: {
      ...(options ? { timestamps: timestamps ?? false, speakers: speakers ?? false, cover: cover ?? false } : {}),
      notes,
    },
  }));
