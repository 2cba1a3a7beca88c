// Prisma CLI configuration. The CLI is used here for `generate` and `migrate diff` only; migrations are
// applied by app/utils/migrations.server.ts (see docs/decisions/005-migration-runner.md).
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  // An in-memory PGlite: `migrate diff` uses it as the shadow database, so nothing touches ./data.
  async adapter() {
    return new PrismaPGlite(new PGlite());
  },
});
