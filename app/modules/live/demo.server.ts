// The landing page's live demo, for anonymous visitors: a clip of up to 10 s is transcribed by the configured
// engine and deleted at once. Nothing is stored; the route is rate-limited per IP.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_LOCALES } from "~/content/demo";
import { decodeToWav, probeAudio, UnsupportedMediaError } from "~/services/transcription/audio.server";
import {
  configuredTranscriber,
  EngineUnavailableError,
  UnsupportedLanguageError,
} from "~/services/transcription/index.server";
import { RecordingError } from "~/modules/recordings/ownership.server";

/** The demo records 10 s; a little slack for the recorder's last chunk. */
const MAX_DEMO_SECONDS = 15;
export const MAX_DEMO_BYTES = 2 * 1024 * 1024;

export function isDemoLocale(locale: string): boolean {
  return DEMO_LOCALES.some((entry) => entry.value === locale);
}

/** The clip's text and the engine that wrote it. The clip is deleted whatever happens. */
export async function transcribeDemoClip(clip: Buffer, locale: string): Promise<{ text: string; engine: string }> {
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), "voxlate-demo-"));
  const clipPath = path.join(directory, `clip-${crypto.randomUUID()}`);
  const wavPath = path.join(directory, "clip.wav");
  try {
    await fs.promises.writeFile(clipPath, clip);
    let probe;
    try {
      probe = await probeAudio(clipPath);
    } catch (error) {
      if (error instanceof UnsupportedMediaError) throw new RecordingError(error.message, 415);
      throw error;
    }
    if (probe.durationSeconds > MAX_DEMO_SECONDS)
      throw new RecordingError(`Demo clips can be at most ${MAX_DEMO_SECONDS} seconds long.`, 413);
    await decodeToWav(clipPath, wavPath, { timeoutMs: 60_000 });
    const { engine } = configuredTranscriber();
    const language = locale.split("-")[0].toLowerCase();
    try {
      const result = await engine.transcribe(wavPath, { language, speakerLabels: false });
      return {
        text: result.segments
          .map((segment) => segment.text.trim())
          .filter(Boolean)
          .join(" "),
        engine: engine.label,
      };
    } catch (error) {
      if (error instanceof UnsupportedLanguageError || error instanceof EngineUnavailableError)
        throw new RecordingError(error.message, 422);
      throw error;
    }
  } finally {
    await fs.promises.rm(directory, { recursive: true, force: true });
  }
}
