// Walks the audit trail's chain (ADR 036-audit; `npm run audit:verify`): the first entry that was changed or removed.
import { db } from "~/modules/platform/database.server";
import { entryHash, GENESIS_HASH, personalDigest } from "./chain.server";

export type AuditVerification =
  | { intact: true; entries: number; headSeq: number; headHash: string }
  | { intact: false; entries: number; seq: number; problem: "changed" | "removed"; message: string };

/**
 * Checks every entry in order. An entry was changed when its personal fields no longer match their digest (unless
 * they were erased), when its hash is not the hash of its fields, or when its `prevHash` is not the hash of the entry
 * before. An entry was removed when the sequence skips a number (numbers are given under the append lock, gapless).
 * What this cannot see: the newest entries removed from the end; compare the head it prints with one noted earlier.
 */
export async function verifyAuditChain(batch = 1000): Promise<AuditVerification> {
  const database = await db();
  let prevSeq = 0;
  let prevHash = GENESIS_HASH;
  let entries = 0;
  for (;;) {
    const rows = await database.auditEvent.findMany({
      where: { seq: { gt: prevSeq } },
      orderBy: { seq: "asc" },
      take: batch,
    });
    for (const row of rows) {
      if (row.seq !== prevSeq + 1) {
        const first = prevSeq + 1;
        const which = row.seq - 1 === first ? `entry ${first}` : `entries ${first} to ${row.seq - 1}`;
        return {
          intact: false,
          entries,
          seq: first,
          problem: "removed",
          message: `audit log broken: ${which} removed (the sequence jumps from ${prevSeq} to ${row.seq})`,
        };
      }
      const digestOk = row.erasedAt !== null || personalDigest(row) === row.personalDigest;
      const hashOk = row.prevHash === prevHash && entryHash(prevHash, row) === row.hash;
      if (!digestOk || !hashOk) {
        const why = !digestOk
          ? "its personal fields do not match their digest"
          : row.prevHash !== prevHash
            ? "it does not link to the entry before"
            : "its hash does not match its fields";
        return {
          intact: false,
          entries,
          seq: row.seq,
          problem: "changed",
          message: `audit log broken: entry ${row.seq} (${row.action}, ${row.createdAt.toISOString()}) was changed: ${why}`,
        };
      }
      prevSeq = row.seq;
      prevHash = row.hash;
      entries += 1;
    }
    if (rows.length < batch) return { intact: true, entries, headSeq: prevSeq, headHash: prevHash };
  }
}

/** The one line `npm run audit:verify` prints. */
export const verificationReport = (result: AuditVerification) =>
  result.intact
    ? `audit log intact: ${result.entries} ${result.entries === 1 ? "entry" : "entries"}` +
      (result.entries > 0 ? ` (head ${result.headSeq}: ${result.headHash})` : "")
    : result.message;
