// The v1 API's contract as zod schemas: the handlers parse requests with them and the OpenAPI document
// (openapi.server.ts) is generated from the same objects, so the two cannot drift.
import { TRANSCRIPT_VIEWS } from "~/modules/redaction/categories";
import { z } from "zod";
import { EXPORT_FORMATS } from "~/services/export/types";
import { EXPORT_LAYOUTS, LEGAL_FORMATS } from "~/services/export/legal-types";
import { CaptionBodySchema, timeZoneField } from "~/modules/transcripts/legal-forms";
import { EmailSchema } from "~/modules/accounts/registration";
import { WORKSPACE_ROLES } from "~/modules/workspaces/policy";
import { SEATS_MAX, WorkspaceNameSchema } from "~/modules/workspaces/team-forms";
import { AUDIT_ACTION_NAMES, AUDIT_TARGET_KINDS } from "~/modules/audit/actions";
import {
  CreateScimTokenSchema,
  PROVISIONED_ROLES,
  ScimSettingsSchema,
  ScimSettingsUpdateSchema,
} from "~/modules/provisioning/provisioning-forms";
import { SsoSettingsInputSchema } from "~/modules/workspaces/sso-forms";
import { AuditFilterFields, MAX_SEQ } from "~/modules/audit/audit-filters";

export const API_STATUSES = ["queued", "processing", "completed", "failed", "cancelled"] as const;
export const API_PAGE_SIZE_MAX = 100;

const languageCode = z
  .string()
  .regex(/^[a-z]{2,3}$/, "Use a language code such as en or es.")
  .meta({ example: "en" });

export const ProblemSchema = z
  .object({
    type: z.string().meta({ example: "about:blank" }),
    title: z.string().meta({ example: "Unprocessable Entity" }),
    status: z.number().int().meta({ example: 422 }),
    detail: z.string().meta({ example: "Use a language code such as en or es." }),
    instance: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details (application/problem+json)." });

/** Options of a new transcription: the same as the dashboard's upload form. */
const TranscriptionOptions = {
  language: z
    .union([z.literal("auto"), languageCode])
    .default("auto")
    .meta({
      description: 'The spoken language, or "auto" to detect it.',
    }),
  speakerLabels: z.boolean().default(false).meta({ description: "Label speakers (Business Pro)." }),
  speakerCount: z
    .union([z.literal("auto"), z.number().int().min(2).max(10)], { error: 'speakerCount is 2 to 10, or "auto".' })
    .default("auto")
    .meta({ description: 'Number of speakers (2–10), or "auto" to estimate it.' }),
  translateTo: languageCode.nullable().optional().meta({ description: "Translate the transcript when it is ready." }),
  folderId: z.string().max(64).nullable().optional().meta({
    description: "File it in this folder of the key's workspace (a restricted one must name the key's account).",
  }),
};

export const ImportFromUrlSchema = z
  .object({
    url: z
      .string({ error: "url is required." })
      .max(2000, "url can be at most 2000 characters.")
      .meta({ example: "https://example.com/podcast/episode-12.mp3" }),
    ...TranscriptionOptions,
  })
  .meta({ id: "ImportFromUrl" });

export const UploadFormSchema = z
  .object({
    file: z.string().meta({ format: "binary", description: "The audio file (MP3, WAV, M4A, WEBM)." }),
    language: z.string().optional().meta({ example: "auto" }),
    speakerLabels: z.enum(["true", "false"]).optional(),
    speakerCount: z.string().optional().meta({ example: "auto" }),
    translateTo: z.string().optional().meta({ example: "es" }),
    folderId: z.string().optional().meta({ description: "A folder of the key's workspace." }),
  })
  .meta({ id: "UploadForm" });

export const ListQuerySchema = z.object({
  status: z.enum(API_STATUSES, { error: `status must be one of: ${API_STATUSES.join(", ")}.` }).optional(),
  q: z.string().trim().max(200, "q can be at most 200 characters.").optional().meta({
    description: "Words to find in titles and transcripts.",
  }),
  page: z.coerce.number({ error: "page must be a number." }).int().min(1, "page starts at 1.").default(1),
  perPage: z.coerce
    .number({ error: "perPage must be a number." })
    .int()
    .min(1)
    .max(API_PAGE_SIZE_MAX, `perPage can be at most ${API_PAGE_SIZE_MAX}.`)
    .default(20),
});

export const RecordingIdParams = z.object({
  recordingId: z.string().meta({ example: "3f2a9c0d1e4b4c56a7b8c9d0e1f2a3b4" }),
});

export const RecordingSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    fileName: z.string(),
    status: z.enum(API_STATUSES),
    progress: z.number().int().meta({ description: "0–100 while processing." }),
    durationSeconds: z.number(),
    sizeBytes: z.number().int(),
    language: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
    completedAt: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Recording" });

export const RecordingListSchema = z
  .object({
    data: z.array(RecordingSchema),
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: "RecordingList" });

const WordSchema = z
  .object({
    word: z.string(),
    start: z.number(),
    end: z.number(),
    confidence: z.number().nullable(),
  })
  .meta({ id: "Word" });

const SegmentSchema = z
  .object({
    id: z.string(),
    start: z.number().meta({ description: "Seconds from the start." }),
    end: z.number(),
    speaker: z.string().nullable(),
    text: z.string(),
    confidence: z.number().nullable().meta({ description: "0–1, where the engine gives one." }),
    edited: z.boolean(),
    words: z.array(WordSchema),
  })
  .meta({ id: "Segment" });

const TranslationStateSchema = z
  .object({
    language: z.string(),
    status: z.enum(["queued", "processing", "completed", "failed"]),
    progress: z.number().int(),
    failureReason: z.string().nullable(),
  })
  .meta({ id: "TranslationState" });

const SummaryPointSchema = z.object({ text: z.string(), segmentId: z.string(), start: z.number() });
export const SummarySchema = z
  .object({
    engine: z.string(),
    createdAt: z.string().meta({ format: "date-time" }),
    abstract: z.string(),
    keyPoints: z.array(SummaryPointSchema),
    actionItems: z.array(SummaryPointSchema),
  })
  .meta({ id: "Summary" });

const viewField = z
  .enum(TRANSCRIPT_VIEWS, { error: "view must be original or redacted." })
  .optional()
  .meta({
    description:
      "`redacted`: the text with each redaction replaced by its label ([PHONE], [NAME]), and redacted audio. Owners " +
      "and admins get the original unless they ask for this; every other role always gets the redacted view, and " +
      "asking them for `original` is a 403.",
  });

export const RecordingViewQuerySchema = z.object({ view: viewField });

export const RecordingDetailSchema = RecordingSchema.extend({
  view: z.enum(TRANSCRIPT_VIEWS).meta({ description: "Which text this response holds (see the view parameter)." }),
  engine: z.string().nullable(),
  model: z.string().nullable(),
  transcript: z
    .object({
      language: z.string().nullable(),
      speakers: z.array(z.string()),
      segments: z.array(SegmentSchema),
    })
    .nullable()
    .meta({ description: "null until the status is completed." }),
  translations: z.array(TranslationStateSchema),
  summary: SummarySchema.nullable(),
}).meta({ id: "RecordingDetail" });

export const ExportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: `format must be one of: ${EXPORT_FORMATS.join(", ")}.` }),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, "language must be a translation's two-letter code.")
      .optional()
      .meta({ description: "Export this translation instead of the original." }),
    text: z.enum(["original", "translation", "both"]).default("translation").optional(),
    view: viewField,
    // The court-ready layout (ADR 046).
    layout: z
      .enum(EXPORT_LAYOUTS)
      .optional()
      .meta({
        description:
          "`legal`: the court-ready layout (PDF/A-2b or DOCX only): a caption page, 25 numbered lines per page, a speaker " +
          "index, an optional word index and a certificate. Always the original text.",
      }),
    tz: timeZoneField.optional().meta({
      description: "Legal layout: the IANA time zone clock times are given in (default UTC).",
      example: "Europe/Berlin",
    }),
    qa: z.enum(["true", "false"]).optional().meta({
      description: "Legal layout: Q./A. for the examination the caption names (its examiner and witness).",
    }),
    index: z.enum(["speakers", "words"]).optional().meta({
      description: "Legal layout: `words` adds a word index (concordance) after the speaker index.",
    }),
  })
  .refine((query) => query.layout !== "legal" || (LEGAL_FORMATS as readonly string[]).includes(query.format), {
    message: "The legal layout is a PDF or a Word document: choose format=pdf or format=docx.",
    path: ["format"],
  });

// ---- The court-ready export's caption (issue 34, ADR 046) ----------------------------------------------------------

export const CaptionSchema = z
  .object({
    matter: z.string(),
    caseNumber: z.string(),
    court: z.string().meta({ description: "The court, or the venue of a deposition or hearing." }),
    date: z.string().meta({ description: "YYYY-MM-DD, or empty." }),
    place: z.string(),
    appearances: z.array(z.string()).meta({ description: "Who appeared for whom, one free line each." }),
    startTime: z
      .string()
      .meta({ description: "When the recording began (HH:MM, local time in `timeZone`), or empty." }),
    timeZone: z.string().meta({ description: "The IANA time zone of `date` and `startTime`." }),
    examinationTitle: z.string(),
    examiner: z.string().meta({ description: "The speaker who asks (Q.), by name." }),
    witness: z.string().meta({ description: "The speaker who answers (A.), by name." }),
  })
  .meta({ id: "Caption" });

export const CaptionUpdateSchema = CaptionBodySchema.meta({ id: "CaptionUpdate" });

export const TranslationRequestSchema = z
  .object({ language: languageCode.meta({ description: "The language to translate into.", example: "es" }) })
  .meta({ id: "TranslationRequest" });

// ---- Workspaces (issue 32, ADR 035-teams) --------------------------------------------------------------------------

/** Roles as the API writes them: lower case, like the other enums of v1. */
export const API_ROLES = ["owner", "admin", "member", "reviewer", "viewer"] as const;
const roleEnum = z.enum(API_ROLES);
const apiRole = z.preprocess(
  (value) => (typeof value === "string" ? value.toUpperCase() : value),
  z.enum(WORKSPACE_ROLES, { error: "role must be one of: owner, admin, member, reviewer, viewer." }),
);

export const WorkspaceIdParams = z.object({ workspaceId: z.string().meta({ example: "cmi0x2k5b0000abcd1234efgh" }) });

export const WorkspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(["personal", "team"]),
    role: roleEnum.meta({ description: "Your role in it (the key's account)." }),
    members: z.number().int(),
    seats: z.number().int().nullable().meta({ description: "A team's seats; null for a personal workspace." }),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Workspace" });

export const WorkspaceListSchema = z.object({ data: z.array(WorkspaceSchema) }).meta({ id: "WorkspaceList" });

export const CreateWorkspaceRequestSchema = z
  .object({ name: WorkspaceNameSchema.meta({ example: "Ruiz & Partners" }) })
  .meta({ id: "CreateWorkspace" });

export const MemberSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: roleEnum,
    joinedAt: z.string().meta({ format: "date-time" }),
    secondFactors: z
      .object({
        authenticatorApp: z.boolean(),
        recoveryCodesLeft: z.number().int(),
        passkeys: z.number().int(),
      })
      .optional()
      .meta({ description: "The member's second factors: only to keys whose creator manages members (ADR 040)." }),
  })
  .meta({ id: "WorkspaceMember" });

export const MemberListSchema = z
  .object({
    data: z.array(MemberSchema),
    seats: z.object({ used: z.number().int(), total: z.number().int() }),
  })
  .meta({ id: "WorkspaceMemberList" });

export const SeatsSchema = z
  .object({
    used: z.number().int().meta({ description: "Seats held: one per member." }),
    total: z.number().int().meta({ description: "Seats bought (with Stripe, the subscription's quantity)." }),
    free: z.number().int(),
  })
  .meta({ id: "WorkspaceSeats" });

export const SeatsRequestSchema = z
  .object({
    seats: z
      .number({ error: "seats must be a whole number." })
      .int("seats must be a whole number.")
      .min(1, "A team needs at least 1 seat.")
      .max(SEATS_MAX, `A team can have at most ${SEATS_MAX} seats.`)
      .meta({ example: 5 }),
  })
  .meta({ id: "WorkspaceSeatsRequest" });

export const BillingOwnerSchema = z
  .object({
    billingOwnerId: z.string().meta({ description: "The account whose plan pays for the team: the key's." }),
    changed: z.boolean().meta({ description: "False when it already paid." }),
    seats: SeatsSchema,
  })
  .meta({ id: "WorkspaceBillingOwner" });

export const InvitationRequestSchema = z
  .object({
    email: EmailSchema.meta({ example: "sam@example.com" }),
    role: apiRole.default("MEMBER").meta({ description: "The role they get on accepting (default member)." }),
  })
  .meta({ id: "InvitationRequest" });

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleEnum,
    expiresAt: z.string().meta({ format: "date-time" }),
    createdAt: z.string().meta({ format: "date-time" }),
    invitedBy: z.string().nullable(),
  })
  .meta({ id: "Invitation" });

export const ChangeMemberRequestSchema = z
  .object({ userId: z.string({ error: "userId is required." }).min(1, "userId is required."), role: apiRole })
  .meta({ id: "ChangeMember" });

export const RemoveMemberQuerySchema = z.object({
  userId: z.string({ error: "userId is required." }).min(1, "userId is required.").meta({
    description: "The member to remove; your own id leaves the workspace.",
  }),
});

// --- provisioning (ADR 042): SCIM tokens and the roles SCIM groups give ---

export const ScimTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The token's first characters, to tell tokens apart." }),
    createdAt: z.string().meta({ format: "date-time" }),
    lastUsedAt: z.string().meta({ format: "date-time" }).nullable(),
    revokedAt: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "ScimToken" });

export const ScimTokenListSchema = z
  .object({
    data: z.array(ScimTokenSchema),
    baseUrl: z.string().meta({ description: "The SCIM base URL to give the identity provider." }),
  })
  .meta({ id: "ScimTokenList" });

export const CreatedScimTokenSchema = ScimTokenSchema.extend({
  token: z.string().meta({ description: "The token itself, shown this once: only its SHA-256 is kept." }),
}).meta({ id: "CreatedScimToken" });

export const CreateScimTokenRequestSchema = z
  .object({ name: CreateScimTokenSchema.shape.name.meta({ example: "Okta" }) })
  .meta({ id: "CreateScimToken" });

export const ScimTokenParams = WorkspaceIdParams.extend({
  tokenId: z.string().meta({ description: "The token's id." }),
});

export const ScimGroupParams = WorkspaceIdParams.extend({
  groupId: z.string().meta({ description: "The SCIM group's id (as the identity provider knows it)." }),
});

const API_PROVISIONED_ROLES = ["admin", "member", "reviewer", "viewer"] as const;

export const ScimGroupRoleRequestSchema = z
  .object({
    role: z
      .preprocess(
        (value) => (typeof value === "string" ? value.toUpperCase() : value),
        z.enum(PROVISIONED_ROLES, { error: "role must be one of: admin, member, reviewer, viewer, or null." }),
      )
      .nullable()
      .meta({ description: "The role the group's members get (the highest of their groups'); null: none." }),
  })
  .meta({ id: "ScimGroupRole" });

export const ScimGroupSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    role: z.enum(API_PROVISIONED_ROLES).nullable(),
    members: z.number().int(),
    membersChanged: z.number().int().meta({ description: "How many members' roles this change moved." }),
  })
  .meta({ id: "ScimGroup" });

// --- ethical walls (ADR 034-workspace): GET/PUT /folders/{folderId}/access ---

export const FolderIdParams = z.object({ folderId: z.string().meta({ description: "The folder's id." }) });

export const FolderAccessSchema = z
  .object({
    folder: z.object({
      id: z.string(),
      name: z.string(),
      restricted: z.boolean().meta({ description: "True: only the members named below reach its recordings." }),
    }),
    members: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.enum(["owner", "admin", "member", "reviewer", "viewer"]),
        named: z.boolean().meta({ description: "Named on the wall: may reach the folder while it is restricted." }),
      }),
    ),
  })
  .meta({ id: "FolderAccess" });

export const FolderAccessUpdateSchema = z
  .object({
    restricted: z.boolean({ error: "restricted must be true or false." }),
    memberIds: z
      .array(z.string().min(1).max(64), { error: "memberIds must be a list of members' user ids." })
      .max(500, "Name at most 500 members.")
      .default([])
      .meta({ description: "The members who may reach the folder while it is restricted (replaces the list)." }),
  })
  .meta({ id: "FolderAccessUpdate" });

// ---- Workspaces' policies and members' second factors (ADR 040-sessions) -----------------------------------------

/** A workspace's policies: one object, which the SSO and SCIM settings join as they arrive. */
/** Roles in the API are lower case; the domains' schemas take them as stored (upper case). */
const upperCaseRole = (value: unknown) =>
  value && typeof value === "object" && "defaultRole" in value && typeof value.defaultRole === "string"
    ? { ...value, defaultRole: value.defaultRole.toUpperCase() }
    : value;
const PROVISIONED_ROLE_NAMES = PROVISIONED_ROLES.map((role) => role.toLowerCase()) as [string, ...string[]];

export const WorkspacePoliciesSchema = z
  .object({
    twoFactorRequired: z.boolean().meta({
      description:
        "Members without a second factor must set one up at their next sign-in (or next page, if signed in).",
    }),
    redactionRequired: z.boolean().meta({
      description:
        "Redaction required for everything that leaves the workspace: share links and exports (also through API " +
        "keys) are made only from a redacted version an owner or admin reviewed (ADR 048).",
    }),
    ssoRequired: z.boolean().meta({
      description:
        "Members other than owners sign in only through the workspace's single sign-on: no password, Google, passkey " +
        "or /api/login (ADR 041).",
    }),
    sso: z
      .object({
        enabled: z.boolean(),
        issuer: z.string().meta({ description: "The OpenID provider's issuer URL." }),
        clientId: z.string(),
        hasClientSecret: z.boolean().meta({ description: "The secret itself is never returned." }),
        domains: z.array(z.string()).meta({ description: "Email domains whose people sign in through it." }),
        defaultRole: z
          .enum(PROVISIONED_ROLE_NAMES)
          .meta({ description: "The role of accounts made at first sign-in." }),
        callbackUrl: z.string().meta({ description: "The redirect URI to register with the provider." }),
        updatedAt: z.string().nullable(),
      })
      .meta({ id: "SsoSettings" }),
    // The provisioning page's settings, with the roles written lower case as everywhere in the API.
    scim: ScimSettingsSchema.extend({
      defaultRole: z.enum(PROVISIONED_ROLE_NAMES),
      groups: z.array(
        ScimSettingsSchema.shape.groups.element.extend({ role: z.enum(PROVISIONED_ROLE_NAMES).nullable() }),
      ),
    }).meta({ id: "ScimSettings" }),
  })
  .meta({ id: "WorkspacePolicies" });

/** PATCH: only the policies sent change; unknown fields are refused, so a typo is not silently ignored. */
export const WorkspacePoliciesUpdateSchema = z
  .strictObject(
    {
      twoFactorRequired: z.boolean({ error: "twoFactorRequired must be true or false." }).optional(),
      ssoRequired: z.boolean({ error: "ssoRequired must be true or false." }).optional(),
      redactionRequired: z.boolean({ error: "redactionRequired must be true or false." }).optional(),
      sso: z
        .preprocess(upperCaseRole, SsoSettingsInputSchema.omit({ ssoRequired: true }))
        .optional()
        .meta({
          description:
            "Single sign-on settings: what is left out stays; an empty or missing clientSecret keeps the stored one. " +
            "Turning it on reads the provider's discovery document first.",
        }),
      scim: z.preprocess(upperCaseRole, ScimSettingsUpdateSchema.strict()).optional().meta({
        description: "The role of members the identity provider adds (tokens and groups have their own paths).",
      }),
    },
    { error: 'Send an object of policies, e.g. {"twoFactorRequired": true}.' },
  )
  .meta({ id: "WorkspacePoliciesUpdate" });

export const MemberParams = z.object({
  workspaceId: z.string().meta({ example: "cmi0x2k5b0000abcd1234efgh" }),
  userId: z.string().meta({ description: "The member's user id." }),
});

export const SecondFactorsResetSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    reset: z.literal(true),
  })
  .meta({ id: "SecondFactorsReset" });

// ---- Workspaces' audit log (ADR 036-audit) ------------------------------------------------------------------------

/** The page's filters (audit-filters.ts), and a cursor instead of page numbers: the log grows while it is read. */
export const AuditEventsQuerySchema = z
  .object({
    ...AuditFilterFields,
    cursor: z
      .string()
      .regex(/^\d{1,10}$/, "cursor must be the nextCursor of a previous answer.")
      .refine((value) => Number(value) <= MAX_SEQ, "cursor must be the nextCursor of a previous answer.")
      .optional()
      .meta({ description: "The `nextCursor` of the previous page; leave it out for the newest entries." }),
    limit: z.coerce
      .number({ error: "limit must be a number." })
      .int()
      .min(1, "limit is at least 1.")
      .max(API_PAGE_SIZE_MAX, `limit can be at most ${API_PAGE_SIZE_MAX}.`)
      .default(50),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: "from must be on or before to.",
    path: ["to"],
  });

export const AuditEventSchema = z
  .object({
    sequence: z.number().int().meta({ description: "The entry's place in the chain: gapless across all workspaces." }),
    createdAt: z.string().meta({ format: "date-time" }),
    actorId: z.string().nullable().meta({ description: "Who did it; null when nobody was signed in, or erased." }),
    action: z.enum(AUDIT_ACTION_NAMES),
    description: z.string().meta({ example: "Opened a transcript" }),
    target: z.object({
      kind: z.enum(AUDIT_TARGET_KINDS).nullable(),
      id: z.string().nullable(),
      label: z.string().nullable().meta({ description: "A title or a name; never transcript text." }),
    }),
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    erased: z.boolean().meta({ description: "The personal fields were erased when an account was deleted." }),
    hash: z.string().meta({ description: "SHA-256 over the previous entry's hash and this entry (hex)." }),
  })
  .meta({ id: "AuditEvent" });

export const AuditEventListSchema = z
  .object({
    data: z.array(AuditEventSchema),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for older entries; null at the end." }),
  })
  .meta({ id: "AuditEventList" });
