// The redaction page's forms (ADR 048), parsed with Conform + zod on the server; the API's redactions endpoint reuses
// the same schemas for its bodies. Isomorphic.
import { z } from "zod";
import { REDACTION_CATEGORIES } from "./categories";

const CHECK_FORM = "Check the form.";
const id = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(100, CHECK_FORM);
const offset = (missing: string) =>
  z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? undefined : Number(value)),
    z.number({ error: missing }).int(missing).min(0, missing),
  );
const category = z.enum(REDACTION_CATEGORIES, { error: "Choose a category for the redaction." });

export const SuggestRedactionsSchema = z.object({ intent: z.literal("suggest") });

/** Accept or reject: one suggestion (`id`) or every pending one of a category. */
const decision = <Intent extends "accept" | "reject">(intent: Intent) =>
  z
    .object({
      intent: z.literal(intent),
      id: id(CHECK_FORM).optional(),
      category: category.optional(),
    })
    .refine((value) => Boolean(value.id) !== Boolean(value.category), {
      message: "Name one suggestion or one category to decide.",
    });
export const AcceptRedactionsSchema = decision("accept");
export const RejectRedactionsSchema = decision("reject");

/** A passage redacted by hand: character offsets into one segment's text (the server widens them to whole words). */
export const AddRedactionSchema = z
  .object({
    intent: z.literal("add"),
    segmentId: id("Choose the segment to redact."),
    start: offset("Choose the first word to redact."),
    end: offset("Choose the last word to redact."),
    category,
  })
  .refine((value) => value.start < value.end, {
    message: "The last word must not come before the first.",
    path: ["end"],
  });

export const RemoveRedactionSchema = z.object({ intent: z.literal("remove"), id: id(CHECK_FORM) });

export const MarkReviewedSchema = z.object({ intent: z.literal("reviewed") });

export const RedactionActionSchema = z.discriminatedUnion("intent", [
  SuggestRedactionsSchema,
  AcceptRedactionsSchema,
  RejectRedactionsSchema,
  AddRedactionSchema,
  RemoveRedactionSchema,
  MarkReviewedSchema,
]);
export type RedactionAction = z.infer<typeof RedactionActionSchema>;
export const REDACTION_INTENTS = ["suggest", "accept", "reject", "add", "remove", "reviewed"] as const;
