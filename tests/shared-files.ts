// The workplace's shared test audio and models, which tests read in place and never copy into the repository.
// They sit in ../shared beside the checkout; a checkout elsewhere (CI's fresh clone) finds /work/shared, and
// VOXLATE_SHARED_DIR overrides both.
import fs from "node:fs";
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
