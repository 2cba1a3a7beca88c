// Which route of the app a request path is, as its pattern ("/recordings/:id"), for metric labels and log lines that
// must not carry ids or tokens (ADR 044). React Router's own matcher, over the build's route table.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export interface RouteMatch {
  /** The route's pattern, from the root: "/s/:token/audio". */
  pattern: string;
  params: Record<string, string | undefined>;
}

/** Route parameters whose values are secrets (share links, invitations): logs show the parameter's name instead. */
const SECRET_PARAM = /token|code|secret/i;

export function routeMatcher(build: ServerBuild): (pathname: string) => RouteMatch | null {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const below = children.get(route.id);
      return (below ? { ...route, index: false, children: attach(below) } : route) as RouteObject;
    });
  const tree = attach(children.get(undefined) ?? []);
  return (pathname) => {
    // Single-fetch data requests ("/recordings/abc.data", "/_root.data") are the page's route.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, page);
    if (!matches) return null;
    const last = matches[matches.length - 1];
    // A splat route ("*") that catches every unknown address is not a route of its own.
    if (last.route.path === "*") return null;
    const segments = matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
    return { pattern: `/${segments.join("/")}`.replace(/\/+/g, "/"), params: last.params };
  };
}

/** The path with its secret parameters' values replaced by their names: "/s/:token" for a share link. */
export function pathWithoutSecrets(pathname: string, match: RouteMatch | null): string {
  if (!match) return pathname;
  let path = pathname;
  for (const [name, value] of Object.entries(match.params)) {
    if (value && SECRET_PARAM.test(name)) path = path.split(`/${value}`).join(`/:${name}`);
  }
  return path;
}
