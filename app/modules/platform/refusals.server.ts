// Expected refusals: what was asked cannot be done, and the user is told why. Domain code throws an ExpectedError
// (or a subclass) with a status and a message written for the user; routes throw refusals with invariantResponse. In
// both cases the answer has one shape, `{ error }` with the status: /api/* routes send it as JSON, and pages hand it
// to their ErrorBoundary as `error.data`. A form action answers a refusal in the forms' one reply shape instead,
// Conform's (ADR 011): formRefusal, refusalReply. Only the helpers below turn domain errors into responses, so route
// modules need no try/catch of their own. Anything else that is thrown stays a 500 and is never shown.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { redirectWithToast } from "./toast.server";

/**
 * A refusal's status: a 4xx the user can act on (410: a share link that was revoked or has expired), 502 for a failed
 * outside service, 507 for a full disk.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 507;

/** A refusal the user caused or can act on: its message is fit to show as it is. */
export class ExpectedError extends Error {
  constructor(
    message: string,
    readonly status: RefusalStatus = 400,
    /** Headers the refusal carries, e.g. Retry-After with a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The one shape of a refusal: `{ error }` with its status (and headers such as Allow or Retry-After). */
export function refusal(message: string, status: RefusalStatus, init: Omit<ResponseInit, "status"> = {}) {
  return data({ error: message }, { ...init, status });
}

/** Throws the refusal unless the condition holds: `invariantResponse(recording, "Recording not found", 404)`. */
export function invariantResponse(condition: unknown, message: string, status: RefusalStatus = 400): asserts condition {
  if (!condition) throw refusal(message, status);
}

/** The response for an expected error; anything else is returned unchanged, to be rethrown as it was. */
export function asRefusal(error: unknown): unknown {
  return error instanceof ExpectedError ? refusal(error.message, error.status, { headers: error.headers }) : error;
}

/**
 * Wraps a loader or action so that an ExpectedError it throws is thrown again as its refusal: JSON `{ error }` from an
 * /api/* route, the ErrorBoundary's `error.data` on a page. `as: "text"` sends the message as plain text instead, for
 * the one endpoint whose client reads its failures that way (spec section 7, /api/verify-email-code).
 */
export function withRefusals<Args, Result>(
  handler: (args: Args) => Promise<Result>,
  { as = "json" }: { as?: "json" | "text" } = {},
): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (as === "text" && error instanceof ExpectedError) {
        throw new Response(error.message, {
          status: error.status,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }
      throw asRefusal(error);
    }
  };
}

/**
 * Statuses a page's form cannot fix by resending: nothing is there (404), or the plan does not allow it (403). They go
 * to the route's ErrorBoundary, which offers the way on (the list, the plans); other refusals re-render the form.
 */
const BOUNDARY_STATUSES: ReadonlySet<number> = new Set([403, 404]);

/**
 * A refusal as a form action's reply, in the one shape of ADR 011: Conform's form error. It carries no values of the
 * form (the wrapper never saw them), so the fields keep what was typed and the page shows it above its forms.
 */
export function formRefusal(message: string, status: RefusalStatus) {
  return data({ status: "error", error: { "": [message] } } satisfies SubmissionResult<string[]>, { status });
}

/**
 * Wraps a page's form action: an ExpectedError about what was sent is returned as the form error of a Conform reply,
 * with its status, so the page renders again with the message (with or without JavaScript); a 403 or 404 is thrown to
 * the ErrorBoundary.
 */
export function withFormRefusals<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof ExpectedError && !BOUNDARY_STATUSES.has(error.status))
        return formRefusal(error.message, error.status);
      throw asRefusal(error);
    }
  };
}

/**
 * Runs one step of an action and answers an ExpectedError it throws with `answer` (see refusalReply and
 * refusalToast); anything else is thrown on. The step carries on to its success answer (the redirect), so the route
 * has no try/catch and no check of what came back.
 */
export async function answerRefusal<Result, Answer>(
  step: () => Promise<Result>,
  answer: (refusal: ExpectedError) => Answer,
): Promise<Result | Answer> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ExpectedError) return answer(error);
    throw error;
  }
}

/**
 * A refusal as the form's Conform reply with its status: the message under `field`, or the form's own error. Passwords
 * listed in `hideFields` never come back into the page; `headers` keep cookies the action has already set.
 */
export const refusalReply =
  (
    submission: Submission<unknown, string[]>,
    { field, hideFields, headers }: { field?: string; hideFields?: string[]; headers?: HeadersInit } = {},
  ) =>
  (refusal: ExpectedError) =>
    data(
      submission.reply({
        ...(field ? { fieldErrors: { [field]: [refusal.message] } } : { formErrors: [refusal.message] }),
        hideFields,
      }),
      { status: refusal.status, headers },
    );

/** A refusal as an error toast on the page the user is sent back to (the post has no page of its own). */
export const refusalToast = (to: string, title: string) => (refusal: ExpectedError) =>
  redirectWithToast(to, { type: "error", title, description: refusal.message }, { status: 303 });
