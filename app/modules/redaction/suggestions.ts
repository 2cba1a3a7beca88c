// The detectors that suggest what to redact (ADR 048). Isomorphic and pure: a person accepts or rejects each
// suggestion; nothing is hidden until they do. The patterns are in detectors.ts; here are the names (the workspace's
// own and the ones the `compromise` NLP library finds), the sensitive glossary terms, and the rule for overlaps.
import nlp from "compromise";
import type { RedactionCategory } from "./categories";
import {
  type Detection,
  detectCards,
  detectDatesOfBirth,
  detectEmails,
  detectIbans,
  detectPhones,
  detectSsns,
  detectUrls,
} from "./detectors";

export interface SuggestionSource {
  segments: { id: string; text: string }[];
  /** Names from the workspace's speaker library and the transcript's speaker labels. */
  names: string[];
  /** The workspace's glossary entries marked sensitive. */
  sensitiveTerms: string[];
}

export interface Suggestion {
  segmentId: string;
  startOffset: number;
  endOffset: number;
  text: string;
  category: RedactionCategory;
}

/**
 * Which detection keeps a contested span. A checked number or address says more than a phone number's digits (an SSN
 * or a card also reads as digit groups); what the workspace itself named (its speakers, its sensitive terms) says
 * more than a guess of the NLP library.
 */
const Strength = { Guessed: 1, Phone: 2, Named: 3, Checked: 4 } as const;

interface Candidate extends Detection {
  strength: (typeof Strength)[keyof typeof Strength];
}

/** Speaker labels an engine or a person gives to a voice with no name: "Speaker 1", "SPEAKER_00", "Interviewer". */
const GENERIC_LABEL =
  /^(?:(?:speaker|spk|person|participant|voice|talker|channel|unknown|guest|caller|s)[\s_#-]*(?:\d+|[a-z])?|interviewer|interviewee|moderator|host|agent|customer|narrator|unknown speaker)$/iu;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A whole-word pattern for a term: not inside a longer word, any run of spaces where the term has one. */
function wholeWord(term: string, flags: string): RegExp {
  const body = term
    .trim()
    .split(/\s+/)
    .map(escapeRegExp)
    .join(String.raw`\s+`);
  return new RegExp(String.raw`(?<![\p{L}\p{N}_])${body}(?![\p{L}\p{N}_])`, `g${flags}u`);
}

interface TermPattern {
  pattern: RegExp;
  category: RedactionCategory;
  /** One word of a longer name: kept only where the sentence uses it as a noun (not "Will you come?"). */
  partOfName: boolean;
}

/**
 * The workspace's names and sensitive terms as patterns, built once per call. A full name matches in any case; each
 * part of a longer name ("Sarah" of "Sarah Johnson") matches only as written, with its capital.
 */
function termPatterns(source: SuggestionSource): TermPattern[] {
  const patterns: TermPattern[] = [];
  const seen = new Set<string>();
  const add = (term: string, category: RedactionCategory, partOfName: boolean) => {
    const key = `${category} ${partOfName} ${partOfName ? term : term.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    patterns.push({ pattern: wholeWord(term, partOfName ? "" : "i"), category, partOfName });
  };
  for (const term of source.sensitiveTerms) if (term.trim()) add(term, "SENSITIVE", false);
  for (const raw of source.names) {
    const name = raw.trim();
    if (name.length < 2 || GENERIC_LABEL.test(name)) continue;
    add(name, "NAME", false);
    const parts = name.split(/\s+/);
    if (parts.length < 2) continue;
    for (const part of parts) if (/^\p{Lu}\p{L}{2,}$/u.test(part)) add(part, "NAME", true);
  }
  return patterns;
}

interface NlpTerm {
  text: string;
  tags?: string[];
  offset: { start: number; length: number };
}

type NlpMatch = { terms: NlpTerm[] };
const AS_JSON = { offset: true, terms: { offset: true } };

function findTerms(text: string, patterns: TermPattern[], nounStarts: Set<number>): Candidate[] {
  const found: Candidate[] = [];
  for (const { pattern, category, partOfName } of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (partOfName && !nounStarts.has(match.index)) continue;
      found.push({ start: match.index, end: match.index + match[0].length, category, strength: Strength.Named });
    }
  }
  return found;
}

/** What the NLP library found in one segment: its people and places, and where its nouns start. */
interface NlpFindings {
  candidates: Candidate[];
  nounStarts: Set<number>;
}

/**
 * The library's cost per call is high for a short text and its offsets cost more the longer the text, so it reads
 * the segments in batches of about this many characters. A blank line between segments ends a sentence for it, so no
 * name runs from one segment into the next.
 */
const NLP_BATCH_CHARS = 4000;
const SEGMENT_BREAK = "\n\n";

/** The term's own characters, if the library's offset points at them (else nothing: a span must be exact). */
function termEnd(text: string, term: NlpTerm): number | undefined {
  const end = term.offset.start + term.offset.length;
  return text.slice(term.offset.start, end) === term.text ? end : undefined;
}

/**
 * People and places the NLP library finds. The span runs from the first word to the last word's own characters:
 * without a title ("Dr."), the punctuation after it, or a possessive "'s". Only capitalised spans: speech engines
 * write names with capitals, and the library's lower-case guesses are mostly ordinary words.
 */
function readBatch(texts: string[]): NlpFindings[] {
  const text = texts.join(SEGMENT_BREAK);
  const bases: number[] = [];
  texts.reduce((base, segment) => (bases.push(base), base + segment.length + SEGMENT_BREAK.length), 0);
  const findings: NlpFindings[] = texts.map(() => ({ candidates: [], nounStarts: new Set() }));
  const segmentAt = (offset: number) => {
    let index = bases.length - 1;
    while (index > 0 && bases[index] > offset) index--;
    return index;
  };
  const doc = nlp(text);

  for (const { terms } of doc.json(AS_JSON) as NlpMatch[]) {
    for (const term of terms) {
      if (!term.tags?.includes("Noun") || termEnd(text, term) === undefined) continue;
      const index = segmentAt(term.offset.start);
      findings[index].nounStarts.add(term.offset.start - bases[index]);
    }
  }

  const collect = (matches: NlpMatch[], category: RedactionCategory) => {
    for (const { terms } of matches) {
      const words = terms.filter((term) => !term.tags?.includes("Honorific"));
      if (!words.length) continue;
      const start = words[0].offset.start;
      let end = termEnd(text, words[words.length - 1]);
      if (end === undefined || termEnd(text, words[0]) === undefined) continue;
      const possessive = /['’]s$/u.exec(text.slice(start, end));
      if (possessive) end -= possessive[0].length;
      const index = segmentAt(start);
      if (end > bases[index] + texts[index].length) continue;
      const span = text.slice(start, end);
      if (!/^\p{Lu}/u.test(span) || !/\p{L}{2}/u.test(span)) continue;
      findings[index].candidates.push({
        start: start - bases[index],
        end: end - bases[index],
        category,
        strength: Strength.Guessed,
      });
    }
  };
  collect(doc.people().json(AS_JSON) as NlpMatch[], "NAME");
  collect(doc.places().json(AS_JSON) as NlpMatch[], "PLACE");
  return findings;
}

function readWithNlp(texts: string[]): NlpFindings[] {
  const findings: NlpFindings[] = [];
  let batch: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (batch.length && length + text.length > NLP_BATCH_CHARS) {
      findings.push(...readBatch(batch));
      batch = [];
      length = 0;
    }
    batch.push(text);
    length += text.length + SEGMENT_BREAK.length;
  }
  if (batch.length) findings.push(...readBatch(batch));
  return findings;
}

/** Every detection in one segment's text, before overlaps are settled. */
function detectAll(text: string, patterns: TermPattern[], nlpFindings: NlpFindings): Candidate[] {
  const checked = [detectEmails, detectUrls, detectCards, detectIbans, detectSsns, detectDatesOfBirth].flatMap(
    (detect) => detect(text).map((found) => ({ ...found, strength: Strength.Checked })),
  );
  const phones = detectPhones(text).map((found) => ({ ...found, strength: Strength.Phone }));
  return [...checked, ...phones, ...findTerms(text, patterns, nlpFindings.nounStarts), ...nlpFindings.candidates];
}

/**
 * One detection per stretch of text: the strongest claim wins, then the longer span (a URL over the address inside
 * it, "New York City" over "York"), then the earlier one. Email addresses win over URLs of the same strength, being
 * the more specific.
 */
function settleOverlaps(candidates: Candidate[]): Candidate[] {
  const rank = (candidate: Candidate) => candidate.strength * 2 + (candidate.category === "EMAIL" ? 1 : 0);
  const ordered = [...candidates].sort(
    (a, b) => rank(b) - rank(a) || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: Candidate[] = [];
  for (const candidate of ordered) {
    if (candidate.end <= candidate.start) continue;
    if (kept.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Every span the detectors find, in transcript order. */
export function suggestRedactions(source: SuggestionSource): Suggestion[] {
  const patterns = termPatterns(source);
  const segments = source.segments.filter((segment) => segment.text.trim());
  const nlpFindings = readWithNlp(segments.map((segment) => segment.text));
  const suggestions: Suggestion[] = [];
  // Segment by segment: a span never crosses segments.
  for (const [index, segment] of segments.entries()) {
    for (const found of settleOverlaps(detectAll(segment.text, patterns, nlpFindings[index]))) {
      suggestions.push({
        segmentId: segment.id,
        startOffset: found.start,
        endOffset: found.end,
        text: segment.text.slice(found.start, found.end),
        category: found.category,
      });
    }
  }
  return suggestions;
}
