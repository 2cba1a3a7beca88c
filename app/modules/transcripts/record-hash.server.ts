// What a transcript version's hashes are taken of (ADR 045), and the check that a recording's chain of versions
// holds. Pure: the database and storage are read by versions.server.ts. Every hash is SHA-256, in lower-case hex,
// of UTF-8 text in canonical JSON (RFC 8785 for the values used here: strings, integers and null, keys sorted by
// code unit, no whitespace), so anyone can recompute one from the API's answer with any JSON library.
import crypto from "node:crypto";

/** One segment as it is hashed: its place in reading order (0, 1, 2…), its times in whole milliseconds, who, what. */
export interface HashedSegment {
  position: number;
  start: number;
  end: number;
  speaker: string | null;
  text: string;
}

type Canonical = string | number | boolean | null | Canonical[] | { [key: string]: Canonical };

/** RFC 8785 canonical JSON for strings, safe integers, booleans, null, arrays and plain objects. */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    // Only integers are hashed (times are milliseconds): a float's shortest form is the one thing JCS and
    // JSON.stringify could be argued about, so none is allowed in.
    if (!Number.isSafeInteger(value)) throw new Error(`Not a safe integer: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
}

export const sha256Hex = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** A time as it is hashed: whole milliseconds (what the editor and the exports can show). */
export const hashedMillis = (seconds: number) => Math.round(seconds * 1000);

/** The segments (in reading order) as the canonical JSON array a version stores and hashes. */
export function canonicalTranscript(
  segments: readonly { start: number; end: number; speaker: string | null; text: string }[],
): string {
  return canonicalJson(
    segments.map((segment, position) => ({
      position,
      start: hashedMillis(segment.start),
      end: hashedMillis(segment.end),
      speaker: segment.speaker,
      text: segment.text,
    })),
  );
}

/** The segments a stored version's content holds (times back in seconds). */
export function transcriptOfContent(content: string): HashedSegment[] {
  return (JSON.parse(content) as HashedSegment[]).map((segment) => ({
    ...segment,
    start: segment.start / 1000,
    end: segment.end / 1000,
  }));
}

/** What a version's `hash` is taken of. `previousHash` chains it to the version before (null for version 1). */
export interface VersionFields {
  recordingId: string;
  number: number;
  contentHash: string;
  mediaSha256: string | null;
  previousHash: string | null;
  createdAt: Date;
}

export function versionHash(fields: VersionFields): string {
  return sha256Hex(
    canonicalJson({
      contentHash: fields.contentHash,
      createdAt: fields.createdAt.toISOString(),
      mediaSha256: fields.mediaSha256,
      number: fields.number,
      previousHash: fields.previousHash,
      recordingId: fields.recordingId,
    }),
  );
}

/** What seals a sign-off: the version's hash, who signed (id and name as they were) and when. */
export interface SignOffFields {
  hash: string;
  signedOffAt: Date;
  signedOffById: string | null;
  signedOffByName: string;
}

export function signOffHash(fields: SignOffFields): string {
  return sha256Hex(
    canonicalJson({
      hash: fields.hash,
      signedOffAt: fields.signedOffAt.toISOString(),
      signedOffById: fields.signedOffById,
      signedOffByName: fields.signedOffByName,
    }),
  );
}

/** A version as stored (the columns the check reads). */
export interface StoredVersion extends VersionFields {
  content: string;
  hash: string;
  signedOffAt: Date | null;
  signedOffById: string | null;
  signedOffByName: string | null;
  signOffHash: string | null;
}

export interface VersionCheck {
  number: number;
  holds: boolean;
  /** Why it does not hold, as a sentence. */
  problem: string | null;
}

/**
 * Does each version hold, in order: its content matches its content hash, it links to the version before, its own
 * hash matches its fields, its sign-off (if any) matches its seal, and its media hash is the recording's.
 * The signer's id and name are kept as they were (no foreign key), so deleting their account changes no seal.
 */
export function checkVersions(versions: readonly StoredVersion[], recordingMediaSha256: string | null): VersionCheck[] {
  const sorted = [...versions].sort((a, b) => a.number - b.number);
  return sorted.map((version, index) => {
    const previous = index > 0 ? sorted[index - 1] : null;
    const fail = (problem: string) => ({ number: version.number, holds: false, problem });
    if (version.number !== index + 1) return fail(`Version ${index + 1} is missing before version ${version.number}.`);
    if (sha256Hex(version.content) !== version.contentHash)
      return fail(`The text of version ${version.number} does not match its content hash.`);
    if (version.previousHash !== (previous?.hash ?? null))
      return fail(`Version ${version.number} does not link to version ${previous?.number ?? 0}'s hash.`);
    if (versionHash(version) !== version.hash)
      return fail(`Version ${version.number}'s hash does not match its number, content, media hash and time.`);
    if (version.signedOffAt || version.signOffHash) {
      const sealed =
        version.signedOffAt &&
        version.signedOffByName !== null &&
        version.signOffHash &&
        signOffHash({ ...version, signedOffAt: version.signedOffAt, signedOffByName: version.signedOffByName }) ===
          version.signOffHash;
      if (!sealed) return fail(`The sign-off of version ${version.number} does not match its seal.`);
    }
    if (version.mediaSha256 && recordingMediaSha256 && version.mediaSha256 !== recordingMediaSha256)
      return fail(`Version ${version.number} was cut from media with a different SHA-256 than the recording's.`);
    return { number: version.number, holds: true, problem: null };
  });
}
