// The court-ready export's caption form and its download options (ADR 046). Isomorphic: the page, the routes and
// the API share these schemas.
import { z } from "zod";
import {
  DEFAULT_LEGAL_TIME_ZONE,
  EMPTY_LEGAL_CAPTION,
  isTimeZone,
  type LegalCaption,
} from "~/services/export/legal-types";

export const CAPTION_LIMITS = { line: 300, appearances: 30, name: 100 } as const;

// Conform sends an empty field as absent: every text is optional and means "" then.
const text = (label: string, max: number = CAPTION_LIMITS.line) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? "");

const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "That date does not exist.")
  .optional()
  .or(z.literal(""))
  .transform((value) => value ?? "");

const startTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give the start time as HH:MM (24-hour).")
  .optional()
  .or(z.literal(""))
  .transform((value) => value ?? "");

export const timeZoneField = z
  .string()
  .trim()
  .refine(isTimeZone, "Choose a time zone by its IANA name, such as Europe/Berlin or America/New_York.");

/** The caption's fields, with appearances as a list (the API's body). */
const captionFields = {
  matter: text("The matter"),
  caseNumber: text("The case number", CAPTION_LIMITS.name),
  court: text("The court or venue"),
  date,
  place: text("The place"),
  startTime,
  timeZone: timeZoneField.optional().transform((value) => value || DEFAULT_LEGAL_TIME_ZONE),
  examinationTitle: text("The examination's heading"),
  examiner: text("The examiner", CAPTION_LIMITS.name),
  witness: text("The witness", CAPTION_LIMITS.name),
};

function checkCaption(
  value: { examiner: string; witness: string; startTime: string; date: string },
  context: z.RefinementCtx,
) {
  if (Boolean(value.examiner) !== Boolean(value.witness))
    context.addIssue({
      code: "custom",
      path: [value.examiner ? "witness" : "examiner"],
      message: "The Q./A. layout needs both who asks and who answers.",
    });
  else if (value.examiner && value.examiner === value.witness)
    context.addIssue({ code: "custom", path: ["witness"], message: "The witness and the examiner must differ." });
  if (value.startTime && !value.date)
    context.addIssue({ code: "custom", path: ["date"], message: "A start time needs the date it was on." });
}

const appearanceLines = z
  .array(z.string().trim().max(CAPTION_LIMITS.line, `An appearance can be at most ${CAPTION_LIMITS.line} characters.`))
  .max(CAPTION_LIMITS.appearances, `List at most ${CAPTION_LIMITS.appearances} appearances.`)
  .transform((lines) => lines.filter(Boolean));

/** PUT /api/v1/recordings/{id}/caption. */
export const CaptionBodySchema = z
  .object({ ...captionFields, appearances: appearanceLines.optional().transform((lines) => lines ?? []) })
  .superRefine(checkCaption);

/** The page's form: the appearances are a textarea, one a line. */
export const CaptionFormSchema = z
  .object({
    ...captionFields,
    // Checked as one field (not line by line), so a refusal shows under the text area.
    appearances: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine(
        (lines) => lines.length <= CAPTION_LIMITS.appearances,
        `List at most ${CAPTION_LIMITS.appearances} appearances.`,
      )
      .refine(
        (lines) => lines.every((line) => line.length <= CAPTION_LIMITS.line),
        `An appearance can be at most ${CAPTION_LIMITS.line} characters.`,
      ),
  })
  .superRefine(checkCaption);

export type CaptionInput = z.output<typeof CaptionBodySchema>;

export function captionOf(input: CaptionInput): LegalCaption {
  const { examinationTitle, examiner, witness, ...rest } = input;
  return { ...rest, examination: examiner && witness ? { title: examinationTitle, examiner, witness } : null };
}

export function captionInput(caption: LegalCaption = EMPTY_LEGAL_CAPTION): CaptionInput {
  const { examination, ...rest } = caption;
  return {
    ...rest,
    examinationTitle: examination?.title ?? "",
    examiner: examination?.examiner ?? "",
    witness: examination?.witness ?? "",
  };
}

const checked = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** The legal layout's download options: `tz` (default UTC), `qa` (Q./A. layout), `index=words` (concordance). */
export const legalQueryFields = {
  tz: timeZoneField.optional(),
  qa: checked.optional(),
  index: z.enum(["speakers", "words"], { error: "index is speakers (the default) or words." }).optional(),
};
