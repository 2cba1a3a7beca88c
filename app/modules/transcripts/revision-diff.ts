// What a revision changed, word by word, for the history: each run of changed segments before and after, as one line
// of words with the speakers' names where their segments start, compared by a longest common subsequence. The
// speaker marks make a merge, a split or a speaker change show as words too: a merge removes the second speaker's
// mark, a split adds one, a speaker change swaps one for another.
import type { SegmentChange, SegmentState } from "./editor-text";

export interface DiffPart {
  op: "same" | "add" | "remove";
  text: string;
  /** A speaker's mark at the start of a segment ("Attorney:"), not a word of the text. */
  speaker?: boolean;
  /** Unchanged words left out between two changes ("…"). */
  gap?: boolean;
}

export interface RevisionDiffRun {
  /** Where the run starts in the recording (seconds). */
  at: number;
  parts: DiffPart[];
}

/** What the history shows of one revision: its first runs, and how many more it changed. */
export interface RevisionDiff {
  runs: RevisionDiffRun[];
  more: number;
}

interface Token {
  key: string;
  text: string;
  speaker?: boolean;
}

/** Unchanged words kept on each side of a change; longer stretches become a gap. */
const CONTEXT_WORDS = 4;
/** The history stays small: the first runs only, each with at most this many parts. */
const MAX_RUNS = 3;
const MAX_PARTS = 80;
/**
 * Above this many tokens on a side, only the first ones of the changed middle are compared (the history shows the
 * start of a change, and a comparison costs the product of both sides).
 */
const MAX_COMPARED = 1000;
/** A part's text is cut here: a pasted page of words is not kept whole in every revision's diff. */
const MAX_PART_CHARS = 400;

const NO_SPEAKER = "(no speaker)";

/** A run of segments as tokens: a speaker mark where each segment starts, then its words. */
function runTokens(segments: SegmentState[]): Token[] {
  const found: Token[] = [];
  for (const segment of segments) {
    const name = `${segment.speaker ?? NO_SPEAKER}:`;
    found.push({ key: `\u0000${name}`, text: name, speaker: true });
    for (const word of segment.text.split(/\s+/).filter(Boolean)) found.push({ key: word, text: word });
  }
  return found;
}

/** The word diff of two lists of tokens (by key), as parts in reading order, with runs of one kind joined. */
export function diffTokens<T extends { key: string; text: string; speaker?: boolean }>(
  before: T[],
  after: T[],
): DiffPart[] {
  const ops: { op: DiffPart["op"]; token: T }[] = [];
  let head = 0;
  while (head < before.length && head < after.length && before[head].key === after[head].key) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail].key === after[after.length - 1 - tail].key
  )
    tail++;
  for (const token of after.slice(0, head)) ops.push({ op: "same", token });
  const cut = before.length - tail - head > MAX_COMPARED || after.length - tail - head > MAX_COMPARED;
  const a = before.slice(head, Math.min(head + MAX_COMPARED, before.length - tail));
  const b = after.slice(head, Math.min(head + MAX_COMPARED, after.length - tail));
  // table[i][j]: the longest common subsequence of a[i..] and b[j..].
  const table = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i][j] = a[i].key === b[j].key ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i].key === b[j].key) {
      ops.push({ op: "same", token: b[j] });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && table[i + 1][j] >= table[i][j + 1])) {
      ops.push({ op: "remove", token: a[i++] });
    } else {
      ops.push({ op: "add", token: b[j++] });
    }
  }
  if (!cut) for (const token of after.slice(after.length - tail)) ops.push({ op: "same", token });
  // Words of one kind join into one part; a speaker mark is always a part of its own.
  const parts: DiffPart[] = [];
  for (const { op, token } of ops) {
    const last = parts.at(-1);
    if (last && last.op === op && !last.speaker && !token.speaker) {
      if (last.text.length < MAX_PART_CHARS) last.text += ` ${token.text}`;
      else if (!last.text.endsWith(" …")) last.text += " …";
    } else parts.push({ op, text: token.text, ...(token.speaker ? { speaker: true } : {}) });
  }
  if (cut) parts.push(GAP);
  return parts;
}

const GAP: DiffPart = { op: "same", text: "…", gap: true };

/** Long unchanged stretches shortened to their CONTEXT_WORDS words next to a change, with a gap between. */
function trimContext(parts: DiffPart[]): DiffPart[] {
  const trimmed: DiffPart[] = [];
  // Context is only kept next to a change (an unchanged speaker mark is not one).
  const firstChange = parts.findIndex((part) => part.op !== "same");
  const lastChange = parts.findLastIndex((part) => part.op !== "same");
  parts.forEach((part, index) => {
    if (part.op !== "same" || part.speaker) return trimmed.push(part);
    const words = part.text.split(" ");
    const hasBefore = firstChange >= 0 && firstChange < index;
    const hasAfter = lastChange > index;
    const keep = (hasBefore ? CONTEXT_WORDS : 0) + (hasAfter ? CONTEXT_WORDS : 0);
    if (words.length <= keep + 1) return trimmed.push(part);
    if (hasBefore) trimmed.push({ op: "same", text: words.slice(0, CONTEXT_WORDS).join(" ") });
    trimmed.push(GAP);
    if (hasAfter) trimmed.push({ op: "same", text: words.slice(-CONTEXT_WORDS).join(" ") });
  });
  return trimmed;
}

/**
 * A run's word diff. When the run is the same segments before and after (edits, replace-all, most restores), each
 * changed segment is compared with itself, so a run over a whole transcript costs its segments, not their product.
 */
function runParts(change: SegmentChange): DiffPart[] {
  const paired =
    change.before.length === change.after.length &&
    change.before.every((segment, index) => segment.id === change.after[index].id);
  if (!paired) return trimContext(diffTokens(runTokens(change.before), runTokens(change.after)));
  const parts: DiffPart[] = [];
  change.before.forEach((before, index) => {
    if (parts.length > MAX_PARTS) return;
    const after = change.after[index];
    if (before.text === after.text && before.speaker === after.speaker) return;
    if (parts.length) parts.push(GAP);
    parts.push(...trimContext(diffTokens(runTokens([before]), runTokens([after]))));
  });
  return parts;
}

/** The word diff of a revision's changes: its first `maxRuns` runs (the history keeps MAX_RUNS). */
export function revisionDiff(changes: SegmentChange[], maxRuns = MAX_RUNS): RevisionDiff {
  const runs = changes.slice(0, maxRuns).map((change) => {
    const parts = runParts(change);
    return {
      at: (change.before[0] ?? change.after[0])?.start ?? 0,
      parts: parts.length > MAX_PARTS ? [...parts.slice(0, MAX_PARTS), GAP] : parts,
    };
  });
  return { runs, more: Math.max(0, changes.length - maxRuns) };
}

/** A stored diff, or null when it is not one (revisions saved before diffs were kept have none). */
export function storedRevisionDiff(value: unknown): RevisionDiff | null {
  if (!value || typeof value !== "object") return null;
  const diff = value as RevisionDiff;
  return Array.isArray(diff.runs) && typeof diff.more === "number" ? diff : null;
}
