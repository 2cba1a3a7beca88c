// The court-ready (legal) layout, made once as pages of 25 numbered lines of fixed-width text, so that the PDF and the
// DOCX carry the same words on the same page:line and a citation stays right whichever file is read (ADR 046).
// Everything here is deterministic: the same transcript, caption, facts and options give the same pages.
import { formatDuration } from "./cues";
import type { LegalCaption, LegalCertificateFacts, LegalOptions } from "./legal-types";
import type { TranscriptDocument } from "./types";

export const LINES_PER_PAGE = 25;
/** Characters per line in the monospaced font (12 pt: 5.8 inches, inside a 1.5-inch left and 0.75-inch right margin). */
export const CHARS_PER_LINE = 58;

/** Where the parts of a turn start (columns), as transcripts are conventionally typed. */
const QA_INDENT = 5;
const QA_TEXT = 10;
const COLLOQUY_INDENT = 10;
/** A clock-time note goes before a turn that starts at least this long after the last note. */
const TIME_NOTE_EVERY_SECONDS = 60;

export interface LegalLine {
  text: string;
  /** How many characters at its start are a speaker label (set in bold). */
  bold: number;
}

export type LegalSection = "caption" | "transcript" | "index" | "certificate";

export interface LegalPage {
  /** 1-based, counting the caption page. */
  number: number;
  section: LegalSection;
  /** Exactly LINES_PER_PAGE lines (blank ones included: every line has its number). */
  lines: LegalLine[];
}

/** A place in the document, as cited: page 3, line 12 is "3:12". */
export interface PageLine {
  page: number;
  line: number;
}

export interface LegalLayout {
  pages: LegalPage[];
  /** Each speaker's label and their first line in the transcript, in order of first appearance. */
  speakerIndex: { label: string; at: PageLine }[];
  /** Each indexed word and every line it is on (empty when the word index was not asked for). */
  wordIndex: { word: string; at: PageLine[] }[];
}

export const cite = ({ page, line }: PageLine) => `${page}:${line}`;

const length = (text: string) => Array.from(text).length;

/**
 * East Asian wide characters (Han, kana, Hangul, CJK punctuation, full-width forms): a fixed-width face sets each in
 * two columns, and such text has no spaces, so a line may break between any two of them.
 */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\u30FB-\u30FC\uFF01-\uFF60\uFFE0-\uFFE6]/u;
export const isWide = (character: string) => WIDE.test(character);
/** How many columns a text takes in the fixed-width layout: two for each wide character, one for any other. */
export function columns(text: string): number {
  let count = 0;
  for (const character of text) count += isWide(character) ? 2 : 1;
  return count;
}

/** Wide punctuation that closes (full stops, commas, closing brackets): CJK typesetting never starts a line with it. */
const CLOSING = /[、。，．：；？！）］｝〉》」』】〕〗〙〛ー・]/u;

/**
 * A word's unbreakable parts: each wide character alone, other characters in runs (a Latin word stays whole), and
 * closing punctuation kept with the character before it.
 */
function partsOf(word: string): string[] {
  const parts: string[] = [];
  let run = "";
  for (const character of word) {
    if (!isWide(character)) {
      run += character;
      continue;
    }
    if (run) parts.push(run);
    run = "";
    if (CLOSING.test(character) && parts.length) parts[parts.length - 1] += character;
    else parts.push(character);
  }
  if (run) parts.push(run);
  return parts;
}
const blank = (): LegalLine => ({ text: "", bold: 0 });
const plain = (text: string): LegalLine => ({ text, bold: 0 });

/** One line of text: whitespace and control characters become single spaces. */
function clean(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, " ")
    .trim();
}

/**
 * The line-breaker: greedy, by whole words, at `width` columns (a wide character takes two, and wide text breaks
 * between any two characters). The first line starts with `first` (a label or an indent), the others with `rest`;
 * a word longer than a line is cut at the width.
 */
export function wrapText(
  text: string,
  { width = CHARS_PER_LINE, first = "", rest = "" }: { width?: number; first?: string; rest?: string } = {},
): string[] {
  const lines: string[] = [];
  let line = first;
  let hasWord = false;
  for (const word of clean(text).split(" ").filter(Boolean)) {
    partsOf(word).forEach((part, index) => {
      // A space only between words: the parts of one word are glued.
      const joined = hasWord && index === 0 ? `${line} ${part}` : `${line}${part}`;
      if (columns(joined) <= width) {
        line = joined;
        hasWord = true;
        return;
      }
      if (hasWord || length(line.trimEnd()) > 0) lines.push(line.trimEnd());
      // Cut a part that fits no line into line-long pieces (only a run of narrow characters can be that long).
      let piece = Array.from(part);
      const start = rest;
      while (columns(start) + columns(piece.join("")) > width) {
        const room = width - columns(start);
        let take = 0;
        for (let used = 0; take < piece.length && used + columns(piece[take]) <= room; take++)
          used += columns(piece[take]);
        take = Math.max(1, take);
        lines.push(start + piece.slice(0, take).join(""));
        piece = piece.slice(take);
      }
      line = start + piece.join("");
      hasWord = true;
    });
  }
  if (hasWord || length(line.trimEnd()) > 0) lines.push(line.trimEnd());
  return lines;
}

/** A line centred in the width (by spaces, so it is the same in every file). */
function centred(text: string, width = CHARS_PER_LINE): LegalLine[] {
  return wrapText(text, { width }).map((line) => plain(" ".repeat(Math.floor((width - columns(line)) / 2)) + line));
}

const HONORIFIC = /^(mr|mrs|ms|mx|dr)\.?(?=\s)/i;

/** "Mr Smith" → "MR. SMITH", "Jane Doe" → "JANE DOE"; no name → "UNIDENTIFIED SPEAKER". */
export function speakerLabel(name: string | null | undefined): string {
  const text = clean(name ?? "");
  if (!text) return "UNIDENTIFIED SPEAKER";
  return text.replace(HONORIFIC, (title) => `${title.replace(".", "")}.`).toLocaleUpperCase("en-US");
}

/** The instant a local date ("2026-03-05") and time ("09:30") in an IANA zone name; null when either is missing. */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(+day[1], +day[2] - 1, +day[3], +clock[1], +clock[2]);
  // The zone's offset at the guessed instant; twice, for a guess that crossed a daylight-saving change.
  let instant = wall;
  for (let round = 0; round < 2; round++) instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return local - Math.floor(instant / 1000) * 1000;
}

/** "November 27, 2026 at 2:30:05 PM UTC", in the zone. */
export function formatInstant(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "long", timeStyle: "long" }).format(instant);
}

function formatClock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  }).format(instant);
}

interface Turn {
  start: number;
  speaker: string | null;
  text: string;
}

/** Consecutive segments of one speaker make one turn. */
function turnsOf(doc: TranscriptDocument): Turn[] {
  const turns: Turn[] = [];
  for (const segment of doc.segments) {
    const last = turns.at(-1);
    if (last && last.speaker === segment.speaker) last.text = `${last.text} ${segment.text}`;
    else turns.push({ start: segment.start, speaker: segment.speaker, text: segment.text });
  }
  return turns;
}

function labelled(label: string, value: string, indent = 5): LegalLine[] {
  return wrapText(value || "—", { first: `${label} `, rest: " ".repeat(indent) }).map(plain);
}

function captionLines(doc: TranscriptDocument, caption: LegalCaption, options: LegalOptions): LegalLine[] {
  const lines: LegalLine[] = [blank()];
  if (caption.court) lines.push(...centred(caption.court.toLocaleUpperCase("en-US")), blank());
  lines.push(...centred(caption.matter || doc.title));
  if (caption.caseNumber) lines.push(blank(), ...centred(`Case No. ${caption.caseNumber}`));
  lines.push(blank(), ...centred("TRANSCRIPT OF RECORDING"));
  if (caption.examination?.title) lines.push(...centred(caption.examination.title));
  lines.push(blank());
  if (caption.date) lines.push(...labelled("Date:", caption.date));
  if (caption.place) lines.push(...labelled("Place:", caption.place));
  lines.push(...labelled("Recording:", `${doc.fileName || doc.title} (${formatDuration(doc.durationSeconds)})`));
  lines.push(
    ...labelled(
      "Times:",
      options.timeZoneChosen ? `in ${options.timeZone}` : `in ${options.timeZone} (the default; no zone was chosen)`,
    ),
  );
  if (caption.appearances.length) {
    lines.push(blank(), plain("APPEARANCES:"));
    for (const appearance of caption.appearances)
      lines.push(...wrapText(appearance, { first: "     ", rest: "     " }).map(plain));
  }
  return lines;
}

/** A line of the transcript, with the words it holds (the label's excepted), for the word index. */
interface TranscriptLine extends LegalLine {
  speaker?: string;
  words: string;
}

function transcriptLines(doc: TranscriptDocument, caption: LegalCaption, options: LegalOptions): TranscriptLine[] {
  const examination = options.questionsAndAnswers ? caption.examination : null;
  const startedAt = zonedInstant(caption.date, caption.startTime, caption.timeZone || "UTC");
  const timeNote = (offset: number) =>
    startedAt
      ? `(${formatClock(new Date(startedAt.getTime() + offset * 1000), options.timeZone)})`
      : `(${formatDuration(offset)} into the recording)`;
  const lines: TranscriptLine[] = [];
  const push = (texts: string[], bold: number, speaker?: string) =>
    texts.forEach((text, index) =>
      lines.push({
        text,
        bold: index === 0 ? bold : 0,
        words: index === 0 ? text.slice(bold) : text,
        ...(index === 0 && speaker ? { speaker } : {}),
      }),
    );
  let lastNote = -Infinity;
  let examining = false;
  for (const turn of turnsOf(doc)) {
    if (turn.start - lastNote >= TIME_NOTE_EVERY_SECONDS) {
      push(wrapText(timeNote(turn.start), { first: " ".repeat(COLLOQUY_INDENT) }), 0);
      lastNote = turn.start;
    }
    const label = speakerLabel(turn.speaker);
    const role = !examination
      ? null
      : turn.speaker === examination.examiner
        ? "Q."
        : turn.speaker === examination.witness
          ? "A."
          : null;
    if (role) {
      if (!examining) {
        const heading = examination!.title || `EXAMINATION BY ${speakerLabel(examination!.examiner)}`;
        push(
          centred(heading.toLocaleUpperCase("en-US")).map((line) => line.text),
          0,
        );
        examining = true;
      }
      const first = `${" ".repeat(QA_INDENT)}${role}`.padEnd(QA_TEXT);
      push(wrapText(turn.text, { first }), QA_INDENT + role.length, label);
    } else {
      const first = `${" ".repeat(COLLOQUY_INDENT)}${label}:  `;
      push(wrapText(turn.text, { first }), COLLOQUY_INDENT + length(label) + 1, label);
    }
  }
  if (lines.length === 0) push(["(The transcript has no text.)"], 0);
  return lines;
}

const STOP_WORDS = new Set(
  (
    "a an and are as at be but by for from had has have he her his i if in into is it its me my no not of on or our " +
    "she so that the their them then there they this to was we were what when which who will with you your"
  ).split(" "),
);

/** The words of a line as the index lists them: lower case, letters and digits (inner ' and - kept), no stop words. */
export function indexWords(text: string): string[] {
  return (text.toLocaleLowerCase("en-US").match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [])
    .map((word) => word.replace(/’/g, "'"))
    .filter((word) => Array.from(word).length > 1 && !STOP_WORDS.has(word));
}

function dotted(label: string, reference: string): LegalLine {
  const dots = CHARS_PER_LINE - length(label) - length(reference) - 2;
  if (dots < 3) return plain(`${label} ${reference}`);
  return plain(`${label} ${".".repeat(dots)} ${reference}`);
}

function certificateLines(doc: TranscriptDocument, facts: LegalCertificateFacts, options: LegalOptions): LegalLine[] {
  const edited = doc.segments.filter((segment) => segment.edited).length;
  const machine = [facts.engine, facts.model].filter(Boolean).join(", model ") || "an unnamed engine";
  const lines: LegalLine[] = [blank(), ...centred("CERTIFICATE"), blank()];
  lines.push(...labelled("File:", facts.fileName));
  if (facts.mediaSha256) {
    lines.push(plain("Media SHA-256:"));
    for (let at = 0; at < facts.mediaSha256.length; at += 32)
      lines.push(plain(`     ${facts.mediaSha256.slice(at, at + 32)}`));
  } else lines.push(...labelled("Media SHA-256:", facts.mediaNote ?? "not available"));
  lines.push(...labelled("Duration:", formatDuration(facts.durationSeconds)));
  lines.push(...labelled("Engine:", machine));
  const version = facts.version;
  if (version) {
    lines.push(...labelled("Version:", String(version.number)));
    if (version.hash) {
      lines.push(plain("Version SHA-256:"));
      for (let at = 0; at < version.hash.length; at += 32) lines.push(plain(`     ${version.hash.slice(at, at + 32)}`));
    }
    lines.push(plain("Text SHA-256:"));
    for (let at = 0; at < version.contentHash.length; at += 32)
      lines.push(plain(`     ${version.contentHash.slice(at, at + 32)}`));
    lines.push(...labelled("Reviewer:", version.signedOffBy.name));
    lines.push(...labelled("Signed off:", formatInstant(version.signedOffAt, options.timeZone)));
  } else {
    lines.push(...labelled("Reviewer:", "none"));
    lines.push(...labelled("Signed off:", "no"));
  }
  const stale = facts.changedSinceSignOff;
  lines.push(blank());
  const statement = version
    ? `The words, their times and the speaker labels were first made by a machine (${machine}). ` +
      `${version.signedOffBy.name} reviewed the text and signed off version ${version.number}; ` +
      `the version hash above identifies that exact text. ` +
      `A person edited ${edited} of its ${doc.segments.length} segments.`
    : stale
      ? `Not signed off: the text has changed since ${stale.signedOffBy.name} signed off version ${stale.number} ` +
        `on ${formatInstant(stale.signedOffAt, options.timeZone)}, so this export is an unreviewed draft and that ` +
        `sign-off does not cover it. The words, their times and the speaker labels were first made by a machine ` +
        `(${machine}). A person edited ${edited} of its ${doc.segments.length} segments.`
      : `Not signed off: this is an unreviewed machine transcript. The words, their times and the speaker labels ` +
        `were made by a machine (${machine}); no person has reviewed or certified them. ` +
        `A person edited ${edited} of its ${doc.segments.length} segments.`;
  lines.push(...wrapText(statement).map(plain));
  lines.push(blank());
  lines.push(...wrapText(`Made by Voxlate on ${formatInstant(options.exportedAt, options.timeZone)}.`).map(plain));
  return lines;
}

/** Lines into pages of 25, the last one filled with blank lines. */
function paginate<T extends LegalLine>(lines: T[], section: LegalSection, firstPage: number): LegalPage[] {
  const pages: LegalPage[] = [];
  for (let at = 0; at < Math.max(lines.length, 1); at += LINES_PER_PAGE) {
    const chunk: LegalLine[] = lines.slice(at, at + LINES_PER_PAGE).map(({ text, bold }) => ({ text, bold }));
    while (chunk.length < LINES_PER_PAGE) chunk.push(blank());
    pages.push({ number: firstPage + pages.length, section, lines: chunk });
  }
  return pages;
}

const placeOf = (index: number, firstPage: number): PageLine => ({
  page: firstPage + Math.floor(index / LINES_PER_PAGE),
  line: (index % LINES_PER_PAGE) + 1,
});

/**
 * The whole legal document: the caption page(s), the transcript, the speaker index (and the word index when asked
 * for), then the certificate; each part starts on a new page.
 */
export function legalLayout(
  doc: TranscriptDocument,
  caption: LegalCaption,
  facts: LegalCertificateFacts,
  options: LegalOptions,
): LegalLayout {
  const captionPages = paginate(captionLines(doc, caption, options), "caption", 1);
  const body = transcriptLines(doc, caption, options);
  const bodyFirst = captionPages.length + 1;
  const transcriptPages = paginate(body, "transcript", bodyFirst);

  const speakerIndex: LegalLayout["speakerIndex"] = [];
  const words = new Map<string, PageLine[]>();
  body.forEach((line, index) => {
    const at = placeOf(index, bodyFirst);
    if (line.speaker && !speakerIndex.some((entry) => entry.label === line.speaker))
      speakerIndex.push({ label: line.speaker, at });
    if (!options.wordIndex) return;
    for (const word of new Set(indexWords(line.words))) {
      const places = words.get(word) ?? [];
      places.push(at);
      words.set(word, places);
    }
  });
  const wordIndex = [...words].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([word, at]) => ({ word, at }));

  const indexLines: LegalLine[] = [blank(), ...centred("INDEX OF SPEAKERS"), blank()];
  indexLines.push(plain(`${"SPEAKER".padEnd(CHARS_PER_LINE - 10)}${"FIRST".padStart(10)}`));
  for (const entry of speakerIndex) indexLines.push(dotted(entry.label, cite(entry.at)));
  if (options.wordIndex) {
    indexLines.push(blank(), ...centred("INDEX OF WORDS"), blank());
    for (const entry of wordIndex)
      indexLines.push(
        ...wrapText(entry.at.map(cite).join(", "), { first: `${entry.word}  `, rest: "     " }).map(plain),
      );
  }
  const indexPages = paginate(indexLines, "index", bodyFirst + transcriptPages.length);
  const certificatePages = paginate(
    certificateLines(doc, facts, options),
    "certificate",
    bodyFirst + transcriptPages.length + indexPages.length,
  );
  return { pages: [...captionPages, ...transcriptPages, ...indexPages, ...certificatePages], speakerIndex, wordIndex };
}

/** "Page 3 of 12": the same words in the PDF and the DOCX. */
export const pageLabel = (page: number, count: number) => `Page ${page} of ${count}`;
