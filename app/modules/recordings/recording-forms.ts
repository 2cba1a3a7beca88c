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

/** Upload options, from the dashboard's multipart form or tus metadata; both are parsed with parseWithZod. */
export const UploadOptionsSchema = z.object({
  language: z.union([z.literal("auto"), languageCode]).default("auto"),
  speakerLabels: checkbox.default(false),
  translateTo: z
    .union([z.literal(""), languageCode])
    .optional()
    .transform((value) => value || null),
});
