// The recording forms' rules, in one isomorphic module: the server parses with them, and the page checks with the same
// schemas in the browser (ADR 011).
import { z } from "zod";
import { singleLineName } from "~/utils/text";

const TITLE_REQUIRED = "Give the recording a name.";
export const TitleSchema = singleLineName({
  noun: "Names",
  required: TITLE_REQUIRED,
  max: 200,
  tooLong: "Names can be at most 200 characters.",
});

// Tus clients send the checkbox as metadata "true"; the dashboard's form as "on" (which parseWithZod turns into true).
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
// Two letters (ISO 639-1), or three for the few Whisper languages without them (Hawaiian "haw", Cantonese "yue").
const languageCode = z.string().regex(/^[a-z]{2,3}$/, "Choose a language from the list.");

/** The speaker counts a user can give at upload; "auto" lets the labelling estimate it. */
export const SPEAKER_COUNTS = ["2", "3", "4", "5", "6", "7", "8", "9", "10"] as const;

/** The upload form's hidden `intent`, by which the dashboard tells the upload's reply from the import form's. */
export const UPLOAD_INTENT = "upload";

export const NO_FILE = "Choose an audio file to upload.";

export const tooLargeMessage = (limit: string, planName: string) =>
  `This file is larger than ${limit}, the upload limit on the ${planName} plan.`;

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
  /** A folder of the workspace to file it in; "" or absent: no folder. */
  folderId: z
    .string()
    .trim()
    .max(64, "Choose the folder from the list.")
    .optional()
    .transform((value) => value || null),
});

/** The file the form holds: an empty file input sends a nameless, empty File. */
function chosenFile(value: unknown): File | undefined {
  const file = (value as { file?: unknown }).file;
  return file instanceof File && file.name !== "" ? file : undefined;
}

function buildUploadFormSchema(maxBytes: number, tooLarge: string) {
  return UploadOptionsSchema.extend({ file: z.unknown() })
    .refine((value) => chosenFile(value), { message: NO_FILE, path: [], when: () => true })
    .refine((value) => (chosenFile(value)?.size ?? 0) <= maxBytes, { message: tooLarge, path: [], when: () => true });
}

// One per plan limit, made once: building a zod schema costs more than the rest of the form's render, and the server
// renders the dashboard for every request.
const uploadFormSchemas = new Map<string, ReturnType<typeof buildUploadFormSchema>>();

/**
 * The dashboard's upload form as the browser checks it: the options, and a file within the plan's limit. A refused file
 * is the form's error (path []), where the server's file refusals show too; it is checked even when an option is wrong.
 */
export function uploadFormSchema({ maxBytes, tooLarge }: { maxBytes: number; tooLarge: string }) {
  const key = `${maxBytes}\n${tooLarge}`;
  let schema = uploadFormSchemas.get(key);
  if (!schema) uploadFormSchemas.set(key, (schema = buildUploadFormSchema(maxBytes, tooLarge)));
  return schema;
}
