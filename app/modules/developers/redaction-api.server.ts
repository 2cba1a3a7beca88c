// The v1 API's redactions (issue 35, item 7; ADR 048): GET lists a recording's redactions, POST takes the redaction
// page's actions as JSON (find suggestions, accept or reject, redact by hand, remove, mark reviewed). Thin handlers over
// the page's own domain functions, and their part of the OpenAPI document. Owners and admins only (`redact`).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { AccessScope } from "~/modules/workspaces/access.server";
import { REDACTION_CATEGORIES } from "~/modules/redaction/categories";
import { RedactionActionSchema } from "~/modules/redaction/redaction-forms";
import {
  addManualRedaction,
  decideRedactions,
  markRedactionReviewed,
  recordingRedactions,
  removeRedaction,
  suggestForRecording,
} from "~/modules/redaction/redactions.server";
import { RecordingIdParams } from "./api-schemas";
import { parseOrThrow } from "./problems.server";

interface RedactionApiContext {
  request: Request;
  reader: AccessScope;
  ip: string | null;
  instance: string;
  json: unknown;
}

const RedactionSchema = z
  .object({
    id: z.string(),
    segmentId: z.string(),
    startOffset: z.number().int().meta({ description: "Where the span starts in the segment's original text." }),
    endOffset: z.number().int(),
    text: z.string().meta({ description: "The hidden words (the original: owners and admins only)." }),
    category: z.enum(REDACTION_CATEGORIES),
    source: z.enum(["suggested", "manual"]),
    status: z.enum(["suggested", "accepted", "rejected"]),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    lost: z.boolean().meta({ description: "Accepted, but an edit removed its words from the text." }),
  })
  .meta({ id: "Redaction" });

const RedactionListSchema = z
  .object({
    reviewedAt: z.string().nullable().meta({ description: "When an owner or admin last reviewed the redactions." }),
    reviewedBy: z.string().nullable(),
    pending: z.number().int().meta({ description: "Suggestions not yet accepted or rejected." }),
    redactions: z.array(RedactionSchema),
  })
  .meta({ id: "RedactionList" });

// The page's form schemas, as JSON: `ids` takes a list where the form takes one `id`.
const RedactionRequestSchema = z
  .union([
    RedactionActionSchema,
    z.object({
      intent: z.enum(["accept", "reject"]),
      ids: z.array(z.string().min(1)).min(1, "ids must name at least one redaction.").max(1000),
    }),
  ])
  .meta({
    id: "RedactionRequest",
    description:
      'One action: {"intent": "suggest"} runs the detectors; {"intent": "accept" | "reject"} with "id", "ids" or ' +
      '"category" decides suggestions; {"intent": "add"} with "segmentId", "start", "end" and "category" redacts a ' +
      'passage by hand (character offsets, widened to whole words); {"intent": "remove", "id": …} un-redacts; ' +
      '{"intent": "reviewed"} marks the redactions reviewed (409 while suggestions are pending).',
  });

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

async function redactionList(reader: AccessScope, recordingId: string): Promise<z.input<typeof RedactionListSchema>> {
  const state = await recordingRedactions(reader, recordingId);
  const lost = new Set(state.lost.map((row) => row.id));
  return {
    reviewedAt: state.recording.redactionReviewedAt?.toISOString() ?? null,
    reviewedBy: state.recording.reviewedByName,
    pending: state.pending,
    redactions: state.redactions.map((row) => ({
      id: row.id,
      segmentId: row.segmentId,
      startOffset: row.startOffset,
      endOffset: row.endOffset,
      text: row.text,
      category: row.category as (typeof REDACTION_CATEGORIES)[number],
      source: row.source as "suggested" | "manual",
      status: row.status.toLowerCase() as "suggested" | "accepted" | "rejected",
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      lost: lost.has(row.id),
    })),
  };
}

/** GET /recordings/:id/redactions */
export async function listApiRedactions({ reader }: RedactionApiContext, recordingId: string) {
  return json(await redactionList(reader, recordingId));
}

/** POST /recordings/:id/redactions: one action, then the redactions as GET lists them (201 after a manual one). */
export async function postApiRedactions(context: RedactionApiContext, recordingId: string) {
  const { reader, request, ip } = context;
  const input = parseOrThrow(RedactionRequestSchema, context.json, context.instance);
  const source = { request, ip };
  switch (input.intent) {
    case "suggest":
      await suggestForRecording(reader, recordingId, source);
      break;
    case "accept":
    case "reject":
      await decideRedactions(
        reader,
        recordingId,
        "ids" in input
          ? { ids: input.ids, decision: input.intent }
          : input.id
            ? { ids: [input.id], decision: input.intent }
            : { category: input.category, decision: input.intent },
        source,
      );
      break;
    case "add":
      await addManualRedaction(
        reader,
        recordingId,
        { segmentId: input.segmentId, startOffset: input.start, endOffset: input.end, category: input.category },
        source,
      );
      return json(await redactionList(reader, recordingId), 201);
    case "remove":
      await removeRedaction(reader, recordingId, input.id, source);
      break;
    case "reviewed":
      await markRedactionReviewed(reader, recordingId, source);
      break;
  }
  return json(await redactionList(reader, recordingId));
}

/** The redactions' part of the OpenAPI document. */
export function registerRedactionPaths(
  api: OpenAPIRegistry,
  {
    problems,
    security,
    idempotencyHeader,
  }: {
    problems: (...statuses: number[]) => Record<number, unknown>;
    security: { bearerAuth: never[] }[];
    idempotencyHeader: z.ZodObject;
  },
) {
  const ok = (description: string) => ({
    description,
    content: { "application/json": { schema: RedactionListSchema } },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}/redactions",
    operationId: "listRedactions",
    summary: "List the recording's redactions",
    description:
      "Every suggestion and redaction with its category and state, whether an edit lost its words, and the review. " +
      "The hidden words are the original: owners and admins only (403 for other roles). Everyone else reads the " +
      "redacted text through the recording and its export (`view`). Scope: read.",
    security,
    request: { params: RecordingIdParams },
    responses: { 200: ok("The redactions, in transcript order."), ...problems(401, 403, 404, 409, 429) },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/{recordingId}/redactions",
    operationId: "changeRedactions",
    summary: "Suggest, accept, reject, add or remove redactions, or mark them reviewed",
    description:
      "One action per request, as on the redaction page; answers the redactions after it. Each change is in the " +
      "workspace's audit log (category and place, never the words) and clears the review. Owners and admins. " +
      "Scope: write.",
    security,
    request: {
      params: RecordingIdParams,
      headers: idempotencyHeader,
      body: { content: { "application/json": { schema: RedactionRequestSchema } } },
    },
    responses: {
      200: ok("Done; the redactions after it."),
      201: ok("Redacted by hand; the redactions after it."),
      ...problems(400, 401, 403, 404, 409, 422, 429),
    },
  });
}
