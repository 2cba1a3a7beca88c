// The v1 API's OpenAPI 3.1 document, generated from the zod schemas the handlers parse with (api-schemas.ts) by
// @asteasolutions/zod-to-openapi: nothing is written by hand, so the document cannot drift from the code.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { EXPORT_FORMATS } from "~/services/export/types";
import { WEBHOOK_EVENTS } from "~/modules/webhooks/webhook-events";
import {
  ChangeMemberRequestSchema,
  CreateWorkspaceRequestSchema,
  AuditEventListSchema,
  AuditEventsQuerySchema,
  ExportQuerySchema,
  CaptionSchema,
  CaptionUpdateSchema,
  InvitationRequestSchema,
  InvitationSchema,
  MemberListSchema,
  MemberParams,
  RemoveMemberQuerySchema,
  SecondFactorsResetSchema,
  WorkspacePoliciesSchema,
  SeatsRequestSchema,
  SeatsSchema,
  BillingOwnerSchema,
  WorkspacePoliciesUpdateSchema,
  WorkspaceIdParams,
  WorkspaceListSchema,
  WorkspaceSchema,
  FolderAccessSchema,
  FolderAccessUpdateSchema,
  FolderIdParams,
  ImportFromUrlSchema,
  ListQuerySchema,
  ProblemSchema,
  RecordingDetailSchema,
  RecordingViewQuerySchema,
  RecordingIdParams,
  RecordingListSchema,
  RecordingSchema,
  SummarySchema,
  TranslationRequestSchema,
  UploadFormSchema,
  CreatedScimTokenSchema,
  CreateScimTokenRequestSchema,
  ScimGroupParams,
  ScimGroupRoleRequestSchema,
  ScimGroupSchema,
  ScimTokenListSchema,
  ScimTokenParams,
} from "./api-schemas";
import { registerRecordPaths } from "./record-api.server";
import { registerRedactionPaths } from "./redaction-api.server";

const problemContent = { "application/problem+json": { schema: ProblemSchema } };
const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: {
          400: "The request could not be read.",
          401: "No API key, a revoked one, or one whose creator has left its workspace.",
          403: "The key lacks the scope, or the plan or the account's role in the workspace does not allow it.",
          404: "Nothing of that id in this key's workspace that its creator may reach (ethical walls included).",
          409: "Not possible in the recording's current state, or an Idempotency-Key still in use.",
          412: "The request does not say `Tus-Resumable: 1.0.0`.",
          413: "The file is larger than the plan's limit.",
          415: "Not an audio file, or not the media type the operation takes.",
          422: "The request's values are not valid.",
          429: "Too many requests for this key.",
        }[status],
        content: problemContent,
      },
    ]),
  );

const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().max(255).optional().meta({
    description: "Any unique string (a UUID): a retry with the same key gets the first answer instead of acting twice.",
  }),
});

const security = [{ bearerAuth: [] }];

function registry() {
  const api = new OpenAPIRegistry();
  api.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key from the account page: `Authorization: Bearer vxk_…`.",
  });

  api.registerPath({
    method: "get",
    path: "/recordings",
    operationId: "listRecordings",
    summary: "List recordings",
    description: "Newest first, a page at a time; filter by status and search titles and transcripts. Scope: read.",
    security,
    request: { query: ListQuerySchema },
    responses: {
      200: { description: "A page of recordings.", content: { "application/json": { schema: RecordingListSchema } } },
      ...problems(401, 403, 422, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/recordings",
    operationId: "uploadRecording",
    summary: "Create a transcription by upload",
    description:
      "Send the audio as multipart/form-data (field `file`) with the upload options. For large files use the tus " +
      "endpoint `POST /uploads` (createResumableUpload). Scope: write.",
    security,
    request: {
      headers: idempotencyHeader,
      body: { required: true, content: { "multipart/form-data": { schema: UploadFormSchema } } },
    },
    responses: {
      201: { description: "Queued for transcription.", content: { "application/json": { schema: RecordingSchema } } },
      ...problems(400, 401, 403, 409, 413, 415, 422, 429),
    },
  });
  // tus is a protocol of its own (@tus/server answers it, not a zod-checked handler): only its creation request is
  // described, so that clients find the endpoint; the chunks go to the Location it answers, as tus 1.0 says.
  api.registerPath({
    method: "post",
    path: "/uploads",
    operationId: "createResumableUpload",
    summary: "Create a transcription by resumable upload (tus)",
    description:
      "Starts a [tus 1.0](https://tus.io/protocols/resumable-upload) upload, for large files or unreliable " +
      "connections; any tus client works. Send the chunks with `PATCH` to the `Location` answered (with the same " +
      "key), and resume after a dropped connection from the offset `HEAD` gives. The last chunk's answer carries " +
      "the new recording's id in `Upload-Recording-Id`. Metadata: `filename`, `language`, `speakerLabels`, " +
      "`speakerCount`, `translateTo`, `folderId`. Unfinished uploads are deleted after 24 hours. Scope: write.",
    security,
    request: {
      headers: z.object({
        "Tus-Resumable": z.literal("1.0.0"),
        "Upload-Length": z.string().regex(/^\d+$/).meta({ description: "The file's size in bytes." }),
        "Upload-Metadata": z.string().optional().meta({
          description: "Comma-separated `key base64(value)` pairs, e.g. `filename amZrLm1wMw==`.",
        }),
      }),
    },
    responses: {
      201: {
        description: "Created: send the file to its Location.",
        headers: z.object({
          Location: z.string().meta({ description: "The upload's URL, for PATCH and HEAD." }),
          "Tus-Resumable": z.literal("1.0.0"),
        }),
      },
      ...problems(400, 401, 403, 412, 413, 422, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/import",
    operationId: "importRecording",
    summary: "Create a transcription from a URL",
    description:
      "Fetches a public audio file (podcast MP3, direct link) within the plan's size limit. Private, loopback, " +
      "link-local and metadata addresses are refused, also after redirects. Scope: write.",
    security,
    request: {
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: ImportFromUrlSchema } } },
    },
    responses: {
      201: { description: "Queued for transcription.", content: { "application/json": { schema: RecordingSchema } } },
      ...problems(400, 401, 403, 409, 413, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}",
    operationId: "getRecording",
    summary: "Get a recording and its transcript",
    description: "Status and progress; once completed, the transcript's segments, words, speakers and confidence.",
    security,
    request: { params: RecordingIdParams, query: RecordingViewQuerySchema },
    responses: {
      200: { description: "The recording.", content: { "application/json": { schema: RecordingDetailSchema } } },
      ...problems(401, 403, 404, 429),
    },
  });
  api.registerPath({
    method: "delete",
    path: "/recordings/{recordingId}",
    operationId: "deleteRecording",
    summary: "Delete a recording",
    description: "Deletes the recording, its transcript and the stored file. Scope: write.",
    security,
    request: { params: RecordingIdParams },
    responses: { 204: { description: "Deleted." }, ...problems(401, 403, 404, 429) },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}/export",
    operationId: "exportRecording",
    summary: "Download the transcript",
    description:
      `One of: ${EXPORT_FORMATS.join(", ")}. With \`language\`, a translation (\`text\`: translation, original or both). ` +
      "With `layout=legal` (pdf or docx), the court-ready transcript: caption, 25 numbered lines a page, indexes and " +
      "a certificate stating the media's SHA-256 and the sign-off.",
    security,
    request: { params: RecordingIdParams, query: ExportQuerySchema },
    responses: {
      200: {
        description: "The file, as an attachment.",
        content: {
          "application/pdf": { schema: z.string().meta({ format: "binary" }) },
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
            schema: z.string().meta({ format: "binary" }),
          },
          "text/plain": { schema: z.string() },
          "application/x-subrip": { schema: z.string() },
          "text/vtt": { schema: z.string() },
          "application/json": { schema: z.object({}).passthrough() },
        },
      },
      ...problems(401, 403, 404, 409, 422, 429),
    },
  });
  api.registerPath({
    method: "get",
    path: "/recordings/{recordingId}/caption",
    operationId: "getCaption",
    summary: "The court-ready export's caption",
    description: "Matter, case number, court, date, place, appearances and the Q./A. examination. Scope: read.",
    security,
    request: { params: RecordingIdParams },
    responses: {
      200: { description: "The caption.", content: { "application/json": { schema: CaptionSchema } } },
      ...problems(401, 403, 404, 429),
    },
  });
  api.registerPath({
    method: "put",
    path: "/recordings/{recordingId}/caption",
    operationId: "setCaption",
    summary: "Save the court-ready export's caption",
    description: "Replaces the caption. Needs the `edit` permission on the recording. Scope: write.",
    security,
    request: {
      params: RecordingIdParams,
      body: { required: true, content: { "application/json": { schema: CaptionUpdateSchema } } },
    },
    responses: {
      200: { description: "The caption as saved.", content: { "application/json": { schema: CaptionSchema } } },
      ...problems(400, 401, 403, 404, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/{recordingId}/translations",
    operationId: "requestTranslation",
    summary: "Request a translation",
    description: "Queues a translation of the finished transcript; `translation.completed` is sent when it is done.",
    security,
    request: {
      params: RecordingIdParams,
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: TranslationRequestSchema } } },
    },
    responses: {
      202: {
        description: "Queued.",
        content: {
          "application/json": {
            schema: z.object({
              language: z.string(),
              status: z.enum(["queued", "processing", "completed", "failed"]),
              progress: z.number().int(),
              failureReason: z.string().nullable(),
            }),
          },
        },
      },
      ...problems(400, 401, 403, 404, 409, 422, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/recordings/{recordingId}/summary",
    operationId: "requestSummary",
    summary: "Summarise the transcript",
    description: "Business Pro. Summarises now, replacing an earlier summary; `summary.completed` is sent too.",
    security,
    request: { params: RecordingIdParams, headers: idempotencyHeader },
    responses: {
      201: { description: "The summary.", content: { "application/json": { schema: SummarySchema } } },
      ...problems(401, 403, 404, 409, 429),
    },
  });
  // Workspaces (issue 32, ADR 035-teams): the same policy as the pages; a workspace the key's account is not in is 404.
  api.registerPath({
    method: "get",
    path: "/workspaces",
    operationId: "listWorkspaces",
    summary: "List workspaces",
    description:
      "The personal workspace and the team workspaces the key's account belongs to, with its role. Scope: read.",
    security,
    responses: {
      200: { description: "The workspaces.", content: { "application/json": { schema: WorkspaceListSchema } } },
      ...problems(401, 403, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/workspaces",
    operationId: "createWorkspace",
    summary: "Create a team workspace",
    description:
      "Business Pro. The key's account becomes its owner and pays for its seats (one to start). Scope: write.",
    security,
    request: {
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: CreateWorkspaceRequestSchema } } },
    },
    responses: {
      201: { description: "Created.", content: { "application/json": { schema: WorkspaceSchema } } },
      ...problems(400, 401, 403, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "get",
    path: "/workspaces/{workspaceId}/members",
    operationId: "listWorkspaceMembers",
    summary: "List a workspace's members",
    description: "Every member with their role, and the seats used and bought. Any member may read it. Scope: read.",
    security,
    request: { params: WorkspaceIdParams },
    responses: {
      200: { description: "The members.", content: { "application/json": { schema: MemberListSchema } } },
      ...problems(401, 403, 404, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/workspaces/{workspaceId}/members",
    operationId: "addWorkspaceMember",
    summary: "Add a member (by invitation)",
    description:
      "People join a team by accepting an emailed invitation, which takes a seat: this sends one, as " +
      "`POST /workspaces/{workspaceId}/invitations` does. Owners and admins; only owners invite owners. Scope: write.",
    security,
    request: {
      params: WorkspaceIdParams,
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: InvitationRequestSchema } } },
    },
    responses: {
      202: { description: "Invitation sent.", content: { "application/json": { schema: InvitationSchema } } },
      ...problems(400, 401, 403, 404, 409, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "patch",
    path: "/workspaces/{workspaceId}/members",
    operationId: "changeWorkspaceMember",
    summary: "Change a member's role",
    description:
      "Owners and admins; only owners make, demote or remove owners, and the last owner keeps the role (409). Scope: " +
      "write.",
    security,
    request: {
      params: WorkspaceIdParams,
      body: { required: true, content: { "application/json": { schema: ChangeMemberRequestSchema } } },
    },
    responses: {
      200: {
        description: "The members, after the change.",
        content: { "application/json": { schema: MemberListSchema } },
      },
      ...problems(400, 401, 403, 404, 409, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "delete",
    path: "/workspaces/{workspaceId}/members",
    operationId: "removeWorkspaceMember",
    summary: "Remove a member, or leave",
    description:
      "Removes the member named by `userId` (owners and admins; owners only by owners); your own id leaves the " +
      "workspace. The last owner cannot go (409). Scope: write.",
    security,
    request: { params: WorkspaceIdParams, query: RemoveMemberQuerySchema },
    responses: { 204: { description: "Removed." }, ...problems(401, 403, 404, 409, 422, 429) },
  });
  api.registerPath({
    method: "post",
    path: "/workspaces/{workspaceId}/invitations",
    operationId: "inviteToWorkspace",
    summary: "Invite someone by email",
    description:
      "Emails a link that works once, for 7 days; accepting takes a seat. A pending invitation to the same address " +
      "is replaced. Rate-limited per workspace and per account. Owners and admins. Scope: write.",
    security,
    request: {
      params: WorkspaceIdParams,
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: InvitationRequestSchema } } },
    },
    responses: {
      201: { description: "Invitation sent.", content: { "application/json": { schema: InvitationSchema } } },
      ...problems(400, 401, 403, 404, 409, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "get",
    path: "/folders/{folderId}/access",
    operationId: "getFolderAccess",
    summary: "Who a restricted folder admits",
    description:
      "An ethical wall: whether the folder is restricted and which of the workspace's members it names. Needs the " +
      "`manage-policy` permission (owners and admins), whether or not the key's creator is named.",
    security,
    request: { params: FolderIdParams },
    responses: {
      200: { description: "The wall.", content: { "application/json": { schema: FolderAccessSchema } } },
      ...problems(401, 403, 404, 429),
    },
  });
  api.registerPath({
    method: "put",
    path: "/folders/{folderId}/access",
    operationId: "setFolderAccess",
    summary: "Restrict a folder to named members, or lift the restriction",
    description:
      "Replaces the list of members the folder admits. While restricted, nobody else in the workspace (owners and " +
      "admins included) can open, list, search, export, share or reach its recordings. Needs `manage-policy`.",
    security,
    request: {
      params: FolderIdParams,
      body: { required: true, content: { "application/json": { schema: FolderAccessUpdateSchema } } },
    },
    responses: {
      200: { description: "The wall as it now is.", content: { "application/json": { schema: FolderAccessSchema } } },
      ...problems(400, 401, 403, 404, 422, 429),
    },
  });
  api.registerPath({
    method: "get",
    path: "/workspaces/{workspaceId}/audit-events",
    operationId: "listAuditEvents",
    summary: "List a workspace's audit events",
    description:
      "Who did what in the workspace, when, from which address and device, newest first: sign-ins, views, edits, " +
      "exports, share links, deletions, role and policy changes, API key use. Filter by member, action and UTC " +
      "days; page with `cursor`. The key's creator must be an owner or admin of the workspace. Scope: read.",
    security,
    request: { params: WorkspaceIdParams, query: AuditEventsQuerySchema },
    responses: {
      200: {
        description: "A page of audit events.",
        content: { "application/json": { schema: AuditEventListSchema } },
      },
      ...problems(401, 422, 429),
      403: {
        description: "The key lacks the scope, or the creator's role in the workspace does not allow reading its log.",
        content: problemContent,
      },
      404: { description: "No such workspace among the key creator's.", content: problemContent },
    },
  });
  api.registerPath({
    method: "get",
    path: "/workspaces/{workspaceId}/scim-tokens",
    operationId: "listScimTokens",
    summary: "List a team workspace's SCIM tokens",
    description:
      "The tokens its identity provider (Okta, Entra ID) provisions members with, never the tokens themselves, and " +
      "the SCIM base URL. The key's creator must be an owner or admin (`manage-policy`). Scope: read.",
    security,
    request: { params: WorkspaceIdParams },
    responses: {
      200: { description: "The tokens.", content: { "application/json": { schema: ScimTokenListSchema } } },
      ...problems(401, 403, 404, 429),
      409: { description: "A personal workspace: provisioning is for teams.", content: problemContent },
    },
  });
  api.registerPath({
    method: "post",
    path: "/workspaces/{workspaceId}/scim-tokens",
    operationId: "createScimToken",
    summary: "Create a SCIM token",
    description:
      "A bearer token for SCIM 2.0 (`/scim/v2`) in this workspace only, returned in full this once; only its " +
      "SHA-256 is kept. At most 5 active tokens. Needs `manage-policy`. Scope: write.",
    security,
    request: {
      params: WorkspaceIdParams,
      headers: idempotencyHeader,
      body: { required: true, content: { "application/json": { schema: CreateScimTokenRequestSchema } } },
    },
    responses: {
      201: { description: "The new token.", content: { "application/json": { schema: CreatedScimTokenSchema } } },
      ...problems(400, 401, 403, 404, 422, 429),
      409: { description: "A personal workspace, or 5 active tokens already.", content: problemContent },
    },
  });
  api.registerPath({
    method: "delete",
    path: "/workspaces/{workspaceId}/scim-tokens/{tokenId}",
    operationId: "revokeScimToken",
    summary: "Revoke a SCIM token",
    description: "The identity provider's next call with it is refused (401). Needs `manage-policy`. Scope: write.",
    security,
    request: { params: ScimTokenParams },
    responses: {
      204: { description: "Revoked." },
      ...problems(401, 403, 404, 429),
    },
  });
  api.registerPath({
    method: "get",
    path: "/workspaces/{workspaceId}/policies",
    operationId: "getWorkspacePolicies",
    summary: "Read a workspace's policies",
    description:
      "The team's sign-in policies (two-factor required, SSO required) and its single sign-on (OpenID Connect) and " +
      "SCIM provisioning settings; never the client secret or a token. The key's own workspace only; its creator " +
      "must be an owner or admin (`manage-policy`). Scope: read.",
    security,
    request: { params: WorkspaceIdParams },
    responses: {
      200: { description: "The policies.", content: { "application/json": { schema: WorkspacePoliciesSchema } } },
      ...problems(401, 403, 404, 409, 429),
    },
  });
  api.registerPath({
    method: "patch",
    path: "/workspaces/{workspaceId}/scim-groups/{groupId}",
    operationId: "setScimGroupRole",
    summary: "Set the role a SCIM group gives",
    description:
      "Members of the identity provider's groups get the highest role their groups give (never owner); null: the " +
      "group only lists people. Applied to its members at once; owners are never changed. Needs `manage-policy`. " +
      "Scope: write.",
    security,
    request: {
      params: ScimGroupParams,
      body: { required: true, content: { "application/json": { schema: ScimGroupRoleRequestSchema } } },
    },
    responses: {
      200: { description: "The group.", content: { "application/json": { schema: ScimGroupSchema } } },
      ...problems(400, 401, 403, 404, 422, 429),
    },
  });
  api.registerPath({
    method: "patch",
    path: "/workspaces/{workspaceId}/policies",
    operationId: "updateWorkspacePolicies",
    summary: "Change a workspace's policies",
    description:
      "Changes the policies and settings sent and leaves the others; each change is recorded in the audit log. " +
      "Single sign-on is checked against the provider before anything is saved (422 with the reason). Requiring two-factor " +
      "sends members without a second factor to set one up; API keys keep working. A personal workspace has no " +
      "policies (409). Owners and admins. Scope: write.",
    security,
    request: {
      params: WorkspaceIdParams,
      body: { required: true, content: { "application/json": { schema: WorkspacePoliciesUpdateSchema } } },
    },
    responses: {
      200: {
        description: "The policies, after the change.",
        content: { "application/json": { schema: WorkspacePoliciesSchema } },
      },
      ...problems(400, 401, 403, 404, 409, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "put",
    path: "/workspaces/{workspaceId}/seats",
    operationId: "setWorkspaceSeats",
    summary: "Set a team's seats",
    description:
      "The number of seats a team workspace pays for. With Stripe, the billing owner's subscription quantity changes " +
      "first, with proration; the seats change once it is billed. Only the owner whose plan pays for the workspace " +
      "(403 for others); never fewer than its members (409); a personal workspace has no seats (409). The seats are " +
      "read with the members (`GET /workspaces/{workspaceId}/members`). Scope: write.",
    security,
    request: {
      params: WorkspaceIdParams,
      body: { required: true, content: { "application/json": { schema: SeatsRequestSchema } } },
    },
    responses: {
      200: { description: "The seats, after the change.", content: { "application/json": { schema: SeatsSchema } } },
      ...problems(400, 401, 403, 404, 409, 415, 422, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/workspaces/{workspaceId}/billing-owner",
    operationId: "takeOverWorkspaceBilling",
    summary: "Take over paying for a team",
    description:
      "The key's account (an owner whose plan includes teams) becomes the owner whose plan pays for the team: with " +
      "Stripe its subscription is billed the team's seats first (prorated), then the previous payer's is lowered; the " +
      "team's minutes count against its plan from now on. Recorded in the audit log. Owners only. Scope: write.",
    security,
    request: { params: WorkspaceIdParams, headers: idempotencyHeader },
    responses: {
      200: {
        description: "Who pays now, and whether that changed.",
        content: { "application/json": { schema: BillingOwnerSchema } },
      },
      ...problems(401, 403, 404, 409, 429),
    },
  });
  api.registerPath({
    method: "post",
    path: "/workspaces/{workspaceId}/members/{userId}/reset-factors",
    operationId: "resetMemberSecondFactors",
    summary: "Reset a member's second factors",
    description:
      "Removes the member's authenticator app, recovery codes and passkeys and signs them out everywhere; they are " +
      "emailed and it is recorded. Their password stays: they sign in and set up a factor again. Owners and admins; " +
      "only owners reset owners; not your own (409), not in a personal workspace (409). Scope: write.",
    security,
    request: { params: MemberParams, headers: idempotencyHeader },
    responses: {
      200: { description: "Reset.", content: { "application/json": { schema: SecondFactorsResetSchema } } },
      ...problems(401, 403, 404, 409, 429),
    },
  });
  // Review, versions and verification (issue 34; ADR 045).
  registerRecordPaths(api, { problems, security, idempotencyHeader });
  registerRedactionPaths(api, { problems, security, idempotencyHeader });
  return api;
}

let cached: object | undefined;

/** The OpenAPI 3.1 document for the server at `origin`. */
export function openApiDocument(origin: string) {
  cached ??= new OpenApiGeneratorV31(registry().definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Voxlate API",
      version: "1.0.0",
      description:
        "Transcribe, translate and summarise recordings from your own tools. Authenticate with an API key from the " +
        "account page. Errors are RFC 9457 problem details. POSTs honour `Idempotency-Key`. Webhooks (" +
        `${WEBHOOK_EVENTS.join(", ")}) are signed in the Standard Webhooks format.`,
    },
    servers: [{ url: "/api/v1" }],
  });
  return { ...cached, servers: [{ url: `${origin}/api/v1` }] };
}
