import { ServiceError } from "../errors";

/** A transcript segment as the summarisers read it. Times are seconds. */
export interface SummarySegment {
  id: string;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

/** One key point or action item, with the segment it came from so the UI can seek to it. (A type, not an interface, so Prisma takes it as JSON.) */
export type SummaryPoint = {
  text: string;
  segmentId: string;
  start: number;
};

export interface Summary {
  /** A few sentences on what the recording is about. */
  abstract: string;
  keyPoints: SummaryPoint[];
  actionItems: SummaryPoint[];
}

export interface Summariser {
  name: "extractive" | "openai";
  model: string | null;
  /** Shown in the UI. The extractive summariser is never called AI. */
  label: string;
  /** Throws SummaryError with a user-facing message on failure. */
  summarise(segments: SummarySegment[], options?: { language?: string | null; signal?: AbortSignal }): Promise<Summary>;
}

/** A summary failure with a message fit to show the user; `status` is the service's HTTP status when there was one. */
export class SummaryError extends ServiceError {}

export const summaryError = (message: string, status?: number) => new SummaryError(message, status);

/** The UI's name for a summariser. The extractive one is never called AI. */
export function summariserLabel(name: string, model: string | null): string {
  return name === "openai"
    ? `AI summary (${model ?? "chat model"})`
    : "Extractive summary (offline: the transcript's most central sentences, not AI)";
}
