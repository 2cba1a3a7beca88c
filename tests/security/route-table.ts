// Every URL the app answers, derived from the production build's route manifest (which React Router builds from
// app/routes.ts), plus the few routes server.ts serves itself. A new route is fuzzed without touching this suite.
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RouteEntry {
  id: string;
  /** The full pattern, e.g. "/transcription/:recordingId"; "*" for a splat. */
  pattern: string;
  params: string[];
  hasAction: boolean;
  hasLoader: boolean;
}

/** Routes served by server.ts outside React Router. */
const EXPRESS_ROUTES: RouteEntry[] = [
  { id: "express:healthz", pattern: "/healthz", params: [], hasAction: false, hasLoader: true },
  // A 404 unless METRICS_TOKEN is set, then a 401 without it (ADR 044).
  { id: "express:metrics", pattern: "/metrics", params: [], hasAction: false, hasLoader: true },
  { id: "express:tus", pattern: "/api/uploads", params: [], hasAction: true, hasLoader: false },
  {
    id: "express:tus-upload",
    pattern: "/api/uploads/:uploadId",
    params: ["uploadId"],
    hasAction: true,
    hasLoader: true,
  },
];

export async function routeTable(): Promise<RouteEntry[]> {
  const buildPath = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(buildPath)) throw new Error("No production build: run `npm run build` before the security suite.");
  const build = (await import(/* @vite-ignore */ buildPath)) as ServerBuild;
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const entries = routes
    // Layouts without a path of their own render only inside their children.
    .filter((route) => route.index || route.path !== undefined || route.id === "root")
    .filter((route) => route.module.loader || route.module.action)
    // Routes that exist only to make the error page appear in end-to-end tests.
    .filter((route) => !route.path?.startsWith("_test/"))
    .map((route) => {
      const pattern = fullPath(route.id).replace(/\/+/g, "/") || "/";
      return {
        id: route.id,
        pattern,
        params: [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]),
        hasAction: Boolean(route.module.action),
        hasLoader: Boolean(route.module.loader),
      };
    });
  return [...entries, ...EXPRESS_ROUTES];
}

/** Percent-encoding of any string: a lone surrogate (which encodeURIComponent refuses) is sent as U+FFFD. */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

/** The pattern with its params (and a splat) filled in, each value percent-encoded. */
export function fillPattern(pattern: string, values: Record<string, string>, splat = "no-such-page"): string {
  return pattern
    .replace(/:(\w+)/g, (_match, name: string) => encode(values[name] ?? "x"))
    .replace(/\*$/, encode(splat).replace(/%2F/g, "/"));
}

/**
 * Field names and intent values the app's forms use, read from its source: fuzzed bodies use them so that they
 * reach the actions' branches rather than stopping at "unknown intent".
 */
export function formVocabulary(): { fields: string[]; intents: string[] } {
  const fields = new Set<string>([
    "email",
    "password",
    "intent",
    "redirectTo",
    "returnTo",
    "content",
    "title",
    "token",
  ]);
  const intents = new Set<string>();
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx|ts)$/.test(entry.name) && !entry.name.includes(".test.")) {
        const source = fs.readFileSync(file, "utf8");
        for (const match of source.matchAll(/\bname="([\w-]+)"/g)) fields.add(match[1]);
        for (const match of source.matchAll(/name="intent"\s+value="([\w-]+)"/g)) intents.add(match[1]);
        for (const match of source.matchAll(/(?:intent|case)\s*(?:===|:)?\s*"([a-z]+(?:-[a-z]+)*)"/g))
          intents.add(match[1]);
      }
    }
  };
  walk(path.join(ROOT, "app"));
  return { fields: [...fields].sort(), intents: [...intents].sort() };
}
