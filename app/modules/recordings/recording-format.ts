// Display helpers shared by the recordings pages (client-safe).

/** A length (of a recording, of a live session), rounded: 65.4 → "1:05"; 3725 → "1:02:05". A time within a recording
 * that readers cite is ~/utils/timestamps' formatTimestamp (truncated). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const STATUS_LABEL = {
  QUEUED: "Queued",
  PROCESSING: "Processing",
  COMPLETED: "Completed",
  FAILED: "Failed",
  CANCELLED: "Cancelled",
} as const;

/** What transcribed a file, said plainly; the offline engine is not called AI. */
export function engineLabel(engine: string | null, model: string | null): string | null {
  if (!engine) return null;
  const name =
    {
      pocketsphinx: "Pocketsphinx (offline speech recognition, English)",
      whisper: "Whisper (whisper.cpp, on our server)",
      openai: "OpenAI-compatible speech API",
    }[engine] ?? engine;
  return model ? `${name}, model ${model}` : name;
}

/** 1 → "Next in the queue", 2 → "2nd in the queue", 13 → "13th in the queue". */
export function queuePositionText(position: number): string {
  if (position <= 1) return "Next in the queue";
  const tens = position % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? "th"
      : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[position % 10] ?? "th");
  return `${position}${suffix} in the queue`;
}

/** A time left, rounded as people say it: "Less than a minute left", "About 4 minutes left", "About 1 h 20 min left". */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "Estimating…";
  if (seconds < 60) return "Less than a minute left";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} minute${minutes === 1 ? "" : "s"} left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `About ${hours} h${rest ? ` ${rest} min` : ""} left`;
}
