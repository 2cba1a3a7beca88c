// Vitest's global setup of the integration projects: one migrated database per run, which every test file's own
// database starts from (tests/setup/database.ts), instead of each file running the 37 migrations again. Migrating a
// fresh PGlite took about 2 s of CPU per file; starting one from the dump takes a fraction of that.
// - PGlite: a dump of the migrated data directory, in a temporary file.
// - PostgreSQL: a database on the server that each file's database is created from (CREATE DATABASE … TEMPLATE).
// Each file still connects with migrations on, so a file whose template lacked one would migrate it there.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/modules/platform/database.server";
import { applyMigrations, type SqlClient } from "~/modules/platform/migrations.server";
import { pgliteWasmModule } from "~/modules/platform/pglite-wasm.server";
import { onPostgresServer, postgresDatabaseUrl } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the migrated PGlite data directory (PGlite projects). */
    pgliteTemplateFile: string;
    /** The migrated database on the PostgreSQL server (PostgreSQL projects). */
    postgresTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DATABASE === "postgres") {
    const name = `voxlate_template_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    await onPostgresServer(`CREATE DATABASE "${name}"`);
    // The app's own way in, which migrates on opening.
    await (await openDatabase({ role: "cli", url: postgresDatabaseUrl(name) })).close();
    project.provide("postgresTemplateDatabase", name);
    return () => onPostgresServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }

  // PGlite's own handle, for its dump of the data directory (the app's Database does not expose it).
  const pglite = new PGlite("memory://", { wasmModule: await pgliteWasmModule() });
  try {
    await applyMigrations({
      query: async (text, params) => (await pglite.query(text, params)).rows as never[],
      exec: async (script) => void (await pglite.exec(script)),
    } satisfies SqlClient);
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-pglite-template-"));
    const file = path.join(directory, "migrated.tar");
    fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
    project.provide("pgliteTemplateFile", file);
    return () => fs.rmSync(directory, { recursive: true, force: true });
  } finally {
    await pglite.close();
  }
}
