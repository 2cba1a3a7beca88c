// The user's glossary (names, terms, acronyms): its form and rules, shared by the account page and the server.
import { z } from "zod";

export const GLOSSARY_MAX_TERMS = 200;
export const GLOSSARY_MAX_TERM_LENGTH = 60;

/** One term a line (commas also separate), blanks dropped, each kept once (the first spelling wins). */
export function parseGlossaryText(text: string): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of text.split(/[\n,;]/)) {
    const term = raw.replace(/\s+/g, " ").trim();
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    terms.push(term);
  }
  return terms;
}

export const GlossarySchema = z.object({
  intent: z.literal("glossary"),
  // Empty clears the glossary; Conform sends an empty textarea as undefined.
  terms: z
    .string()
    .max(GLOSSARY_MAX_TERMS * (GLOSSARY_MAX_TERM_LENGTH + 2), "That glossary is too long")
    .optional()
    .transform((text) => parseGlossaryText(text ?? ""))
    .refine((terms) => terms.length <= GLOSSARY_MAX_TERMS, `Keep it to ${GLOSSARY_MAX_TERMS} terms`)
    .refine(
      (terms) => terms.every((term) => term.length <= GLOSSARY_MAX_TERM_LENGTH),
      `Each term can be at most ${GLOSSARY_MAX_TERM_LENGTH} characters`,
    )
    .refine(
      (terms) => terms.every((term) => /[\p{L}\p{N}]/u.test(term)),
      "Each term needs at least one letter or digit",
    )
    .refine(
      (terms) => terms.every((term) => !/\p{Cc}/u.test(term)),
      "Glossary terms cannot contain control characters.",
    ),
});

/**
 * The glossary entries among `marked`, in the glossary's order and spelling (matched in any case): the sensitive terms
 * are always a part of the glossary, so an entry taken out of the glossary is no longer sensitive.
 */
export function sensitiveGlossaryEntries(glossary: string[], marked: string[]): string[] {
  const wanted = new Set(marked.map((term) => term.toLowerCase()));
  return glossary.filter((term) => wanted.has(term.toLowerCase()));
}

/** The glossary entries marked sensitive: one checkbox an entry; none ticked sends nothing, which unmarks them all. */
export const SensitiveTermsSchema = z.object({
  intent: z.literal("sensitive-terms"),
  sensitiveTerms: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(
        z
          .string({ error: "Each sensitive term must be a glossary entry" })
          .trim()
          .min(1, "Each sensitive term must be a glossary entry")
          .max(GLOSSARY_MAX_TERM_LENGTH, `Each term can be at most ${GLOSSARY_MAX_TERM_LENGTH} characters`),
      )
      .max(GLOSSARY_MAX_TERMS, `Mark at most ${GLOSSARY_MAX_TERMS} terms`),
  ),
});
