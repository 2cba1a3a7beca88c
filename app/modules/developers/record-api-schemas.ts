// The v1 API's contract for review, versions and verification (issue 34, items 3, 4 and 6; ADR 045), beside
// api-schemas.ts: the handlers (record-api.server.ts) parse with these and the OpenAPI document is generated from them.
import { z } from "zod";
import { FLAG_REASONS } from "~/modules/transcripts/review-flags";
import { RecordingIdParams } from "./api-schemas";

const dateTime = z.string().meta({ format: "date-time" });
const sha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({ example: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" });
const person = z.object({ id: z.string().nullable(), name: z.string() });

export const VersionParams = RecordingIdParams.extend({
  number: z.coerce
    .number({ error: "The version number must be a whole number from 1." })
    .int("The version number must be a whole number from 1.")
    .min(1, "The version number must be a whole number from 1.")
    .meta({ example: 2 }),
});

const DiffPartSchema = z.object({
  op: z.enum(["same", "add", "remove"]),
  text: z.string(),
  speaker: z.boolean().optional().meta({ description: "A speaker's mark where a segment starts, not a word." }),
  gap: z.boolean().optional().meta({ description: "Unchanged words left out." }),
});

export const VersionSchema = z
  .object({
    number: z.number().int(),
    hash: sha256.meta({
      description:
        "SHA-256 of the canonical JSON of { contentHash, createdAt, mediaSha256, number, previousHash, recordingId }.",
    }),
    contentHash: sha256.meta({
      description:
        "SHA-256 of the canonical JSON of the segments: [{ end, position, speaker, start, text }], times in whole milliseconds.",
    }),
    previousHash: sha256.nullable().meta({ description: "The previous version's hash; null for version 1." }),
    mediaSha256: sha256.nullable().meta({ description: "SHA-256 of the original media file's bytes." }),
    segmentCount: z.number().int(),
    createdAt: dateTime,
    author: person.nullable().meta({ description: "Who saved it; null for the machine transcript." }),
    signedOff: z.object({ at: dateTime, by: person, seal: sha256.nullable() }).nullable().meta({
      description:
        "The sign-off, sealed by SHA-256 of the canonical JSON of { hash, signedOffAt, signedOffById, signedOffByName }.",
    }),
    diff: z
      .object({ runs: z.array(z.object({ at: z.number(), parts: z.array(DiffPartSchema) })), more: z.number().int() })
      .nullable()
      .meta({ description: "The word diff against the previous version; null for version 1." }),
  })
  .meta({ id: "TranscriptVersion" });

export const VersionListSchema = z
  .object({
    versions: z.array(VersionSchema).meta({ description: "Newest first." }),
    draft: z.object({
      changedSinceLatestVersion: z.boolean(),
      changedSinceSignOff: z.boolean(),
      latestVersion: z.number().int().nullable(),
      signedOffVersion: z.number().int().nullable(),
      contentHash: sha256.meta({ description: "The current text's content hash." }),
    }),
  })
  .meta({ id: "TranscriptVersionList" });

export const SavedVersionSchema = z
  .object({
    number: z.number().int(),
    created: z.boolean().meta({ description: "False when the latest version already held this text." }),
  })
  .meta({ id: "SavedVersion" });

export const VerificationSchema = z
  .object({
    holds: z.boolean(),
    firstFailingVersion: z.number().int().nullable(),
    versions: z.array(z.object({ number: z.number().int(), holds: z.boolean(), problem: z.string().nullable() })),
    media: z.object({
      status: z.enum(["holds", "fails", "missing", "audio-deleted", "not-hashed"]),
      sha256: sha256.optional(),
      expected: sha256.nullable().optional(),
      actual: sha256.optional(),
    }),
    unrecordedChanges: z
      .object({ version: z.number().int(), starts: z.array(z.number()) })
      .nullable()
      .meta({ description: "Segments whose text changed after the latest version with no edit recorded." }),
    checkedAt: dateTime,
  })
  .meta({ id: "TranscriptVerification" });

const FLAG_REASON_NAMES = Object.keys(FLAG_REASONS) as [keyof typeof FLAG_REASONS, ...(keyof typeof FLAG_REASONS)[]];
/** A long hearing has thousands of flags: the API sends them a page at a time, as the transcript page does. */
export const REVIEW_PAGE_SIZE_MAX = 500;

export const ReviewQuerySchema = z.object({
  reason: z
    .enum(FLAG_REASON_NAMES, { error: `reason must be one of: ${FLAG_REASON_NAMES.join(", ")}.` })
    .optional()
    .meta({ description: "Only flags of this reason." }),
  open: z
    .enum(["true", "false"], { error: "open must be true or false." })
    .optional()
    .meta({ description: "`true`: only flags whose segment nobody has verified; `false`: only resolved ones." }),
  offset: z.coerce
    .number({ error: "offset must be a number." })
    .int("offset must be a whole number.")
    .min(0, "offset is at least 0.")
    .default(0)
    .meta({ description: "How many matching flags to skip: the `nextOffset` of the previous page." }),
  limit: z.coerce
    .number({ error: "limit must be a number." })
    .int("limit must be a whole number.")
    .min(1, "limit is at least 1.")
    .max(REVIEW_PAGE_SIZE_MAX, `limit can be at most ${REVIEW_PAGE_SIZE_MAX}.`)
    .default(100),
});

export const ReviewSchema = z
  .object({
    segmentCount: z.number().int(),
    verifiedCount: z.number().int(),
    flagCount: z.number().int().meta({ description: "Every flag of the transcript, whatever the filters." }),
    openCount: z.number().int().meta({ description: "Flags whose segment nobody has verified yet." }),
    reasons: z
      .array(z.object({ reason: z.enum(FLAG_REASON_NAMES), label: z.string(), count: z.number().int() }))
      .meta({ description: "How many flags of each reason the transcript has (reasons with none are left out)." }),
    matching: z
      .number()
      .int()
      .meta({ description: "Flags that match `reason` and `open`: what the pages go through." }),
    nextOffset: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Pass as `offset` for the next page of matching flags; null on the last page." }),
    flags: z.array(
      z.object({
        number: z
          .number()
          .int()
          .meta({ description: "The flag's place among all the transcript's flags, as the page numbers them." }),
        segmentId: z.string(),
        reason: z.enum(FLAG_REASON_NAMES),
        reasonLabel: z.string(),
        span: z.string(),
        start: z.number().meta({ description: "Seconds from the start of the recording." }),
        detail: z.string(),
        resolved: z.boolean().meta({ description: "Its segment has been verified by a person." }),
      }),
    ),
    verifications: z.array(z.object({ segmentId: z.string(), verifiedAt: dateTime, verifiedBy: person.nullable() })),
  })
  .meta({ id: "TranscriptReview" });

export const SegmentVerificationRequestSchema = z
  .object({
    segmentIds: z
      .array(z.string().min(1).max(100))
      .min(1, "Name at least one segment.")
      .max(5000, "At most 5,000 segments at once."),
    verified: z.boolean().default(true).meta({ description: "False clears their verification." }),
  })
  .meta({ id: "SegmentVerificationRequest" });

export const SegmentVerificationSchema = z.object({ count: z.number().int() }).meta({ id: "SegmentVerification" });
