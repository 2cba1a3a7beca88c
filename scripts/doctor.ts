// npm run doctor: what this server runs (each engine and its model, storage, email, the database) and whether each
// works; then backups (the last one and its restore check), metrics, error reporting and disk headroom. Exits 1 when
// something configured fails; a warning (the offline fallback engine, a missing optional model) keeps exit code 0.
import { healthChecks } from "~/modules/engines/doctor.server";
import { connectDatabase, disconnectDatabase } from "~/modules/platform/database.server";
import { operationsChecks } from "~/modules/platform/operations.server";

const MARK = { ok: "ok  ", warn: "WARN", fail: "FAIL" } as const;

try {
  const checks = [
    ...(await healthChecks({ connect: () => connectDatabase({ role: "cli", migrate: false }) })),
    ...(await operationsChecks()),
  ];
  for (const check of checks) {
    console.log(`${MARK[check.status]}  ${check.part}: ${check.runs}`);
    if (check.location) console.log(`      at ${check.location}`);
    console.log(`      ${check.detail}`);
  }
  const failed = checks.filter((check) => check.status === "fail");
  const warned = checks.filter((check) => check.status === "warn");
  console.log(
    failed.length
      ? `\n${failed.length} failed: ${failed.map((check) => check.part).join(", ")}.`
      : `\nAll working${warned.length ? `, with ${warned.length} warning${warned.length === 1 ? "" : "s"}` : ""}.`,
  );
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await disconnectDatabase().catch(() => {});
}
