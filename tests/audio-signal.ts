// Measuring audio in tests: decode any file with ffmpeg to 16 kHz mono samples, then compare stretches of two
// decodings or look for a tone in one (the redacted audio's tests, issue 35 item 3).
import { execFileSync } from "node:child_process";

export const MEASURE_RATE = 16_000;

/** The file's audio as 16 kHz mono samples in [-1, 1], decoded by ffmpeg. */
export function decodeSamples(file: string): Float32Array {
  const pcm = execFileSync(
    "ffmpeg",
    ["-nostdin", "-v", "error", "-i", file, "-vn", "-ac", "1", "-ar", String(MEASURE_RATE), "-f", "s16le", "pipe:1"],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  const samples = new Float32Array(pcm.length / 2);
  for (let index = 0; index < samples.length; index++) samples[index] = pcm.readInt16LE(index * 2) / 32768;
  return samples;
}

/** The samples between two times (seconds). */
export const stretch = (samples: Float32Array, from: number, to: number) =>
  samples.subarray(
    Math.max(0, Math.round(from * MEASURE_RATE)),
    Math.min(samples.length, Math.round(to * MEASURE_RATE)),
  );

export const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / Math.max(1, samples.length));

/**
 * The share of the stretch's energy at `hz` (Goertzel): about 1 for a pure sine at that frequency, near 0 for speech
 * or silence.
 */
export function toneShare(samples: Float32Array, hz: number): number {
  const n = samples.length;
  if (!n) return 0;
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / MEASURE_RATE);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  // A sine of amplitude A over n samples has Goertzel power (A n / 2)^2 and energy A^2 n / 2.
  const energy = samples.reduce((sum, sample) => sum + sample * sample, 0);
  return energy ? power / ((n / 2) * energy) : 0;
}

/** Pearson correlation of two equally long stretches: 1 when one is the other, scaled. */
export function correlation(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let meanA = 0;
  let meanB = 0;
  for (let index = 0; index < n; index++) {
    meanA += a[index];
    meanB += b[index];
  }
  meanA /= n;
  meanB /= n;
  let product = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (let index = 0; index < n; index++) {
    const x = a[index] - meanA;
    const y = b[index] - meanB;
    product += x * y;
    squaresA += x * x;
    squaresB += y * y;
  }
  return product / Math.sqrt(squaresA * squaresB);
}
