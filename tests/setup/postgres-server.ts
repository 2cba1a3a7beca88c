// The PostgreSQL server the integration tests create their databases on, and one statement run there.
import pg from "pg";

export const TEST_POSTGRES_SERVER = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The URL of one database on that server. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (CREATE and DROP DATABASE cannot run inside another). */
export async function onPostgresServer(sql: string) {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
