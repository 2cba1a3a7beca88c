// The support assistant's knowledge: every help-centre entry and the landing page's FAQ, indexed for BM25
// search (MiniSearch). Retrieval also yields the confidence that decides when a human should take over.
import MiniSearch, { type SearchResult } from "minisearch";
import { helpTopics } from "~/content/content.server";
import { LANDING_FAQ } from "~/content/landing";
import { processTerm } from "../terms.server";

export interface KnowledgeEntry {
  id: string;
  title: string;
  text: string;
  topic: string;
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
  const help = helpTopics().flatMap((topic) =>
    topic.entries.map((entry) => ({
      id: `help:${entry.id}`,
      title: entry.question,
      text: entry.text,
      topic: topic.topic,
      url: `/help#${entry.id}`,
    })),
  );
  const faq = LANDING_FAQ.map((item, index) => ({
    id: `faq:${index}`,
    title: item.question,
    text: item.answer,
    topic: "Frequently asked questions",
    url: "/#faq",
  }));
  return [...help, ...faq];
}

const SEARCH_OPTIONS = { boost: { title: 2 }, prefix: (term: string) => term.length > 4, fuzzy: (term: string) => (term.length > 5 ? 0.2 : false) };

function buildIndex() {
  const entries = knowledgeEntries();
  const index = new MiniSearch<KnowledgeEntry>({
    fields: ["title", "text", "topic"],
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
  const terms = [...new Set(tokenize(question).map(processTerm).filter((term): term is string => Boolean(term)))];
  if (terms.length === 0) return { entries: [], confidence: 0, empty: true };

  const results: SearchResult[] = index.search(terms.join(" "), { processTerm: (same) => same });
  if (results.length === 0) return { entries: [], confidence: 0, empty: false };

  const weights = new Map<string, number>(terms.map((term) => [term, inverseDocumentFrequency(index, term)]));
  const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const matched = new Set(results[0].queryTerms);
  const matchedWeight = terms.filter((term) => matched.has(term)).reduce((sum, term) => sum + weights.get(term)!, 0);

  return {
    entries: results.slice(0, limit).map((result) => byId.get(result.id as string)!),
    confidence: Math.round((matchedWeight / totalWeight) * 100) / 100,
    empty: false,
  };
}
