import fs from "node:fs";
import type { TranscriptSegment } from "./engine";
import { readPcmRange, readSpeechWavInfo, SPEECH_SAMPLE_RATE } from "./wav.server";

// Speaker labels for engines that give none, from the sound alone, with no model to download (ADR 023):
//  1. every 10 ms frame of the spans to label (the transcript's segments) becomes MFCCs c1…c13, normalised over
//     the whole recording (CMVN), so a microphone's colouring counts once, not per speaker;
//  2. over-segmentation, in stretches of 30 s of speech: two full-covariance Gaussians, started from the stretch's
//     first and second halves, are re-estimated while each frame goes to the Gaussian that explains the second
//     around it best (Viterbi-like smoothing). Where the label changes, or a span ends, a turn ends: turns are pieces of one voice, however
//     alike the voices (one Gaussian per phone class would also do, the next step sorts that out);
//  3. turns are grouped by average-linkage agglomerative clustering on their pairwise Bayesian information
//     criterion (ΔBIC < 0: one Gaussian explains both better, "same voice"), merging while the average is below
//     zero — or down to the number of speakers the user gave. Turns of several seconds give the test its power,
//     where whole segments may hold two voices and 1.5 s windows hold too little;
//  4. resegmentation: one Gaussian per speaker, re-estimated the same way as in step 2, moves each frame to the
//     voice that explains its surroundings best, which puts the changes where they are;
//  5. each segment takes the voice of most of its frames; a segment too short to measure takes its neighbour's.
// A voice heard for under 3 s in all is folded into the nearest other (a laugh or a cough is not a person).

const RATE = SPEECH_SAMPLE_RATE;
export const FRAME = 400; // 25 ms
export const HOP = 160; // 10 ms
const FFT_SIZE = 512;
const MEL_BANDS = 26;
/** MFCCs c1…c13; c0 is loudness, which says little about who speaks. */
export const DIMENSIONS = 13;
const MIN_FREQUENCY = 60;
const MAX_FREQUENCY = 7600;
/** Frames this far (dB) below the recording's loudest are pauses, not voice. */
export const SPEECH_FLOOR_DB = 40;
/** Turns with fewer voiced frames (10 ms each) are not compared, only resegmented. */
const MIN_VOICED_FRAMES = 50;
/** A voice heard for less than this in all (10 ms frames: 3 s) is folded into the nearest other voice. */
const MIN_SPEAKER_FRAMES = 300;
/** Turns clustered at most (the distance matrix is n² floats); the longest are kept, the rest resegmented. */
const MAX_CLUSTERED = 3000;
/** Frames within this many either side of a frame (10 ms each: ±0.5 s) decide its voice together. */
const SMOOTHING_FRAMES = 50;
/** Voiced frames over-segmented together (10 ms each: 30 s of speech). */
const OVERSEGMENT_FRAMES = 3000;
/** Gaussians of the over-segmentation (step 2). */
const OVERSEGMENT_VOICES = 2;
/** Re-estimations at most; they usually settle in 3–6. */
const MAX_ITERATIONS = 10;
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

/** Frames as a Gaussian's sufficient statistics. */
export interface GaussianStats {
  frames: number;
  sum: Float64Array;
  /** Row-major DIMENSIONS × DIMENSIONS sum of outer products. */
  outer: Float64Array;
}

/** MFCCs c1…c13 of each 10 ms frame of some 16 kHz PCM, with each frame's loudness (dB). */
export function cepstralFrames(pcm: Int16Array): { cepstra: Float64Array[]; energies: number[] } {
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
  return { cepstra, energies };
}

export function emptyStats(): GaussianStats {
  return { frames: 0, sum: new Float64Array(DIMENSIONS), outer: new Float64Array(DIMENSIONS * DIMENSIONS) };
}

export function addFrame(stats: GaussianStats, frame: ArrayLike<number>): void {
  stats.frames++;
  for (let a = 0; a < DIMENSIONS; a++) {
    stats.sum[a] += frame[a];
    for (let b = 0; b < DIMENSIONS; b++) stats.outer[a * DIMENSIONS + b] += frame[a] * frame[b];
  }
}

/** MFCCs of the voiced 10 ms frames of some 16 kHz PCM, accumulated as statistics. */
export function voiceStats(pcm: Int16Array): GaussianStats {
  const { cepstra, energies } = cepstralFrames(pcm);
  const stats = emptyStats();
  const floor = Math.max(-60, Math.max(...energies) - SPEECH_FLOOR_DB);
  for (const [index, frame] of cepstra.entries()) if (energies[index] >= floor) addFrame(stats, frame);
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
export function deltaBic(a: GaussianStats, b: GaussianStats, penalty = DEFAULT_PENALTY): number {
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

/** The number of speakers to find: "auto" (estimated) or a number the user gave (2–10). */
export type SpeakerCount = "auto" | number;

export interface SpeakerLabelOptions {
  /** Most speakers to tell apart when estimating (default 8). */
  maxSpeakers?: number;
  /** How many speakers there are, when the user said (default "auto"). */
  speakers?: SpeakerCount;
  /** BIC penalty weight: higher merges more (fewer speakers). Default 1.75. */
  penalty?: number;
}

/** A span's sound as measured for speaker labelling: its 10 ms frames' MFCCs and loudness. */
export interface VoiceStats {
  /** Seconds (in the recording) where the first frame starts. */
  start: number;
  /** DIMENSIONS numbers per frame. */
  cepstra: Float32Array;
  /** Loudness of each frame, dB. */
  energies: Float32Array;
}

/** Measures one span's PCM (16 kHz) that starts at `start` seconds. */
export function measureVoice(pcm: Int16Array, start: number): VoiceStats {
  const { cepstra, energies } = cepstralFrames(pcm);
  const flat = new Float32Array(cepstra.length * DIMENSIONS);
  cepstra.forEach((frame, index) => flat.set(frame, index * DIMENSIONS));
  return { start, cepstra: flat, energies: Float32Array.from(energies) };
}

/**
 * The sound of time spans of a 16 kHz mono WAV, read span by span (the file is never loaded whole).
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
      const end = Math.ceil(span.end * RATE);
      const from = Math.max(start, offset);
      stats.push(measureVoice(await readPcmRange(handle, info, from - offset, end - offset), from / RATE));
    }
    return stats;
  } finally {
    await handle.close();
  }
}

/** One Gaussian's log-likelihood of a frame (constant terms dropped), from frames' statistics. */
function gaussianScorer(stats: GaussianStats): ((frame: Float64Array) => number) | null {
  const d = DIMENSIONS;
  if (stats.frames < 2 * d) return null;
  const mean = stats.sum.map((value) => value / stats.frames);
  const chol = new Float64Array(d * d);
  for (let a = 0; a < d; a++) {
    for (let b = 0; b < d; b++) chol[a * d + b] = stats.outer[a * d + b] / stats.frames - mean[a] * mean[b];
    chol[a * d + a] += 1e-3;
  }
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let diagonal = chol[j * d + j];
    for (let k = 0; k < j; k++) diagonal -= chol[j * d + k] ** 2;
    const root = Math.sqrt(Math.max(diagonal, 1e-9));
    chol[j * d + j] = root;
    logDet += 2 * Math.log(root);
    for (let i = j + 1; i < d; i++) {
      let value = chol[i * d + j];
      for (let k = 0; k < j; k++) value -= chol[i * d + k] * chol[j * d + k];
      chol[i * d + j] = value / root;
    }
  }
  const solved = new Float64Array(d);
  return (frame) => {
    let squares = 0;
    for (let i = 0; i < d; i++) {
      let value = frame[i] - mean[i];
      for (let k = 0; k < i; k++) value -= chol[i * d + k] * solved[k];
      solved[i] = value / chol[i * d + i];
      squares += solved[i] ** 2;
    }
    return -0.5 * (squares + logDet);
  };
}

/** The voiced frames of all spans, normalised (CMVN), with the span each belongs to. */
interface Frames {
  vectors: Float64Array[];
  span: number[];
  /** Seconds, the frame's middle. */
  time: number[];
}

function voicedFrames(voices: VoiceStats[]): Frames {
  let loudest = Number.NEGATIVE_INFINITY;
  for (const voice of voices) for (const energy of voice.energies) loudest = Math.max(loudest, energy);
  const floor = Math.max(-60, loudest - SPEECH_FLOOR_DB);
  const frames: Frames = { vectors: [], span: [], time: [] };
  voices.forEach((voice, span) => {
    voice.energies.forEach((energy, index) => {
      if (energy < floor) return;
      frames.vectors.push(Float64Array.from(voice.cepstra.subarray(index * DIMENSIONS, (index + 1) * DIMENSIONS)));
      frames.span.push(span);
      frames.time.push(voice.start + (index * HOP + FRAME / 2) / RATE);
    });
  });
  const count = frames.vectors.length;
  for (let k = 0; k < DIMENSIONS; k++) {
    let sum = 0;
    let squares = 0;
    for (const vector of frames.vectors) {
      sum += vector[k];
      squares += vector[k] ** 2;
    }
    const mean = sum / count;
    const deviation = Math.sqrt(Math.max(squares / count - mean ** 2, 1e-9));
    for (const vector of frames.vectors) vector[k] = (vector[k] - mean) / deviation;
  }
  return frames;
}

/**
 * Re-estimates one Gaussian per voice from the frames labelled with it, and moves each frame to the voice whose
 * Gaussian best explains the frames within SMOOTHING_FRAMES of it in the same span, until nothing moves.
 * Labels of -1 are not used for estimating. Returns the new labels (a voice left with too few frames is gone).
 */
function resegment(frames: Frames, initial: number[], voices: number): number[] {
  let labels = initial;
  const count = frames.vectors.length;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const stats = Array.from({ length: voices }, emptyStats);
    labels.forEach((label, index) => label >= 0 && addFrame(stats[label], frames.vectors[index]));
    const scorers = stats.map(gaussianScorer);
    const alive = scorers.flatMap((scorer, voice) => (scorer ? [voice] : []));
    if (alive.length === 0) return labels;
    // Running sums of each voice's log-likelihood, so each frame's window is a difference of two.
    const running = alive.map(() => new Float64Array(count + 1));
    for (let index = 0; index < count; index++) {
      alive.forEach((voice, a) => (running[a][index + 1] = running[a][index] + scorers[voice]!(frames.vectors[index])));
    }
    const next = new Array<number>(count);
    let first = 0;
    let changed = false;
    for (let index = 0; index < count; index++) {
      if (index > 0 && frames.span[index] !== frames.span[index - 1]) first = index;
      const from = Math.max(first, index - SMOOTHING_FRAMES);
      let to = index;
      while (to + 1 < count && to + 1 <= index + SMOOTHING_FRAMES && frames.span[to + 1] === frames.span[index]) to++;
      let best = alive[0];
      let bestScore = Number.NEGATIVE_INFINITY;
      alive.forEach((voice, a) => {
        const score = running[a][to + 1] - running[a][from];
        if (score > bestScore) {
          bestScore = score;
          best = voice;
        }
      });
      next[index] = best;
      if (best !== labels[index]) changed = true;
    }
    labels = next;
    if (!changed) break;
  }
  return labels;
}

/** Runs of one label within one span: the frames' indices from `first` to `last`. */
function turnsOf(frames: Frames, labels: number[]): { first: number; last: number }[] {
  const turns: { first: number; last: number }[] = [];
  labels.forEach((label, index) => {
    const current = turns[turns.length - 1];
    if (current && labels[current.first] === label && frames.span[current.first] === frames.span[index]) {
      current.last = index;
    } else turns.push({ first: index, last: index });
  });
  return turns;
}

/**
 * A "speaker" heard for under MIN_SPEAKER_FRAMES in all is more often one voice's odd moment (a laugh, a short
 * word, a cough) than a new person: such groups join the group they are closest to (lowest mean ΔBIC).
 * Changes `groups` in place.
 */
function foldSmallGroups(groups: number[], stats: GaussianStats[], penalty: number): void {
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

/** Each voiced frame's speaker (0, 1, … in order of first appearance), by steps 2–4 of the comment at the top. */
function speakerOfFrames(frames: Frames, options: SpeakerLabelOptions): number[] {
  const count = frames.vectors.length;
  if (count < MIN_VOICED_FRAMES) return new Array<number>(count).fill(0);
  const penalty = options.penalty ?? DEFAULT_PENALTY;
  const given = options.speakers === undefined || options.speakers === "auto" ? null : options.speakers;

  // Changes of voice are local: each stretch of OVERSEGMENT_FRAMES is over-segmented on its own, so a long
  // recording's two Gaussians follow the voices of that stretch, not whatever splits the whole recording best.
  const pieces: number[] = [];
  for (let first = 0; first < count; first += OVERSEGMENT_FRAMES) {
    const last = Math.min(count, first + OVERSEGMENT_FRAMES);
    const stretch: Frames = {
      vectors: frames.vectors.slice(first, last),
      span: frames.span.slice(first, last),
      time: frames.time.slice(first, last),
    };
    const length = last - first;
    const labels = resegment(
      stretch,
      stretch.vectors.map((_, index) => Math.floor((index * OVERSEGMENT_VOICES) / length)),
      OVERSEGMENT_VOICES,
    );
    // Different stretches' labels are different pieces.
    pieces.push(...labels.map((label) => label + first * OVERSEGMENT_VOICES));
  }
  const turns = turnsOf(frames, pieces).map((turn) => {
    const stats = emptyStats();
    for (let index = turn.first; index <= turn.last; index++) addFrame(stats, frames.vectors[index]);
    return { ...turn, stats };
  });
  const measured = turns
    .filter((turn) => turn.stats.frames >= MIN_VOICED_FRAMES)
    .sort((a, b) => b.stats.frames - a.stats.frames)
    .slice(0, MAX_CLUSTERED)
    .sort((a, b) => a.first - b.first);
  if (measured.length === 0) return new Array<number>(count).fill(0);
  const groups = averageLinkage(
    measured.length,
    (i, j) => deltaBic(measured[i].stats, measured[j].stats, penalty),
    given === null ? 0 : Number.NEGATIVE_INFINITY,
    given ?? options.maxSpeakers ?? 8,
  );
  if (given === null) {
    foldSmallGroups(
      groups,
      measured.map((turn) => turn.stats),
      penalty,
    );
  }
  const voices = Math.max(...groups) + 1;
  if (new Set(groups).size === 1) return new Array<number>(count).fill(0);
  const initial = new Array<number>(count).fill(-1);
  measured.forEach((turn, position) => initial.fill(groups[position], turn.first, turn.last + 1));
  const labels = resegment(frames, initial, voices);
  const order = new Map<number, number>();
  return labels.map((label) => {
    if (!order.has(label)) order.set(label, order.size);
    return order.get(label)!;
  });
}

/**
 * Who speaks when in the spans: turns of "Speaker 1", "Speaker 2"… (in order of first appearance). Each voiced
 * frame goes to its speaker; within a span, a speaker's turn runs to the middle of the pause before the next
 * speaker's, and the first and last turns to the span's edges. `voices[i]` is span i's sound.
 */
export function speakerTurns(
  voices: VoiceStats[],
  options: SpeakerLabelOptions = {},
): { speaker: string; start: number; end: number }[] {
  const frames = voicedFrames(voices);
  const labels = speakerOfFrames(frames, options);
  const half = FRAME / 2 / RATE;
  const runs = turnsOf(frames, labels);
  return runs.map((run, index) => {
    const voice = voices[frames.span[run.first]];
    const previous = runs[index - 1];
    const next = runs[index + 1];
    const sameSpan = (other: typeof run | undefined) => other && frames.span[other.first] === frames.span[run.first];
    const spanEnd = voice.start + ((voice.energies.length - 1) * HOP + FRAME) / RATE;
    return {
      speaker: `Speaker ${labels[run.first] + 1}`,
      start: sameSpan(previous) ? (frames.time[previous!.last] + frames.time[run.first]) / 2 : voice.start,
      end: sameSpan(next)
        ? (frames.time[run.last] + frames.time[next!.first]) / 2
        : Math.max(spanEnd, frames.time[run.last] + half),
    };
  });
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

/** Whitespace-normalised text, to tell whether a segment's text is its words' (and can be split with them). */
const normalised = (text: string) => text.trim().replace(/\s+/g, " ");

/**
 * Splits a segment where its words change speaker (`speakerOfWord[i]` is word i's), when its text is its words
 * joined by spaces (pocketsphinx's; an engine whose words are pieces of its text is left whole). Each piece keeps
 * the segment's confidence.
 */
function splitAtSpeakerChanges(
  segment: TranscriptSegment,
  speakerOfWord: number[],
): { segment: TranscriptSegment; speaker: number }[] {
  const { words } = segment;
  const splittable = normalised(words.map((word) => word.word).join(" ")) === normalised(segment.text);
  if (!splittable || new Set(speakerOfWord).size < 2) return [];
  const pieces: { segment: TranscriptSegment; speaker: number }[] = [];
  words.forEach((word, index) => {
    const current = pieces[pieces.length - 1];
    if (current && current.speaker === speakerOfWord[index]) current.segment.words.push(word);
    else pieces.push({ segment: { ...segment, words: [word] }, speaker: speakerOfWord[index] });
  });
  return pieces.map(({ segment: piece, speaker }, index) => ({
    speaker,
    segment: {
      ...piece,
      start: index === 0 ? segment.start : piece.words[0].start,
      end: index === pieces.length - 1 ? segment.end : piece.words[piece.words.length - 1].end,
      text: piece.words.map((word) => word.word).join(" "),
    },
  }));
}

/**
 * Names each segment's speaker "Speaker 1", "Speaker 2"… in order of appearance. `who(i, from, to)` is the
 * speaker heard most in segment i between two times (null when nothing of segment i was measured: it takes its
 * nearest measured neighbour's). A segment whose words are spoken by several is split where the speaker changes.
 */
function labelByWho(
  segments: TranscriptSegment[],
  who: (segment: number, from: number, to: number) => number | null,
): TranscriptSegment[] {
  const own = segments.map((segment, index) => who(index, segment.start, segment.end));
  const measured = own.flatMap((label, index) => (label === null ? [] : [index]));
  const gap = (a: TranscriptSegment, b: TranscriptSegment) => Math.max(0, a.start - b.end, b.start - a.end);
  const pieces = segments.flatMap((segment, index) => {
    const label = own[index];
    if (label !== null) {
      const byWord = segment.words.map((word) => who(index, word.start, word.end) ?? label);
      const split = splitAtSpeakerChanges(segment, byWord);
      return split.length > 0 ? split : [{ segment, speaker: label }];
    }
    if (measured.length === 0) return [{ segment, speaker: 0 }];
    let nearest = measured[0];
    for (const other of measured) if (gap(segments[other], segment) < gap(segments[nearest], segment)) nearest = other;
    return [{ segment, speaker: own[nearest]! }];
  });
  const names = new Map<number, string>();
  return pieces.map(({ segment, speaker }) => {
    if (!names.has(speaker)) names.set(speaker, `Speaker ${names.size + 1}`);
    return { ...segment, speaker: names.get(speaker)! };
  });
}

/**
 * `labelSpeakers` with each segment's sound already measured (`voices[i]` is segment i's, from spanVoiceStats).
 * A segment takes the speaker of most of its voiced frames; one whose words are spoken by several (an engine that
 * does not cut at speaker changes) is split where the speaker changes.
 */
export function labelSpeakersByVoice(
  segments: TranscriptSegment[],
  voices: VoiceStats[],
  options: SpeakerLabelOptions = {},
): TranscriptSegment[] {
  if (segments.length === 0 || segments.some((segment) => segment.speaker !== null)) return segments;
  if (voices.length !== segments.length) {
    throw new Error(`${voices.length} voices measured for ${segments.length} segments.`);
  }
  const frames = voicedFrames(voices);
  const labels = speakerOfFrames(frames, options);
  const framesOf = segments.map((): number[] => []);
  labels.forEach((_, index) => framesOf[frames.span[index]].push(index));
  return labelByWho(segments, (segment, from, to) => {
    const indices = framesOf[segment];
    if (indices.length === 0) return null;
    const tally = new Map<number, number>();
    for (const index of indices) {
      if (frames.time[index] >= from && frames.time[index] <= to) {
        tally.set(labels[index], (tally.get(labels[index]) ?? 0) + 1);
      }
    }
    if (tally.size > 0) return [...tally].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
    // No frame inside (a very short word): the nearest frame's speaker.
    const distance = (index: number) => Math.abs(frames.time[index] - (from + to) / 2);
    return labels[indices.reduce((best, index) => (distance(index) < distance(best) ? index : best))];
  });
}

/**
 * Labels segments from speaker turns found by other means (the neural diarizer): each segment, or each of its
 * words, takes the speaker whose turns overlap it most; one that no turn overlaps takes its neighbour's.
 */
export function labelSpeakersByTurns(
  segments: TranscriptSegment[],
  turns: { speaker: string; start: number; end: number }[],
): TranscriptSegment[] {
  if (segments.length === 0 || segments.some((segment) => segment.speaker !== null)) return segments;
  const speakers = [...new Set(turns.map((turn) => turn.speaker))];
  return labelByWho(segments, (_, from, to) => {
    const overlap = new Map<number, number>();
    for (const turn of turns) {
      const shared = Math.min(to, turn.end) - Math.max(from, turn.start);
      const speaker = speakers.indexOf(turn.speaker);
      if (shared > 0) overlap.set(speaker, (overlap.get(speaker) ?? 0) + shared);
    }
    if (overlap.size === 0) return null;
    return [...overlap].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
  });
}
