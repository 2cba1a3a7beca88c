// Reading request bodies: every form and JSON body goes through here, so that size limits and text checks hold
// everywhere. A body that is too large, unreadable or carries text the database cannot store is a specific 4xx
// thrown as a response, never a 500 (ADR 017).
import { data } from "react-router";
import type { z } from "zod";
import { unsafeTextProblem } from "~/utils/text";

/** Forms and JSON bodies are a few fields of text; uploads and audio chunks have their own limits. */
export const FORM_BODY_MAX_BYTES = 32 * 1024;

const KB = 1024;
export const tooLargeText = (maxBytes: number) =>
  `The request is too large: at most ${Math.round(maxBytes / KB)} KB can be sent here.`;

/** The body as bytes, refused with 413 from Content-Length at once, or as soon as the stream passes the limit. */
export async function readLimitedBody(request: Request, maxBytes: number, tooLargeMessage?: string): Promise<Buffer> {
  const refuse = () =>
    data({ error: tooLargeMessage ?? tooLargeText(maxBytes) }, { status: 413, headers: { Connection: "close" } });
  const stated = Number(request.headers.get("Content-Length"));
  if (stated > maxBytes) throw refuse();
  const parts: Buffer[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  try {
    while (reader && size <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      parts.push(Buffer.from(value));
    }
  } catch {
    // The client went away or sent a broken chunked body.
    throw data({ error: "The request body could not be read. Please try again." }, { status: 400 });
  }
  if (size > maxBytes) {
    // Not cancelled: that would destroy the socket before the 413 reaches the client. The rest is discarded as it
    // arrives, and the connection closes after the answer.
    reader?.releaseLock();
    throw refuse();
  }
  return Buffer.concat(parts);
}

const badText = (problem: string) => data({ error: problem }, { status: 400 });

/**
 * A form post (urlencoded or multipart) of at most `maxBytes`, with every name and text value checked: a NUL, a
 * control character the form cannot hold, or broken Unicode is refused with 400 naming the field.
 */
export async function readForm(request: Request, { maxBytes = FORM_BODY_MAX_BYTES } = {}): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded" && mediaType !== "multipart/form-data") {
    throw data(
      { error: "Send the form as application/x-www-form-urlencoded or multipart/form-data." },
      { status: 415 },
    );
  }
  const body = await readLimitedBody(request, maxBytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw data({ error: "The form could not be read. Please reload the page and try again." }, { status: 400 });
  }
  for (const [name, value] of form) {
    const problem =
      unsafeTextProblem(name, "A field name") ??
      (typeof value === "string" ? unsafeTextProblem(value, `The field "${printable(name)}"`) : null);
    if (problem) throw badText(problem);
  }
  return form;
}

/** A form's text fields as a plain object for a zod schema (files are left out). */
export async function readFormFields(
  request: Request,
  options?: { maxBytes?: number },
): Promise<Record<string, string>> {
  const form = await readForm(request, options);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

/** Parses a JSON body with a schema; a bad body becomes a 4xx with a specific message, never a 500. */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { maxBytes = FORM_BODY_MAX_BYTES } = {},
): Promise<z.infer<Schema>> {
  const text = (await readLimitedBody(request, maxBytes)).toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw data({ error: "The request body must be valid JSON." }, { status: 400 });
  }
  const problem = unsafeJsonProblem(body);
  if (problem) throw badText(problem);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "body";
      fields[key] ??= issue.message;
    }
    throw data({ error: parsed.error.issues[0]?.message ?? "Invalid request body.", fields }, { status: 400 });
  }
  return parsed.data;
}

/** The first string (key or value) anywhere in a parsed JSON value that cannot be stored, as a message. */
function unsafeJsonProblem(value: unknown, path = "body", depth = 0): string | null {
  if (depth > 32) return "The JSON body is nested too deeply.";
  if (typeof value === "string") return unsafeTextProblem(value, `The field "${printable(path)}"`);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = unsafeJsonProblem(item, `${path}.${index}`, depth + 1);
      if (problem) return problem;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const problem =
        unsafeTextProblem(key, "A field name") ??
        unsafeJsonProblem(item, path === "body" ? key : `${path}.${key}`, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/** A field name fit to quote in a message: the unsafe characters are what we refuse, so they are not echoed. */
function printable(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, "?").slice(0, 60);
}
