import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import {
  CHUNK_BYTES,
  ENCRYPTED_MAGIC,
  fileKey,
  keyring,
  parseStorageKey,
  PIECE_BYTES,
  readHeader,
  type StorageKey,
  TAG_BYTES,
} from "./encryption.server";
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
      // Across the steps a record is decrypted in.
      [PIECE_BYTES - 3, PIECE_BYTES + 3],
      [CHUNK_BYTES + 2 * PIECE_BYTES - 1, CHUNK_BYTES + 2 * PIECE_BYTES],
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

  test("sealing workers and their rings serve one file after another, and several at once", async () => {
    const { root, directory } = setup(Buffer.alloc(0));
    const storage = fileStorage(root, keyring(newKey()));
    // Three at once (more than the two idle workers kept), then three more that take the kept workers and rings
    // with what the first files left in them.
    for (const round of [0, 1]) {
      const contents = [5 * CHUNK_BYTES + 7, 2 * CHUNK_BYTES, 12345].map((size) => wavBytes(size + round));
      await Promise.all(
        contents.map(async (content, index) => {
          const arriving = await storage.incoming!();
          await pipeline(Readable.from([content.subarray(0, 1000), content.subarray(1000)]), arriving.stream);
          await arriving.commit(`r${round}-${index}.wav`, content.length);
        }),
      );
      for (const [index, content] of contents.entries()) {
        const stored = await collect(await storage.read(`r${round}-${index}.wav`));
        expect(stored.equals(content), `round ${round}, file ${index}`).toBe(true);
      }
    }
    fs.rmSync(directory, { recursive: true, force: true });
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

  test("a file cut at a record boundary, or with a record added, fails its check instead of reading short", async () => {
    const content = wavBytes(3 * CHUNK_BYTES + 10);
    const { root, local } = setup(content);
    const storage = fileStorage(root, keyring(newKey()));
    await storage.putFile("r.wav", local);
    const file = path.join(root, "r.wav");
    const whole = fs.readFileSync(file);
    const record = CHUNK_BYTES + TAG_BYTES;

    // The last record dropped: what is left looks like a whole file of three full records, but its new last record
    // was not sealed as the last.
    fs.writeFileSync(file, whole.subarray(0, whole.length - (10 + TAG_BYTES)));
    expect(await storage.size("r.wav")).toBe(3 * CHUNK_BYTES);
    await expect(collect(await storage.read("r.wav"))).rejects.toThrow(/integrity check/);

    // A record of the file repeated at its end.
    fs.writeFileSync(
      file,
      Buffer.concat([whole, whole.subarray(whole.length - 10 - TAG_BYTES - record, whole.length - 10 - TAG_BYTES)]),
    );
    await expect(collect(await storage.read("r.wav"))).rejects.toThrow(/integrity check/);

    fs.writeFileSync(file, whole);
    expect((await collect(await storage.read("r.wav"))).equals(content)).toBe(true);
  });

  test("a file of exactly whole records keeps its last one apart, and files from before version 2 still read", async () => {
    const content = wavBytes(2 * CHUNK_BYTES);
    const { root, local } = setup(content);
    const key = newKey();
    const storage = fileStorage(root, keyring(key));
    await storage.putFile("whole.wav", local);
    expect(fs.statSync(path.join(root, "whole.wav")).size).toBe(
      (await readHeader(path.join(root, "whole.wav")))!.raw.length + 2 * (CHUNK_BYTES + TAG_BYTES),
    );
    expect((await collect(await storage.read("whole.wav"))).equals(content)).toBe(true);

    fs.writeFileSync(path.join(root, "v1.wav"), versionOneFile(content, key));
    expect((await readHeader(path.join(root, "v1.wav")))?.version).toBe(1);
    expect(await storage.size("v1.wav")).toBe(content.length);
    expect(
      (await collect(await storage.read("v1.wav", { start: CHUNK_BYTES - 3, end: CHUNK_BYTES + 2 }))).equals(
        content.subarray(CHUNK_BYTES - 3, CHUNK_BYTES + 3),
      ),
    ).toBe(true);
    // Rotation rewrites it in the current version.
    expect(await storage.reencrypt("v1.wav")).toBe(false);
    expect((await collect(await storage.read("v1.wav"))).equals(content)).toBe(true);
  });

  test("a file encrypted while it arrives is filed by commit, refused at the wrong size, and leaves nothing when discarded", async () => {
    // Larger than the 8 MiB ring the bytes cross to the worker by, so it fills, waits and wraps around.
    const content = wavBytes(20 * 1024 * 1024 + 999);
    const { root } = setup(Buffer.alloc(0));
    const storage = fileStorage(root, keyring(newKey()));
    const openFiles = () => fs.readdirSync("/proc/self/fd").length;
    const before = openFiles();

    const arriving = await storage.incoming!();
    // In uneven pieces, as a network delivers them.
    await pipeline(Readable.from(piecesOf(content, 65_521)), arriving.stream);
    await expect(arriving.commit("a.wav", content.length + 1)).rejects.toThrow(/holds/);
    await arriving.commit("a.wav", content.length);
    await arriving.discard();
    expect((await collect(await storage.read("a.wav"))).equals(content)).toBe(true);

    const abandoned = await storage.incoming!();
    abandoned.stream.write(content.subarray(0, CHUNK_BYTES + 5));
    await abandoned.discard();
    const listed = [];
    for await (const object of storage.list("")) listed.push(object.key);
    expect(listed).toEqual(["a.wav"]);
    expect(fs.readdirSync(path.join(root, ".incoming"))).toEqual([]);
    // The worker closed its file: no descriptor is left open.
    expect(openFiles()).toBe(before);
  });
});

function* piecesOf(content: Buffer, size: number) {
  for (let start = 0; start < content.length; start += size) yield content.subarray(start, start + size);
}

/** A file in the version 1 layout (the plain size in the header, no last-record flag), as written until 2026-11-25. */
function versionOneFile(content: Buffer, key: StorageKey): Buffer {
  const id = Buffer.from(key.id, "ascii");
  const salt = crypto.randomBytes(16);
  const header = Buffer.concat([
    ENCRYPTED_MAGIC,
    Buffer.from([1, id.length]),
    id,
    Buffer.from(new Uint32Array([0]).buffer).fill(0),
    Buffer.alloc(8),
    salt,
  ]);
  header.writeUInt32BE(CHUNK_BYTES, 6 + id.length);
  header.writeBigUInt64BE(BigInt(content.length), 6 + id.length + 4);
  const perFile = fileKey(key.key, salt);
  const records = [header];
  for (let index = 0; index * CHUNK_BYTES < content.length; index++) {
    const nonce = Buffer.alloc(12);
    nonce.writeBigUInt64BE(BigInt(index), 4);
    const cipher = crypto.createCipheriv("aes-256-gcm", perFile, nonce);
    cipher.setAAD(header);
    records.push(cipher.update(content.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES)));
    cipher.final();
    records.push(cipher.getAuthTag());
  }
  return Buffer.concat(records);
}
