// The workplace's shared test audio and models, which tests read in place and never copy into the repository.
// They sit in ../shared beside the checkout; a checkout elsewhere (CI's fresh clone) finds /work/shared, and
// VOXLATE_SHARED_DIR overrides both.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

function sharedDirectory(): string {
  const candidates = [process.env.VOXLATE_SHARED_DIR, path.resolve(REPO_ROOT, "../shared"), "/work/shared"].filter(
    (dir): dir is string => Boolean(dir),
  );
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "testdata")));
  if (!found) throw new Error(`Shared test data not found in ${candidates.join(", ")}; set VOXLATE_SHARED_DIR.`);
  return found;
}

export const SHARED_DIR = sharedDirectory();

export function sharedFile(...parts: string[]): string {
  return path.join(SHARED_DIR, ...parts);
}

/** Cuts are kept between runs, one file per stretch and source version, so the folder holds a few files at most. */
const CUTS_FOLDER = path.join(os.tmpdir(), "voxlate-test-cuts");

/**
 * A stretch of a shared audio file as a WAV of its own, cut by ffmpeg once and kept in a temporary folder: for tests
 * that need some of a recording's speech but not all of it, since every second a test uploads is a second the
 * offline engine decodes (about half a CPU-second on these machines).
 */
export function sharedAudioCut(file: string, fromSeconds: number, seconds: number): string {
  const source = sharedFile(file);
  const { size, mtimeMs } = fs.statSync(source);
  const name = `${path.basename(file, path.extname(file))}-${fromSeconds}s-${seconds}s-${size}-${Math.round(mtimeMs)}.wav`;
  const cut = path.join(CUTS_FOLDER, name);
  if (!fs.existsSync(cut)) {
    fs.mkdirSync(CUTS_FOLDER, { recursive: true });
    // Written aside and renamed, so a process cutting the same stretch at the same time never reads half a file.
    const partial = path.join(CUTS_FOLDER, `${process.pid}-${name}`);
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-ss",
      String(fromSeconds),
      "-t",
      String(seconds),
      "-i",
      source,
      partial,
    ]);
    fs.renameSync(partial, cut);
  }
  return cut;
}

/**
 * The two-voice dialogue's first three turns (15.5 of its 25.4 s): both voices, the second for 4.7 s, over the 3 s the
 * diarizer needs to call it a speaker. For tests of who speaks, not of the words.
 */
export const dialogueOpening = () => sharedAudioCut("testdata/audio/dialogue-two-speakers.wav", 0, 15.5);
