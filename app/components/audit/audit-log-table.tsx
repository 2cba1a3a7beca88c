// The audit trail as a table (ADR 036-audit): the personal view on /data-privacy and the workspace's audit page.
import { auditActionLabel, auditDetailText, shortDevice } from "~/modules/audit/actions";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate, isoDateTime } from "~/utils/dates";

export interface AuditLogItem {
  seq: number;
  action: string;
  targetLabel: string | null;
  detail: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date | string;
  erasedAt: Date | string | null;
  /** The actor's name, on the workspace's page; omitted on the personal view (it is the reader). */
  actor?: string;
}

export function AuditLogTable({
  entries,
  caption,
  empty = "Nothing recorded yet.",
}: {
  entries: AuditLogItem[];
  caption: string;
  empty?: string;
}) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  const withActor = entries.some((entry) => entry.actor !== undefined);
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3 font-medium">
              When
            </th>
            {withActor ? (
              <th scope="col" className="py-2 pr-3 font-medium">
                Who
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3 font-medium">
              What
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              IP address
            </th>
            <th scope="col" className="py-2 font-medium">
              Browser
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const facts = auditDetailText(entry.detail);
            return (
              <tr key={entry.seq} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">
                  <time dateTime={isoDateTime(entry.createdAt)}>{formatDate(entry.createdAt, "dateTime")}</time>
                </td>
                {withActor ? <td className="py-2 pr-3">{entry.actor}</td> : null}
                <td className="py-2 pr-3">
                  {auditActionLabel(entry.action)}
                  {entry.targetLabel ? <span className="block text-slate-600">{entry.targetLabel}</span> : null}
                  {facts ? <span className="block text-slate-600">{facts}</span> : null}
                  {entry.erasedAt ? <span className="block text-slate-600">(personal details erased)</span> : null}
                </td>
                <td className="py-2 pr-3">{entry.ipAddress ?? "—"}</td>
                <td className="max-w-48 truncate py-2" title={entry.userAgent ?? undefined}>
                  {shortDevice(entry.userAgent) || "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
