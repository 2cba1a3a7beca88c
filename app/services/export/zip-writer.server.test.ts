import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { crc32, ZipWriter } from "./zip-writer.server";

test("crc32 is the ZIP one", () => {
  expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  // Continued over chunks, it gives the same as over the whole.
  expect(crc32(Buffer.from("56789"), crc32(Buffer.from("1234")))).toBe(0xcbf43926);
});

test("a streamed archive (empty, UTF-8 and multi-chunk entries) passes unzip's check and reads back", async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zip-writer-")), "test.zip");
  const zip = new ZipWriter(fs.createWriteStream(file));
  const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0x61);
  const chunks = [big.subarray(0, 1_000_000), big.subarray(1_000_000)];
  let seen = 0;
  await zip.addBuffer("profile.json", '{"name":"Zoë"}');
  await zip.addStream("recordings/réunion/audio.wav", Readable.from(chunks), new Date(), (bytes) => (seen += bytes));
  await zip.addBuffer("empty.txt", "");
  await zip.finish();
  expect(seen).toBe(big.length);
  expect(zip.bytesWritten).toBe(fs.statSync(file).size);
  execFileSync("unzip", ["-tq", file]);
  expect(execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n")).toEqual([
    "profile.json",
    "recordings/réunion/audio.wav",
    "empty.txt",
  ]);
  const audio = execFileSync("unzip", ["-p", file, "recordings/réunion/audio.wav"], { maxBuffer: 16 * 1024 * 1024 });
  expect(audio.equals(big)).toBe(true);
  expect(execFileSync("unzip", ["-p", file, "profile.json"]).toString()).toBe('{"name":"Zoë"}');
});
