// Encryption at rest for the file store: AES-256-GCM in fixed-size records, so a file streams in and out with flat
// memory and an HTTP Range read decrypts only the records it touches.
//
// Layout of an encrypted file (version 2, written since 2026-11-26):
//   header: "VXLE" | version (1 byte) | key id length (1) | key id (ASCII) | record size (u32 BE) | salt (16)
//   then one or more records: ciphertext of up to `record size` plain bytes | GCM tag (16). Every record but the
//   last holds exactly `record size` bytes; the last may hold fewer, or none (an empty file is one empty record).
// Each file gets its own key, HKDF-SHA256(master key, salt). A record's nonce is its index (the last 8 bytes) and a
// flag that marks the last record (the first byte): the STREAM construction (Hoang, Reyhanitabar, Rogaway, Vizár
// 2015). So a file cut at a record boundary, or with records added, moved or swapped in from another file, fails its
// check. The header is each record's additional data. The plain size is not in the header: it follows from the
// file's size, which lets a file be encrypted while it arrives, before its length is known (a multipart upload).
//
// Version 1 files (until 2026-11-25) stored the plain size in the header and had no last-record flag; they are
// still read. A file that does not start with the magic is a plain file written before encryption was turned on,
// read as it is.
import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { StorageError } from "./storage";

export const ENCRYPTED_MAGIC = Buffer.from("VXLE", "ascii");
/** The version new files are written in; version 1 files are still read. */
const VERSION = 2;
/** 256 KiB: large enough that AES-GCM runs near full speed, small enough that a player's seek decrypts little. */
export const CHUNK_BYTES = 256 * 1024;
export const TAG_BYTES = 16;
const SALT_BYTES = 16;
/** Longest possible header (a key id is at most 255 bytes; version 1 also has an 8-byte size). */
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
  version: 1 | 2;
  keyId: string;
  chunkBytes: number;
  /** The plain file's length: from the header (version 1) or from the file's size (version 2). */
  plainBytes: number;
  salt: Buffer;
  /** The header's bytes (each record's additional data) and where the records start. */
  raw: Buffer;
}

/** A version 2 header for a new file under `keyId`. */
export function encodeHeader(keyId: string, salt: Buffer, chunkBytes = CHUNK_BYTES): Buffer {
  const id = Buffer.from(keyId, "ascii");
  const header = Buffer.alloc(4 + 1 + 1 + id.length + 4 + SALT_BYTES);
  let offset = ENCRYPTED_MAGIC.copy(header, 0);
  offset = header.writeUInt8(VERSION, offset);
  offset = header.writeUInt8(id.length, offset);
  offset += id.copy(header, offset);
  offset = header.writeUInt32BE(chunkBytes, offset);
  salt.copy(header, offset);
  return header;
}

const damaged = () => new StorageError("The stored file's encryption header is damaged.");

/**
 * The header at the start of `bytes`, or null when the file is not encrypted (no magic). `fileBytes` is the whole
 * file's size, from which a version 2 file's plain size follows.
 */
export function decodeHeader(bytes: Buffer, fileBytes: number): EncryptedHeader | null {
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ENCRYPTED_MAGIC)) return null;
  const version = bytes[4];
  if (bytes.length < 6 || (version !== 1 && version !== 2)) throw damaged();
  const idLength = bytes[5];
  const sizeBytes = version === 1 ? 8 : 0;
  const end = 6 + idLength + 4 + sizeBytes + SALT_BYTES;
  if (bytes.length < end) throw damaged();
  const keyId = bytes.subarray(6, 6 + idLength).toString("ascii");
  const chunkBytes = bytes.readUInt32BE(6 + idLength);
  if (chunkBytes === 0) throw damaged();
  const salt = Buffer.from(bytes.subarray(end - SALT_BYTES, end));
  const raw = Buffer.from(bytes.subarray(0, end));
  const plainBytes =
    version === 1 ? Number(bytes.readBigUInt64BE(6 + idLength + 4)) : plainBytesOf(fileBytes - end, chunkBytes);
  return { version, keyId, chunkBytes, plainBytes, salt, raw };
}

/** A version 2 file's plain length from the length of its records: full records, then a last one with a tag. */
function plainBytesOf(recordBytes: number, chunkBytes: number): number {
  const record = chunkBytes + TAG_BYTES;
  const records = Math.ceil(recordBytes / record);
  const last = recordBytes - (records - 1) * record;
  if (records < 1 || last < TAG_BYTES) throw new StorageError("The stored file is cut short.");
  return (records - 1) * chunkBytes + last - TAG_BYTES;
}

/** Reads the header of a stored file; null for a plain (older, unencrypted) file. */
export async function readHeader(file: string): Promise<EncryptedHeader | null> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(MAX_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return decodeHeader(buffer.subarray(0, bytesRead), (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

/** The key one file is sealed with: HKDF of the master key and the file's salt. */
export function fileKey(master: Buffer, salt: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", master, salt, "voxlate storage file key v1", 32));
}

/** A record's nonce: its index, and (version 2) whether it is the file's last record. */
export function recordNonce(index: number, last: boolean): Buffer {
  const iv = Buffer.alloc(12);
  iv[0] = last ? 1 : 0;
  iv.writeBigUInt64BE(BigInt(index), 4);
  return iv;
}

/**
 * The largest buffer a decryption makes at once. Node allocates a new buffer for every output of a cipher; one under
 * glibc's mmap threshold (128 KiB) comes from memory the process reuses, where a whole 256 KiB record's output is a
 * fresh mapping whose every page faults on first touch. Measured on a 2-core VM (50 MB decrypted, twice): whole
 * 256 KiB records 197 and 69 ms, the same bytes in 64 KiB steps 104 and 18 ms.
 */
export const PIECE_BYTES = 64 * 1024;

/**
 * The plain bytes [start, end] (inclusive; the whole file when no range) of an encrypted file, decrypting only the
 * records the range touches. A record that fails its tag (a changed byte, a wrong key, a file cut short) ends the
 * stream with an error.
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
  // An empty version 2 file still has its one (empty) last record to check, when it is read whole.
  const checksEmptyLast = header.version === 2 && header.plainBytes === 0 && start === 0;
  if (end < start && !checksEmptyLast) return Readable.from([]);
  const record = header.chunkBytes + TAG_BYTES;
  const lastIndex = Math.max(0, Math.ceil(header.plainBytes / header.chunkBytes) - 1);
  const first = Math.floor(start / header.chunkBytes);
  const last = Math.max(first, Math.floor(end / header.chunkBytes));
  const perFile = fileKey(master.key, header.salt);
  const ciphertext = fs.createReadStream(file, {
    start: header.raw.length + first * record,
    end: header.raw.length + (last + 1) * record - 1,
    highWaterMark: PIECE_BYTES,
  });
  /** Record `index` as it is read: its decipher, the plain bytes it holds, those decrypted so far, and its tag. */
  const begin = (index: number) => {
    const nonce = header.version === 1 ? recordNonce(index, false) : recordNonce(index, index === lastIndex);
    const decipher = crypto.createDecipheriv("aes-256-gcm", perFile, nonce);
    decipher.setAAD(header.raw);
    // A whole record's worth, or what is left for the last one.
    const body = index === lastIndex ? header.plainBytes - lastIndex * header.chunkBytes : header.chunkBytes;
    return { decipher, body, pieces: [] as Buffer[], bodyRead: 0, tag: Buffer.alloc(0) };
  };
  // A record is decrypted as its pieces are read, and its plain bytes are handed on only once its tag has checked.
  async function* plain() {
    let index = first;
    let record = begin(index);
    for await (const read of ciphertext) {
      let rest = read as Buffer;
      while (rest.length > 0 && index <= last) {
        if (record.bodyRead < record.body) {
          const take = Math.min(record.body - record.bodyRead, rest.length);
          record.pieces.push(record.decipher.update(rest.subarray(0, take)));
          record.bodyRead += take;
          rest = rest.subarray(take);
          continue;
        }
        const take = Math.min(TAG_BYTES - record.tag.length, rest.length);
        record.tag = Buffer.concat([record.tag, rest.subarray(0, take)]);
        rest = rest.subarray(take);
        if (record.tag.length < TAG_BYTES) continue;
        try {
          record.decipher.setAuthTag(record.tag);
          record.decipher.final();
        } catch (error) {
          throw new StorageError("The stored file failed its integrity check (changed, or the wrong key).", undefined, {
            cause: error,
          });
        }
        // The part of this record the range asks for.
        let pieceStart = index * header.chunkBytes;
        for (const piece of record.pieces) {
          const from = Math.max(0, start - pieceStart);
          const to = Math.min(piece.length, end - pieceStart + 1);
          if (to > from) yield piece.subarray(from, to);
          pieceStart += piece.length;
        }
        index++;
        if (index <= last) record = begin(index);
      }
    }
    if (index !== last + 1) throw new StorageError("The stored file is cut short.");
  }
  return Readable.from(plain(), { objectMode: false });
}
