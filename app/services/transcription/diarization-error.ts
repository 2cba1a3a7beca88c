// Diarization error rate (DER), as NIST's md-eval scores it: over the reference's speech time, outside a collar
// around each reference turn's start and end, the share that is missed (speech with too few hypothesis speakers),
// false alarm (too many), or confused (given to the wrong speaker under the best one-to-one mapping of hypothesis
// speakers to reference speakers). Used by bench/diarization.ts and the diarization tests.

export interface SpeakerTurn {
  speaker: string;
  start: number;
  end: number;
}

export interface DiarizationError {
  /** (missed + falseAlarm + confusion) / scored. */
  der: number;
  /** Seconds of reference speech scored (overlapping speakers count once each). */
  scored: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Hypothesis speaker → reference speaker, as mapped. */
  mapping: Map<string, string>;
}

/** Time is scored in steps of 1 ms: exact enough for turns given to the millisecond, and simple. */
const STEP = 0.001;

/** Parses NIST RTTM `SPEAKER <file> <channel> <start> <duration> … <speaker> …` lines into turns. */
export function parseRttm(text: string): SpeakerTurn[] {
  return text
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[0] === "SPEAKER" && fields.length >= 8)
    .map((fields) => {
      const start = Number(fields[3]);
      return { speaker: fields[7], start, end: start + Number(fields[4]) };
    });
}

/**
 * The best one-to-one mapping of hypothesis speakers to reference speakers: the one that maximises the time
 * they share (`shared[h][r]`), by dynamic programming over subsets of reference speakers (at most 16 of them).
 */
function bestMapping(shared: number[][], referenceCount: number): number[] {
  if (referenceCount > 16) throw new Error("At most 16 reference speakers can be mapped.");
  const hypothesisCount = shared.length;
  const subsets = 1 << referenceCount;
  // best[h][mask]: most time shared by hypothesis speakers h… given reference speakers in `mask` are taken.
  const best = Array.from({ length: hypothesisCount + 1 }, () => new Float64Array(subsets));
  const choice = Array.from({ length: hypothesisCount }, () => new Int8Array(subsets).fill(-1));
  for (let h = hypothesisCount - 1; h >= 0; h--) {
    for (let mask = 0; mask < subsets; mask++) {
      let value = best[h + 1][mask];
      for (let r = 0; r < referenceCount; r++) {
        if (mask & (1 << r)) continue;
        const candidate = shared[h][r] + best[h + 1][mask | (1 << r)];
        if (candidate > value) {
          value = candidate;
          choice[h][mask] = r;
        }
      }
      best[h][mask] = value;
    }
  }
  const mapping: number[] = [];
  let mask = 0;
  for (let h = 0; h < hypothesisCount; h++) {
    const r = choice[h][mask];
    mapping.push(r);
    if (r >= 0) mask |= 1 << r;
  }
  return mapping;
}

/** DER of `hypothesis` against `reference`, not scoring `collar` seconds either side of each reference boundary. */
export function diarizationError(reference: SpeakerTurn[], hypothesis: SpeakerTurn[], collar = 0.25): DiarizationError {
  const end = Math.max(0, ...reference.map((turn) => turn.end), ...hypothesis.map((turn) => turn.end));
  const steps = Math.ceil(end / STEP) + 1;
  const referenceNames = [...new Set(reference.map((turn) => turn.speaker))];
  const hypothesisNames = [...new Set(hypothesis.map((turn) => turn.speaker))];
  const index = (time: number) => Math.max(0, Math.min(steps, Math.round(time / STEP)));
  // Who speaks at each step, as bit sets.
  const paint = (turns: SpeakerTurn[], names: string[]) => {
    const speaking = new Uint32Array(steps);
    for (const turn of turns) {
      const bit = 1 << names.indexOf(turn.speaker);
      for (let i = index(turn.start); i < index(turn.end); i++) speaking[i] |= bit;
    }
    return speaking;
  };
  const ours = paint(hypothesis, hypothesisNames);
  const theirs = paint(reference, referenceNames);
  const scored = new Uint8Array(steps).fill(1);
  for (const turn of reference) {
    for (const boundary of [turn.start, turn.end]) scored.fill(0, index(boundary - collar), index(boundary + collar));
  }
  const bits = (set: number) => {
    let count = 0;
    for (; set; set &= set - 1) count++;
    return count;
  };
  const shared = hypothesisNames.map(() => referenceNames.map(() => 0));
  let speech = 0;
  let missed = 0;
  let falseAlarm = 0;
  for (let i = 0; i < steps; i++) {
    if (!scored[i]) continue;
    const r = bits(theirs[i]);
    const h = bits(ours[i]);
    speech += r;
    missed += Math.max(0, r - h);
    falseAlarm += Math.max(0, h - r);
    for (let a = 0; a < hypothesisNames.length; a++) {
      if (!(ours[i] & (1 << a))) continue;
      for (let b = 0; b < referenceNames.length; b++) if (theirs[i] & (1 << b)) shared[a][b]++;
    }
  }
  const mapped = bestMapping(shared, referenceNames.length);
  let correct = 0;
  mapped.forEach((r, h) => r >= 0 && (correct += shared[h][r]));
  // Of the time where both have someone, min(r, h) speakers per step could be right; the rest is confusion.
  let matchable = 0;
  for (let i = 0; i < steps; i++) if (scored[i]) matchable += Math.min(bits(theirs[i]), bits(ours[i]));
  const confusion = matchable - correct;
  const seconds = (count: number) => count * STEP;
  return {
    der: speech === 0 ? 0 : (missed + falseAlarm + confusion) / speech,
    scored: seconds(speech),
    missed: seconds(missed),
    falseAlarm: seconds(falseAlarm),
    confusion: seconds(confusion),
    mapping: new Map(
      mapped.flatMap((r, h) => (r >= 0 ? [[hypothesisNames[h], referenceNames[r]] as [string, string]] : [])),
    ),
  };
}
