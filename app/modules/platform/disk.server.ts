// Disk hygiene: free-space checks before accepting files, telling a full disk apart from other write errors,
// and sweeping temporary files that a crash or kill left behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dataDir, getEnv } from "~/config/env.server";
import { countOf } from "~/utils/plural";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("disk");

/** ENOSPC (no space left) or EDQUOT (quota exceeded): the disk, not the request, is the problem. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** Bytes available to this process on the file system that holds DATA_DIR. */
export async function freeBytes(directory = dataDir()): Promise<number> {
  await fs.promises.mkdir(directory, { recursive: true });
  const stats = await fs.promises.statfs(directory);
  return stats.bavail * stats.bsize;
}

/**
 * Whether `incomingBytes` more can be written while keeping MIN_FREE_DISK_BYTES free, so that a full disk is
 * refused up front rather than met halfway through a write (the embedded database needs room to start).
 */
export async function hasRoomFor(incomingBytes: number): Promise<boolean> {
  return (await freeBytes()) - incomingBytes >= getEnv().MIN_FREE_DISK_BYTES;
}

/** Temporary entries untouched for this long belong to no running upload or job (both write continuously). */
export const TEMPORARY_MAX_AGE_MS = 60 * 60_000;
/** Prefixes of the scratch folders and files made in the system temporary directory. */
const SYSTEM_TEMPORARY_PREFIXES = ["voxlate-media-", "voxlate-chunks-", "voxlate-live-", "voxlate-decode-"];

/** The newest modification time anywhere in a file or folder (a running job writes inside its folder). */
async function newestChange(entry: string): Promise<number> {
  const stat = await fs.promises.lstat(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of await fs.promises.readdir(entry)) {
    newest = Math.max(newest, await newestChange(path.join(entry, child)).catch(() => Date.now()));
  }
  return newest;
}

/**
 * Removes temporary uploads, job folders and live-session folders that nothing touched for `maxAgeMs`: what a
 * crash, `kill -9` or power cut left behind. Younger entries may belong to work in progress and stay.
 * Returns the paths removed.
 */
export async function sweepTemporaryFiles(maxAgeMs = TEMPORARY_MAX_AGE_MS, now = Date.now()): Promise<string[]> {
  const candidates: string[] = [];
  for (const directory of [dataDir("tmp"), dataDir("live")]) {
    const names = await fs.promises.readdir(directory).catch(() => []);
    candidates.push(...names.map((name) => path.join(directory, name)));
  }
  const system = await fs.promises.readdir(os.tmpdir()).catch(() => []);
  candidates.push(
    ...system
      .filter((name) => SYSTEM_TEMPORARY_PREFIXES.some((prefix) => name.startsWith(prefix)))
      .map((name) => path.join(os.tmpdir(), name)),
  );
  const removed: string[] = [];
  for (const entry of candidates) {
    const changed = await newestChange(entry).catch(() => now);
    if (now - changed < maxAgeMs) continue;
    await fs.promises.rm(entry, { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

/** How often each process sweeps its temporary files. */
const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * At start-up (before the database opens, which needs room to start): removes what a crash left in the
 * temporary folders, warns when the disk is nearly full, and repeats the sweep every 15 minutes.
 */
export async function startDiskHousekeeping() {
  const sweep = async () => {
    try {
      const removed = await sweepTemporaryFiles();
      if (removed.length)
        log.info(
          `removed ${countOf(removed.length, "abandoned temporary file or folder", "abandoned temporary files or folders")}`,
        );
    } catch (error) {
      log.error({ err: error }, "temporary file sweep failed");
    }
  };
  await sweep();
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  const free = await freeBytes().catch(() => Number.POSITIVE_INFINITY);
  if (free < getEnv().MIN_FREE_DISK_BYTES) {
    log.warn(
      `only ${Math.round(free / 1024 / 1024)} MB free in ${dataDir()}: uploads are refused until space is freed.`,
    );
  }
}
