// The transcript page's forms, in one isomorphic module: the action parses with these schemas and the page checks
// with the same ones in the browser (ADR 011). Each form posts its intent; buttons alone post only the intent.
import { z } from "zod";
import { TitleSchema } from "~/modules/recordings/recording-forms";
import { SpeakerNameSchema } from "~/modules/speakers/speaker-forms";

const SEGMENT_EMPTY = "A segment cannot be empty; delete words instead.";
export const SegmentTextSchema = z
  .string({ error: SEGMENT_EMPTY })
  .trim()
  .min(1, SEGMENT_EMPTY)
  .max(5000, "A segment can be at most 5000 characters.");

const CHOOSE_SPEAKER = "Choose a speaker.";
const CHOOSE_TARGET = "Choose a language to translate into.";

export const RenameSchema = z.object({ intent: z.literal("rename"), title: TitleSchema });
export const EditSegmentSchema = z.object({
  intent: z.literal("edit-segment"),
  segmentId: z.string({ error: "Check the form." }).min(1, "Check the form."),
  text: SegmentTextSchema,
});
export const RenameSpeakerSchema = z.object({
  intent: z.literal("rename-speaker"),
  from: z.string({ error: CHOOSE_SPEAKER }).min(1, CHOOSE_SPEAKER),
  to: SpeakerNameSchema,
  /** Also keep the voice in the user's speaker library (ADR 030). */
  saveVoice: z.preprocess((value) => value === "on", z.boolean()).default(false),
});
export const TranslateSchema = z.object({
  intent: z.literal("translate"),
  target: z.string({ error: CHOOSE_TARGET }).regex(/^[a-z]{2}$/, CHOOSE_TARGET),
});

const CHECK_FORM = "Check the form.";
const segmentId = z.string({ error: CHECK_FORM }).min(1, CHECK_FORM).max(100, CHECK_FORM);
const FIND_REQUIRED = "Type the text to find.";
export const ReplaceAllSchema = z.object({
  intent: z.literal("replace-all"),
  find: z.string({ error: FIND_REQUIRED }).min(1, FIND_REQUIRED).max(200, "Search for at most 200 characters."),
  replace: z.string().max(200, "Replace with at most 200 characters.").default(""),
  matchCase: z.boolean().default(false),
  wholeWord: z.boolean().default(false),
});
const SPLIT_WHERE = "Choose where to split the segment.";
export const SplitSchema = z.object({
  intent: z.literal("split"),
  segmentId,
  offset: z.coerce.number({ error: SPLIT_WHERE }).int(SPLIT_WHERE).min(1, SPLIT_WHERE).max(5000, SPLIT_WHERE),
});
const CHOOSE_MERGED_SPEAKER = "Choose whose words the merged segment is: this segment's speaker or the next one's.";
/**
 * `speakerFrom`: whose the merged segment is when the two speakers differ ("this" segment's or the "next" one's);
 * required then (the save refuses without it), ignored when they are the same.
 */
export const MergeSchema = z.object({
  intent: z.literal("merge"),
  segmentId,
  speakerFrom: z.enum(["this", "next"], { error: CHOOSE_MERGED_SPEAKER }).optional(),
});
export const SetSpeakerSchema = z.object({ intent: z.literal("set-speaker"), segmentId, speaker: SpeakerNameSchema });
const revisionId = z.string({ error: CHECK_FORM }).min(1, CHECK_FORM).max(100, CHECK_FORM);
export const RestoreRevisionSchema = z.object({ intent: z.literal("restore-revision"), revisionId });
export const UndoRevisionSchema = z.object({ intent: z.literal("undo-revision"), revisionId });

/** The segment page's own forms (its notes' forms are the comments domain's). */
export const SegmentPageActionSchema = z.discriminatedUnion("intent", [
  EditSegmentSchema,
  SetSpeakerSchema,
  MergeSchema,
]);

/** What the editor sends, with or without JavaScript: the page's forms and the editor's autosave route. */
export const EditorActionSchema = z.discriminatedUnion("intent", [
  EditSegmentSchema,
  ReplaceAllSchema,
  SplitSchema,
  MergeSchema,
  SetSpeakerSchema,
  RestoreRevisionSchema,
  UndoRevisionSchema,
]);
export type EditorAction = z.infer<typeof EditorActionSchema>;
/**
 * The editor's page tells its save route which segments it shows (ids, comma-separated), so that the answer carries
 * only the changes it can apply: a replace-all on a 2-hour transcript changes hundreds of segments off the page.
 */
export const VisibleSegmentsSchema = z
  .string()
  .max(20_000)
  .regex(/^([\w-]+(,[\w-]+)*)?$/)
  .transform((ids) => new Set(ids ? ids.split(",") : []))
  .optional();

export const EDITOR_INTENTS = [
  "edit-segment",
  "replace-all",
  "split",
  "merge",
  "set-speaker",
  "restore-revision",
  "undo-revision",
] as const satisfies readonly EditorAction["intent"][];

export const TranscriptActionSchema = z.discriminatedUnion("intent", [
  RenameSchema,
  EditSegmentSchema,
  ReplaceAllSchema,
  SplitSchema,
  MergeSchema,
  SetSpeakerSchema,
  RestoreRevisionSchema,
  UndoRevisionSchema,
  RenameSpeakerSchema,
  TranslateSchema,
  z.object({ intent: z.literal("summarise") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("delete") }),
]);

/** Re-translates the segments edited since their translation into `language` (the freshness notice's button). */
export const RetranslateSchema = z.object({
  language: z.string({ error: CHOOSE_TARGET }).regex(/^[a-z]{2}$/, CHOOSE_TARGET),
});
