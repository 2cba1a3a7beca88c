import { parseWithZod } from "@conform-to/zod/v4";
import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { z } from "zod";
import { describe, expect, test } from "vitest";
import { RecordingError } from "~/modules/recordings/ownership.server";
import {
  answerRefusal,
  asRefusal,
  ExpectedError,
  invariantResponse,
  refusal,
  refusalReply,
  refusalToast,
  withFormRefusals,
  withRefusals,
} from "./refusals.server";

/** What a thrown or returned value becomes on the wire: React Router sends `data()` as JSON with its init. */
async function settle(promise: Promise<unknown>): Promise<{ outcome: "returned" | "thrown"; value: unknown }> {
  try {
    return { outcome: "returned", value: await promise };
  } catch (value) {
    return { outcome: "thrown", value };
  }
}

function refusalParts(value: unknown) {
  const { data, init } = value as { type: string; data: unknown; init: ResponseInit | null };
  expect((value as { type: string }).type).toBe("DataWithResponseInit");
  return { body: data, status: init?.status };
}

describe("refusal and invariantResponse", () => {
  test("a refusal is { error } with its status and keeps extra headers", () => {
    const value = refusal("Method not allowed.", 405, { headers: { Allow: "POST" } });
    expect(refusalParts(value)).toEqual({ body: { error: "Method not allowed." }, status: 405 });
    expect(new Headers(value.init?.headers).get("Allow")).toBe("POST");
  });

  test("invariantResponse passes a truthy value through and throws the refusal for a falsy one", () => {
    const userId: string | null = "user-1";
    expect(() => invariantResponse(userId, "Sign in to record.", 401)).not.toThrow();
    for (const falsy of [null, undefined, "", 0, false]) {
      let thrown: unknown;
      try {
        invariantResponse(falsy, "Sign in to record.", 401);
      } catch (error) {
        thrown = error;
      }
      expect(refusalParts(thrown)).toEqual({ body: { error: "Sign in to record." }, status: 401 });
    }
  });

  test("the status defaults to 400", () => {
    expect(() => invariantResponse(false, "The chunk is empty.")).toThrow(
      expect.objectContaining({ data: { error: "The chunk is empty." }, init: { status: 400 } }),
    );
  });
});

describe("ExpectedError", () => {
  test("domain errors are ExpectedErrors with their own name, message and status", () => {
    const error = new RecordingError("Recording not found.", 404);
    expect(error).toBeInstanceOf(ExpectedError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "RecordingError", message: "Recording not found.", status: 404 });
    expect(new ExpectedError("Check the form.").status).toBe(400);
  });

  test("asRefusal turns an ExpectedError into its refusal and leaves anything else as it is", () => {
    expect(refusalParts(asRefusal(new RecordingError("Only a queued transcription can be cancelled.", 409)))).toEqual({
      body: { error: "Only a queued transcription can be cancelled." },
      status: 409,
    });
    const unexpected = new Error("connect ECONNREFUSED /var/run/postgresql");
    expect(asRefusal(unexpected)).toBe(unexpected);
    const response = new Response("Not found", { status: 404 });
    expect(asRefusal(response)).toBe(response);
  });
});

describe("withRefusals", () => {
  test("returns what the handler returns", async () => {
    const loader = withRefusals(async ({ id }: { id: string }) => ({ id, status: "QUEUED" }));
    expect(await loader({ id: "r1" })).toEqual({ id: "r1", status: "QUEUED" });
  });

  test("throws an ExpectedError again as its { error } refusal", async () => {
    const loader = withRefusals(async () => {
      throw new RecordingError("Recording not found.", 404);
    });
    const { outcome, value } = await settle(loader(undefined));
    expect(outcome).toBe("thrown");
    expect(refusalParts(value)).toEqual({ body: { error: "Recording not found." }, status: 404 });
  });

  test("lets unexpected errors and thrown responses through untouched", async () => {
    const crash = new TypeError("Cannot read properties of undefined (reading 'plan')");
    expect(await settle(withRefusals(async () => Promise.reject(crash))(undefined))).toEqual({
      outcome: "thrown",
      value: crash,
    });
    const redirect = new Response(null, { status: 302, headers: { Location: "/signin" } });
    expect((await settle(withRefusals(async () => Promise.reject(redirect))(undefined))).value).toBe(redirect);
  });

  test('as: "text" answers an ExpectedError in plain text', async () => {
    const action = withRefusals(
      async () => {
        throw new ExpectedError("Invalid verification code. 4 attempts left.", 400);
      },
      { as: "text" },
    );
    const { outcome, value } = await settle(action(undefined));
    expect(outcome).toBe("thrown");
    const response = value as Response;
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Invalid verification code. 4 attempts left.");
  });
});

describe("withFormRefusals", () => {
  const failing = (error: unknown) => withFormRefusals(async (): Promise<{ ok: true }> => Promise.reject(error));

  test("returns a refusal about what was sent as Conform's form error, so the page renders again with it", async () => {
    for (const status of [400, 409, 413, 415, 422, 429, 507] as const) {
      const { outcome, value } = await settle(failing(new RecordingError(`refused with ${status}`, status))(undefined));
      expect(outcome).toBe("returned");
      // No values of the form: the wrapper never saw them, and the fields keep what was typed.
      expect(refusalParts(value)).toEqual({
        body: { status: "error", error: { "": [`refused with ${status}`] } },
        status,
      });
    }
  });

  test("throws a 403 (the plan) and a 404 (nothing there) to the ErrorBoundary", async () => {
    for (const status of [403, 404] as const) {
      const { outcome, value } = await settle(failing(new RecordingError(`refused with ${status}`, status))(undefined));
      expect(outcome).toBe("thrown");
      expect(refusalParts(value)).toEqual({ body: { error: `refused with ${status}` }, status });
    }
  });

  test("lets unexpected errors through and returns what the handler returns", async () => {
    const crash = new Error("boom");
    expect(await settle(failing(crash)(undefined))).toEqual({ outcome: "thrown", value: crash });
    expect(await withFormRefusals(async () => ({ ok: true }))(undefined)).toEqual({ ok: true });
  });
});

describe("answerRefusal", () => {
  const form = new FormData();
  form.set("intent", "email");
  form.set("newEmail", "ada@voxlate.test");
  form.set("currentPassword", "secret-password");
  const submission = parseWithZod(form, {
    schema: z.object({ intent: z.string(), newEmail: z.string(), currentPassword: z.string() }),
  });
  const refused = () => Promise.reject(new ExpectedError("Too many codes were sent. Please wait a minute.", 429));

  test("returns what the step returns", async () => {
    expect(await answerRefusal(async () => "sent", refusalReply(submission))).toBe("sent");
  });

  test("answers an ExpectedError as the form's error, with the form's values less the hidden ones", async () => {
    const value = await answerRefusal(refused, refusalReply(submission, { hideFields: ["currentPassword"] }));
    const { body, status } = refusalParts(value);
    expect(status).toBe(429);
    expect(body).toMatchObject({
      status: "error",
      initialValue: { intent: "email", newEmail: "ada@voxlate.test" },
      error: { "": ["Too many codes were sent. Please wait a minute."] },
    });
    expect(JSON.stringify(body)).not.toContain("secret-password");
  });

  test("puts the message under a field when one is named, and keeps the headers already set", async () => {
    const headers = { "Set-Cookie": "draft=1" };
    const value = await answerRefusal(refused, refusalReply(submission, { field: "newEmail", headers }));
    expect(refusalParts(value).body).toMatchObject({
      error: { newEmail: ["Too many codes were sent. Please wait a minute."] },
    });
    expect(new Headers((value as { init: ResponseInit }).init.headers).get("Set-Cookie")).toBe("draft=1");
  });

  test("answers with a toast on the page named, and lets anything else through", async () => {
    const response = (await answerRefusal(refused, refusalToast("/account", "Refund not possible"))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/account");
    expect(response.headers.get("Set-Cookie")).toMatch(/toast/i);
    const crash = new Error("boom");
    await expect(answerRefusal(() => Promise.reject(crash), refusalReply(submission))).rejects.toBe(crash);
  });
});

describe("in React Router", () => {
  test("a page's thrown refusal reaches its ErrorBoundary with the status and the message in error.data", async () => {
    const handler = createStaticHandler([
      {
        id: "transcription",
        path: "/transcription/:id",
        hasErrorBoundary: true,
        loader: withRefusals(async () => {
          throw new RecordingError("Recording not found.", 404);
        }),
      },
    ]);
    const context = await handler.query(new Request("http://localhost/transcription/missing"));
    if (context instanceof Response) throw new Error("expected a render context");
    expect(context.statusCode).toBe(404);
    const error = context.errors?.transcription;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, data: { error: "Recording not found." } });
  });
});
