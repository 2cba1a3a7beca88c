// Every form of the transcript page in one intent union, for its one action (and Conform in the browser). The
// schemas are their domains' (ADR 011); this only gathers them, so a new form is one more member here.
import { z } from "zod";
import { CommentActionSchema } from "~/modules/comments/comment-forms";
import { SpeakerPageActionSchema } from "~/modules/speakers/speaker-forms";
import { RecordActionSchema } from "~/modules/transcripts/record-forms";
import { TranscriptActionSchema } from "~/modules/transcripts/transcript-forms";

export const TranscriptPageActionSchema = z.discriminatedUnion("intent", [
  ...TranscriptActionSchema.options,
  ...SpeakerPageActionSchema.options,
  ...CommentActionSchema.options,
  ...RecordActionSchema.options,
]);
export type TranscriptPageAction = z.infer<typeof TranscriptPageActionSchema>;
