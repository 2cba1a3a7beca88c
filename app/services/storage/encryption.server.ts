// Encryption at rest for the file store: AES-256-GCM in fixed-size chunks, so a file streams in and out with flat
// memory and an HTTP Range read decrypts only the chunks it touches.
//
// Layout of an encrypted file:
//   header: "VXLE" | version (1) | key id length (1) | key id (ASCII) | chunk size (u32 BE) | plain size (u64 BE) |
//           salt (16)
//   then ceil(plain size / chunk size) records: ciphertext of one chunk (chunk size bytes, the last one shorter) |
//           GCM tag (16)
// Each file gets its own key, HKDF-SHA256(master key, salt), so the nonce can be the chunk's index (12 bytes, the
// index in the last 8) without ever repeating under one key. The whole header is each chunk's additional data: a
// changed size, key id or salt fails every chunk, and records cannot be moved between files or positions. A file
// that does not start with the magic is a plain file written before encryption was turned on, read as it is.
import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { StorageError } from "./storage";

export const ENCRYPTED_MAGIC = Buffer.from("VXLE", "ascii");
const VERSION = 1;
/** 256 KiB: large enough that AES-GCM runs near full speed, small enough that a player's seek decrypts little. */
export const CHUNK_BYTES = 256 * 1024;
const TAG_BYTES = 16;
const SALT_BYTES = 16;
/** Longest possible header (a key id is at most 255 bytes). */
const MAX_HEADER_BYTES = 4 + 1 + 1 + 255 + 4 + 8 + SALT_BYTES;

/** One master key: 32 bytes and its id (written in each file's header so the right key is found later). */
export interface StorageKey {
  id: string;
  key: Buffer;
}

/** The key new files are written with, and every key old files may name. */
export interface StorageKeyring {
  current: StorageKey;
  byId: Map<string, StorageKey>;
}

/** A key's id: a fingerprint that names it without revealing it (the same key always gets the same id). */
export function storageKeyId(key: Buffer): string {
  return crypto.createHash("sha256").update("voxlate storage key id\0").update(key).digest("hex").slice(0, 16);
}

/** A key from its text form: 32 bytes as base64 / base64url (44 or 43 chars) or hex (64 chars). */
export function parseStorageKey(text: string): StorageKey {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new StorageError("A storage key must be 32 bytes, written as base64 or hex.");
  return { id: storageKeyId(key), key };
}

export function keyring(current: StorageKey, older: StorageKey[] = []): StorageKeyring {
  return { current, byId: new Map([...older, current].map((entry) => [entry.id, entry])) };
}

export interface EncryptedHeader {
  keyId: string;
  chunkBytes: number;
  plainBytes: number;
  salt: Buffer;
  /** The header's bytes (each chunk's additional data) and where the records start. */
  raw: Buffer;
}

function encodeHeader(keyId: string, plainBytes: number, salt: Buffer, chunkBytes = CHUNK_BYTES): Buffer {
  const id = Buffer.from(keyId, "ascii");
  const header = Buffer.alloc(4 + 1 + 1 + id.length + 4 + 8 + SALT_BYTES);
  let offset = ENCRYPTED_MAGIC.copy(header, 0);
  offset = header.writeUInt8(VERSION, offset);
  offset = header.writeUInt8(id.length, offset);
  offset += id.copy(header, offset);
  offset = header.writeUInt32BE(chunkBytes, offset);
  offset = header.writeBigUInt64BE(BigInt(plainBytes), offset);
  salt.copy(header, offset);
  return header;
}

/** The header at the start of `bytes`, or null when the file is not encrypted (no magic). */
export function decodeHeader(bytes: Buffer): EncryptedHeader | null {
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ENCRYPTED_MAGIC)) return null;
  const corrupt = () => new StorageError("The stored file's encryption header is damaged.");
  if (bytes.length < 6 || bytes[4] !== VERSION) throw corrupt();
  const idLength = bytes[5];
  const end = 6 + idLength + 4 + 8 + SALT_BYTES;
  if (bytes.length < end) throw corrupt();
  const keyId = bytes.subarray(6, 6 + idLength).toString("ascii");
  const chunkBytes = bytes.readUInt32BE(6 + idLength);
  const plainBytes = Number(bytes.readBigUInt64BE(6 + idLength + 4));
  if (chunkBytes === 0) throw corrupt();
  const salt = Buffer.from(bytes.subarray(end - SALT_BYTES, end));
  return { keyId, chunkBytes, plainBytes, salt, raw: Buffer.from(bytes.subarray(0, end)) };
}

/** Reads the header of a stored file; null for a plain (older, unencrypted) file. */
export async function readHeader(file: string): Promise<EncryptedHeader | null> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(MAX_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return decodeHeader(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

function fileKey(master: Buffer, salt: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", master, salt, "voxlate storage file key v1", 32));
}

function nonce(index: number): Buffer {
  const iv = Buffer.alloc(12);
  iv.writeBigUInt64BE(BigInt(index), 4);
  return iv;
}

/** Regroups a byte stream into pieces of exactly `size` bytes (the last may be shorter). */
async function* regroup(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let rest = piece;
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield pending.length === 1 ? pending[0] : Buffer.concat(pending, size);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending, pendingBytes);
}

/** Encrypts the plain file `source` (of `plainBytes`) into `target`, streamed. */
export async function encryptFile(source: string, target: string, key: StorageKey): Promise<void> {
  const plainBytes = (await fs.promises.stat(source)).size;
  const salt = crypto.randomBytes(SALT_BYTES);
  const header = encodeHeader(key.id, plainBytes, salt);
  const perFile = fileKey(key.key, salt);
  let written = 0;
  async function* encrypted(plain: AsyncIterable<Buffer>) {
    yield header;
    let index = 0;
    for await (const chunk of regroup(plain, CHUNK_BYTES)) {
      const cipher = crypto.createCipheriv("aes-256-gcm", perFile, nonce(index++));
      cipher.setAAD(header);
      const body = cipher.update(chunk);
      cipher.final();
      written += chunk.length;
      yield Buffer.concat([body, cipher.getAuthTag()], body.length + TAG_BYTES);
    }
  }
  await pipeline(fs.createReadStream(source, { highWaterMark: CHUNK_BYTES }), encrypted, fs.createWriteStream(target));
  // The file grew or shrank while it was read: the header's size would be wrong.
  if (written !== plainBytes) throw new StorageError(`The file changed while it was being stored (${source}).`);
}

/**
 * The plain bytes [start, end] (inclusive; the whole file when no range) of an encrypted file, decrypting only the
 * chunks the range touches. A chunk that fails its tag (a changed byte, a wrong key) ends the stream with an error.
 */
export function decryptRange(
  file: string,
  header: EncryptedHeader,
  keys: StorageKeyring,
  range?: { start: number; end: number },
): Readable {
  const master = keys.byId.get(header.keyId);
  if (!master) throw new StorageError(`No storage key with id ${header.keyId} is configured (STORAGE_KEYS).`);
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? header.plainBytes - 1, header.plainBytes - 1);
  if (end < start) return Readable.from([]);
  const record = header.chunkBytes + TAG_BYTES;
  const first = Math.floor(start / header.chunkBytes);
  const last = Math.floor(end / header.chunkBytes);
  const perFile = fileKey(master.key, header.salt);
  const ciphertext = fs.createReadStream(file, {
    start: header.raw.length + first * record,
    end: header.raw.length + (last + 1) * record - 1,
    highWaterMark: record,
  });
  async function* plain() {
    let index = first;
    for await (const sealed of regroup(ciphertext, record)) {
      if (sealed.length <= TAG_BYTES) throw new StorageError("The stored file is cut short.");
      const decipher = crypto.createDecipheriv("aes-256-gcm", perFile, nonce(index));
      decipher.setAAD(header.raw);
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      let chunk: Buffer;
      try {
        chunk = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      } catch (error) {
        throw new StorageError("The stored file failed its integrity check (changed, or the wrong key).", undefined, {
          cause: error,
        });
      }
      const chunkStart = index * header.chunkBytes;
      const from = Math.max(0, start - chunkStart);
      const to = Math.min(chunk.length, end - chunkStart + 1);
      yield chunk.subarray(from, to);
      index++;
    }
    if (index !== last + 1) throw new StorageError("The stored file is cut short.");
  }
  return Readable.from(plain(), { objectMode: false });
}
