// Which integration files run on PostgreSQL as well as on PGlite (ADR 010). The rule: a file runs on both when it
// tests what the two databases could do differently. That is SQL the app writes by hand ($queryRaw, $executeRaw:
// locks, search, sweeps), migrations, the job queue's own SQL, or the database's errors and limits. Such a file says
// so near its top, with the reason and the app files it covers:
//
//   // @both-databases: the minute holds' FOR UPDATE in app/modules/usage/usage.server.ts
//
// Every other file tests the app above the database, which is the same on both, and runs on the embedded PGlite (the
// default) only. `tests/both-databases.test.ts` checks the rule: each app file with hand-written SQL is named by at
// least one such file.
import fs from "node:fs";
import path from "node:path";

export const BOTH_DATABASES_MARK = /^\/\/ @both-databases: (.+)$/m;
const INTEGRATION_DIR = "tests/integration";

/** The integration test files, relative to the repo root. */
export function integrationFiles(root = process.cwd()): string[] {
  return fs
    .readdirSync(path.join(root, INTEGRATION_DIR))
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => `${INTEGRATION_DIR}/${name}`)
    .sort();
}

/** The reason a file gives for running on both databases, read from its first lines; undefined when it gives none. */
export function bothDatabasesReason(file: string, root = process.cwd()): string | undefined {
  const head = fs.readFileSync(path.join(root, file), "utf8").split("\n").slice(0, 20).join("\n");
  return BOTH_DATABASES_MARK.exec(head)?.[1];
}

/** The files the integration-postgres project runs besides the server-* ones (which need PostgreSQL). */
export function filesForBothDatabases(root = process.cwd()): string[] {
  return integrationFiles(root).filter((file) => bothDatabasesReason(file, root) !== undefined);
}
