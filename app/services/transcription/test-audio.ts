// Audio and a fake engine shared by the VAD and long-audio tests.
import { execFileSync } from "node:child_process";
import type { SpeechEngine, TranscribeOptions } from "./engine";
import { readSpeechWavInfo } from "./wav.server";
import { sharedFile } from "../../../tests/shared-files";

export const JFK = sharedFile("testdata/audio/jfk.wav");
export const VAD_MODEL = sharedFile("models/silero_vad.onnx");
/** jfk.wav is 11 s; each repeat adds 4 s of quiet noise after it. */
export const PERIOD = 15;
/** Where jfk.wav has speech (pocketsphinx's word times, rounded inwards); it pauses between them. */
export const JFK_SPEECH = [
  [0.4, 2.3],
  [3.35, 4.3],
  [5.4, 7.65],
  [8.2, 10.45],
] as const;

/** jfk.wav repeated with 4 s pauses, by default over faint pink noise (a room, not digital silence). */
export function repeatedJfk(file: string, repeats: number, options: { noise: boolean } = { noise: true }): string {
  const seconds = repeats * PERIOD;
  const loop = `[0:a]apad=pad_dur=4,aloop=loop=${repeats - 1}:size=${PERIOD * 16000}`;
  execFileSync("ffmpeg", [
    "-nostdin",
    "-v",
    "error",
    "-y",
    "-i",
    JFK,
    ...(options.noise
      ? [
          "-f",
          "lavfi",
          "-i",
          `anoisesrc=c=pink:r=16000:a=0.002:d=${seconds}`,
          "-filter_complex",
          `${loop}[speech];[speech][1:a]amix=inputs=2:duration=shortest:normalize=0`,
        ]
      : ["-filter_complex", loop]),
    "-ac",
    "1",
    "-ar",
    "16000",
    "-c:a",
    "pcm_s16le",
    file,
  ]);
  return file;
}

export function fakeEngine() {
  const calls: { path: string; duration: number; options: TranscribeOptions }[] = [];
  const engine: SpeechEngine = {
    name: "whisper",
    model: "fake",
    label: "Fake",
    languages: "all",
    async transcribe(wavPath, options) {
      const { durationSeconds } = await readSpeechWavInfo(wavPath);
      calls.push({ path: wavPath, duration: durationSeconds, options });
      options.onProgress?.(0.5);
      return {
        language: "en",
        engine: "whisper",
        model: "fake",
        segments: [
          {
            start: 0.1,
            end: durationSeconds - 0.1,
            text: `call ${calls.length}`,
            confidence: 0.9,
            speaker: null,
            words: [{ word: "call", start: 0.1, end: 0.5, confidence: 0.9 }],
          },
        ],
      };
    },
  };
  return { engine, calls };
}
