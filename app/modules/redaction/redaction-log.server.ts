// A recording's redaction log (ADR 048, issue 35 item 5): its entries in the workspace's audit trail, read back for
// the redaction page. Who, which action and category, where (the segments' times) and when; never the hidden words,
// which the entries do not hold.
import { db } from "~/modules/platform/database.server";
import { requireRecording } from "~/modules/recordings/ownership.server";
import type { Reader } from "~/modules/workspaces/access.server";
import { isRedactionCategory } from "./categories";

const LOG_LENGTH = 100;

export interface RedactionLogEntry {
  seq: number;
  action: string;
  createdAt: Date;
  actor: string;
  category: string | null;
  at: string | null;
  count: number | null;
}

/** The last entries of the recording's redaction log, newest first: owners and admins only (the `redact` action). */
export async function redactionLog(reader: Reader, recordingId: string): Promise<RedactionLogEntry[]> {
  await requireRecording(reader, recordingId, "redact");
  const database = await db();
  const events = await database.auditEvent.findMany({
    where: { targetId: recordingId, action: { startsWith: "redaction." } },
    orderBy: { seq: "desc" },
    take: LOG_LENGTH,
    select: { seq: true, action: true, createdAt: true, actorId: true, detail: true },
  });
  const actorIds = [...new Set(events.flatMap((event) => (event.actorId ? [event.actorId] : [])))];
  const actors = new Map(
    (
      await database.user.findMany({
        where: { id: { in: actorIds } },
        select: { id: true, firstName: true, lastName: true, email: true },
      })
    ).map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim() || user.email]),
  );
  return events.map((event) => {
    const detail = parseDetail(event.detail);
    const count = typeof detail.count === "number" ? detail.count : null;
    // A finding's entry counts per category ({ PHONE: 2, NAME: 1 }); a decision's names its category.
    const found = Object.entries(detail).filter(([key]) => isRedactionCategory(key));
    const category =
      typeof detail.category === "string"
        ? detail.category
        : found.length
          ? found.map(([key, value]) => `${key} ${String(value)}`).join(", ")
          : null;
    return {
      seq: event.seq,
      action: event.action,
      createdAt: event.createdAt,
      actor: event.actorId ? (actors.get(event.actorId) ?? "A former member") : "Someone (details erased)",
      category,
      at: typeof detail.at === "string" ? detail.at : null,
      count,
    };
  });
}

function parseDetail(detail: string | null): Record<string, unknown> {
  if (!detail) return {};
  try {
    return JSON.parse(detail) as Record<string, unknown>;
  } catch {
    return {};
  }
}
