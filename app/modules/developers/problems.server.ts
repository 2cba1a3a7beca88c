// The v1 API's one error shape: RFC 9457 problem details (application/problem+json). The rest of the app answers
// `{ error }` (ADR 020, the spec's /api contract); /api/v1 is a new contract and uses the standard shape instead, so
// that generic HTTP clients can read it. The same ExpectedErrors become problems here; anything else is a 500 whose
// details are logged and never sent.
import { STATUS_CODES } from "node:http";
import { isRouteErrorResponse } from "react-router";
import type { z } from "zod";
import { ExpectedError } from "~/modules/platform/refusals.server";
import {
  PROBLEM_CONTENT_TYPE,
  type Problem,
  problemDetails,
  refusalDetail,
} from "~/modules/platform/problem-details.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("api");

export { PROBLEM_CONTENT_TYPE, type Problem };

export function problem(
  status: number,
  detail: string,
  extra: { errors?: Problem["errors"]; headers?: HeadersInit; instance?: string } = {},
): Response {
  const body = problemDetails(status, detail, extra);
  const headers = new Headers(extra.headers);
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers });
}

/** A zod failure as a 422 naming each field. */
export function validationProblem(error: z.ZodError, instance?: string): Response {
  const errors = error.issues.map((issue) => ({ field: issue.path.join(".") || "(body)", message: issue.message }));
  return problem(422, errors.map((entry) => entry.message).join(" "), { errors, instance });
}

/** Throws a 422 problem when the value does not parse. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown, instance?: string) {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error, instance);
  return result.data as z.output<Schema>;
}

/**
 * Anything a v1 handler throws, as a problem: an ExpectedError with its status and message; a refusal the shared
 * helpers throw (`data({ error }, { status })`, e.g. a body over the size limit) with its message; a Response as it
 * is when it is already a problem. Anything else is a bug: logged, and a 500 without details.
 */
export async function asProblem(error: unknown, instance: string): Promise<Response> {
  if (error instanceof Response) {
    if (error.headers.get("Content-Type")?.startsWith(PROBLEM_CONTENT_TYPE)) return error;
    const text = await error.text().catch(() => "");
    return problem(error.status, refusalDetail(text, error.status), { instance });
  }
  if (error instanceof ExpectedError) return problem(error.status, error.message, { instance, headers: error.headers });
  if (isRouteErrorResponse(error)) {
    const body = error.data as { error?: string } | string | undefined;
    const detail = typeof body === "string" ? body : (body?.error ?? error.statusText);
    return problem(error.status, detail, { instance });
  }
  // React Router's data() outside a loader's return: { type: "DataWithResponseInit", data, init }.
  if (typeof error === "object" && error !== null && (error as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = error as { data: { error?: string }; init?: ResponseInit };
    const status = init?.status ?? 400;
    return problem(status, data?.error ?? STATUS_CODES[status] ?? "Error", { instance, headers: init?.headers });
  }
  log.error({ err: error }, `${instance} failed`);
  return problem(500, "Something went wrong on our side. Please try again.", { instance });
}

/** A method the endpoint does not take: 405 with Allow. */
export const methodNotAllowed = (allow: string) =>
  problem(405, `Method not allowed. Use ${allow}.`, { headers: { Allow: allow } });
