// Single sign-on with OpenID Connect, per team workspace (ADR 041-sso, issue 33). A workspace's owners and admins
// (`manage-policy`) name its identity provider (issuer, client id, sealed client secret), the email domains that go
// to it, and the role of the accounts its first sign-ins create. A sign-in: the work email picks the workspace by its
// domain, the browser goes to the provider with state, nonce and PKCE (authorization code flow), and the callback has
// openid-client check the answer and the ID token (issuer, audience, nonce, expiry, signature). The person is then
// matched by (issuer, subject), never again by email; a first sign-in links or creates the account (rules below).
import crypto from "node:crypto";
import * as oidc from "openid-client";
import { type AuditSource, recordAudit } from "~/modules/audit/audit.server";
import { db } from "~/modules/platform/database.server";
import {
  checkOutboundUrl,
  OutboundUrlError,
  outboundRequest,
  parseOutboundUrl,
} from "~/modules/platform/outbound-http.server";
import { signedCookie } from "~/modules/platform/cookies.server";
import { ExpectedError, type RefusalStatus } from "~/modules/platform/refusals.server";
import { openSecret, sealSecret } from "~/modules/platform/secret-box.server";
import { appOrigin } from "~/config/env.server";
import { canAssignRole, type WorkspaceRole } from "./policy";
import { SSO_DEFAULT_ROLES, type SsoSettingsInput } from "./sso-forms";
import { requireTeamWorkspace, withWorkspaceLocked } from "./team-workspaces.server";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("sso");

export class SsoError extends ExpectedError {}

/** The path the provider sends the browser back to; register `${appOrigin()}${SSO_CALLBACK_PATH}` with it. */
export const SSO_CALLBACK_PATH = "/auth/sso/callback";
export const ssoCallbackUrl = () => `${appOrigin()}${SSO_CALLBACK_PATH}`;

/** Ten minutes from leaving for the provider to coming back. */
export const SSO_SIGN_IN_TTL_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_PROVIDER_RESPONSE_BYTES = 512 * 1024;

/**
 * Whether issuers on private or loopback addresses (a self-hosted Keycloak on the firm's network) may be used, and
 * over plain http. Off by default: the issuer is an address a workspace admin types, and the server fetches it.
 * Read on each call, so tests can switch it.
 */
export function privateIssuersAllowed(): boolean {
  return ["1", "true"].includes((process.env.SSO_ALLOW_PRIVATE_ISSUERS ?? "").toLowerCase());
}

// ---- Settings -----------------------------------------------------------------------------------------------------

/** What the settings page and the policies endpoint show. The client secret never leaves: `hasClientSecret` only. */
export async function getSsoSettings(workspaceId: string) {
  const workspace = await (
    await db()
  ).workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { ssoRequired: true, sso: true },
  });
  const sso = workspace.sso;
  return {
    enabled: sso?.enabled ?? false,
    issuer: sso?.issuer ?? "",
    clientId: sso?.clientId ?? "",
    hasClientSecret: Boolean(sso?.clientSecretEncrypted),
    domains: sso?.domains ?? [],
    defaultRole: (sso?.defaultRole ?? "MEMBER") as WorkspaceRole,
    ssoRequired: workspace.ssoRequired,
    callbackUrl: ssoCallbackUrl(),
    updatedAt: sso?.updatedAt.toISOString() ?? null,
  };
}
export type SsoSettings = Awaited<ReturnType<typeof getSsoSettings>>;

/** The issuer URL checked as the server will fetch it: https and public, unless the operator allows private ones. */
async function checkIssuer(issuer: string): Promise<void> {
  const url = parseOutboundUrl(issuer);
  if (privateIssuersAllowed()) return;
  if (url.protocol !== "https:") throw new OutboundUrlError("The issuer must be an https:// address.");
  await checkOutboundUrl(issuer);
}

/**
 * Changes the settings (the caller has checked `manage-policy`, e.g. with `updateSsoSettingsAs`): what the input
 * leaves out stays. Turning single sign-on on needs an issuer, a client id and a secret, and reads the provider's
 * configuration first, so a typo is found here and not by the first person signing in. "SSO required" needs single
 * sign-on on. Audited: what changed, never the secret.
 */
export async function updateSsoSettings(
  workspaceId: string,
  input: SsoSettingsInput,
  { actorId = null, source = {} }: { actorId?: string | null; source?: AuditSource } = {},
): Promise<SsoSettings> {
  const database = await db();
  const before = await database.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { kind: true, name: true, ssoRequired: true, sso: true },
  });
  if (before.kind !== "TEAM") throw new SsoError("Single sign-on is for team workspaces.", 409);
  const current = before.sso;
  const next = {
    enabled: input.enabled ?? current?.enabled ?? false,
    issuer: (input.issuer ?? current?.issuer ?? "").replace(/\/+$/, ""),
    clientId: input.clientId ?? current?.clientId ?? "",
    clientSecretEncrypted: input.clientSecret ? sealSecret(input.clientSecret) : (current?.clientSecretEncrypted ?? ""),
    domains: [...new Set(input.domains ?? current?.domains ?? [])],
    defaultRole: (input.defaultRole ?? current?.defaultRole ?? "MEMBER") as WorkspaceRole,
    ssoRequired: input.ssoRequired ?? before.ssoRequired,
  };
  if (next.defaultRole === "OWNER") throw new SsoError("Accounts made by single sign-on cannot be owners.", 422);
  if (next.issuer && next.issuer !== current?.issuer) await checkIssuer(next.issuer);
  if (next.domains.length > 0) {
    const claimed = await database.workspaceSso.findFirst({
      where: { workspaceId: { not: workspaceId }, domains: { hasSome: next.domains } },
      select: { domains: true },
    });
    if (claimed) {
      const taken = next.domains.filter((domain) => claimed.domains.includes(domain));
      throw new SsoError(`${taken.join(", ")} already signs in through another workspace.`, 409);
    }
  }
  if (next.enabled) {
    if (!next.issuer || !next.clientId || !next.clientSecretEncrypted)
      throw new SsoError(
        "Enter the issuer, the client id and the client secret before turning single sign-on on.",
        422,
      );
    if (next.domains.length === 0)
      throw new SsoError("Enter at least one email domain before turning single sign-on on.", 422);
    const changedProvider =
      !current?.enabled ||
      next.issuer !== current.issuer ||
      next.clientId !== current.clientId ||
      Boolean(input.clientSecret);
    if (changedProvider) await discover(next);
  }
  if (next.ssoRequired && !next.enabled)
    throw new SsoError(
      "Turn single sign-on on before requiring it: otherwise nobody but the owners could sign in.",
      422,
    );

  const { ssoRequired, ...provider } = next;
  await database.$transaction([
    database.workspaceSso.upsert({ where: { workspaceId }, create: { workspaceId, ...provider }, update: provider }),
    database.workspace.update({ where: { id: workspaceId }, data: { ssoRequired } }),
  ]);
  const changed = (["enabled", "issuer", "clientId", "domains", "defaultRole"] as const).filter(
    (key) => JSON.stringify(next[key]) !== JSON.stringify(current?.[key] ?? null),
  );
  if (input.clientSecret) changed.push("clientSecret" as never);
  const target = { kind: "workspace" as const, id: workspaceId, label: before.name };
  if (changed.length > 0) {
    await recordAudit({
      ...source,
      action: "sso.settings-changed",
      actorId,
      workspaceId,
      target,
      detail: { changed: changed.join(","), enabled: next.enabled, issuer: next.issuer.slice(0, 200) },
    });
  }
  if (ssoRequired !== before.ssoRequired) {
    await recordAudit({
      ...source,
      action: "policy.changed",
      actorId,
      workspaceId,
      target,
      detail: { policy: "ssoRequired", on: ssoRequired },
    });
  }
  return getSsoSettings(workspaceId);
}

/** `updateSsoSettings` for a signed-in member: `manage-policy`, and a default role they could give themselves. */
export async function updateSsoSettingsAs(
  actorId: string,
  workspaceId: string,
  input: SsoSettingsInput,
  source: AuditSource = {},
): Promise<SsoSettings> {
  const { role } = await requireTeamWorkspace(actorId, workspaceId, "manage-policy");
  if (input.defaultRole && !canAssignRole(role, input.defaultRole))
    throw new SsoError(`Your role cannot give new members the ${input.defaultRole.toLowerCase()} role.`, 403);
  return updateSsoSettings(workspaceId, input, { actorId, source });
}

// ---- Talking to the provider -----------------------------------------------------------------------------------------

/**
 * openid-client's requests, through the project's outbound guard (outbound-http.server.ts): public addresses only,
 * the connection pinned to the address checked. With private issuers allowed, the platform's fetch.
 */
const guardedFetch: oidc.CustomFetch = async (url, options) => {
  const body =
    typeof options.body === "string"
      ? options.body
      : options.body instanceof URLSearchParams
        ? options.body.toString()
        : undefined;
  const response = await outboundRequest(url, {
    method: options.method === "POST" ? "POST" : "GET",
    headers: options.headers,
    body,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    maxRedirects: 0,
    signal: options.signal,
  });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PROVIDER_RESPONSE_BYTES) {
      response.body.destroy();
      throw new OutboundUrlError("The identity provider's answer is too large.");
    }
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return new Response(response.status === 204 ? null : Buffer.concat(chunks), { status: response.status, headers });
};

interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecretEncrypted: string;
}

/** The provider's configuration (its discovery document), for this workspace's client. */
async function discover(settings: ProviderSettings): Promise<oidc.Configuration> {
  const secret = openSecret(settings.clientSecretEncrypted);
  if (!secret) throw new SsoError("The stored client secret cannot be read: enter it again.", 409);
  const allowPrivate = privateIssuersAllowed();
  try {
    const config = await oidc.discovery(new URL(settings.issuer), settings.clientId, secret, undefined, {
      timeout: PROVIDER_TIMEOUT_MS / 1000,
      execute: allowPrivate ? [oidc.allowInsecureRequests] : [],
      ...(allowPrivate ? {} : { [oidc.customFetch]: guardedFetch }),
    });
    if (!allowPrivate) config[oidc.customFetch] = guardedFetch;
    return config;
  } catch (error) {
    if (error instanceof OutboundUrlError) throw error;
    throw new SsoError(
      `The identity provider's configuration could not be read from ${settings.issuer}/.well-known/openid-configuration ` +
        `(${error instanceof Error ? error.message : String(error)}).`,
      502,
    );
  }
}

// ---- Signing in ---------------------------------------------------------------------------------------------------

/** The state, in the browser that started the sign-in: only that browser's callback is accepted. */
const stateCookie = () => signedCookie("voxlate_sso", { path: SSO_CALLBACK_PATH, maxAge: SSO_SIGN_IN_TTL_MS / 1000 });
export const ssoStateCookie = (state: string) => stateCookie().serialize(state);
export const clearSsoStateCookie = () => stateCookie().serialize("", { maxAge: 0 });
export async function readSsoStateCookie(request: Request): Promise<string | null> {
  const value: unknown = await stateCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/**
 * The first step: the workspace whose domain the email has, a sign-in row (the state's hash, the nonce, the PKCE
 * verifier) and the provider's authorization URL. The caller keeps `state` in the browser (a cookie) and redirects.
 */
export async function startSsoSignIn(email: string, redirectTo = "") {
  const domain = email.split("@").at(-1)!.toLowerCase();
  const database = await db();
  const sso = await database.workspaceSso.findFirst({ where: { enabled: true, domains: { has: domain } } });
  if (!sso)
    throw new SsoError(
      `No workspace signs in with single sign-on for ${domain}. Sign in with your password, or ask your administrator.`,
      404,
    );
  const config = await discover(sso);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  // Sign-ins nobody finished are of no use after their ten minutes.
  await database.ssoSignIn.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await database.ssoSignIn.create({
    data: {
      stateHash: sha256(state),
      workspaceId: sso.workspaceId,
      nonce,
      codeVerifier,
      redirectTo,
      expiresAt: new Date(Date.now() + SSO_SIGN_IN_TTL_MS),
    },
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: ssoCallbackUrl(),
    scope: "openid email profile",
    response_type: "code",
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    login_hint: email,
  });
  return { authorizationUrl, state };
}

/** The ID token claim a check failed on (nonce, iss, aud, exp…), from openid-client's chain of causes. */
function failedClaim(error: unknown): string {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause && typeof cause === "object"; depth++) {
    if ("claim" in cause && typeof cause.claim === "string") return ` (claim ${cause.claim})`;
    cause = "cause" in cause ? cause.cause : undefined;
  }
  return "";
}

/** A callback refused: the person gets `message`, the workspace's audit trail the reason. */
async function refuse(
  message: string,
  reason: string,
  workspaceId: string | null,
  source: AuditSource,
  status: RefusalStatus = 400,
): Promise<never> {
  await recordAudit({ ...source, action: "sso.refused", workspaceId, detail: { reason: reason.slice(0, 300) } });
  throw new SsoError(message, status);
}

const START_AGAIN = "This single sign-on did not come from this browser, or took too long. Start again.";

export interface SsoSignedIn {
  userId: string;
  email: string;
  workspaceId: string;
  redirectTo: string;
  isNew: boolean;
}

/**
 * The callback: the state must be this browser's (the cookie) and a sign-in row's, used once; openid-client exchanges
 * the code (with the PKCE verifier) and checks the ID token (issuer, audience, nonce, expiry, signature). Then the
 * account: by (issuer, subject) if known; else, if the provider vouches for the email (email_verified) in one of
 * the workspace's domains, a new account, or an existing one that is already a member of this workspace (an
 * invitation proved that inbox to the workspace; a domain claim alone does not, ADR 041-sso). A person not yet a
 * member joins with the default role, if a seat is free.
 */
export async function finishSsoSignIn(
  callbackUrl: URL,
  browserState: string | null,
  source: AuditSource = {},
): Promise<SsoSignedIn> {
  const state = callbackUrl.searchParams.get("state") ?? "";
  const sameBrowser =
    Boolean(state && browserState) &&
    crypto.timingSafeEqual(Buffer.from(sha256(state)), Buffer.from(sha256(browserState!)));
  if (!sameBrowser) return refuse(START_AGAIN, "state does not match this browser", null, source);
  const database = await db();
  const pending = await database.ssoSignIn.findUnique({ where: { stateHash: sha256(state) } });
  // Used once: the first of two callbacks with the same state deletes the row, the second finds nothing.
  const { count } = pending
    ? await database.ssoSignIn.deleteMany({ where: { id: pending.id, expiresAt: { gt: new Date() } } })
    : { count: 0 };
  if (!pending || count !== 1) return refuse(START_AGAIN, "unknown, used or expired state", null, source);
  const { workspaceId } = pending;

  const sso = await database.workspaceSso.findUnique({ where: { workspaceId } });
  if (!sso?.enabled)
    return refuse("Single sign-on is turned off for this workspace.", "single sign-on off", workspaceId, source, 409);
  const providerError = callbackUrl.searchParams.get("error");
  if (providerError) {
    const description = callbackUrl.searchParams.get("error_description")?.slice(0, 200);
    return refuse(
      `Your identity provider did not sign you in${description ? `: ${description}` : "."}`,
      `provider error ${providerError}`,
      workspaceId,
      source,
    );
  }

  let claims: oidc.IDToken;
  let email: string | undefined;
  let emailVerified: boolean | undefined;
  let names: { given?: string; family?: string; full?: string };
  try {
    const config = await discover(sso);
    // openid-client sends the callback's address without its query as the redirect_uri: the public one, as
    // registered, whatever address the request reached this process by (a proxy, a test).
    const registeredCallback = new URL(ssoCallbackUrl());
    registeredCallback.search = callbackUrl.search;
    const tokens = await oidc.authorizationCodeGrant(config, registeredCallback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    let profile: Record<string, unknown> = claims;
    // Some providers put the email in the userinfo answer only.
    if (typeof claims.email !== "string") profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : undefined;
    emailVerified = profile.email_verified === true || profile.email_verified === "true";
    names = {
      given: typeof profile.given_name === "string" ? profile.given_name : undefined,
      family: typeof profile.family_name === "string" ? profile.family_name : undefined,
      full: typeof profile.name === "string" ? profile.name : undefined,
    };
  } catch (error) {
    if (error instanceof SsoError) return refuse(error.message, "provider unreachable", workspaceId, source, 502);
    const code = error instanceof oidc.ClientError ? error.code : undefined;
    // A provider's refusal names itself in the body (invalid_grant, invalid_client…): keep that for the audit trail.
    const body = error instanceof oidc.ResponseBodyError ? ` (${error.error}: ${error.error_description ?? ""})` : "";
    const claim = failedClaim(error);
    const why = `${error instanceof Error ? error.message : String(error)}${body}${claim}`;
    log.error({ reason: why }, `callback refused (${code})`);
    return refuse(
      "Single sign-on failed: the identity provider's answer could not be verified. Start again.",
      `${code ?? "error"}: ${why}`,
      workspaceId,
      source,
    );
  }

  const issuer = claims.iss;
  const subject = claims.sub;
  const workspace = await database.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
  const known = await database.ssoIdentity.findUnique({
    where: { workspaceId_issuer_subject: { workspaceId, issuer, subject } },
    select: { userId: true, user: { select: { email: true } } },
  });

  let linkTo: { userId: string; email: string } | null = known
    ? { userId: known.userId, email: known.user.email }
    : null;
  let create: { email: string; firstName: string; lastName: string } | null = null;
  if (!linkTo) {
    const domain = email?.split("@").at(-1);
    if (!email || !emailVerified || !domain || !sso.domains.includes(domain))
      return refuse(
        `Your identity provider did not confirm an email address in ${sso.domains.join(", ")}, so ${workspace.name} ` +
          "cannot sign you in. Ask your administrator.",
        `email ${email ?? "missing"} verified=${String(emailVerified)}`,
        workspaceId,
        source,
        403,
      );
    const existing = await database.user.findUnique({
      where: { email },
      select: { id: true, workspaceMemberships: { where: { workspaceId }, select: { role: true } } },
    });
    if (existing && existing.workspaceMemberships.length === 0)
      return refuse(
        `An account with ${email} already exists and is not a member of ${workspace.name}. Ask an administrator to ` +
          "invite it; once it has joined, single sign-on signs in to it.",
        "existing account is not a member",
        workspaceId,
        source,
        409,
      );
    if (existing) linkTo = { userId: existing.id, email };
    else {
      const [first, ...rest] = (names.full ?? email.split("@")[0]!).split(" ");
      create = {
        email,
        firstName: (names.given ?? first ?? "").slice(0, 100) || "-",
        lastName: (names.family ?? rest.join(" ")).slice(0, 100) || "-",
      };
    }
  }

  let outcome: { userId: string; email: string; joined: boolean };
  try {
    outcome = await withWorkspaceLocked(workspaceId, async (tx) => {
      const user = create
        ? await tx.user.create({ data: { ...create, emailVerifiedAt: new Date() }, select: { id: true, email: true } })
        : { id: linkTo!.userId, email: linkTo!.email };
      const member = await tx.workspaceMember.findUnique({
        where: { workspaceId_userId: { workspaceId, userId: user.id } },
        select: { role: true },
      });
      if (!member) {
        const [{ seats }, used] = await Promise.all([
          tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { seats: true } }),
          tx.workspaceMember.count({ where: { workspaceId } }),
        ]);
        if (used >= seats)
          throw new SsoError(
            `Every seat in ${workspace.name} is taken, so single sign-on cannot add you. Ask its owner to add a ` +
              "seat, then sign in again.",
            409,
          );
        await tx.workspaceMember.create({ data: { workspaceId, userId: user.id, role: sso.defaultRole } });
        await tx.user.update({ where: { id: user.id }, data: { currentWorkspaceId: workspaceId } });
      }
      await tx.ssoIdentity.upsert({
        where: { workspaceId_issuer_subject: { workspaceId, issuer, subject } },
        create: { workspaceId, issuer, subject, userId: user.id, lastUsedAt: new Date() },
        update: { lastUsedAt: new Date() },
      });
      return { userId: user.id, email: user.email, joined: !member };
    });
  } catch (error) {
    if (error instanceof SsoError) return refuse(error.message, "no free seat", workspaceId, source, error.status);
    throw error;
  }

  const audit = { ...source, actorId: outcome.userId, workspaceId };
  const target = { kind: "user" as const, id: outcome.userId, label: outcome.email };
  if (create) await recordAudit({ ...audit, action: "sso.account-created", target, detail: { role: sso.defaultRole } });
  else if (!known) await recordAudit({ ...audit, action: "sso.account-linked", target });
  await recordAudit({
    ...audit,
    action: "sso.sign-in",
    target,
    detail: { issuer: issuer.slice(0, 200), joined: outcome.joined },
  });
  return {
    userId: outcome.userId,
    email: outcome.email,
    workspaceId,
    redirectTo: pending.redirectTo,
    isNew: Boolean(create),
  };
}

/** The settings page: the team, the member's role, the settings and the default roles they may choose. */
export async function ssoSettingsPage(userId: string, workspaceId: string) {
  const { role, workspace } = await requireTeamWorkspace(userId, workspaceId, "manage-policy");
  return {
    workspace: { id: workspace.id, name: workspace.name },
    role,
    settings: await getSsoSettings(workspaceId),
    defaultRoles: SSO_DEFAULT_ROLES.filter((candidate) => canAssignRole(role, candidate)),
    privateIssuersAllowed: privateIssuersAllowed(),
  };
}
