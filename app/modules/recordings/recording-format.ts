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
