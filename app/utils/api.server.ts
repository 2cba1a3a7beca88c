import { data } from "react-router";
import type { z } from "zod";

/** Parses a JSON body with a schema; a bad body becomes a 400 with a specific message, never a 500. */
export async function readJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw data({ error: "The request body must be valid JSON." }, { status: 400 });
  }
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

export function jsonError(error: string, status: number, extra: Record<string, unknown> = {}) {
  return data({ error, ...extra }, { status });
}

/** The loader of a POST-only /api route: GET gets 405 with Allow, rather than React Router's generic 400. */
export function postOnly() {
  return data({ error: "Method not allowed. Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

/** A binary body of at most `maxBytes`, read as it streams in; more is 413 without reading the rest. */
export async function readLimitedBody(request: Request, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const stated = Number(request.headers.get("Content-Length"));
  if (stated > maxBytes) throw data({ error: tooLarge }, { status: 413 });
  const parts: Buffer[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw data({ error: tooLarge }, { status: 413 });
    }
    parts.push(Buffer.from(value));
  }
  return Buffer.concat(parts);
}
