// npm run db:migrate: applies pending migrations (the app also does this when it starts).
import { getDatabase } from "~/modules/platform/database.server";
import { applyMigrations } from "~/modules/platform/migrations.server";
import { runCli } from "./cli";

await runCli(
  async () => {
    const database = await getDatabase();
    const result = await database.withConnection((sql) => applyMigrations(sql));
    for (const name of result.applied) console.info(`Applied ${name}`);
    console.info(`${result.applied.length} applied, ${result.alreadyApplied} already up to date.`);
  },
  { migrate: false },
);
