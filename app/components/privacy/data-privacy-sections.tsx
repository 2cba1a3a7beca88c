// Pieces of /data-privacy: the exports with their progress and a retention choice (the log is audit-log-table.tsx).
import type { FieldMetadata } from "@conform-to/react";
import { retentionLabel } from "~/modules/privacy/retention";
import { formatBytes } from "~/modules/recordings/recording-format";
import { formatDate, isoDateTime } from "~/utils/dates";
import { countOf } from "~/utils/plural";

export interface ExportItem {
  id: string;
  status: "QUEUED" | "RUNNING" | "READY" | "FAILED" | "EXPIRED";
  progress: number;
  sizeBytes: number | null;
  createdAt: Date | string;
  expiresAt: Date | string | null;
  failureReason: string | null;
  url: string | null;
}

export function ExportList({ exports }: { exports: ExportItem[] }) {
  if (exports.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your exports">
      {exports.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
          <span className="min-w-0 flex-1">
            Asked for on <time dateTime={isoDateTime(item.createdAt)}>{formatDate(item.createdAt, "dateTime")}</time>
          </span>
          {item.status === "QUEUED" || item.status === "RUNNING" ? (
            <span className="flex items-center gap-2">
              <progress max={100} value={item.progress} aria-label="Export progress" className="w-32" />
              <span>{item.status === "QUEUED" ? "Waiting to start" : `${item.progress}%`}</span>
            </span>
          ) : item.status === "READY" && item.url ? (
            <span className="flex flex-wrap items-center gap-2">
              <a href={item.url} className="font-medium text-brand-700 underline" download>
                Download ZIP{item.sizeBytes !== null ? ` (${formatBytes(item.sizeBytes)})` : ""}
              </a>
              {item.expiresAt ? <span className="text-slate-600">until {formatDate(item.expiresAt)}</span> : null}
            </span>
          ) : item.status === "EXPIRED" ? (
            <span className="text-slate-600">Expired</span>
          ) : (
            <span className="text-red-700">{item.failureReason ?? "Failed"}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function RetentionSelect({
  label,
  field,
  choices,
  serverMax,
}: {
  label: string;
  field: FieldMetadata<unknown>;
  choices: readonly (number | null)[];
  serverMax: number | null;
}) {
  const errorId = `${field.id}-error`;
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        key={field.key}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : "never"}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? errorId : serverMax !== null ? hintId : undefined}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
      >
        {choices.map((days) => (
          <option key={String(days)} value={days === null ? "never" : String(days)}>
            {retentionLabel(days)}
          </option>
        ))}
      </select>
      {serverMax !== null ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          This server keeps it at most {countOf(serverMax, "day")}, whatever you choose.
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
