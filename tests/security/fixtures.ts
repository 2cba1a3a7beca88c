// The real server for the security suite, started by the `start` script of package.json as `npm start` runs it
// (compiled, NODE_ENV set by the script alone), on the embedded database with the in-process worker. Rate limits are
// raised so that the fuzzer's thousand requests from one address reach the routes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAppServer, withAppDatabase, type AppServer, type StartOptions } from "../../bench/app-server";
import { poll } from "../poll";
import { sharedFile } from "../shared-files";

export interface SecurityServer extends AppServer {
  /** A completed recording of the signed-in user. */
  recordingId: string;
  /** A session cookie of a support admin. */
  adminCookie: string;
  /** The longest event-loop stall (ms) since the last call: the main thread's own CPU time within it (ADR 010). */
  maxEventLoopStallMs(): Promise<number>;
}

export const ADMIN_EMAIL = "security-admin@example.com";
export const ADMIN_PASSWORD = "security-admin-password";

export async function startSecurityServer(
  name: string,
  env: NodeJS.ProcessEnv = {},
  options: Pick<StartOptions, "onOutput"> = {},
): Promise<SecurityServer> {
  const settings = {
    ENABLE_TEST_ROUTES: "true",
    WORKER_IN_PROCESS: "true",
    RATE_LIMIT_MULTIPLIER: "1000",
    LOG_REQUESTS: "false",
  };
  const server = await startAppServer(name, { ...settings, ...env }, { ...options, asNpmStart: true, nodeEnv: null });
  serverFolders.add(server.dataDir);
  try {
    await withAppDatabase(server.dataDir, async () => {
      const { upsertAdmin } = await import("~/modules/accounts/admin-session.server");
      await upsertAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
    });
    const login = await fetch(`${server.origin}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (!login.ok) throw new Error(`Admin sign-in failed: ${login.status} ${await login.text()}`);
    const adminCookie = login.headers.getSetCookie()[0].split(";")[0];

    const form = new FormData();
    form.set("file", new Blob([fs.readFileSync(sharedFile("testdata/audio/hello-world.wav"))]), "hello-world.wav");
    const upload = await fetch(`${server.origin}/api/recordings`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`Upload failed: ${upload.status} ${await upload.text()}`);
    const { recording } = (await upload.json()) as { recording: { id: string } };
    const finished = await poll(
      async () =>
        (await (
          await fetch(`${server.origin}/api/recordings/${recording.id}`, { headers: { Cookie: server.cookie } })
        ).json()) as { status: string },
      (state) => state.status === "COMPLETED" || state.status === "FAILED",
      { timeoutMs: 60_000, intervalMs: 250, description: "the fixture recording to complete" },
    );
    if (finished.status !== "COMPLETED")
      throw new Error(`The fixture recording did not complete: ${JSON.stringify(finished)}`);
    const maxEventLoopStallMs = async () =>
      ((await (await fetch(`${server.origin}/_test/event-loop`)).json()) as { maxMs: number }).maxMs;
    return { ...server, recordingId: recording.id, adminCookie, maxEventLoopStallMs };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
/** The DATA_DIR of every server this suite started. */
const serverFolders = new Set<string>();
/** A path that starts at the root of a Unix file system, where the server's own files would be. */
const ABSOLUTE_PATH = /(?<![\w.~%-])\/(?:tmp|root|home|work)\/[^\s"'<>]*/;

/**
 * The absolute server paths a response shows: the repository, a DATA_DIR, the temporary folder, a home folder,
 * node_modules. An error's message (ENOENT and the like) names the file it failed on; no answer may pass it on.
 */
export function serverPathsIn(body: string): string[] {
  const found = [REPO_ROOT, os.tmpdir(), ...serverFolders].filter((folder) => body.includes(folder));
  const absolute = ABSOLUTE_PATH.exec(body)?.[0];
  if (absolute) found.push(absolute);
  if (body.includes("node_modules")) found.push("node_modules");
  return found;
}

/** What a refusal must look like: a message a person can read, and no trace of the server's insides. */
export function refusalProblems(status: number, contentType: string, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (/node_modules|\/work\/|\bat [\w.<>]+ \(|ZodError|PrismaClient|invalid byte sequence/.test(body))
    problems.push("leaks server internals");
  const paths = status >= 400 ? serverPathsIn(body) : [];
  if (paths.length) problems.push(`shows server paths: ${paths.join(", ")}`);
  if (status >= 400 && status < 500) {
    if (contentType.includes("json")) {
      let message: unknown;
      try {
        // RFC 9457 problem details (the /api/v1 errors) carry their message in `detail`; a form's Conform reply (ADR
        // 011) carries its messages by field in `error`.
        const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
        message = parsed.error ?? parsed.message ?? parsed.detail;
        if (message && typeof message === "object") message = Object.values(message).flat().join(" ");
      } catch {
        problems.push("unreadable JSON");
      }
      if (typeof message !== "string" || !message.trim()) problems.push("JSON refusal without an error message");
    } else if (
      !/<(h1|p)[^>]*>[^<]*\w/.test(body) &&
      !(body.trim().length > 0 && contentType.startsWith("text/plain"))
    ) {
      problems.push("refusal without a message");
    }
  }
  return problems;
}
