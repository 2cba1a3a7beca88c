// Prisma CLI configuration. The CLI is used for `generate` and `migrate diff` only; migrations are applied
// by app/modules/platform/migrations.server.ts (see docs/decisions/005-migration-runner.md).
import { defineConfig } from "prisma/config";
import { cliAdapter } from "./prisma/cli-adapter";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  // In-memory PGlite: `migrate diff` uses it as its shadow database, so nothing touches ./data.
  adapter: async () => cliAdapter(),
});
