// RFC 9457 problem details (application/problem+json), the v1 API's one error shape (ADR 026). It lives in the
// platform because requests under /api/v1/ are also refused before any domain sees them (malformed addresses,
// oversized bodies, rate limits, methods a route does not take, the tus endpoint), and those refusals must keep it.
import { STATUS_CODES } from "node:http";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";
export const API_V1_PREFIX = "/api/v1/";

export const isApiV1Path = (path: string) => path.startsWith(API_V1_PREFIX);

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** 422 only: what is wrong with each field. */
  errors?: { field: string; message: string }[];
}

export function problemDetails(
  status: number,
  detail: string,
  extra: { errors?: Problem["errors"]; instance?: string } = {},
): Problem {
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail,
    ...(extra.instance ? { instance: extra.instance } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

/** What a refusal in the rest of the app's shape says: the `error` of its `{ error }` JSON, or its plain text. */
export function refusalDetail(body: string, status: number): string {
  let detail = body.trim();
  try {
    detail = (JSON.parse(body) as { error?: string }).error ?? detail;
  } catch {
    // plain text
  }
  return detail || STATUS_CODES[status] || "Error";
}
