// The audit trail's hashes (ADR 036-audit). Each entry's hash covers the previous entry's hash, its own chained
// fields, and a digest of its personal fields; erasing the personal fields keeps the digest, so the chain still checks.
// The migration 20261127080200_audit_events computes the same hashes in SQL for the access log's copied rows: change
// nothing here without a new version prefix.
import crypto from "node:crypto";

/** The `prevHash` of the first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** The fields the digest covers: what an account's erasure sets to null. */
export interface AuditPersonalFields {
  salt: string | null;
  actorId: string | null;
  targetId: string | null;
  targetLabel: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  detail: string | null;
}

/** The fields the chain covers directly. */
export interface AuditChainedFields {
  seq: number;
  createdAt: Date;
  workspaceId: string | null;
  action: string;
  targetKind: string | null;
  personalDigest: string;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/**
 * One field as hashed: the hex of its UTF-8 bytes, "~" for null. Hex has neither "|" nor "~", so the joined text
 * reads back one way only, and PostgreSQL computes the same with encode(convert_to(x, 'UTF8'), 'hex').
 */
const field = (value: string | number | null) =>
  value === null ? "~" : Buffer.from(String(value), "utf8").toString("hex");

/** The digest of an entry's personal fields. */
export function personalDigest(fields: AuditPersonalFields): string {
  return sha256(
    [
      "personal-v1",
      field(fields.salt),
      field(fields.actorId),
      field(fields.targetId),
      field(fields.targetLabel),
      field(fields.ipAddress),
      field(fields.userAgent),
      field(fields.detail),
    ].join("|"),
  );
}

/** An entry's hash, from the previous entry's hash and its own chained fields. */
export function entryHash(prevHash: string, entry: AuditChainedFields): string {
  return sha256(
    [
      prevHash,
      field(entry.seq),
      field(entry.createdAt.getTime()),
      field(entry.workspaceId),
      field(entry.action),
      field(entry.targetKind),
      entry.personalDigest,
    ].join("|"),
  );
}
