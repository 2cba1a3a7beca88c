// Rules for text that people send us, shared by the server and the browser (ADR 017).
import { z } from "zod";
import { truncate } from "./truncate";

// C0 controls and DEL, except tab, line feed and carriage return, which forms legitimately carry.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one: broken UTF-16 that
// PostgreSQL cannot store as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text cannot be accepted, as a sentence starting with `label`, or null when it is fine. */
export function unsafeTextProblem(text: string, label: string): string | null {
  if (text.includes("\u0000")) return `${label} contains a NUL character, which is not allowed.`;
  if (CONTROL_CHARACTER.test(text)) return `${label} contains a control character, which is not allowed.`;
  if (LONE_SURROGATE.test(text)) return `${label} contains invalid Unicode (a lone surrogate).`;
  return null;
}

/**
 * A file name safe to store and show: control characters and broken Unicode become "_", path separators are
 * dropped, and it is cut to `maxLength` without splitting a character. The original is never used
 * as a path: storage keys are ids.
 */
export function sanitizeFileName(name: string, maxLength = 255): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f]/g, "_")
    .replace(new RegExp(LONE_SURROGATE.source, "g"), "_")
    .replace(/[/\\]/g, "_")
    .trim();
  return truncate(cleaned, maxLength) || "recording";
}

/** RFC 5321: a forward path holds at most 254 characters. Longer input is refused before any pattern runs. */
export const EMAIL_MAX_LENGTH = 254;

// One "@", a local part and a dotted domain whose labels hold no dot, space or "@". Every character can be matched
// one way only, so the check is linear in the input's length (the old /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracked
// quadratically on a long input without a dot). ASCII only, as the mail transports require.
const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;

/** Whether an address is one we can send mail to (the same rule at sign-up, in the API and in the mail queue). */
export function isDeliverableEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Line breaks, tabs and runs of spaces as one space, trimmed: text that is shown on one line. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

// After oneLine: what is left of the control characters (C1, and C0 where the request check did not run).
const ANY_CONTROL_CHARACTER = /\p{Cc}/u;

interface SingleLineNameRules {
  /** "Speaker names": the start of the refusal's sentence. */
  noun: string;
  required: string;
  max: number;
  tooLong: string;
  min?: number;
}

const singleLineNameChecks = ({ noun, required, max, tooLong, min = 1 }: SingleLineNameRules) =>
  z
    .string({ error: required })
    .min(min, required)
    .max(max, tooLong)
    .refine((value) => !ANY_CONTROL_CHARACTER.test(value), `${noun} cannot contain control characters.`);

/**
 * A name shown on one line (a recording's title, a speaker, folder, tag, key or link label): a line break or tab in
 * it (pasted, or sent by a script) becomes a space, another control character is refused, and it must be between
 * `min` and `max` characters. The one schema for every such name, so none keeps a line break that a page, an export
 * or a subtitle file would show. The collapsing runs before the checks (a preprocess), so Conform's blank-is-missing
 * rule sees the name as it will be stored.
 */
export const singleLineName = (rules: SingleLineNameRules) =>
  z.preprocess((value) => (typeof value === "string" ? oneLine(value) : value), singleLineNameChecks(rules));

/** singleLineName for a name that may be left out: a blank one is absent. */
export const optionalSingleLineName = (rules: SingleLineNameRules) =>
  z.preprocess(
    (value) => (typeof value === "string" ? oneLine(value) || undefined : value),
    singleLineNameChecks(rules).optional(),
  );
