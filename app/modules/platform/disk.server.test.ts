import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { hasRoomFor, isDiskFull, sweepTemporaryFiles, TEMPORARY_MAX_AGE_MS } from "./disk.server";

const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-disk-test-"));
// The sweep also clears stale voxlate-* folders in the system temp folder. A private TMPDIR keeps it
// from finding (and the assertion from counting) leftovers of other runs on a shared machine.
const systemTemp = path.join(dataDirectory, "system-tmp");
fs.mkdirSync(systemTemp);
beforeAll(() => {
  vi.stubEnv("DATA_DIR", dataDirectory);
  vi.stubEnv("TMPDIR", systemTemp);
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dataDirectory, { recursive: true, force: true });
});

function make(file: string, ageMs: number, content = "x") {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return file;
}
const age = (entry: string, ageMs: number) =>
  fs.utimesSync(entry, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));

describe("sweepTemporaryFiles", () => {
  test("removes what nothing touched for an hour (a killed upload, job or live session) and keeps work in progress", async () => {
    const old = TEMPORARY_MAX_AGE_MS + 60_000;
    const killedUpload = make(path.join(dataDirectory, "tmp", "upload-killed"), old);
    const runningUpload = make(path.join(dataDirectory, "tmp", "upload-running"), 1_000);
    const killedJob = make(path.join(dataDirectory, "tmp", "job-a", "audio.wav"), old);
    age(path.dirname(killedJob), old);
    // An old folder with a file written a moment ago: a job still working.
    const runningJob = make(path.join(dataDirectory, "tmp", "job-b", "chunk.wav"), 1_000);
    age(path.dirname(runningJob), old);
    const liveSession = make(path.join(dataDirectory, "live", "abc", "recording.webm"), old);
    age(path.dirname(liveSession), old);
    const chunks = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-chunks-"));
    age(chunks, old);
    const unrelated = fs.mkdtempSync(path.join(os.tmpdir(), "someone-else-"));
    age(unrelated, old);

    const removed = await sweepTemporaryFiles();
    expect(removed.sort()).toEqual([killedUpload, path.dirname(killedJob), path.dirname(liveSession), chunks].sort());
    expect(fs.existsSync(runningUpload)).toBe(true);
    expect(fs.existsSync(runningJob)).toBe(true);
    expect(fs.existsSync(unrelated)).toBe(true);
    fs.rmSync(unrelated, { recursive: true });
  });
});

describe("free space", () => {
  test("hasRoomFor keeps MIN_FREE_DISK_BYTES free; ENOSPC and EDQUOT are a full disk", async () => {
    expect(await hasRoomFor(0)).toBe(true);
    expect(await hasRoomFor(Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isDiskFull(Object.assign(new Error("no space"), { code: "ENOSPC" }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error("quota"), { code: "EDQUOT" }))).toBe(true);
    expect(isDiskFull(new Error("other"))).toBe(false);
  });
});
