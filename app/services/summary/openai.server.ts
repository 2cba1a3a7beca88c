// A chat model (OpenAI, Ollama…) writes the summary from the numbered segments; each point names its segment
// number, which we check and turn back into the segment's id and time.
import { z } from "zod";
import { chatCompletion, type ChatModelConfig } from "../chat-completion.server";
import { languageName } from "~/utils/languages";
import { summariseExtractively } from "./extractive.server";
import { summaryError, summariserLabel, type Summariser, type Summary, type SummarySegment } from "./summariser";

const TIMEOUT_MS = 180_000;
/** Transcripts longer than this many characters are cut down to their most central sentences first. */
export const MAX_PROMPT_CHARS = 120_000;

const PointSchema = z.object({ text: z.string().trim().min(1), segment: z.number().int() });
const ReplySchema = z.object({
  abstract: z.string().trim(),
  keyPoints: z.array(PointSchema),
  actionItems: z.array(PointSchema).default([]),
});

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The numbered lines the model reads; over the budget, a sample of the segments (numbered as sent). */
export function promptLines(segments: SummarySegment[]): { lines: string; numbered: SummarySegment[] } {
  const line = (segment: SummarySegment, index: number) =>
    `[${index + 1}] ${clock(segment.start)} ${segment.speaker ? `${segment.speaker}: ` : ""}${segment.text}`;
  let numbered = segments;
  let lines = numbered.map(line).join("\n");
  if (lines.length > MAX_PROMPT_CHARS) {
    // Every k-th segment for coverage, plus the most central ones so the main points are not skipped.
    const central = new Set(summariseExtractively(segments).keyPoints.map((point) => point.segmentId));
    const stride = Math.ceil(lines.length / MAX_PROMPT_CHARS) + 1;
    numbered = segments.filter((segment, index) => central.has(segment.id) || index % stride === 0);
    lines = numbered.map(line).join("\n").slice(0, MAX_PROMPT_CHARS);
  }
  return { lines, numbered };
}

/** The JSON object in a reply, also inside a ```json fence or with a sentence around it. */
export function parseSummaryReply(content: string, segments: SummarySegment[]): Summary | null {
  const start = content.indexOf("{");
  const end = content.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(content.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = ReplySchema.safeParse(json);
  if (!parsed.success) return null;
  // A point that names no real segment is dropped rather than linked to a wrong time.
  const points = (list: z.infer<typeof PointSchema>[]) =>
    list.flatMap(({ text, segment }) => {
      const source = segments[segment - 1];
      return source ? [{ text, segmentId: source.id, start: source.start }] : [];
    });
  return {
    abstract: parsed.data.abstract,
    keyPoints: points(parsed.data.keyPoints),
    actionItems: points(parsed.data.actionItems),
  };
}

export function openAiSummariser(config: ChatModelConfig): Summariser {
  return {
    name: "openai",
    model: config.model,
    label: summariserLabel("openai", config.model),
    async summarise(segments, options = {}) {
      if (segments.length === 0) return { abstract: "", keyPoints: [], actionItems: [] };
      const { lines, numbered } = promptLines(segments);
      const language = options.language ? languageName(options.language) : "the transcript's language";
      const system =
        `You summarise transcripts. Write in ${language}. The user sends numbered transcript lines "[n] m:ss Speaker: text". ` +
        'Reply with only a JSON object: {"abstract": string (2-3 sentences), "keyPoints": [{"text": string, "segment": n}], ' +
        '"actionItems": [{"text": string, "segment": n}]}. 3 to 8 key points; action items only for tasks someone committed to ' +
        'or was asked to do (an empty array if none). Each "segment" is the number of the line the point comes from. ' +
        "Use only what the transcript says.";
      const content = await chatCompletion(config, {
        service: "The AI summary service",
        messages: [
          { role: "system", content: system },
          { role: "user", content: lines },
        ],
        temperature: 0.2,
        timeoutMs: TIMEOUT_MS,
        signal: options.signal,
        fail: summaryError,
      });
      const summary = parseSummaryReply(content, numbered);
      if (!summary) throw summaryError("The AI summary service answered in an unexpected form; try again.");
      return summary;
    },
  };
}
