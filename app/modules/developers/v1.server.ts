// The REST API v1 (/api/v1): authentication by API key, problem details for every refusal, Idempotency-Key on POSTs,
// and the operations themselves, each a thin layer over the same domain functions the pages use.
import type { AppLoadContext } from "react-router";
import { RecordingStatus, type TranslationStatus, type Prisma } from "~/generated/prisma/client";
import { auditActionLabel } from "~/modules/audit/actions";
import { auditFilter } from "~/modules/audit/audit-filters";
import { workspaceAuditEvents } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import { requireWorkspaceAction, WorkspaceError } from "~/modules/workspaces/workspaces.server";
import { readLimitedBody } from "~/modules/platform/request-body.server";
import { unsafeTextProblem } from "~/utils/text";
import { requireRecording, requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { askedView, hiddenWords, redactionRequired, scrubEverything } from "~/modules/redaction/view.server";
import { type AccessScope, recordingsWhere } from "~/modules/workspaces/access.server";
import { receiveUpload } from "~/modules/recordings/upload.server";
import { deleteRecording } from "~/modules/recordings/lifecycle.server";
import { importRecordingFromUrl } from "~/modules/recordings/url-import.server";
import { resumableUploadServer } from "~/modules/recordings/resumable-uploads.server";
import { summariseTranscript, transcriptSummary } from "~/modules/transcripts/summaries.server";
import { storedWords, transcriptDocument, transcriptSegments } from "~/modules/transcripts/transcripts.server";
import { requestTranslation, transcriptTranslations } from "~/modules/transcripts/translation-job.server";
import { speakerNames } from "~/modules/transcripts/editor-text";
import { exportTranscript } from "~/services/export/export.server";
import type { LegalFormat } from "~/services/export/legal-types";
import { legalTranscriptFile } from "~/modules/transcripts/legal-export.server";
import { readCaption, saveCaption } from "~/modules/transcripts/legal-caption.server";
import { captionInput } from "~/modules/transcripts/legal-forms";
import type { z } from "zod";
import type { ApiScope } from "./api-key-forms";
import { authenticateApiKey } from "./api-keys.server";
import {
  type API_STATUSES,
  type API_ROLES,
  ChangeMemberRequestSchema,
  CreateWorkspaceRequestSchema,
  AuditEventsQuerySchema,
  ExportQuerySchema,
  RecordingViewQuerySchema,
  CaptionUpdateSchema,
  FolderAccessUpdateSchema,
  ImportFromUrlSchema,
  type InvitationSchema,
  InvitationRequestSchema,
  type MemberListSchema,
  RemoveMemberQuerySchema,
  type WorkspaceSchema,
  ListQuerySchema,
  type RecordingDetailSchema,
  type RecordingSchema,
  TranslationRequestSchema,
  CreateScimTokenRequestSchema,
  ScimGroupRoleRequestSchema,
  type CreatedScimTokenSchema,
  type ScimGroupSchema,
  type ScimTokenListSchema,
  type SecondFactorsResetSchema,
  type WorkspacePoliciesSchema,
  WorkspacePoliciesUpdateSchema,
  SeatsRequestSchema,
  type SeatsSchema,
  type BillingOwnerSchema,
} from "./api-schemas";
import {
  createScimToken,
  getScimSettings,
  provisioningPage,
  revokeScimToken,
  updateScimSettings,
} from "~/modules/provisioning/scim-tokens.server";
import { getSsoSettings, updateSsoSettingsAs } from "~/modules/workspaces/sso.server";
import { setGroupRole } from "~/modules/provisioning/scim.server";
import { can } from "~/modules/workspaces/policy";
import {
  memberSecondFactors,
  resetMemberSecondFactors,
  setWorkspacePolicies,
  workspacePolicies,
} from "~/modules/workspaces/workspace-security.server";
import { idempotent } from "./idempotency.server";
import { inviteMember } from "~/modules/workspaces/invitations.server";
import { setSeats, takeOverBilling, workspaceSeats } from "~/modules/workspaces/seats.server";
import {
  changeMemberRole,
  createTeamWorkspace,
  listWorkspaces,
  removeMember,
  workspaceMembers,
} from "~/modules/workspaces/team-workspaces.server";
import { folderAccess, setFolderAccess } from "~/modules/library/library.server";
import { asProblem, parseOrThrow, problem } from "./problems.server";

export const API_V1_PATH = "/api/v1";
const JSON_BODY_MAX_BYTES = 32 * 1024;

interface ApiContext {
  request: Request;
  userId: string;
  /** The key's creator in the key's workspace, with their role there (ADR 034-workspace): what reads are scoped by. */
  reader: AccessScope;
  /** The client's address (server.ts, TRUST_PROXY), for the audit trail. */
  ip: string | null;
  /** The request's path, for problems' "instance". */
  instance: string;
  /** A JSON body, read (and checked) before the handler runs: needed for the idempotency fingerprint. */
  json: unknown;
}

/**
 * One v1 operation: checks the key and its scope, reads a JSON body when there is one, runs the handler under
 * Idempotency-Key for POSTs, and turns every refusal into problem+json.
 */
export function apiOperation(
  scope: ApiScope,
  handler: (context: ApiContext) => Promise<Response>,
  { body = "none" }: { body?: "none" | "json" | "stream" } = {},
) {
  return async ({
    request,
    loadContext,
  }: {
    request: Request;
    /** The route's load context: the client's address goes into the audit trail's entry for the key. */
    loadContext?: Partial<AppLoadContext>;
  }): Promise<Response> => {
    const instance = new URL(request.url).pathname;
    try {
      const { userId, reader } = await authenticateApiKey(request, scope, { ip: loadContext?.clientIp });
      let text: string | null = null;
      let json: unknown = undefined;
      if (body === "json") {
        const mediaType = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
        if (mediaType !== "application/json") return problem(415, "Send the body as application/json.", { instance });
        text = (await readLimitedBody(request, JSON_BODY_MAX_BYTES)).toString("utf8");
        try {
          json = JSON.parse(text);
        } catch {
          return problem(400, "The body is not valid JSON.", { instance });
        }
        const unsafe = unsafeTextProblem(text, "The body");
        if (unsafe) return problem(400, unsafe, { instance });
      }
      const run = () =>
        handler({ request, userId, reader, ip: loadContext?.clientIp ?? null, instance, json }).catch(
          (error: unknown) => asProblem(error, instance),
        );
      return request.method === "POST" ? await idempotent(request, userId, text, run) : await run();
    } catch (error) {
      return asProblem(error, instance);
    }
  };
}

export const toApiStatus = (status: RecordingStatus) => status.toLowerCase() as (typeof API_STATUSES)[number];

type ApiRecording = z.infer<typeof RecordingSchema>;

const recordingSelect = {
  id: true,
  title: true,
  fileName: true,
  status: true,
  progress: true,
  durationSeconds: true,
  sizeBytes: true,
  language: true,
  transcriptLanguage: true,
  failureReason: true,
  createdAt: true,
  completedAt: true,
} satisfies Prisma.RecordingSelect;

function apiRecording(row: Prisma.RecordingGetPayload<{ select: typeof recordingSelect }>): ApiRecording {
  return {
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    status: toApiStatus(row.status),
    progress: row.progress,
    durationSeconds: row.durationSeconds,
    sizeBytes: row.sizeBytes,
    language: row.transcriptLanguage ?? row.language,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const json = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * GET /recordings: the key's workspace's recordings (minus walls that leave its creator out), newest first, filtered
 * by status and by words in titles or transcripts.
 */
export async function listApiRecordings({ request, reader, instance }: ApiContext) {
  const query = parseOrThrow(ListQuerySchema, Object.fromEntries(new URL(request.url).searchParams), instance);
  const where: Prisma.RecordingWhereInput = {
    ...recordingsWhere(reader),
    ...(query.status ? { status: query.status.toUpperCase() as RecordingStatus } : {}),
    ...(query.q
      ? {
          OR: [
            { title: { contains: query.q, mode: "insensitive" } },
            // A role that may not see the original searches the redacted text (ADR 048).
            can(reader.role, "view-original")
              ? { segments: { some: { text: { contains: query.q, mode: "insensitive" } } } }
              : {
                  segments: {
                    some: {
                      OR: [
                        { redactedText: null, text: { contains: query.q, mode: "insensitive" } },
                        { redactedText: { contains: query.q, mode: "insensitive" } },
                      ],
                    },
                  },
                },
          ],
        }
      : {}),
  };
  const database = await db();
  const [total, rows] = await Promise.all([
    database.recording.count({ where }),
    database.recording.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
      select: recordingSelect,
    }),
  ]);
  return json({
    data: rows.map(apiRecording),
    page: query.page,
    perPage: query.perPage,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.perPage)),
  });
}

const created = (recording: { id: string }) =>
  (async () => {
    const row = await (
      await db()
    ).recording.findUniqueOrThrow({ where: { id: recording.id }, select: recordingSelect });
    return json(apiRecording(row), 201, { Location: `${API_V1_PATH}/recordings/${recording.id}` });
  })();

/** POST /recordings (multipart/form-data): the dashboard's upload, streamed to disk. */
export async function uploadApiRecording({ request, reader }: ApiContext) {
  return created(await receiveUpload(request, reader));
}

/** POST /recordings/import: fetches the audio at a public URL, then as an upload. */
export async function importApiRecording({ reader, json: body, instance }: ApiContext) {
  const input = parseOrThrow(ImportFromUrlSchema, body, instance);
  const fields: Record<string, string> = {
    language: input.language,
    speakerLabels: String(input.speakerLabels),
    speakerCount: String(input.speakerCount),
    ...(input.translateTo ? { translateTo: input.translateTo } : {}),
    ...(input.folderId ? { folderId: input.folderId } : {}),
  };
  return created(await importRecordingFromUrl(reader, input.url, fields));
}

/** GET /recordings/:id: status, and once completed the transcript with words, speakers and confidence. */
export async function getApiRecording({ request, reader, instance }: ApiContext, recordingId: string) {
  const query = parseOrThrow(RecordingViewQuerySchema, Object.fromEntries(new URL(request.url).searchParams), instance);
  const { recording, role } = await requireRecordingAndRole(reader, recordingId, "view");
  // An API key is how a transcript leaves the workspace: under its redaction policy, always the redacted text
  // (exports also wait for the review; ADR 048).
  const asked = askedView(role, query.view ?? null);
  const view = (await redactionRequired(recording.workspaceId)) ? "redacted" : asked;
  const completed = recording.status === RecordingStatus.COMPLETED;
  const [segments, translations, summary, hidden] = await Promise.all([
    completed ? transcriptSegments(recordingId, view) : [],
    transcriptTranslations(recordingId),
    transcriptSummary(recordingId),
    view === "redacted" ? hiddenWords(recordingId) : [],
  ]);
  const speakers = speakerNames(segments);
  const detail: z.infer<typeof RecordingDetailSchema> = {
    ...apiRecording(recording),
    view,
    engine: recording.engine,
    model: recording.model,
    transcript: completed
      ? {
          language: recording.transcriptLanguage,
          speakers,
          segments: segments.map((segment) => ({
            id: segment.id,
            start: segment.start,
            end: segment.end,
            speaker: segment.speaker,
            text: segment.text,
            confidence: segment.confidence,
            edited: segment.edited,
            words: storedWords(segment.words),
          })),
        }
      : null,
    translations: translations.map(({ language, status, progress, failureReason }) => ({
      language,
      status: status.toLowerCase() as Lowercase<TranslationStatus>,
      progress,
      failureReason,
    })),
    summary: summary
      ? {
          engine: summary.label,
          createdAt: summary.createdAt.toISOString(),
          abstract: summary.abstract,
          keyPoints: summary.keyPoints,
          actionItems: summary.actionItems,
        }
      : null,
  };
  // The safety net behind the redacted text (ADR 048): no field carries hidden words.
  return json(scrubEverything(detail, hidden));
}

/** DELETE /recordings/:id */
export async function deleteApiRecording({ request, userId, reader, ip }: ApiContext, recordingId: string) {
  // The key's workspace first: the domain's own door would accept any workspace its creator belongs to.
  await requireRecording(reader, recordingId, "delete");
  await deleteRecording(userId, recordingId, { request, ip });
  return new Response(null, { status: 204 });
}

/** GET /recordings/:id/export?format=…: the same files as the transcript page's downloads. */
export async function exportApiRecording({ request, reader, instance }: ApiContext, recordingId: string) {
  const query = parseOrThrow(ExportQuerySchema, Object.fromEntries(new URL(request.url).searchParams), instance);
  const translation = query.language ? { language: query.language, text: query.text ?? "translation" } : null;
  const legal = query.layout === "legal" ? (query.format as LegalFormat) : null;
  const file = legal
    ? await legalTranscriptFile(
        reader,
        recordingId,
        legal,
        {
          tz: query.tz,
          qa: query.qa === "true",
          index: query.index,
        },
        query.view ?? null,
      )
    : await exportTranscript(
        await transcriptDocument(reader, recordingId, translation, query.view ?? null),
        query.format,
        {},
      );
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** GET /recordings/:id/caption: the court-ready export's caption (empty fields when none was saved). */
export async function getApiCaption({ reader }: ApiContext, recordingId: string) {
  return json(captionInput(await readCaption(reader, recordingId)));
}

/** PUT /recordings/:id/caption: replaces the caption (the `edit` permission). */
export async function putApiCaption({ request, ip, reader, json: body, instance }: ApiContext, recordingId: string) {
  const input = parseOrThrow(CaptionUpdateSchema, body, instance);
  return json(captionInput(await saveCaption(reader, recordingId, input, { request, ip })));
}

/** POST /recordings/:id/translations: queues a translation; translation.completed fires when it is done. */
export async function translateApiRecording({ userId, reader, json: body, instance }: ApiContext, recordingId: string) {
  const { language } = parseOrThrow(TranslationRequestSchema, body, instance);
  await requireRecording(reader, recordingId, "edit");
  await requestTranslation(userId, recordingId, language);
  const state = (await transcriptTranslations(recordingId)).find((translation) => translation.language === language);
  return json(
    {
      language,
      status: (state?.status.toLowerCase() ?? "queued") as Lowercase<TranslationStatus>,
      progress: state?.progress ?? 0,
      failureReason: state?.failureReason ?? null,
    },
    202,
  );
}

/** POST /recordings/:id/summary: summarises now (Business Pro) and returns the summary. */
export async function summariseApiRecording({ userId, reader }: ApiContext, recordingId: string) {
  await requireRecording(reader, recordingId, "edit");
  await summariseTranscript(userId, recordingId);
  const summary = (await transcriptSummary(recordingId))!;
  return json(
    {
      engine: summary.label,
      createdAt: summary.createdAt.toISOString(),
      abstract: summary.abstract,
      keyPoints: summary.keyPoints,
      actionItems: summary.actionItems,
    },
    201,
  );
}

/** GET /folders/:id/access: the folder's wall (manage-policy in the key's workspace). */
export async function getApiFolderAccess({ reader }: ApiContext, folderId: string) {
  return json(await folderAccess(reader, folderId));
}

/** PUT /folders/:id/access: restricts the folder to the named members, or lifts the restriction. */
export async function putApiFolderAccess({ request, ip, reader, json: body, instance }: ApiContext, folderId: string) {
  const input = parseOrThrow(FolderAccessUpdateSchema, body, instance);
  return json(await setFolderAccess(reader, folderId, input, { request, ip }));
}

export const API_UPLOADS_PATH = `${API_V1_PATH}/uploads`;

/** The tus server's owner check for /api/v1/uploads: a key with the write scope. */
async function apiUploadOwner(request: Request): Promise<string> {
  return (await authenticateApiKey(request, "write")).userId;
}

/** The API's tus endpoint (mounted by server.ts at API_UPLOADS_PATH): its user known by the bearer key, its refusals
 *  problem details like the rest of v1. */
export const apiResumableUploadServer = () =>
  resumableUploadServer({
    path: API_UPLOADS_PATH,
    directoryName: "tus-api",
    authenticate: apiUploadOwner,
    problemDetails: true,
  });

// ---- Workspaces (issue 32, ADR 035-teams): the same domain functions, and so the same policy, as the pages ----------

const apiRole = (role: string) => role.toLowerCase() as (typeof API_ROLES)[number];

type WorkspaceRow = Awaited<ReturnType<typeof listWorkspaces>>[number];
const apiWorkspace = (row: WorkspaceRow): z.infer<typeof WorkspaceSchema> => ({
  id: row.id,
  name: row.name,
  kind: row.kind === "TEAM" ? "team" : "personal",
  role: apiRole(row.role),
  members: row.members,
  seats: row.seats,
  createdAt: row.createdAt.toISOString(),
});

type InvitationRow = Awaited<ReturnType<typeof inviteMember>>;
const apiInvitation = (row: InvitationRow): z.infer<typeof InvitationSchema> => ({
  id: row.id,
  email: row.email,
  role: apiRole(row.role),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  invitedBy: row.invitedBy,
});

/** GET /workspaces: the key's account's workspaces, with its role in each. */
export async function listApiWorkspaces({ userId }: ApiContext) {
  return json({ data: (await listWorkspaces(userId)).map(apiWorkspace) });
}

/** POST /workspaces: a team workspace (a plan with teams), the key's account its owner. */
export async function createApiWorkspace({ request, ip, userId, json: body, instance }: ApiContext) {
  const { name } = parseOrThrow(CreateWorkspaceRequestSchema, body, instance);
  const created = await createTeamWorkspace(userId, name, { request, ip });
  const row = (await listWorkspaces(userId)).find((workspace) => workspace.id === created.id)!;
  return json(apiWorkspace(row), 201, { Location: `${API_V1_PATH}/workspaces/${created.id}/members` });
}

async function memberList(userId: string, workspaceId: string) {
  const members = await workspaceMembers(userId, workspaceId);
  const seats = await workspaceSeats(workspaceId);
  // Those who manage members see each one's second factors, as on the members page (a team workspace only).
  const role = members.find((member) => member.userId === userId)?.role;
  const factors =
    role && can(role, "manage-members") && (await isTeamWorkspace(workspaceId))
      ? await memberSecondFactors(userId, workspaceId)
      : null;
  return json({
    data: members.map((member) => ({
      userId: member.userId,
      email: member.email,
      name: member.name,
      role: apiRole(member.role),
      joinedAt: member.joinedAt.toISOString(),
      ...(factors ? { secondFactors: factors.get(member.userId) } : {}),
    })),
    seats: { used: seats.used, total: seats.total },
  } satisfies z.infer<typeof MemberListSchema>);
}

/** GET /workspaces/:id/members (any member). */
export const listApiMembers = ({ userId }: ApiContext, workspaceId: string) => memberList(userId, workspaceId);

/**
 * POST /workspaces/:id/members: adds a member the one way a person joins, by invitation (they accept from the email,
 * which takes a seat): the same as POST /workspaces/:id/invitations, answered 202.
 */
export async function addApiMember({ request, ip, userId, json: body, instance }: ApiContext, workspaceId: string) {
  const input = parseOrThrow(InvitationRequestSchema, body, instance);
  return json(apiInvitation(await inviteMember(userId, workspaceId, input, { request, ip })), 202);
}

/** PATCH /workspaces/:id/members {userId, role}: changes a member's role. */
export async function changeApiMember({ request, ip, userId, json: body, instance }: ApiContext, workspaceId: string) {
  const input = parseOrThrow(ChangeMemberRequestSchema, body, instance);
  await changeMemberRole(userId, workspaceId, input.userId, input.role, { request, ip });
  return memberList(userId, workspaceId);
}

/** DELETE /workspaces/:id/members?userId=: removes a member (your own id: you leave). */
export async function removeApiMember({ request, ip, userId, instance }: ApiContext, workspaceId: string) {
  const query = parseOrThrow(RemoveMemberQuerySchema, Object.fromEntries(new URL(request.url).searchParams), instance);
  await removeMember(userId, workspaceId, query.userId, { request, ip });
  return new Response(null, { status: 204 });
}

/** POST /workspaces/:id/invitations {email, role}: emails an invitation link. */
export async function inviteApiMember({ request, ip, userId, json: body, instance }: ApiContext, workspaceId: string) {
  const input = parseOrThrow(InvitationRequestSchema, body, instance);
  return json(apiInvitation(await inviteMember(userId, workspaceId, input, { request, ip })), 201);
}

/** GET /workspaces/:id/audit-events: the workspace's log, newest first, for an owner's or admin's key. */
export async function listApiAuditEvents({ request, userId, reader, instance }: ApiContext, workspaceId: string) {
  // A key reaches its own workspace only (ADR 034-workspace), as every other read does.
  if (workspaceId !== reader.workspaceId) throw new WorkspaceError("Workspace not found.", 404);
  await requireWorkspaceAction(userId, workspaceId, "view-audit-log");
  const query = parseOrThrow(AuditEventsQuerySchema, Object.fromEntries(new URL(request.url).searchParams), instance);
  const { cursor, limit, ...filters } = query;
  const page = await workspaceAuditEvents(workspaceId, auditFilter(filters), {
    before: cursor ? Number(cursor) : null,
    take: limit,
  });
  return json({
    data: page.events.map((event) => ({
      sequence: event.seq,
      createdAt: event.createdAt.toISOString(),
      actorId: event.actorId,
      action: event.action,
      description: auditActionLabel(event.action),
      target: { kind: event.targetKind, id: event.targetId, label: event.targetLabel },
      detail: event.detail ? (JSON.parse(event.detail) as unknown) : null,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      erased: event.erasedAt !== null,
      hash: event.hash,
    })),
    nextCursor: page.nextBefore === null ? null : String(page.nextBefore),
  });
}

// ---- Provisioning (ADR 042): SCIM tokens and the roles SCIM groups give -------------------------------------------

/** A key reaches its own workspace only (ADR 034-workspace); the domain then asks for `manage-policy`. */
function ownWorkspace(reader: AccessScope, workspaceId: string) {
  if (workspaceId !== reader.workspaceId) throw new WorkspaceError("Workspace not found.", 404);
}

/** GET /workspaces/{id}/scim-tokens: the workspace's SCIM tokens (never the tokens themselves) and the base URL. */
export async function listApiScimTokens({ userId, reader }: ApiContext, workspaceId: string) {
  ownWorkspace(reader, workspaceId);
  const { settings } = await provisioningPage(userId, workspaceId);
  return json({ data: settings.tokens, baseUrl: settings.baseUrl } satisfies z.infer<typeof ScimTokenListSchema>);
}

/** POST /workspaces/{id}/scim-tokens {name}: a new token, in full this once. */
export async function createApiScimToken(
  { request, userId, reader, ip, json: body, instance }: ApiContext,
  workspaceId: string,
) {
  ownWorkspace(reader, workspaceId);
  const { name } = parseOrThrow(CreateScimTokenRequestSchema, body, instance);
  const created = await createScimToken(userId, workspaceId, name, { request, ip });
  const { settings } = await provisioningPage(userId, workspaceId);
  const listed = settings.tokens.find((token) => token.id === created.id)!;
  return json({ ...listed, token: created.token } satisfies z.infer<typeof CreatedScimTokenSchema>, 201);
}

/** DELETE /workspaces/{id}/scim-tokens/{tokenId}: revoked at once. */
export async function revokeApiScimToken(
  { request, userId, reader, ip }: ApiContext,
  workspaceId: string,
  tokenId: string,
) {
  ownWorkspace(reader, workspaceId);
  await revokeScimToken(userId, workspaceId, tokenId, { request, ip });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

/** PATCH /workspaces/{id}/scim-groups/{groupId} {role}: the role a SCIM group gives its members, applied at once. */
export async function setApiScimGroupRole(
  { request, userId, reader, ip, json: body, instance }: ApiContext,
  workspaceId: string,
  groupId: string,
) {
  ownWorkspace(reader, workspaceId);
  const { role } = parseOrThrow(ScimGroupRoleRequestSchema, body, instance);
  const group = await setGroupRole(userId, workspaceId, groupId, role, { request, ip });
  return json({
    id: group.id,
    displayName: group.displayName,
    role: (group.role?.toLowerCase() ?? null) as z.infer<typeof ScimGroupSchema>["role"],
    members: group.members,
    membersChanged: group.changed,
  } satisfies z.infer<typeof ScimGroupSchema>);
}

/**
 * Every policy and sign-in setting of a team, as GET and PATCH /workspaces/:id/policies answer it: the two policies,
 * single sign-on (never its secret) and SCIM provisioning. `workspacePolicies` checks `manage-policy` first.
 */
async function allPolicies(userId: string, workspaceId: string): Promise<z.infer<typeof WorkspacePoliciesSchema>> {
  const { twoFactorRequired, redactionRequired } = await workspacePolicies(userId, workspaceId);
  const [{ ssoRequired, ...sso }, scim] = await Promise.all([
    getSsoSettings(workspaceId),
    getScimSettings(workspaceId),
  ]);
  const lower = <Role extends string | null>(role: Role) => role?.toLowerCase() ?? null;
  return {
    twoFactorRequired,
    redactionRequired,
    ssoRequired,
    sso: { ...sso, defaultRole: lower(sso.defaultRole)! },
    scim: {
      ...scim,
      defaultRole: lower(scim.defaultRole)!,
      groups: scim.groups.map((group) => ({ ...group, role: lower(group.role) })),
    },
  };
}

/** GET /workspaces/:id/policies (`manage-policy`: owners and admins). */
export async function getApiPolicies({ userId, reader }: ApiContext, workspaceId: string) {
  ownWorkspace(reader, workspaceId);
  return json(await allPolicies(userId, workspaceId));
}

/**
 * PATCH /workspaces/:id/policies: changes what is sent (`manage-policy`), each recorded as its page's change is. Single
 * sign-on goes first: it is the change most likely to be refused (the provider's discovery), before anything is set.
 */
export async function patchApiPolicies(
  { request, ip, userId, reader, json: body, instance }: ApiContext,
  workspaceId: string,
) {
  ownWorkspace(reader, workspaceId);
  const change = parseOrThrow(WorkspacePoliciesUpdateSchema, body, instance);
  const source = { request, ip };
  await workspacePolicies(userId, workspaceId);
  if (change.sso || change.ssoRequired !== undefined)
    await updateSsoSettingsAs(userId, workspaceId, { ...change.sso, ssoRequired: change.ssoRequired }, source);
  if (change.scim) await updateScimSettings(userId, workspaceId, change.scim, source);
  await setWorkspacePolicies(
    userId,
    workspaceId,
    { twoFactorRequired: change.twoFactorRequired, redactionRequired: change.redactionRequired },
    source,
  );
  return json(await allPolicies(userId, workspaceId));
}

/**
 * PUT /workspaces/:id/seats {seats}: the billing owner sets a team's seats, billed with proration as on the members
 * page (ADR 035-teams); never below the members it has.
 */
export async function putApiSeats(
  { request, ip, userId, reader, json: body, instance }: ApiContext,
  workspaceId: string,
) {
  ownWorkspace(reader, workspaceId);
  const { seats } = parseOrThrow(SeatsRequestSchema, body, instance);
  await setSeats(userId, workspaceId, seats, { request, ip });
  return json((await workspaceSeats(workspaceId)) satisfies z.infer<typeof SeatsSchema>);
}

/** POST /workspaces/:id/billing-owner: the key's account (an owner with teams in its plan) takes over paying. */
export async function postApiBillingOwner({ request, ip, userId, reader }: ApiContext, workspaceId: string) {
  ownWorkspace(reader, workspaceId);
  const { changed } = await takeOverBilling(userId, workspaceId, { request, ip });
  return json({
    billingOwnerId: userId,
    changed,
    seats: await workspaceSeats(workspaceId),
  } satisfies z.infer<typeof BillingOwnerSchema>);
}

/** POST /workspaces/:id/members/:userId/reset-factors (`manage-members`; owners only for owners). */
export async function resetApiMemberFactors(
  { request, ip, userId, reader }: ApiContext,
  workspaceId: string,
  memberId: string,
) {
  ownWorkspace(reader, workspaceId);
  const reset = await resetMemberSecondFactors(userId, workspaceId, memberId, { request, ip });
  return json({ ...reset, reset: true } satisfies z.infer<typeof SecondFactorsResetSchema>);
}

const isTeamWorkspace = async (workspaceId: string) =>
  (await (await db()).workspace.findUnique({ where: { id: workspaceId }, select: { kind: true } }))?.kind === "TEAM";
