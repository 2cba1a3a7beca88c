import fs from "node:fs";
import type { TranscriptSegment } from "./engine";
import { readPcmRange, readSpeechWavInfo, SPEECH_SAMPLE_RATE } from "./wav.server";

// Speaker labels for engines that give none, from the sound alone, with no model to download:
//  1. each segment's voiced frames become MFCCs (c1…c13, computed here from the PCM), summarised as a Gaussian
//     (frame count, sum, sum of outer products);
//  2. every pair of segments is compared with the Bayesian information criterion: does one Gaussian explain both
//     better than two, once the extra parameters are paid for (ΔBIC < 0 means "same voice")?
//  3. segments are grouped by average-linkage agglomerative clustering on those pairwise ΔBIC values, merging
//     while the average is below zero. Comparing segment pairs (not growing clusters) keeps the test's power the
//     same however long the recording is.
// It separates voices that differ in timbre (a man and a woman easily, two similar voices less reliably).
// Segments with too little voiced sound take the label of the nearest segment in time.

const RATE = SPEECH_SAMPLE_RATE;
const FRAME = 400; // 25 ms
const HOP = 160; // 10 ms
const FFT_SIZE = 512;
const MEL_BANDS = 26;
/** MFCCs c1…c13; c0 is loudness, which says little about who speaks. */
const DIMENSIONS = 13;
const MIN_FREQUENCY = 60;
const MAX_FREQUENCY = 7600;
/** Frames this far (dB) below the segment's loudest are pauses, not voice. */
const SPEECH_FLOOR_DB = 30;
/** Segments with fewer voiced frames (10 ms each) are labelled by their neighbours, not clustered. */
const MIN_VOICED_FRAMES = 50;
/** A voice heard for less than this in all (10 ms frames: 3 s) is folded into the nearest other voice. */
const MIN_SPEAKER_FRAMES = 300;
/** Longest stretch measured per segment: enough for a voice print, and bounds the work on long segments. */
const MAX_MEASURED_SECONDS = 30;
/** Segments clustered at most (the distance matrix is n² floats); the rest are labelled by their neighbours. */
const MAX_CLUSTERED = 3000;
/**
 * Weight of BIC's penalty for the extra Gaussian. At the textbook 1, one voice comes out as several (the
 * dialogue's first speaker as two). From 1.5 to 2 every test case comes out right: the dialogue's two voices
 * in pieces of 1–5 s, jfk.wav as one voice, and jfk.wav against itself with pitch and formants moved by 15–20%.
 * At 2.5 those moved voices merge. 1.75 is the middle. Voices only 10% apart are not told apart at all.
 */
const DEFAULT_PENALTY = 1.75;

/** In-place radix-2 FFT of (re, im); `re.length` must be a power of two. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size / 2;
    const angle = (-2 * Math.PI) / size;
    for (let k = 0; k < half; k++) {
      const wRe = Math.cos(angle * k);
      const wIm = Math.sin(angle * k);
      for (let a = k; a < n; a += size) {
        const b = a + half;
        const tRe = re[b] * wRe - im[b] * wIm;
        const tIm = re[b] * wIm + im[b] * wRe;
        re[b] = re[a] - tRe;
        im[b] = im[a] - tIm;
        re[a] += tRe;
        im[a] += tIm;
      }
    }
  }
}

const hamming = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));

const melFilters: { from: number; weights: Float64Array }[] = (() => {
  const toMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
  const toHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);
  const low = toMel(MIN_FREQUENCY);
  const high = toMel(MAX_FREQUENCY);
  const edges = Array.from(
    { length: MEL_BANDS + 2 },
    (_, i) => (toHz(low + ((high - low) * i) / (MEL_BANDS + 1)) * FFT_SIZE) / RATE,
  );
  return Array.from({ length: MEL_BANDS }, (_, band) => {
    const [left, centre, right] = [edges[band], edges[band + 1], edges[band + 2]];
    const from = Math.ceil(left);
    const weights = new Float64Array(Math.max(0, Math.floor(right) - from + 1));
    for (let bin = from; bin <= Math.floor(right); bin++) {
      weights[bin - from] = bin <= centre ? (bin - left) / (centre - left) : (right - bin) / (right - centre);
    }
    return { from, weights };
  });
})();

/** DCT-II rows for c1…c13. */
const dct: Float64Array[] = Array.from({ length: DIMENSIONS }, (_, row) =>
  Float64Array.from({ length: MEL_BANDS }, (_, m) => Math.cos((Math.PI * (row + 1) * (m + 0.5)) / MEL_BANDS)),
);

/** A segment's voiced frames as a Gaussian's sufficient statistics. */
export interface VoiceStats {
  frames: number;
  sum: Float64Array;
  /** Row-major DIMENSIONS × DIMENSIONS sum of outer products. */
  outer: Float64Array;
}

/** MFCCs of the voiced 10 ms frames of some 16 kHz PCM, accumulated as statistics. */
export function voiceStats(pcm: Int16Array): VoiceStats {
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const logMel = new Float64Array(MEL_BANDS);
  const cepstra: Float64Array[] = [];
  const energies: number[] = [];
  for (let start = 0; start + FRAME <= pcm.length; start += HOP) {
    re.fill(0);
    im.fill(0);
    let energy = 0;
    for (let i = 0; i < FRAME; i++) {
      const sample = pcm[start + i] / 32768;
      const previous = start + i > 0 ? pcm[start + i - 1] / 32768 : 0;
      re[i] = (sample - 0.97 * previous) * hamming[i];
      energy += sample * sample;
    }
    fft(re, im);
    for (let band = 0; band < MEL_BANDS; band++) {
      const { from, weights } = melFilters[band];
      let sum = 0;
      for (let i = 0; i < weights.length; i++) {
        const bin = from + i;
        sum += weights[i] * (re[bin] * re[bin] + im[bin] * im[bin]);
      }
      logMel[band] = Math.log(sum + 1e-10);
    }
    const frame = new Float64Array(DIMENSIONS);
    for (let k = 0; k < DIMENSIONS; k++) {
      let sum = 0;
      for (let m = 0; m < MEL_BANDS; m++) sum += dct[k][m] * logMel[m];
      frame[k] = sum;
    }
    cepstra.push(frame);
    energies.push(10 * Math.log10(energy / FRAME + 1e-12));
  }
  const stats: VoiceStats = {
    frames: 0,
    sum: new Float64Array(DIMENSIONS),
    outer: new Float64Array(DIMENSIONS * DIMENSIONS),
  };
  const floor = Math.max(-60, Math.max(...energies) - SPEECH_FLOOR_DB);
  for (const [index, frame] of cepstra.entries()) {
    if (energies[index] < floor) continue;
    stats.frames++;
    for (let a = 0; a < DIMENSIONS; a++) {
      stats.sum[a] += frame[a];
      for (let b = 0; b < DIMENSIONS; b++) stats.outer[a * DIMENSIONS + b] += frame[a] * frame[b];
    }
  }
  return stats;
}

/** log det of the covariance the statistics imply (by Cholesky). */
function logDetCovariance(frames: number, sum: Float64Array, outer: Float64Array): number {
  const d = DIMENSIONS;
  const m = new Float64Array(d * d);
  for (let a = 0; a < d; a++) {
    for (let b = 0; b < d; b++)
      m[a * d + b] = outer[a * d + b] / frames - (sum[a] / frames) * (sum[b] / frames) + (a === b ? 1e-6 : 0);
  }
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let diagonal = m[j * d + j];
    for (let k = 0; k < j; k++) diagonal -= m[j * d + k] ** 2;
    const root = Math.sqrt(Math.max(diagonal, 1e-12));
    m[j * d + j] = root;
    logDet += 2 * Math.log(root);
    for (let i = j + 1; i < d; i++) {
      let value = m[i * d + j];
      for (let k = 0; k < j; k++) value -= m[i * d + k] * m[j * d + k];
      m[i * d + j] = value / root;
    }
  }
  return logDet;
}

/** ΔBIC of modelling two segments with one Gaussian rather than two: below 0, the same voice is likelier. */
export function deltaBic(a: VoiceStats, b: VoiceStats, penalty = DEFAULT_PENALTY): number {
  const frames = a.frames + b.frames;
  const sum = a.sum.map((value, i) => value + b.sum[i]);
  const outer = a.outer.map((value, i) => value + b.outer[i]);
  const parameters = DIMENSIONS + (DIMENSIONS * (DIMENSIONS + 1)) / 2;
  return (
    0.5 * frames * logDetCovariance(frames, sum, outer) -
    0.5 * a.frames * logDetCovariance(a.frames, a.sum, a.outer) -
    0.5 * b.frames * logDetCovariance(b.frames, b.sum, b.outer) -
    penalty * 0.5 * parameters * Math.log(frames)
  );
}

/**
 * Average-linkage agglomerative clustering of n items given their pairwise distances, by the nearest-neighbour
 * chain algorithm (O(n²)). Groups merge while their average distance is at most `threshold`, and beyond it while
 * there are more than `maxGroups`. Returns a group number per item, in order of first appearance.
 */
export function averageLinkage(
  n: number,
  distanceOf: (i: number, j: number) => number,
  threshold: number,
  maxGroups = Number.POSITIVE_INFINITY,
): number[] {
  if (n === 0) return [];
  const matrix = new Float32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) matrix[i * n + j] = matrix[j * n + i] = distanceOf(i, j);
  const size = new Array<number>(n).fill(1);
  const active = new Set(Array.from({ length: n }, (_, i) => i));
  const merges: { a: number; b: number; distance: number }[] = [];
  const chain: number[] = [];
  while (active.size > 1) {
    if (chain.length === 0) chain.push(active.values().next().value!);
    const top = chain[chain.length - 1];
    const previous = chain.length > 1 ? chain[chain.length - 2] : -1;
    let nearest = -1;
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (const other of active) {
      if (other === top) continue;
      const value = matrix[top * n + other];
      if (value < nearestDistance || (value === nearestDistance && other === previous)) {
        nearest = other;
        nearestDistance = value;
      }
    }
    if (nearest !== previous) {
      chain.push(nearest);
      continue;
    }
    chain.length -= 2;
    // Merge `nearest` into `top` (Lance–Williams update for average linkage).
    merges.push({ a: top, b: nearest, distance: nearestDistance });
    for (const other of active) {
      if (other === top || other === nearest) continue;
      const value =
        (size[top] * matrix[top * n + other] + size[nearest] * matrix[nearest * n + other]) /
        (size[top] + size[nearest]);
      matrix[top * n + other] = matrix[other * n + top] = value;
    }
    size[top] += size[nearest];
    active.delete(nearest);
  }
  // Average linkage never merges at a smaller distance than an earlier merge inside the same group, so the
  // merges in order of distance rebuild the same tree: apply them up to the threshold.
  merges.sort((x, y) => x.distance - y.distance);
  const parent = Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  let groups = n;
  for (const merge of merges) {
    if (merge.distance > threshold && groups <= maxGroups) break;
    parent[root(merge.b)] = root(merge.a);
    groups--;
  }
  const order = new Map<number, number>();
  return Array.from({ length: n }, (_, i) => {
    const r = root(i);
    if (!order.has(r)) order.set(r, order.size);
    return order.get(r)!;
  });
}

export interface SpeakerLabelOptions {
  /** Most speakers to tell apart (default 8). */
  maxSpeakers?: number;
  /** BIC penalty weight: higher merges more (fewer speakers). Default 1.75. */
  penalty?: number;
}

/**
 * Voice statistics for time spans of a 16 kHz mono WAV, read span by span (the file is never loaded whole).
 * `fileStart` is where the file begins in the recording the spans' times refer to (a chunk's start): each span
 * is measured over the same samples as in the whole recording, as far as the file holds them.
 */
export async function spanVoiceStats(
  wavPath: string,
  spans: { start: number; end: number }[],
  fileStart = 0,
): Promise<VoiceStats[]> {
  const info = await readSpeechWavInfo(wavPath);
  const handle = await fs.promises.open(wavPath, "r");
  const offset = Math.round(fileStart * RATE);
  try {
    const stats: VoiceStats[] = [];
    for (const span of spans) {
      const start = Math.max(0, Math.floor(span.start * RATE));
      const end = Math.min(Math.ceil(span.end * RATE), start + MAX_MEASURED_SECONDS * RATE);
      stats.push(voiceStats(await readPcmRange(handle, info, start - offset, end - offset)));
    }
    return stats;
  } finally {
    await handle.close();
  }
}

/**
 * A "speaker" heard for under MIN_SPEAKER_FRAMES in all is more often one voice's odd moment (a laugh, a short
 * word, a cough) than a new person: such groups join the group they are closest to (lowest mean ΔBIC).
 * Changes `groups` in place.
 */
function foldSmallGroups(groups: number[], stats: VoiceStats[], penalty: number): void {
  const framesOf = new Map<number, number>();
  groups.forEach((group, index) => framesOf.set(group, (framesOf.get(group) ?? 0) + stats[index].frames));
  const large = [...framesOf].filter(([, frames]) => frames >= MIN_SPEAKER_FRAMES).map(([group]) => group);
  if (large.length === 0) return;
  for (const [group, frames] of framesOf) {
    if (frames >= MIN_SPEAKER_FRAMES) continue;
    const members = groups.flatMap((g, index) => (g === group ? [index] : []));
    let target = large[0];
    let best = Number.POSITIVE_INFINITY;
    for (const candidate of large) {
      // Up to 50 members of the candidate are enough to judge.
      const others = groups.flatMap((g, index) => (g === candidate ? [index] : [])).slice(0, 50);
      let sum = 0;
      for (const i of members) for (const j of others) sum += deltaBic(stats[i], stats[j], penalty);
      const mean = sum / (members.length * others.length);
      if (mean < best) {
        best = mean;
        target = candidate;
      }
    }
    members.forEach((index) => (groups[index] = target));
  }
}

/**
 * Labels each segment "Speaker 1", "Speaker 2"… (in order of first appearance) by how its voice sounds. For
 * engines that give no speakers; segments that already have speakers are returned as they are.
 */
export async function labelSpeakers(
  wavPath: string,
  segments: TranscriptSegment[],
  options: SpeakerLabelOptions = {},
): Promise<TranscriptSegment[]> {
  if (segments.length === 0 || segments.some((segment) => segment.speaker !== null)) return segments;
  return labelSpeakersByVoice(segments, await spanVoiceStats(wavPath, segments), options);
}

/** `labelSpeakers` with each segment's voice already measured (`voices[i]` is segment i's, from spanVoiceStats). */
export function labelSpeakersByVoice(
  segments: TranscriptSegment[],
  voices: VoiceStats[],
  options: SpeakerLabelOptions = {},
): TranscriptSegment[] {
  if (segments.length === 0 || segments.some((segment) => segment.speaker !== null)) return segments;
  if (voices.length !== segments.length) {
    throw new Error(`${voices.length} voices measured for ${segments.length} segments.`);
  }
  const measured = voices
    .map((stat, index) => ({ stat, index }))
    .filter(({ stat }) => stat.frames >= MIN_VOICED_FRAMES)
    .sort((a, b) => b.stat.frames - a.stat.frames)
    .slice(0, MAX_CLUSTERED)
    .sort((a, b) => a.index - b.index);
  if (measured.length === 0) return segments.map((segment) => ({ ...segment, speaker: "Speaker 1" }));

  const penalty = options.penalty ?? DEFAULT_PENALTY;
  const groups = averageLinkage(
    measured.length,
    (i, j) => deltaBic(measured[i].stat, measured[j].stat, penalty),
    0,
    options.maxSpeakers ?? 8,
  );
  foldSmallGroups(
    groups,
    measured.map(({ stat }) => stat),
    penalty,
  );
  const groupOf = new Map(measured.map(({ index }, position) => [index, groups[position]]));
  const gap = (a: TranscriptSegment, b: TranscriptSegment) => Math.max(0, a.start - b.end, b.start - a.end);
  const labels = segments.map((segment, index) => {
    const own = groupOf.get(index);
    if (own !== undefined) return own;
    let nearest = measured[0].index;
    for (const { index: other } of measured)
      if (gap(segments[other], segment) < gap(segments[nearest], segment)) nearest = other;
    return groupOf.get(nearest)!;
  });
  const names = new Map<number, string>();
  return segments.map((segment, index) => {
    if (!names.has(labels[index])) names.set(labels[index], `Speaker ${names.size + 1}`);
    return { ...segment, speaker: names.get(labels[index])! };
  });
}
