// What `npm run doctor` says about operating this server (issue 36, item 6): the last backup and whether it restored
// in its check, whether metrics and error reporting are on, and the disk's headroom against MIN_FREE_DISK_BYTES.
import { dataDir, getEnv } from "~/config/env.server";
import { lastBackup } from "./backup.server";
import { freeBytes } from "./disk.server";

export interface OperationsCheck {
  part: string;
  runs: string;
  location: string | null;
  status: "ok" | "warn" | "fail";
  detail: string;
}

const DAY_MS = 24 * 60 * 60_000;
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
const isOn = (value: string | undefined) => value === "true" || value === "1";

export async function operationsChecks(now = new Date()): Promise<OperationsCheck[]> {
  return [backupCheck(now), metricsCheck(), errorReportingCheck(), await diskCheck()];
}

function backupCheck(now: Date): OperationsCheck {
  const dir = getEnv().BACKUP_DIR;
  if (!dir)
    return {
      part: "Backups",
      runs: "not scheduled",
      location: null,
      status: "warn",
      detail: "Set BACKUP_DIR to back up on BACKUP_SCHEDULE (daily), or run `npm run backup -- --to <dir>` yourself.",
    };
  const last = lastBackup(dir);
  const runs = `scheduled (${getEnv().BACKUP_SCHEDULE}, keeping ${getEnv().BACKUP_KEEP})`;
  if (!last) return { part: "Backups", runs, location: dir, status: "warn", detail: "No backup has run yet." };
  const age = now.getTime() - Date.parse(last.createdAt);
  const when = `Last backup ${last.createdAt} (${(age / 3_600_000).toFixed(1)} h ago)`;
  if (!last.verified)
    return {
      part: "Backups",
      runs,
      location: last.dir,
      status: "warn",
      detail: `${when}; its restore check has not run.`,
    };
  if (!last.verified.ok)
    return {
      part: "Backups",
      runs,
      location: last.dir,
      status: "fail",
      detail: `${when}; it did NOT restore in its check (${last.verified.verifiedAt}): ${last.verified.detail}`,
    };
  return {
    part: "Backups",
    runs,
    location: last.dir,
    status: age > 2 * DAY_MS ? "warn" : "ok",
    detail: `${when}; restored in its check at ${last.verified.verifiedAt}.${age > 2 * DAY_MS ? " It is more than two days old." : ""}`,
  };
}

// Read from the environment as it is: the metrics and error reporting settings belong to their own modules.
function metricsCheck(): OperationsCheck {
  const token = process.env.METRICS_TOKEN;
  const enabled = isOn(process.env.METRICS_ENABLED) || Boolean(token);
  return {
    part: "Metrics",
    runs: enabled ? (token ? "on, behind METRICS_TOKEN" : "on, without a token") : "off",
    location: enabled ? "/metrics" : null,
    status: enabled && !token ? "warn" : "ok",
    detail: enabled
      ? token
        ? "Prometheus scrapes /metrics with the bearer token."
        : "Anyone who reaches the server can read /metrics: set METRICS_TOKEN."
      : "Set METRICS_ENABLED=true and METRICS_TOKEN to expose /metrics.",
  };
}

function errorReportingCheck(): OperationsCheck {
  const dsn = process.env.SENTRY_DSN;
  let host: string | null;
  try {
    host = dsn ? new URL(dsn).host : null;
  } catch {
    host = "(unparsable SENTRY_DSN)";
  }
  return {
    part: "Error reporting",
    runs: dsn ? "on (Sentry)" : "off",
    // The host only: a DSN carries a key.
    location: host,
    status: "ok",
    detail: dsn ? "Server and browser errors are sent to it." : "Set SENTRY_DSN to send server and browser errors.",
  };
}

async function diskCheck(): Promise<OperationsCheck> {
  const minimum = getEnv().MIN_FREE_DISK_BYTES;
  const free = await freeBytes();
  const status = free < minimum ? "fail" : free < 2 * minimum ? "warn" : "ok";
  return {
    part: "Disk",
    runs: `${gib(free)} free, ${gib(Math.max(0, free - minimum))} above MIN_FREE_DISK_BYTES (${gib(minimum)})`,
    location: dataDir(),
    status,
    detail:
      status === "fail"
        ? "Below MIN_FREE_DISK_BYTES: uploads are refused. Free space or grow the disk."
        : status === "warn"
          ? "Less than twice MIN_FREE_DISK_BYTES left: uploads will soon be refused."
          : "Enough headroom.",
  };
}
