import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CHUNK_BYTES, ENCRYPTED_MAGIC, keyring, parseStorageKey } from "./encryption.server";
import { fileStorage } from "./file.server";

const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const newKey = () => parseStorageKey(crypto.randomBytes(32).toString("base64"));

function setup(content: Buffer) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-file-store-"));
  const root = path.join(directory, "uploads");
  const local = path.join(directory, "upload");
  fs.writeFileSync(local, content);
  return { root, local, directory };
}

/** A WAV-looking file: the RIFF magic and header, then random samples. */
function wavBytes(size: number) {
  const content = crypto.randomBytes(size);
  content.write("RIFF", 0, "ascii");
  content.write("WAVEfmt ", 8, "ascii");
  return content;
}

describe("fileStorage with encryption at rest", () => {
  test("the file on disk is ciphertext, not audio, and reads back whole, by any range, and to a file", async () => {
    const content = wavBytes(3 * CHUNK_BYTES + 1234);
    const { root, local, directory } = setup(content);
    const storage = fileStorage(root, keyring(newKey()));
    await storage.putFile("recordings/u1/r1.wav", local);
    expect(fs.existsSync(local)).toBe(false);

    const onDisk = fs.readFileSync(path.join(root, "recordings/u1/r1.wav"));
    expect(onDisk.subarray(0, 4).equals(ENCRYPTED_MAGIC)).toBe(true);
    expect(onDisk.includes(Buffer.from("RIFF"))).toBe(false);
    expect(onDisk.includes(content.subarray(1000, 1064))).toBe(false);
    expect(await storage.size("recordings/u1/r1.wav")).toBe(content.length);

    expect((await collect(await storage.read("recordings/u1/r1.wav"))).equals(content)).toBe(true);
    // Inside one chunk, across chunk edges, the last byte, a range running past the end.
    const ranges = [
      [0, 0],
      [100, 199],
      [CHUNK_BYTES - 5, CHUNK_BYTES + 5],
      [CHUNK_BYTES, 2 * CHUNK_BYTES - 1],
      [10, 3 * CHUNK_BYTES + 100],
      [content.length - 1, content.length - 1],
      [content.length - 10, content.length + 500],
    ];
    for (const [start, end] of ranges) {
      const bytes = await collect(await storage.read("recordings/u1/r1.wav", { start, end }));
      expect(bytes.equals(content.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    const copy = path.join(directory, "copy");
    await storage.download("recordings/u1/r1.wav", copy);
    expect(fs.readFileSync(copy).equals(content)).toBe(true);

    // Nothing half-written is left, and the listing shows only the stored file.
    const listed = [];
    for await (const object of storage.list("")) listed.push(object.key);
    expect(listed).toEqual(["recordings/u1/r1.wav"]);
  });

  test("a changed byte fails the integrity check instead of returning altered audio", async () => {
    const content = wavBytes(2 * CHUNK_BYTES);
    const { root, local } = setup(content);
    const storage = fileStorage(root, keyring(newKey()));
    await storage.putFile("r.wav", local);
    const file = path.join(root, "r.wav");
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 100] ^= 1;
    fs.writeFileSync(file, bytes);
    // The first chunk is intact and reads; the second fails.
    expect((await collect(await storage.read("r.wav", { start: 0, end: 99 }))).equals(content.subarray(0, 100))).toBe(
      true,
    );
    await expect(collect(await storage.read("r.wav"))).rejects.toThrow(/integrity check/);
  });

  test("after a key rotation, old files stay readable with the old key in STORAGE_KEYS, and rotate to the new key", async () => {
    const content = wavBytes(CHUNK_BYTES + 77);
    const { root, local } = setup(content);
    const oldKey = newKey();
    await fileStorage(root, keyring(oldKey)).putFile("old.wav", local);
    // A plain file from before encryption was turned on.
    fs.writeFileSync(path.join(root, "plain.wav"), content);

    const newOnly = fileStorage(root, keyring(newKey()));
    await expect(newOnly.read("old.wav")).rejects.toThrow(/No storage key with id/);

    const current = newKey();
    const rotated = fileStorage(root, keyring(current, [oldKey]));
    expect((await collect(await rotated.read("old.wav"))).equals(content)).toBe(true);
    expect((await collect(await rotated.read("plain.wav"))).equals(content)).toBe(true);

    expect(await rotated.reencrypt("old.wav")).toBe(true);
    expect(await rotated.reencrypt("plain.wav")).toBe(true);
    expect(await rotated.reencrypt("old.wav")).toBe(false);
    // The old key is no longer needed.
    const currentOnly = fileStorage(root, keyring(current));
    for (const key of ["old.wav", "plain.wav"]) {
      expect((await collect(await currentOnly.read(key))).equals(content)).toBe(true);
      expect(fs.readFileSync(path.join(root, key)).subarray(0, 4).equals(ENCRYPTED_MAGIC)).toBe(true);
    }
  });

  test("an empty file round-trips, and keys are accepted as base64 or hex but must be 32 bytes", async () => {
    const { root, local } = setup(Buffer.alloc(0));
    const storage = fileStorage(root, keyring(newKey()));
    await storage.putFile("empty.wav", local);
    expect(await storage.size("empty.wav")).toBe(0);
    expect((await collect(await storage.read("empty.wav"))).length).toBe(0);

    const raw = crypto.randomBytes(32);
    expect(parseStorageKey(raw.toString("hex")).id).toBe(parseStorageKey(raw.toString("base64")).id);
    expect(() => parseStorageKey("c2hvcnQ=")).toThrow(/32 bytes/);
  });
});
