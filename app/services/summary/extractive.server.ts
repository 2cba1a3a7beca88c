// The offline summariser: no model, only the transcript. It ranks sentences by how central they are (TextRank over
// TF-IDF cosine similarity), keeps the most central ones that do not repeat each other as key points, takes the
// top few as the abstract, and picks sentences that commit someone to doing something as action items.
import { processTerm } from "../terms.server";
import { summariserLabel, type Summariser, type Summary, type SummaryPoint, type SummarySegment } from "./summariser";

interface Sentence {
  text: string;
  segment: SummarySegment;
  /** Position in the transcript, for putting picks back in time order. */
  index: number;
  /** term → TF-IDF weight, unit length. */
  vector: Map<string, number>;
}

/** Segments without punctuation (pocketsphinx writes none) are cut into pieces of about this many words. */
const WORDS_PER_UNPUNCTUATED_SENTENCE = 30;
const MIN_SENTENCE_WORDS = 4;
const DAMPING = 0.85;
const ITERATIONS = 30;
/** Two sentences this similar say the same thing; only the better-ranked one becomes a key point. */
const REDUNDANT_SIMILARITY = 0.5;
const ABSTRACT_SENTENCES = 3;
const MAX_ACTION_ITEMS = 8;

// Someone commits to, asks for or schedules something.
const ACTION_PATTERN = new RegExp(
  [
    String.raw`\b(?:i|we|you|they|he|she)(?:'ll| will| shall| must| should| need to| have to| has to| are going to| am going to| is going to)\b`,
    String.raw`\blet's\b|\blet us\b`,
    String.raw`\b(?:action items?|to-?dos?|follow(?:[- ]up)|next steps?|deadline|due (?:by|on)|make sure|remember to|don't forget)\b`,
    String.raw`\b(?:please|can you|could you)\b`,
    String.raw`\bby (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next week|the end of)\b`,
  ].join("|"),
  "i",
);

const words = (text: string) => text.match(/[\p{L}\p{N}']+/gu) ?? [];

/** Sentences of a segment: split at . ! ? when there are any, else into pieces of about 30 words. */
function splitSentences(text: string): string[] {
  const punctuated = text
    .split(/(?<=[.!?…。！？])\s+/u)
    .map((part) => part.trim())
    .filter(Boolean);
  if (punctuated.length > 1 || /[.!?…。！？]\s*$/u.test(text)) return punctuated;
  const all = text.trim().split(/\s+/).filter(Boolean);
  const pieces = Math.max(1, Math.round(all.length / WORDS_PER_UNPUNCTUATED_SENTENCE));
  const size = Math.ceil(all.length / pieces);
  return Array.from({ length: pieces }, (_, piece) => all.slice(piece * size, (piece + 1) * size).join(" ")).filter(
    Boolean,
  );
}

function sentencesOf(segments: SummarySegment[]): Sentence[] {
  const raw = segments.flatMap((segment) => splitSentences(segment.text).map((text) => ({ text, segment })));
  const termLists = raw.map(({ text }) =>
    words(text)
      .map(processTerm)
      .filter((term): term is string => Boolean(term)),
  );
  const documentFrequency = new Map<string, number>();
  for (const terms of termLists)
    for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  return raw.map(({ text, segment }, index) => {
    const vector = new Map<string, number>();
    for (const term of termLists[index]) vector.set(term, (vector.get(term) ?? 0) + 1);
    let norm = 0;
    for (const [term, count] of vector) {
      const weight = count * Math.log(1 + raw.length / documentFrequency.get(term)!);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return { text, segment, index, vector };
  });
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, weight] of small) sum += weight * (large.get(term) ?? 0);
  return sum;
}

/** TextRank: a sentence ranks high when sentences that rank high resemble it. */
function rank(sentences: Sentence[]): number[] {
  const n = sentences.length;
  // Sparse similarity graph through an inverted index, so a 2-hour transcript stays fast. Terms in many sentences
  // carry little weight (low IDF) and would link every sentence to every other: they add to the similarity of
  // sentences linked by rarer terms but create no links themselves.
  const linkingLimit = Math.max(20, n * 0.05);
  const postings = new Map<string, number[]>();
  sentences.forEach((sentence, index) => {
    for (const term of sentence.vector.keys()) {
      const list = postings.get(term);
      if (list) list.push(index);
      else postings.set(term, [index]);
    }
  });
  const edges: Map<number, number>[] = sentences.map(() => new Map());
  sentences.forEach((sentence, i) => {
    for (const term of sentence.vector.keys()) {
      const list = postings.get(term)!;
      if (list.length > linkingLimit) continue;
      for (const j of list) {
        if (j <= i || edges[i].has(j)) continue;
        const similarity = cosine(sentence.vector, sentences[j].vector);
        if (similarity > 0) {
          edges[i].set(j, similarity);
          edges[j].set(i, similarity);
        }
      }
    }
  });
  const outWeight = edges.map((edge) => [...edge.values()].reduce((sum, weight) => sum + weight, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    edges.forEach((edge, j) => {
      if (outWeight[j] === 0) return;
      for (const [i, weight] of edge) next[i] += (DAMPING * scores[j] * weight) / outWeight[j];
    });
    scores = next;
  }
  return scores;
}

const point = (sentence: Sentence): SummaryPoint => ({
  text: sentence.text.charAt(0).toUpperCase() + sentence.text.slice(1),
  segmentId: sentence.segment.id,
  start: sentence.segment.start,
});

/** About one key point per eight sentences, at least 3 and at most 8. */
export function keyPointCount(sentences: number): number {
  return Math.min(8, Math.max(3, Math.round(sentences / 8)));
}

export function summariseExtractively(segments: SummarySegment[]): Summary {
  const sentences = sentencesOf(segments);
  const substantial = sentences.filter(
    (sentence) => words(sentence.text).length >= MIN_SENTENCE_WORDS && sentence.vector.size > 0,
  );
  const candidates = substantial.length ? substantial : sentences.filter((sentence) => sentence.vector.size > 0);
  if (candidates.length === 0) return { abstract: "", keyPoints: [], actionItems: [] };

  const scores = rank(sentences);
  const byRank = [...candidates].sort((a, b) => scores[b.index] - scores[a.index]);
  const chosen: Sentence[] = [];
  for (const sentence of byRank) {
    if (chosen.length >= keyPointCount(candidates.length)) break;
    if (chosen.every((picked) => cosine(picked.vector, sentence.vector) < REDUNDANT_SIMILARITY)) chosen.push(sentence);
  }
  const inTimeOrder = (list: Sentence[]) => [...list].sort((a, b) => a.index - b.index);
  const abstract = inTimeOrder(chosen.slice(0, ABSTRACT_SENTENCES))
    .map((sentence) => point(sentence).text.replace(/([^.!?…。！？])$/u, "$1."))
    .join(" ");
  const actionItems = sentences.filter((sentence) => ACTION_PATTERN.test(sentence.text)).slice(0, MAX_ACTION_ITEMS);
  return { abstract, keyPoints: inTimeOrder(chosen).map(point), actionItems: actionItems.map(point) };
}

export function extractiveSummariser(): Summariser {
  return {
    name: "extractive",
    model: null,
    label: summariserLabel("extractive", null),
    summarise: async (segments) => summariseExtractively(segments),
  };
}
