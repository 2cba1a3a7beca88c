// The driver adapter the Prisma CLI uses (prisma.config.ts only; the app never does). It fixes two bugs of
// pglite-prisma-adapter 0.6.1 that break `migrate diff --from-migrations`:
// - migration scripts arrive through executeRaw, which runs them as one prepared statement, and Postgres
//   refuses several commands in a prepared statement: scripts without parameters go through exec();
// - executeScript does not await exec(), so SQL errors were swallowed: here it awaits and throws.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

type Factory = InstanceType<typeof PrismaPGlite>;
type Adapter = Awaited<ReturnType<Factory["connect"]>>;

function fixAdapter(adapter: Adapter, pglite: PGlite): Adapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  return Object.assign(adapter, {
    async executeRaw(query: Parameters<Adapter["executeRaw"]>[0]) {
      if (query.args.length === 0 && query.sql.includes(";")) {
        await pglite.exec(query.sql);
        return 0;
      }
      return executeRaw(query);
    },
    async executeScript(script: string) {
      await pglite.exec(script);
    },
  });
}

/** A CLI adapter on in-memory PGlite databases, closed when the CLI exits. */
export function cliAdapter(): Factory {
  const opened: PGlite[] = [];
  const open = () => {
    const pglite = new PGlite();
    opened.push(pglite);
    return pglite;
  };
  // The CLI never closes its connections; an open PGlite keeps Node alive (and a file-backed one corrupt).
  process.once("beforeExit", () => void Promise.all(opened.map((pglite) => pglite.close())));
  const main = open();
  const factory = new PrismaPGlite(main);
  return Object.assign(factory, {
    connect: async () => fixAdapter(await new PrismaPGlite(main).connect(), main),
    connectToShadowDb: async () => {
      const shadow = open();
      return fixAdapter(await new PrismaPGlite(shadow).connect(), shadow);
    },
  });
}
