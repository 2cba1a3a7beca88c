// Voices that can be recognised in another recording (ADR 030). No speaker-embedding model is on these
// machines (ADR 023), so a voice is what the offline diarizer already measures: the Gaussian (mean and full
// covariance) of the MFCCs c1…c13 of its 10 ms frames, kept as sufficient statistics. Two voices are compared
// with the diarizer's own test, ΔBIC (below 0: one Gaussian explains both better, "the same voice"), per frame so
// that long and short recordings compare alike, and shown as a similarity between 0 and 1.
import type { TranscriptSegment } from "./engine";
import {
  addFrame,
  deltaBic,
  DIMENSIONS,
  emptyStats,
  FRAME,
  HOP,
  SPEECH_FLOOR_DB,
  type GaussianStats,
  type VoiceStats,
} from "./diarization.server";
import { SPEECH_SAMPLE_RATE } from "./wav.server";

/** A speaker's frames in one recording, by the label the diarization gave it. */
export interface SpeakerVoiceStats {
  label: string;
  stats: GaussianStats;
}

/**
 * Fewer voiced frames than this (10 ms each: 2 s) do not make a voice: 13 means and 91 covariances need many more
 * frames than numbers, or every short voice looks unlike every other.
 */
export const MIN_VOICE_FRAMES = 200;

/**
 * ΔBIC per frame that maps to a similarity of 1/e away from 0.5: the logistic's scale. Only the display depends
 * on it (the decision is at ΔBIC 0, similarity 0.5); 0.1 spreads the measured same-voice pairs (ΔBIC/frame −0.06 to
 * −0.3) over 65–95% and different recordings' voices (≥ 0.9) to 0%.
 */
const SIMILARITY_SCALE = 0.1;

/**
 * A voice matches a profile at or above this similarity: ΔBIC = 0, the point where the diarizer itself would
 * call two turns one voice. bench/speaker-profiles.ts prints the measured same-voice and different-voice pairs.
 */
export const MATCH_THRESHOLD = 0.5;

/**
 * Each labelled speaker's voiced frames (raw MFCCs, not normalised per recording, so that another recording's can
 * be compared), from the segments' measured sound (`voices` from spanVoiceStats, in any order) and the labelled
 * segments (which may have been split at speaker changes: each frame goes to the segment whose time holds it).
 */
export function speakerVoiceStats(segments: TranscriptSegment[], voices: VoiceStats[]): SpeakerVoiceStats[] {
  const labelled = segments.filter((segment) => segment.speaker).sort((a, b) => a.start - b.start);
  if (labelled.length === 0) return [];
  let loudest = Number.NEGATIVE_INFINITY;
  for (const voice of voices) for (const energy of voice.energies) loudest = Math.max(loudest, energy);
  const floor = Math.max(-60, loudest - SPEECH_FLOOR_DB);
  const bySpeaker = new Map<string, GaussianStats>();
  for (const voice of voices) {
    voice.energies.forEach((energy, index) => {
      if (energy < floor) return;
      const time = voice.start + (index * HOP + FRAME / 2) / SPEECH_SAMPLE_RATE;
      const segment = segmentAt(labelled, time);
      if (!segment) return;
      const stats = bySpeaker.get(segment.speaker!) ?? emptyStats();
      addFrame(stats, voice.cepstra.subarray(index * DIMENSIONS, (index + 1) * DIMENSIONS));
      bySpeaker.set(segment.speaker!, stats);
    });
  }
  return [...bySpeaker]
    .filter(([, stats]) => stats.frames >= MIN_VOICE_FRAMES)
    .map(([label, stats]) => ({ label, stats }));
}

/** The segment (sorted by start) whose span holds `time`, by binary search. */
function segmentAt(segments: TranscriptSegment[], time: number): TranscriptSegment | null {
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (segments[middle].start <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found >= 0 && time <= segments[found].end ? segments[found] : null;
}

/** 0–1: how alike two voices sound; 0.5 is ΔBIC 0, the diarizer's line between one voice and two. */
export function voiceSimilarity(a: GaussianStats, b: GaussianStats): number {
  const perFrame = deltaBic(a, b) / (a.frames + b.frames);
  return 1 / (1 + Math.exp(perFrame / SIMILARITY_SCALE));
}

/** Two sets of statistics as one (a profile that hears the voice again). */
export function addVoiceStats(a: GaussianStats, b: GaussianStats): GaussianStats {
  return {
    frames: a.frames + b.frames,
    sum: a.sum.map((value, index) => value + b.sum[index]),
    outer: a.outer.map((value, index) => value + b.outer[index]),
  };
}

/**
 * Names voices after profiles, one to one: the most alike pair at or above the threshold first, then the next
 * among those left, so two voices never take the same name and a profile goes to the voice it fits best.
 */
export function matchVoices<Voice extends { stats: GaussianStats }, Profile extends { stats: GaussianStats }>(
  voices: Voice[],
  profiles: Profile[],
  threshold = MATCH_THRESHOLD,
): { voice: Voice; profile: Profile; similarity: number }[] {
  const pairs = voices.flatMap((voice) =>
    profiles.map((profile) => ({ voice, profile, similarity: voiceSimilarity(voice.stats, profile.stats) })),
  );
  pairs.sort((a, b) => b.similarity - a.similarity);
  const matched: typeof pairs = [];
  for (const pair of pairs) {
    if (pair.similarity < threshold) break;
    if (matched.some((taken) => taken.voice === pair.voice || taken.profile === pair.profile)) continue;
    matched.push(pair);
  }
  return matched;
}
