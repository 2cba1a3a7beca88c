// Uploads and the disk: an aborted, over-limit or failed upload closes the file it was written to (no descriptor
// kept on an unlinked file, whose space du cannot see), a full disk is a 507 for that request and never a crash.
// The upload goes where the store takes it: sealed straight into the encrypting file store (the default), or a
// plain temporary file (STORAGE_ENCRYPTION=false, as upload-disk-plain.test.ts runs this file, and S3).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { getDatabase } from "~/modules/platform/database.server";
import { dataDir } from "~/config/env.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { sharedFile } from "../shared-files";

const AUDIO = sharedFile("testdata/audio");
const BOUNDARY = "----voxlate-disk-test";
const MB = 1024 * 1024;

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: false });
});
afterAll(() => stopJobs());
afterEach(() => vi.restoreAllMocks());

const encrypting = process.env.STORAGE_ENCRYPTION !== "false";
/** Where an upload is written while it arrives: the app's temporary folder, or the file store's folder for files
 *  being sealed. */
const SCRATCH = () => [dataDir("tmp"), dataDir("uploads", ".incoming")];

/** What is left in the scratch folders. */
function scratchFiles(): string[] {
  return SCRATCH().flatMap((folder) => (fs.existsSync(folder) ? fs.readdirSync(folder) : []));
}

/** This process's open descriptors (its worker threads' too) on files in the scratch folders, deleted ones included. */
function openTemporaryFiles(): string[] {
  const targets: string[] = [];
  for (const fd of fs.readdirSync("/proc/self/fd")) {
    try {
      targets.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      // closed meanwhile
    }
  }
  return targets.filter((target) => SCRATCH().some((folder) => target.startsWith(folder)));
}

/** A multipart body with one file part of `megabytes` MB, sent in 1 MB pieces; `abortAfter` errors the stream. */
function multipartStream(megabytes: number, abortAfter?: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(
          new TextEncoder().encode(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\n\r\n`,
          ),
        );
      }
      if (abortAfter !== undefined && sent >= abortAfter) return controller.error(new Error("client went away"));
      if (sent < megabytes) {
        controller.enqueue(new Uint8Array(MB).fill(sent));
        sent++;
      } else {
        controller.enqueue(new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`));
        controller.close();
      }
    },
  });
}

async function post(cookie: string, body: BodyInit) {
  const headers: Record<string, string> = { Cookie: cookie };
  if (body instanceof ReadableStream) headers["Content-Type"] = `multipart/form-data; boundary=${BOUNDARY}`;
  const response = await app("/api/recordings", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("temporary upload files", () => {
  test("an aborted upload and an over-limit one close their temporary file", async () => {
    const user = await signedInUser(); // Free: 50 MB
    expect(openTemporaryFiles()).toEqual([]);
    for (let attempt = 0; attempt < 3; attempt++) {
      const aborted = await post(user.cookie, multipartStream(20, 5));
      expect(aborted.status).toBe(400);
    }
    const overLimit = await post(user.cookie, multipartStream(52));
    expect(overLimit).toEqual({
      status: 413,
      body: { error: "This file is larger than 50 MB, the upload limit on the Free plan." },
    });
    await settle();
    expect(openTemporaryFiles()).toEqual([]);
    expect(scratchFiles()).toEqual([]);
  });

  test("a full disk while writing is a 507 with a message, the file is closed and removed, the app goes on", async () => {
    const user = await signedInUser();
    if (encrypting) {
      // The sealed file's name comes from randomUUID; under that name sits /dev/full, where every write fails as
      // on a full disk. The write happens on the sealing worker thread, so it is the kernel's answer, not a mock.
      const name = crypto.randomUUID();
      vi.spyOn(crypto, "randomUUID").mockReturnValue(name);
      fs.mkdirSync(dataDir("uploads", ".incoming"), { recursive: true });
      fs.symlinkSync("/dev/full", dataDir("uploads", ".incoming", name));
    } else {
      const realCreateWriteStream = fs.createWriteStream;
      // The kernel's answer when the disk fills up, from the first write on.
      vi.spyOn(fs, "createWriteStream").mockImplementation(((file: fs.PathLike, options?: never) => {
        const stream = realCreateWriteStream(file, options);
        if (String(file).startsWith(dataDir("tmp"))) {
          stream._write = (_chunk, _encoding, callback) =>
            callback(
              Object.assign(new Error("ENOSPC: no space left on device, write"), {
                code: "ENOSPC",
                errno: -28,
                syscall: "write",
              }),
            );
        }
        return stream;
      }) as typeof fs.createWriteStream);
    }
    const full = await post(user.cookie, multipartStream(3));
    expect(full).toEqual({
      status: 507,
      body: { error: "The server is short of disk space and cannot take this file right now. Please try again later." },
    });
    await settle();
    expect(openTemporaryFiles()).toEqual([]);
    expect(scratchFiles()).toEqual([]);

    vi.restoreAllMocks();
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(path.join(AUDIO, "jfk.mp3"))]), "jfk.mp3");
    expect((await post(user.cookie, form)).status).toBe(201);
  });

  test("an upload that would leave less than MIN_FREE_DISK_BYTES free is refused with 507 before it is read", async () => {
    const user = await signedInUser();
    const free = fs.statfsSync(dataDir()).bavail * fs.statfsSync(dataDir()).bsize;
    vi.spyOn(fs.promises, "statfs").mockResolvedValue({
      ...fs.statfsSync(dataDir()),
      bavail: Math.floor((512 * MB) / fs.statfsSync(dataDir()).bsize),
    });
    expect(free).toBeGreaterThan(0);
    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(path.join(AUDIO, "jfk.mp3"))]), "jfk.mp3");
    const refused = await post(user.cookie, form);
    expect(refused.status).toBe(507);
    expect(refused.body.error).toMatch(/short of disk space/);
    expect(scratchFiles()).toEqual([]);
  });
});
