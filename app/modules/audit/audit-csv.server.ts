// A workspace's audit log as CSV (ADR 036-audit), streamed a batch at a time: the page's "Download CSV" and its
// filters. Safe to open in a spreadsheet: a cell that starts with = + - @ (or a tab or carriage return, which some
// spreadsheets skip before a formula) gets a leading apostrophe, so it is read as text and never run.
import { auditActionLabel } from "./actions";
import { allWorkspaceAuditEvents, auditActors } from "./audit.server";
import type { AuditFilter } from "./audit-filters";

const COLUMNS = [
  "sequence",
  "time (UTC)",
  "actor id",
  "actor",
  "actor email",
  "action",
  "description",
  "target kind",
  "target id",
  "target",
  "detail",
  "IP address",
  "device",
  "erased",
  "hash",
];

/** One CSV cell: neutralised against formulas, quoted when it must be (RFC 4180). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** The matching entries, newest first, as a stream of CSV text. */
export function workspaceAuditCsv(workspaceId: string, filter: AuditFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let rows: AsyncGenerator<string> | null = null;
  async function* lines() {
    const actors = new Map((await auditActors(workspaceId)).map((actor) => [actor.id, actor]));
    yield csvLine(COLUMNS);
    for await (const event of allWorkspaceAuditEvents(workspaceId, filter)) {
      const actor = event.actorId ? actors.get(event.actorId) : undefined;
      yield csvLine([
        event.seq,
        event.createdAt.toISOString(),
        event.actorId,
        actor?.name,
        actor?.email,
        event.action,
        auditActionLabel(event.action),
        event.targetKind,
        event.targetId,
        event.targetLabel,
        event.detail,
        event.ipAddress,
        event.userAgent,
        event.erasedAt ? "yes" : "",
        event.hash,
      ]);
    }
  }
  return new ReadableStream({
    async pull(controller) {
      rows ??= lines();
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows?.return(undefined);
    },
  });
}
