import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, test } from "vitest";
import { zipArchive, zipResponseBody, type ZipEntry } from "./zip.server";

const temporaryZip = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zip-")), "test.zip");

async function* list(entries: ZipEntry[]) {
  yield* entries;
}

describe("zipArchive", () => {
  test("streams, buffers and text, stored or deflated, make an archive unzip checks and reads back", async () => {
    const file = temporaryZip();
    const audio = crypto.randomBytes(3 * 1024 * 1024 + 7);
    const text = "Ask not what your country can do for you. ".repeat(2000);
    const archive = zipArchive(
      list([
        { name: "profile.json", body: '{"name":"Zoë"}', compress: true },
        {
          name: "recordings/réunion/audio.wav",
          body: Readable.from([audio.subarray(0, 1_000_000), audio.subarray(1_000_000)]),
          compress: false,
          modified: new Date("2026-03-04T05:06:08Z"),
        },
        { name: "transcript.txt", body: Buffer.from(text), compress: true },
        { name: "empty.txt", body: "", compress: true },
      ]),
    );
    await pipeline(archive, fs.createWriteStream(file));
    expect(archive.pointer()).toBe(fs.statSync(file).size);
    execFileSync("unzip", ["-tq", file]);
    expect(execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n")).toEqual([
      "profile.json",
      "recordings/réunion/audio.wav",
      "transcript.txt",
      "empty.txt",
    ]);
    const read = (entry: string) => execFileSync("unzip", ["-p", file, entry], { maxBuffer: 16 * 1024 * 1024 });
    expect(read("recordings/réunion/audio.wav").equals(audio)).toBe(true);
    expect(read("profile.json").toString()).toBe('{"name":"Zoë"}');
    expect(read("transcript.txt").toString()).toBe(text);
    // Audio stored as it is, text deflated.
    const verbose = execFileSync("unzip", ["-v", file], { encoding: "utf8" });
    expect(verbose).toMatch(/Stored .*recordings\/réunion\/audio\.wav/);
    expect(verbose).toMatch(/Defl:N .*transcript\.txt/);
  });

  test("asks for an entry only as the reader takes the archive, so memory stays at a few entries", async () => {
    const ENTRY_BYTES = 256 * 1024;
    let made = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (let index = 0; index < 40; index++) {
        made++;
        yield { name: `file-${index}.bin`, body: crypto.randomBytes(ENTRY_BYTES), compress: index % 2 === 0 };
      }
    }
    const reader = zipResponseBody(entries()).getReader();
    const first = await reader.read();
    let bytes = first.value!.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A reader that stopped after its first chunk held the archive back to a few entries, not all forty.
    expect(made).toBeLessThanOrEqual(4);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    expect(made).toBe(40);
    expect(bytes).toBeGreaterThan(40 * ENTRY_BYTES);
  });

  test("cancelling the response stops asking for entries and closes the source", async () => {
    let made = 0;
    let closed = false;
    async function* entries(): AsyncGenerator<ZipEntry> {
      try {
        for (;;) {
          made++;
          yield { name: `file-${made}.bin`, body: crypto.randomBytes(200_000), compress: false };
        }
      } finally {
        closed = true;
      }
    }
    const reader = zipResponseBody(entries()).getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
    const madeAtCancel = made;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(made).toBe(madeAtCancel);
    expect(made).toBeLessThanOrEqual(4);
  });

  test("a failing entry source fails the archive instead of ending it short", async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error("storage went away"));
      },
    });
    const archive = zipArchive(list([{ name: "audio.wav", body: broken, compress: false }]));
    await expect(pipeline(archive, fs.createWriteStream(temporaryZip()))).rejects.toThrow("storage went away");
  });
});
