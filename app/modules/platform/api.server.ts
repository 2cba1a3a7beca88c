import { data } from "react-router";

export function jsonError(error: string, status: number, extra: Record<string, unknown> = {}) {
  return data({ error, ...extra }, { status });
}

/** The loader of a POST-only /api route: GET gets 405 with Allow, rather than React Router's generic 400. */
export function postOnly() {
  return data({ error: "Method not allowed. Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
