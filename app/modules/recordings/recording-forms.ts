// The recording forms' rules, in one isomorphic module: the server parses with them, and the page checks with the same
// schemas in the browser (ADR 011).
import { z } from "zod";

const TITLE_REQUIRED = "Give the recording a name.";
export const TitleSchema = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, TITLE_REQUIRED)
  .max(200, "Names can be at most 200 characters.");

// Tus clients send the checkbox as metadata "true"; the dashboard's form as "on" (which parseWithZod turns into true).
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
// Two letters (ISO 639-1), or three for the few Whisper languages without them (Hawaiian "haw", Cantonese "yue").
const languageCode = z.string().regex(/^[a-z]{2,3}$/, "Choose a language from the list.");

/** The speaker counts a user can give at upload; "auto" lets the labelling estimate it. */
export const SPEAKER_COUNTS = ["2", "3", "4", "5", "6", "7", "8", "9", "10"] as const;

/** Upload options, from the dashboard's multipart form or tus metadata; both are parsed with parseWithZod. */
export const UploadOptionsSchema = z.object({
  language: z.union([z.literal("auto"), languageCode]).default("auto"),
  speakerLabels: checkbox.default(false),
  /** null: estimate the number of speakers. */
  speakerCount: z
    .enum(["auto", ...SPEAKER_COUNTS], { error: "Choose the number of speakers from the list." })
    .default("auto")
    .transform((value) => (value === "auto" ? null : Number(value))),
  translateTo: z
    .union([z.literal(""), languageCode])
    .optional()
    .transform((value) => value || null),
});
