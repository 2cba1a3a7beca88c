// The SCIM 2.0 endpoint (/scim/v2/…, RFC 7644; ADR 042): reads the token, the path, the query and the body in the
// shapes Okta and Entra ID send, calls scim.server.ts, and answers `application/scim+json`, refusals included (SCIM's
// Error message with its status and scimType). The route module only hands the request here.
import { z } from "zod";
import type { AuditSource } from "~/modules/audit/audit.server";
import { ExpectedError } from "~/modules/platform/refusals.server";
import { readLimitedBody } from "~/modules/platform/request-body.server";
import { unsafeTextProblem } from "~/utils/text";
import {
  createGroup,
  createUser,
  deleteGroup,
  deleteUser,
  getGroup,
  getUser,
  GROUP_FILTERS,
  type GroupChanges,
  listGroups,
  listUsers,
  MAX_PAGE,
  type Page,
  parseFilter,
  SCIM_SCHEMAS,
  ScimError,
  updateGroup,
  updateUser,
  USER_FILTERS,
  type UserChanges,
  userLocation,
  groupLocation,
} from "./scim.server";
import { authenticateScimToken, type ScimCaller, SCIM_BASE_PATH } from "./scim-tokens.server";
import { resourceTypes, schemas, serviceProviderConfig } from "./scim-discovery.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("scim");

export const SCIM_CONTENT_TYPE = "application/scim+json";
/** A group of a few thousand members fits; more is not a request an identity provider sends in one piece. */
const SCIM_BODY_MAX_BYTES = 512 * 1024;

function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": SCIM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/** SCIM's Error message (RFC 7644 section 3.12). */
export function scimErrorResponse(
  status: number,
  detail: string,
  scimType?: string,
  headers: Record<string, string> = {},
) {
  return scimJson(
    { schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail },
    status,
    status === 401 ? { "WWW-Authenticate": 'Bearer realm="SCIM"', ...headers } : headers,
  );
}

// ---- Reading SCIM's shapes ----------------------------------------------------------------------------------------

/** Entra ID sends booleans as "True"/"False" strings in PATCH values; Okta sends JSON booleans. */
function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new ScimError(400, `${attribute} must be true or false.`, "invalidValue");
}

function scimText(value: unknown, attribute: string, max: number): string {
  if (typeof value !== "string") throw new ScimError(400, `${attribute} must be a string.`, "invalidValue");
  const text = value.trim();
  const problem = unsafeTextProblem(text, attribute);
  if (problem) throw new ScimError(400, problem, "invalidValue");
  if (text.length > max) throw new ScimError(400, `${attribute} can be at most ${max} characters.`, "invalidValue");
  return text;
}

const optionalText = (value: unknown, attribute: string, max: number) =>
  value === null || value === undefined ? null : scimText(value, attribute, max);

const EmailAddress = z.email();

/** The address among `emails` (primary first, then "work", then the first), as SCIM lists them. */
function emailOf(emails: unknown): string | undefined {
  if (!Array.isArray(emails)) return undefined;
  const items = emails.filter(
    (item): item is { value: unknown; primary?: unknown; type?: unknown } => !!item && typeof item === "object",
  );
  const chosen =
    items.find((item) => item.primary === true || item.primary === "True" || item.primary === "true") ??
    items.find((item) => item.type === "work") ??
    items[0];
  return typeof chosen?.value === "string" ? chosen.value : undefined;
}

function requireEmail(value: string, attribute: string) {
  const email = value.trim().toLowerCase();
  if (!EmailAddress.safeParse(email).success)
    throw new ScimError(
      400,
      `${attribute} must be an email address: it is the person's Voxlate sign-in.`,
      "invalidValue",
    );
  return email;
}

/** The attributes of a User body (POST, PUT): the ones Voxlate keeps; others (title, locale…) are ignored. */
function userAttributes(body: Record<string, unknown>): UserChanges {
  const changes: UserChanges = {};
  const name = body.name && typeof body.name === "object" ? (body.name as Record<string, unknown>) : undefined;
  if (name?.givenName !== undefined) changes.givenName = optionalText(name.givenName, "name.givenName", 100) ?? "";
  if (name?.familyName !== undefined) changes.familyName = optionalText(name.familyName, "name.familyName", 100) ?? "";
  if (body.externalId !== undefined) changes.externalId = optionalText(body.externalId, "externalId", 255);
  if (body.active !== undefined) changes.active = scimBoolean(body.active, "active");
  return changes;
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const bytes = await readLimitedBody(request, SCIM_BODY_MAX_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ScimError(400, "The body is not JSON.", "invalidSyntax");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new ScimError(400, "The body must be a JSON object.", "invalidSyntax");
  return body as Record<string, unknown>;
}

/** POST /Users: userName is the address (or, when it is not one, the primary email). */
function newUser(body: Record<string, unknown>): UserChanges & { email: string } {
  if (typeof body.userName !== "string" || body.userName.trim() === "")
    throw new ScimError(400, "userName is required.", "invalidValue");
  const userName = body.userName.trim();
  const email = EmailAddress.safeParse(userName.toLowerCase()).success ? userName : (emailOf(body.emails) ?? userName);
  return { ...userAttributes(body), email: requireEmail(email, "userName") };
}

/** PUT /Users/{id}: the whole resource, as the identity provider has it. */
function replacedUser(body: Record<string, unknown>): UserChanges {
  const changes = userAttributes(body);
  if (typeof body.userName === "string") {
    const userName = body.userName.trim();
    const email = EmailAddress.safeParse(userName.toLowerCase()).success ? userName : emailOf(body.emails);
    if (email) changes.email = requireEmail(email, "userName");
  }
  return changes;
}

interface PatchOperation {
  op: "add" | "replace" | "remove";
  path: string | null;
  value: unknown;
}

/** A PatchOp body's operations, ops lower-cased: Entra ID writes "Replace", "Add", "Remove". */
function patchOperations(body: Record<string, unknown>): PatchOperation[] {
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, "A PATCH needs a PatchOp body with Operations.", "invalidSyntax");
  return operations.map((operation) => {
    const op = typeof operation?.op === "string" ? operation.op.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove")
      throw new ScimError(
        400,
        `Unknown PATCH op ${String(operation?.op)}: use add, replace or remove.`,
        "invalidSyntax",
      );
    const path = typeof operation.path === "string" && operation.path.trim() !== "" ? operation.path.trim() : null;
    if (op === "remove" && !path) throw new ScimError(400, "A remove needs a path.", "noTarget");
    return { op, path, value: operation.value };
  });
}

/** One attribute of a User PATCH, by its path (lower-cased), into `changes`. Attributes Voxlate does not keep are ignored. */
function patchUserAttribute(changes: UserChanges, op: PatchOperation["op"], path: string, value: unknown) {
  const attribute = path.toLowerCase();
  if (attribute === "active") changes.active = scimBoolean(value, "active");
  else if (attribute === "externalid")
    changes.externalId = op === "remove" ? null : optionalText(value, "externalId", 255);
  else if (attribute === "name.givenname")
    changes.givenName = op === "remove" ? "" : (optionalText(value, path, 100) ?? "");
  else if (attribute === "name.familyname")
    changes.familyName = op === "remove" ? "" : (optionalText(value, path, 100) ?? "");
  else if (attribute === "name" && value && typeof value === "object")
    Object.entries(value).forEach(([key, inner]) => patchUserAttribute(changes, op, `name.${key}`, inner));
  else if (attribute === "username" && op !== "remove")
    changes.email = requireEmail(scimText(value, "userName", 254), "userName");
  else if (attribute.startsWith("emails") && op !== "remove") {
    // `emails[type eq "work"].value` (Entra ID) carries the address; `emails` carries the list.
    const email = typeof value === "string" ? value : emailOf(value);
    if (email) changes.email = requireEmail(email, "emails");
  }
}

function userPatch(body: Record<string, unknown>): UserChanges {
  const changes: UserChanges = {};
  for (const operation of patchOperations(body)) {
    if (operation.path) {
      patchUserAttribute(changes, operation.op, operation.path, operation.value);
      continue;
    }
    // No path: the value is an object of attributes, nested (Okta: {"active": false}) or dotted (Entra ID:
    // {"name.givenName": "Ada"}).
    if (!operation.value || typeof operation.value !== "object" || Array.isArray(operation.value))
      throw new ScimError(400, "An operation without a path needs an object value.", "invalidValue");
    for (const [key, value] of Object.entries(operation.value)) patchUserAttribute(changes, operation.op, key, value);
  }
  return changes;
}

/** Member ids of `[{ "value": "<id>" }, …]`. */
function memberIds(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.map((item) => {
    if (!item || typeof item !== "object" || typeof (item as { value?: unknown }).value !== "string")
      throw new ScimError(400, 'Members are listed as [{"value": "<user id>"}].', "invalidValue");
    return (item as { value: string }).value;
  });
}

const displayNameOf = (value: unknown) => {
  const name = scimText(value, "displayName", 200);
  if (!name) throw new ScimError(400, "displayName is required.", "invalidValue");
  return name;
};

/** `members[value eq "<id>"]`: Okta's remove of one member. */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

function groupPatch(body: Record<string, unknown>): GroupChanges {
  const changes: GroupChanges = { add: [], remove: [] };
  for (const { op, path, value } of patchOperations(body)) {
    const attribute = path?.toLowerCase() ?? null;
    const one = path ? MEMBER_PATH.exec(path) : null;
    if (one && op === "remove") changes.remove!.push(one[1]!);
    else if (attribute === "members") {
      if (op === "add") changes.add!.push(...memberIds(value));
      else if (op === "replace") changes.members = memberIds(value);
      else if (value === undefined || value === null) changes.removeAll = true;
      else changes.remove!.push(...memberIds(value));
    } else if (attribute === "displayname" && op !== "remove") changes.displayName = displayNameOf(value);
    else if (attribute === "externalid")
      changes.externalId = op === "remove" ? null : optionalText(value, "externalId", 255);
    else if (attribute === null) {
      // Okta: {"op": "replace", "value": {"id": "…", "displayName": "…"}}.
      if (!value || typeof value !== "object" || Array.isArray(value))
        throw new ScimError(400, "An operation without a path needs an object value.", "invalidValue");
      const object = value as Record<string, unknown>;
      if (object.displayName !== undefined) changes.displayName = displayNameOf(object.displayName);
      if (object.externalId !== undefined) changes.externalId = optionalText(object.externalId, "externalId", 255);
      if (object.members !== undefined) {
        if (op === "add") changes.add!.push(...memberIds(object.members));
        else changes.members = memberIds(object.members);
      }
    } else throw new ScimError(400, `Groups have no attribute ${path} that can be changed.`, "invalidPath");
  }
  return changes;
}

/** startIndex (1-based) and count, as RFC 7644 section 3.4.2.4 reads them: out-of-range values are brought in range. */
function pageOf(params: URLSearchParams): Page {
  const number = (name: string) => {
    const raw = params.get(name);
    if (raw === null || raw === "") return null;
    const value = Number(raw);
    if (!Number.isInteger(value)) throw new ScimError(400, `${name} must be a whole number.`, "invalidValue");
    return value;
  };
  return {
    startIndex: Math.max(1, number("startIndex") ?? 1),
    count: Math.min(MAX_PAGE, Math.max(0, number("count") ?? 100)),
  };
}

const withoutMembers = (params: URLSearchParams) =>
  (params.get("excludedAttributes") ?? "").split(",").some((name) => name.trim().toLowerCase() === "members");

// ---- The endpoint -------------------------------------------------------------------------------------------------

async function usersEndpoint(request: Request, caller: ScimCaller, id: string | undefined, source: AuditSource) {
  const params = new URL(request.url).searchParams;
  switch (request.method) {
    case "GET":
      return scimJson(
        id
          ? await getUser(caller, id)
          : await listUsers(caller, parseFilter(params.get("filter"), USER_FILTERS), pageOf(params)),
      );
    case "POST": {
      if (id) break;
      const created = await createUser(caller, newUser(await readJson(request)), source);
      return scimJson(created, 201, { Location: userLocation(created.id) });
    }
    case "PUT":
      if (!id) break;
      return scimJson(await updateUser(caller, id, replacedUser(await readJson(request)), source));
    case "PATCH":
      if (!id) break;
      return scimJson(await updateUser(caller, id, userPatch(await readJson(request)), source));
    case "DELETE":
      if (!id) break;
      await deleteUser(caller, id, source);
      return new Response(null, { status: 204 });
  }
  return scimErrorResponse(405, `${request.method} is not allowed on ${id ? "a user" : "/Users"}.`);
}

async function groupsEndpoint(request: Request, caller: ScimCaller, id: string | undefined, source: AuditSource) {
  const params = new URL(request.url).searchParams;
  switch (request.method) {
    case "GET":
      return scimJson(
        id
          ? await getGroup(caller, id, !withoutMembers(params))
          : await listGroups(
              caller,
              parseFilter(params.get("filter"), GROUP_FILTERS),
              pageOf(params),
              !withoutMembers(params),
            ),
      );
    case "POST": {
      if (id) break;
      const body = await readJson(request);
      const created = await createGroup(
        caller,
        {
          displayName: displayNameOf(body.displayName),
          externalId: optionalText(body.externalId, "externalId", 255),
          members: memberIds(body.members),
        },
        source,
      );
      return scimJson(created, 201, { Location: groupLocation(created.id) });
    }
    case "PUT": {
      if (!id) break;
      const body = await readJson(request);
      return scimJson(
        await updateGroup(
          caller,
          id,
          {
            displayName: displayNameOf(body.displayName),
            ...(body.externalId !== undefined ? { externalId: optionalText(body.externalId, "externalId", 255) } : {}),
            members: memberIds(body.members),
          },
          source,
        ),
      );
    }
    case "PATCH":
      if (!id) break;
      return scimJson(await updateGroup(caller, id, groupPatch(await readJson(request)), source));
    case "DELETE":
      if (!id) break;
      await deleteGroup(caller, id, source);
      return new Response(null, { status: 204 });
  }
  return scimErrorResponse(405, `${request.method} is not allowed on ${id ? "a group" : "/Groups"}.`);
}

/** Answers one request to /scim/v2/…: every answer, refusals included, is SCIM JSON. */
export async function scimResponse(request: Request, source: AuditSource = {}): Promise<Response> {
  try {
    const caller = await authenticateScimToken(request);
    const path = new URL(request.url).pathname.slice(SCIM_BASE_PATH.length);
    const [resource = "", id, ...rest] = path.split("/").filter(Boolean).map(decodedSegment);
    if (rest.length > 0) throw new ScimError(404, "There is nothing at this address.");
    const entry = { ...source, request };
    switch (resource.toLowerCase()) {
      case "users":
        return await usersEndpoint(request, caller, id, entry);
      case "groups":
        return await groupsEndpoint(request, caller, id, entry);
      case "serviceproviderconfig":
        if (request.method !== "GET" || id) break;
        return scimJson(serviceProviderConfig());
      case "schemas":
        if (request.method !== "GET") break;
        return scimJson(schemas(id));
      case "resourcetypes":
        if (request.method !== "GET") break;
        return scimJson(resourceTypes(id));
      default:
        throw new ScimError(
          404,
          "There is nothing at this address: the endpoints are /Users, /Groups, /ServiceProviderConfig, /Schemas and /ResourceTypes.",
        );
    }
    return scimErrorResponse(405, `${request.method} is not allowed here.`);
  } catch (error) {
    if (error instanceof ScimError)
      return scimErrorResponse(error.status, error.message, error.scimType, error.headers);
    if (error instanceof ExpectedError) return scimErrorResponse(error.status, error.message, undefined, error.headers);
    if (isUniqueViolation(error))
      return scimErrorResponse(409, "That userName, externalId or displayName is already taken.", "uniqueness");
    log.error({ err: error, method: request.method }, "SCIM request failed");
    return scimErrorResponse(500, "An unexpected error occurred. Please try again.");
  }
}

function decodedSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ScimError(400, "This address is not valid: it contains a broken %-encoding.", "invalidSyntax");
  }
}

/** Two requests creating the same person at once: the second meets a unique index (P2002; PGlite words it its way). */
function isUniqueViolation(error: unknown) {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : "";
  return code === "P2002" || /unique constraint|duplicate key/i.test(message);
}
