// Each finding of the outside probe (issue 12) that concerns input, replayed against the real server.
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withAppDatabase } from "../../bench/app-server";
import { sharedFile } from "../shared-files";
import { refusalProblems, startSecurityServer, type SecurityServer } from "./fixtures";

let server: SecurityServer;

beforeAll(async () => {
  server = await startSecurityServer("abuse");
  await server.maxEventLoopStallMs();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const json = (body: unknown, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual",
});

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(server.origin + path, { redirect: "manual", ...init });
  const body = await response.text();
  return {
    status: response.status,
    body,
    location: response.headers.get("Location"),
    problems: refusalProblems(response.status, response.headers.get("Content-Type") ?? "", body),
  };
}

test("the server runs React's production build, as `npm start` starts it", async () => {
  await fetch(server.origin); // the first page render loads react-dom/server
  const runtime = (await (await fetch(`${server.origin}/_test/runtime`)).json()) as {
    nodeEnv: string;
    reactBuilds: string[];
  };
  expect(runtime.nodeEnv).toBe("production");
  expect(runtime.reactBuilds.length).toBeGreaterThan(0);
  expect(new Set(runtime.reactBuilds)).toEqual(new Set(["production"]));
});

describe("a huge email cannot stall the server", () => {
  // 30 KB fits the body limit. The old pattern backtracked quadratically on dots followed by a character it refuses:
  // half a second on this, 11 s on 128 KB.
  const longEmail = `a@${"a.".repeat(15_000)}@`;
  test.each([
    ["/api/check-user-exists", () => json({ email: longEmail })],
    ["/api/login", () => json({ email: longEmail, password: "x" })],
    ["/api/send-verification", () => json({ email: longEmail })],
    ["/api/password-reset/request", () => json({ email: longEmail })],
    ["/signin", () => form({ intent: "signin", email: longEmail, password: "secret-123" })],
    ["/signup", () => form({ intent: "signup", step: "email", email: longEmail })],
  ])("%s answers at once", async (path, init) => {
    await server.maxEventLoopStallMs();
    const result = await send(path, init());
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.problems).toEqual([]);
    expect(await server.maxEventLoopStallMs()).toBeLessThan(200);
  });
});

describe("body size limits", () => {
  test.each(["/cookie-consent", "/support-chat", "/api/check-user-exists"])(
    "%s refuses a 200 MB body from its Content-Length, before reading it",
    async (path) => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${server.origin}${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Content-Length": String(200 * 1024 * 1024) },
        });
        request.on("response", (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, body }));
        });
        request.on("error", reject);
        request.write("{");
        // Nothing more is sent: the answer has to come from the header alone.
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/too large/);
    },
  );

  test("a chunked body with no Content-Length is cut off at the limit with 413", async () => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    let written = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${server.origin}/api/check-user-exists`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
      });
      let answered = false;
      request.on("response", (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode!);
      });
      request.on("error", (error) => (answered ? undefined : reject(error)));
      // Up to 5 MB in 64 KB pieces, 20 ms apart: the answer must come while the body is still arriving.
      const writeMore = () => {
        if (answered) return;
        if (written >= 5 * 1024 * 1024) return void request.end();
        written += chunk.length;
        request.write(chunk);
        setTimeout(writeMore, 20);
      };
      writeMore();
    });
    expect(status).toBe(413);
    expect(written).toBeLessThan(5 * 1024 * 1024);
  });
});

describe("NUL, lone surrogates and malformed bodies are 4xx with a message", () => {
  test.each([
    ["admin login, NUL in the username", "/api/admin/login", () => json('{"username":"a\\u0000b","password":"x"}')],
    ["admin login, a lone surrogate", "/api/admin/login", () => json('{"username":"a\\ud800b","password":"x"}')],
    ["sign-in without a body", "/signin", () => ({ method: "POST" })],
    ["sign-in with JSON", "/signin", () => json({ intent: "signin" })],
    [
      "sign-up with a broken multipart body",
      "/signup",
      () => ({ method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--y\r\nbroken" }),
    ],
    [
      "/auth with a NUL in a name",
      "/auth",
      () => form({ intent: "signup", step: "name", firstName: "Ada\u0000", lastName: "L" }),
    ],
    ["support chat with a NUL", "/support-chat", () => form({ content: "hello\u0000" })],
  ])("%s", async (_name, path, init) => {
    const result = await send(path, init());
    expect(result.status, result.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(result.problems).toEqual([]);
  });

  test("a NUL in a URL is 400, and a broken %-encoding shows no debug page", async () => {
    const nul = await send("/api/recordings/%00", { headers: { Cookie: server.cookie } });
    expect(nul.status).toBe(400);
    expect(nul.problems).toEqual([]);
    const broken = await send("/%E0%A4%A");
    expect(broken.status).toBe(400);
    expect(broken.body).not.toMatch(/URIError|at decode|node_modules|\/work\//);
    expect(broken.problems).toEqual([]);
  });

  test("a search longer than 200 characters says so", async () => {
    const result = await send(`/recordings?q=${"a".repeat(201)}`, { headers: { Cookie: server.cookie } });
    expect(result.status).toBe(400);
    expect(result.body).toContain("Search terms can be at most 200 characters.");
  });

  test("addresses the mail queue cannot send to are refused before a code is stored", async () => {
    for (const email of ["a@b.c", "ü@example.com", "a@b"]) {
      const result = await send("/api/send-verification", json({ email }));
      expect(result.status, email).toBe(400);
      expect(result.body).toContain("Please enter a valid email address");
    }
    const stored = await withAppDatabase(server.dataDir, (prisma) =>
      prisma.verification.count({ where: { email: { in: ["a@b.c", "ü@example.com", "a@b"] } } }),
    );
    expect(stored).toBe(0);
  });
});

describe("redirect targets stay on the site", () => {
  const attacks = [
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "//evil.example",
    "https://evil.example/",
  ];
  test.each(attacks)("cookie consent, support chat and sign-in refuse %j", async (target) => {
    const results = [
      await send("/cookie-consent", form({ intent: "decline", redirectTo: target })),
      await send("/support-chat", form({ content: "Hello there", returnTo: target })),
      await send(`/signin?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: server.cookie } }),
    ];
    for (const result of results) {
      expect(result.status, result.body.slice(0, 200)).toBeGreaterThanOrEqual(300);
      expect(result.status).toBeLessThan(400);
      const location = new URL(result.location!, server.origin);
      expect(location.origin).toBe(server.origin);
      expect(result.location).not.toMatch(/[\t\r\n\\]|evil/);
    }
  });
});

describe("file names", () => {
  /** The file name as RFC 5987 `filename*` (busboy decodes it), so that any character can be sent. */
  async function uploadMultipart(fileName: string) {
    const boundary = "voxlate-security-boundary";
    const audio = fs.readFileSync(sharedFile("testdata/audio/hello-world.wav"));
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}\r\n`,
      ),
      Buffer.from("Content-Type: audio/wav\r\n\r\n"),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${server.origin}/api/recordings`, {
      method: "POST",
      headers: { Cookie: server.cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    return {
      status: response.status,
      body: (await response.json()) as { recording?: { id: string; title: string }; error?: string },
    };
  }

  async function uploadTus(fileName: string) {
    const audio = fs.readFileSync(sharedFile("testdata/audio/hello-world.wav"));
    const metadata = `filename ${Buffer.from(fileName).toString("base64")}`;
    const created = await fetch(`${server.origin}/api/uploads`, {
      method: "POST",
      headers: {
        Cookie: server.cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(audio.length),
        "Upload-Metadata": metadata,
      },
    });
    expect(created.status).toBe(201);
    const patched = await fetch(new URL(created.headers.get("Location")!, server.origin), {
      method: "PATCH",
      headers: {
        Cookie: server.cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: audio,
    });
    return { status: patched.status, recordingId: patched.headers.get("Upload-Recording-Id") };
  }

  test("a NUL in the name is stored cleaned, through multipart and tus", async () => {
    const multipart = await uploadMultipart("board\u0000meeting.wav");
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(201);
    expect(multipart.body.recording!.title).toBe("board_meeting");
    const tus = await uploadTus("call\u0000notes.wav");
    expect(tus.status).toBe(204);
    const stored = await withAppDatabase(server.dataDir, (prisma) =>
      prisma.recording.findUniqueOrThrow({ where: { id: tus.recordingId! } }),
    );
    expect(stored.fileName).toBe("call_notes.wav");
  });

  test("a UTF-8 name as browsers send it arrives intact", async () => {
    const body = new FormData();
    body.set(
      "file",
      new Blob([fs.readFileSync(sharedFile("testdata/audio/hello-world.wav"))]),
      "Réunion équipe 😀.wav",
    );
    const response = await fetch(`${server.origin}/api/recordings`, {
      method: "POST",
      headers: { Cookie: server.cookie },
      body,
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { recording: { title: string } }).recording.title).toBe("Réunion équipe 😀");
  });

  test("markup in a name is shown as text", async () => {
    const { status, body } = await uploadMultipart('<img src=x onerror="alert(1)">.wav');
    expect(status, JSON.stringify(body)).toBe(201);
    const page = await fetch(`${server.origin}/transcription/${body.recording!.id}`, {
      headers: { Cookie: server.cookie },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("&lt;img src=x");
    expect(html).not.toContain("<img src=x");
  });
});

describe("resumable uploads (tus)", () => {
  test("an upload that says it is empty (Upload-Length: 0) is a 400 with a sentence, not a 500 with a path", async () => {
    const result = await send("/api/uploads", {
      method: "POST",
      headers: { Cookie: server.cookie, "Tus-Resumable": "1.0.0", "Upload-Length": "0" },
    });
    expect(result.status, result.body).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ error: "The file is empty. Choose a recording that has sound in it." });
    expect(result.problems).toEqual([]);
  });
});
