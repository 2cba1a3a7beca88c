// The support assistant's knowledge: every help-centre entry and the landing page's FAQ, indexed for BM25
// search (MiniSearch). Retrieval also yields the confidence that decides when a human should take over.
import MiniSearch, { type SearchResult } from "minisearch";
import { helpCentre } from "./help-centre.server";
import { LANDING_FAQ } from "~/content/landing";
import { processTerm } from "../terms.server";

export interface KnowledgeEntry {
  id: string;
  title: string;
  text: string;
  topic: string;
  /** The topic's words for what it covers, which its answers may not use ("password" for account questions). */
  keywords: string;
  url: string;
}

export interface Retrieval {
  /** Best first; empty when nothing matched. */
  entries: KnowledgeEntry[];
  /** 0–1: the share of the question's information (IDF-weighted terms) that the best entry contains. */
  confidence: number;
  /** The question had no searchable words at all ("hi", "thanks"). */
  empty: boolean;
}

function knowledgeEntries(): KnowledgeEntry[] {
  const help = helpCentre().flatMap((topic) =>
    topic.entries.map((entry) => ({
      id: `help:${entry.id}`,
      title: entry.question,
      text: entry.text,
      topic: topic.topic,
      keywords: topic.keywords.join(" "),
      url: `/help#${entry.id}`,
    })),
  );
  const faq = LANDING_FAQ.map((item, index) => ({
    id: `faq:${index}`,
    title: item.question,
    text: item.answer,
    topic: "Frequently asked questions",
    keywords: "",
    url: "/#faq",
  }));
  return [...help, ...faq];
}

// Words visitors use for the same thing. A question is also searched for the other words of its group, at half
// weight, so "change my password" finds an answer that says "reset", and still prefers one that says "change".
const SYNONYMS = [
  ["change", "reset", "update", "modify"],
  ["delete", "remove", "erase"],
  ["cancel", "unsubscribe"],
  ["size", "large", "big", "limit", "maximum"],
  ["subtitle", "caption"],
  ["price", "cost", "fee"],
  ["email", "mail"],
];
const SYNONYM_WEIGHT = 0.5;

const synonymsOf = new Map<string, string[]>(
  SYNONYMS.flatMap((group) => {
    const terms = group.map((word) => processTerm(word)!);
    return terms.map((term) => [term, terms.filter((other) => other !== term)] as const);
  }),
);

// Titles say what an answer is about; the topic's keywords name its subject in visitors' words; the body only
// mentions things in passing ("on the same page you can change your password" in an answer about deleting).
const SEARCH_OPTIONS = {
  boost: { title: 3, keywords: 2, topic: 1.5 },
  prefix: (term: string) => term.length > 4,
  fuzzy: (term: string) => (term.length > 5 ? 0.2 : false),
};

function buildIndex() {
  const entries = knowledgeEntries();
  const index = new MiniSearch<KnowledgeEntry>({
    fields: ["title", "text", "topic", "keywords"],
    storeFields: ["id"],
    processTerm,
    searchOptions: SEARCH_OPTIONS,
  });
  index.addAll(entries);
  return { index, byId: new Map(entries.map((entry) => [entry.id, entry])) };
}

let built: ReturnType<typeof buildIndex> | undefined;
const knowledge = () => (built ??= buildIndex());

/** BM25's inverse document frequency; a word the knowledge base never uses weighs most. */
function inverseDocumentFrequency(index: MiniSearch<KnowledgeEntry>, term: string): number {
  const documentFrequency = index.search(term, { prefix: false, fuzzy: false, processTerm: (same) => same }).length;
  const total = index.documentCount;
  return Math.log(1 + (total - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

export function retrieve(question: string, limit = 3): Retrieval {
  const { index, byId } = knowledge();
  const tokenize = MiniSearch.getDefault("tokenize") as (text: string) => string[];
  const terms = [
    ...new Set(
      tokenize(question)
        .map(processTerm)
        .filter((term): term is string => Boolean(term)),
    ),
  ];
  if (terms.length === 0) return { entries: [], confidence: 0, empty: true };

  const synonyms = terms.flatMap((term) => synonymsOf.get(term) ?? []).filter((synonym) => !terms.includes(synonym));
  const found = index.search([...terms, ...new Set(synonyms)].join(" "), {
    processTerm: (same) => same,
    boostTerm: (term) => (terms.includes(term) ? 1 : SYNONYM_WEIGHT),
  });
  if (found.length === 0) return { entries: [], confidence: 0, empty: false };

  // A word of the question is answered when an entry has it or one of its synonyms. MiniSearch multiplies each
  // score by the number of query terms matched; counting the question's words instead keeps an entry that says
  // "update" and "modify" from outranking one that says "reset" for a question with only one of them.
  const answeredBy = (result: SearchResult) => {
    const matched = new Set(result.queryTerms);
    return terms.filter((term) => [term, ...(synonymsOf.get(term) ?? [])].some((word) => matched.has(word)));
  };
  const results = found
    .map((result) => {
      const answered = answeredBy(result);
      return { result, answered, score: (result.score / result.queryTerms.length) * answered.length };
    })
    .sort((a, b) => b.score - a.score);

  const weights = new Map<string, number>(terms.map((term) => [term, inverseDocumentFrequency(index, term)]));
  const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const matchedWeight = results[0].answered.reduce((sum, term) => sum + weights.get(term)!, 0);

  return {
    entries: results.slice(0, limit).map(({ result }) => byId.get(result.id as string)!),
    confidence: Math.round((matchedWeight / totalWeight) * 100) / 100,
    empty: false,
  };
}
