// The v1 API's review, versions and verification (issue 34, items 3, 4 and 6; ADR 045): thin handlers over the same
// domain functions the transcript page uses, and their part of the OpenAPI document.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import type { AccessScope } from "~/modules/workspaces/access.server";
import { FLAG_REASONS, type FlagReason } from "~/modules/transcripts/review-flags";
import { setSegmentsVerified, transcriptReview } from "~/modules/transcripts/review.server";
import {
  saveVersion,
  signOffVersion,
  transcriptVersions,
  verifyTranscriptRecord,
} from "~/modules/transcripts/versions.server";
import { RecordingIdParams } from "./api-schemas";
import { parseOrThrow } from "./problems.server";
import {
  ReviewQuerySchema,
  ReviewSchema,
  SavedVersionSchema,
  SegmentVerificationRequestSchema,
  SegmentVerificationSchema,
  VerificationSchema,
  VersionListSchema,
  VersionParams,
  VersionSchema,
} from "./record-api-schemas";

interface RecordApiContext {
  request: Request;
  reader: AccessScope;
  ip: string | null;
  instance: string;
  json: unknown;
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

const source = ({ request, ip }: RecordApiContext) => ({ request, ip });

type ApiVersion = z.input<typeof VersionSchema>;
function apiVersion(version: Awaited<ReturnType<typeof transcriptVersions>>["versions"][number]): ApiVersion {
  return {
    number: version.number,
    hash: version.hash,
    contentHash: version.contentHash,
    previousHash: version.previousHash,
    mediaSha256: version.mediaSha256,
    segmentCount: version.segmentCount,
    createdAt: version.createdAt.toISOString(),
    author: version.author,
    signedOff: version.signedOff
      ? { at: version.signedOff.at.toISOString(), by: version.signedOff.by, seal: version.signedOff.seal }
      : null,
    diff: version.diff,
  };
}

/** GET /recordings/:id/versions */
export async function listApiVersions({ reader }: RecordApiContext, recordingId: string) {
  const { versions, draft } = await transcriptVersions(reader, recordingId);
  return json({ versions: versions.map(apiVersion), draft } satisfies z.input<typeof VersionListSchema>);
}

/** POST /recordings/:id/versions: saves the current text as a version (or returns the latest when it holds it). */
export async function saveApiVersion(context: RecordApiContext, recordingId: string) {
  const saved = await saveVersion(context.reader, recordingId, source(context));
  return json(saved satisfies z.input<typeof SavedVersionSchema>, saved.created ? 201 : 200);
}

/** POST /recordings/:id/versions/:number/sign-off */
export async function signOffApiVersion(context: RecordApiContext, params: { recordingId: string; number: string }) {
  const { recordingId, number } = parseOrThrow(VersionParams, params, context.instance);
  await signOffVersion(context.reader, recordingId, number, source(context));
  const { versions } = await transcriptVersions(context.reader, recordingId);
  return json(apiVersion(versions.find((version) => version.number === number)!));
}

/** GET /recordings/:id/verify */
export async function verifyApiRecording({ reader }: RecordApiContext, recordingId: string) {
  const result = await verifyTranscriptRecord(reader, recordingId);
  return json({ ...result, checkedAt: result.checkedAt.toISOString() } satisfies z.input<typeof VerificationSchema>);
}

/** GET /recordings/:id/review: the counts, and one page of the flags that match the filters. */
export async function getApiReview({ reader, request, instance }: RecordApiContext, recordingId: string) {
  const query = parseOrThrow(ReviewQuerySchema, Object.fromEntries(new URL(request.url).searchParams), instance);
  const review = await transcriptReview(reader, recordingId);
  const matching = review.flags.filter(
    (flag) =>
      (!query.reason || flag.reason === query.reason) && (!query.open || flag.resolved === (query.open === "false")),
  );
  const page = matching.slice(query.offset, query.offset + query.limit);
  const reasons = (Object.keys(FLAG_REASONS) as FlagReason[]).flatMap((reason) => {
    const count = review.flags.filter((flag) => flag.reason === reason).length;
    return count ? [{ reason, label: FLAG_REASONS[reason], count }] : [];
  });
  return json({
    segmentCount: review.segmentCount,
    verifiedCount: review.verifiedCount,
    flagCount: review.flags.length,
    openCount: review.flags.filter((flag) => !flag.resolved).length,
    reasons,
    matching: matching.length,
    nextOffset: query.offset + query.limit < matching.length ? query.offset + query.limit : null,
    flags: page.map((flag) => ({
      number: flag.number,
      segmentId: flag.segmentId,
      reason: flag.reason,
      reasonLabel: FLAG_REASONS[flag.reason],
      span: flag.span,
      start: flag.start,
      detail: flag.detail,
      resolved: flag.resolved,
    })),
    verifications: review.verifications.map((entry) => ({
      ...entry,
      verifiedAt: entry.verifiedAt.toISOString(),
    })),
  } satisfies z.input<typeof ReviewSchema>);
}

/** POST /recordings/:id/review/verifications */
export async function verifyApiSegments(context: RecordApiContext, recordingId: string) {
  const body = parseOrThrow(SegmentVerificationRequestSchema, context.json, context.instance);
  const result = await setSegmentsVerified(
    context.reader,
    recordingId,
    body.segmentIds,
    body.verified,
    source(context),
  );
  return json(result satisfies z.input<typeof SegmentVerificationSchema>);
}

/** This part's paths in the OpenAPI document (openapi.server.ts calls it with its shared pieces). */
export function registerRecordPaths(
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
  const ok = (description: string, schema: z.ZodType) => ({
    description,
    content: { "application/json": { schema } },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}/versions",
    operationId: "listTranscriptVersions",
    summary: "List the transcript's versions",
    description:
      "Versions are frozen, hashed copies of the transcript: version 1 is the machine transcript, and a new one is " +
      "saved whenever someone signs off (or saves) text that differs from the last. Each hash chains to the one " +
      "before. `draft` says whether the text changed since the latest version and since the last sign-off. Scope: read.",
    security,
    request: { params: RecordingIdParams },
    responses: { 200: ok("The versions, newest first.", VersionListSchema), ...problems(401, 403, 404, 409, 429) },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/{recordingId}/versions",
    operationId: "saveTranscriptVersion",
    summary: "Save the current text as a version",
    description:
      "201 with the new version's number; 200 when the latest version already holds this text. Roles that may edit. " +
      "Scope: write.",
    security,
    request: { params: RecordingIdParams, headers: idempotencyHeader },
    responses: {
      200: ok("The latest version already held this text.", SavedVersionSchema),
      201: ok("Saved.", SavedVersionSchema),
      ...problems(401, 403, 404, 409, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/{recordingId}/versions/{number}/sign-off",
    operationId: "signOffTranscriptVersion",
    summary: "Sign off a version",
    description:
      "Signs off the latest version, which locks it; later edits make a draft that is changed since sign-off. 409 " +
      "when it is not the latest, is already signed off, or the text changed after it was saved (save a version " +
      "first). Reviewers, admins and owners (the owner of a personal workspace). Recorded in the audit log. Scope: write.",
    security,
    request: { params: VersionParams, headers: idempotencyHeader },
    responses: { 200: ok("The signed-off version.", VersionSchema), ...problems(401, 403, 404, 409, 422, 429) },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}/verify",
    operationId: "verifyTranscriptRecord",
    summary: "Verify the versions and the media",
    description:
      "Recomputes every version's content hash, hash, link and sign-off seal, hashes the stored media file again, " +
      "and looks for segments changed after the latest version with no edit recorded. `firstFailingVersion` names " +
      "the first version that does not hold. Scope: read.",
    security,
    request: { params: RecordingIdParams },
    responses: { 200: ok("The verification.", VerificationSchema), ...problems(401, 403, 404, 409, 429) },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}/review",
    operationId: "getTranscriptReview",
    summary: "The review queue and segments' verification",
    description:
      "Flags (low confidence; numbers, dates, amounts and names missing from the glossary and the speakers; repeated " +
      "phrases, impossible speaking rates and text where the voice-activity detector heard no speech; overlapping " +
      "speech), each resolved once its segment is verified, and who verified which segment when. The counts cover " +
      "every flag; `flags` is one page of those matching `reason` and `open` (100 by default, in reading order). " +
      "Scope: read.",
    security,
    request: { params: RecordingIdParams, query: ReviewQuerySchema },
    responses: { 200: ok("The review.", ReviewSchema), ...problems(401, 403, 404, 422, 429) },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/{recordingId}/review/verifications",
    operationId: "verifyTranscriptSegments",
    summary: "Mark segments verified (or not)",
    description:
      "Marks the segments verified by the key's account now, or clears their verification (`verified: false`). An " +
      "edit of a segment's text or speaker clears it too. Reviewers, admins and owners. Scope: write.",
    security,
    request: {
      params: RecordingIdParams,
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: SegmentVerificationRequestSchema } } },
    },
    responses: {
      200: ok("How many segments changed.", SegmentVerificationSchema),
      ...problems(400, 401, 403, 404, 415, 422, 429),
    },
  });
}
