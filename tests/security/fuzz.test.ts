// Property-based fuzzing of every route (tests/security/route-table.ts): bodies and query strings that are
// missing, of the wrong type, huge, malformed, or carry NUL and broken Unicode. No answer may be a 5xx, every 4xx
// carries a message, no redirect leaves the site, nothing echoes markup unescaped, and the event loop never stalls
// on more than 200 ms of its own work (app/modules/platform/event-loop-stalls.server.ts). `npm run fuzz` runs many more cases (FUZZ_RUNS) with a new seed (FUZZ_SEED).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refusalProblems, startSecurityServer, type SecurityServer } from "./fixtures";
import { fillPattern, formVocabulary, routeTable, type RouteEntry } from "./route-table";

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const MAX_STALL_MS = 200;
const MARKUP = '<script>fuzz("x")</script>';
/** Sign-in with Google leaves the site on purpose. */
const ALLOWED_REDIRECT_ORIGINS = ["https://accounts.google.com"];

let server: SecurityServer;
const routes = await routeTable();
const vocabulary = formVocabulary();

beforeAll(async () => {
  server = await startSecurityServer("fuzz");
  // Start-up work (migrations, the first render of each module) is not what is being measured.
  for (const route of routes.filter((entry) => entry.hasLoader))
    await fetch(server.origin + fillPattern(route.pattern, {})).catch(() => {});
  await server.maxEventLoopStallMs();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\r\n",
  "/\t/evil.example",
  "//evil.example",
  "https://evil.example/",
  "a@b.c",
  "ü@example.com",
  "../../../etc/passwd",
  MARKUP,
  "true",
  "-1",
  "1e309",
  "x".repeat(5000),
  "a@".repeat(3000),
);
const text = fc.oneof(nasty, fc.string({ unit: "binary", maxLength: 40 }), fc.string({ maxLength: 20 }));
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...vocabulary.fields) },
  fc.string({ unit: "binary", maxLength: 12 }),
);
const fields = fc.dictionary(
  fieldName,
  fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...vocabulary.intents) }, { weight: 3, arbitrary: text }),
  { maxKeys: 6 },
);
const jsonValue = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

type Body = { contentType?: string; body?: BodyInit };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({}),
  fields.map((values) => ({
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams(values).toString(),
  })),
  fc
    .dictionary(fieldName, jsonValue, { maxKeys: 6 })
    .map((values) => ({ contentType: "application/json", body: JSON.stringify(values) })),
  fc.oneof(fc.jsonValue(), text).map((value) => ({ contentType: "application/json", body: JSON.stringify(value) })),
  fc
    .constantFrom('{"email":', "[1,", "\u0000", '{"a":"\\ud800"}', "nul\u0000l")
    .map((raw) => ({ contentType: "application/json", body: raw })),
  fields.map((values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    return { body: form };
  }),
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => ({ contentType: "multipart/form-data; boundary=fuzz", body: new Uint8Array(bytes) })),
  fc
    .tuple(
      fc.constantFrom("text/plain", "application/octet-stream", "application/xml", "multipart/form-data", "x/\u00ff"),
      fc.uint8Array({ maxLength: 200 }),
    )
    .map(([contentType, bytes]) => ({ contentType, body: new Uint8Array(bytes) })),
);
const who = fc.constantFrom("anonymous", "user", "admin");
const paramValue = fc.oneof(fc.constantFrom("real", "real", "request", "validate", "verify", "whisper-ai-guide"), text);

function cookieFor(identity: string) {
  return identity === "user" ? server.cookie : identity === "admin" ? server.adminCookie : undefined;
}

function concretePath(route: RouteEntry, values: string[], splat: string) {
  const params = Object.fromEntries(
    route.params.map((name, index) => [name, values[index] === "real" ? server.recordingId : (values[index] ?? "x")]),
  );
  return fillPattern(route.pattern, params, splat);
}

async function check(method: string, url: string, init: { cookie?: string } & Body) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.contentType) headers["Content-Type"] = init.contentType;
  let response: Response;
  try {
    response = await fetch(server.origin + url, { method, headers, body: init.body, redirect: "manual" });
  } catch (error) {
    throw new Error(
      `${method} ${url}: the connection failed (${(error as Error).message}: ${String((error as Error).cause)})\n${server.log()}`,
      { cause: error },
    );
  }
  const responseBody = await response.text();
  const problems = refusalProblems(response.status, response.headers.get("Content-Type") ?? "", responseBody);
  const location = response.headers.get("Location");
  if (location !== null) {
    const target = new URL(location, server.origin);
    const offSite = target.origin !== server.origin && !ALLOWED_REDIRECT_ORIGINS.includes(target.origin);
    if (offSite || /[\u0000-\u001f\\]/.test(location)) problems.push(`redirect off-site: ${JSON.stringify(location)}`);
  }
  if ((response.headers.get("Content-Type") ?? "").includes("html") && responseBody.includes(MARKUP))
    problems.push("markup echoed unescaped");
  if (problems.length) {
    const sent =
      typeof init.body === "string" ? init.body.slice(0, 300) : init.body ? `<${init.body.constructor.name}>` : "";
    throw new Error(
      `${method} ${url} (${init.contentType ?? "no body type"}) ${JSON.stringify(sent)} → ${response.status}: ${problems.join(", ")}\n${responseBody.slice(0, 500)}`,
    );
  }
}

describe.each(routes.map((route) => [route.pattern, route] as const))("%s", (_pattern, route) => {
  test("answers any query string with a page or a clear refusal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(paramValue, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fieldName, text, { maxKeys: 4 }),
        who,
        text,
        async (params, query, identity, splat) => {
          const search = new URLSearchParams(query).toString();
          await check("GET", `${concretePath(route, params, splat)}${search ? `?${search}` : ""}`, {
            cookie: cookieFor(identity),
          });
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(await server.maxEventLoopStallMs()).toBeLessThanOrEqual(MAX_STALL_MS);
  });

  // Routes without an action are fuzzed too: their answer must be a 405 with a message.
  test("answers any body with a result or a clear refusal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(paramValue, { minLength: 3, maxLength: 3 }),
        body,
        who,
        fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
        async (params, sent, identity, method) => {
          await check(method, concretePath(route, params, "x"), { cookie: cookieFor(identity), ...sent });
        },
      ),
      { numRuns: route.hasAction ? RUNS * 2 : Math.ceil(RUNS / 2), seed: SEED, endOnFailure: true },
    );
    expect(await server.maxEventLoopStallMs()).toBeLessThanOrEqual(MAX_STALL_MS);
  });
});
