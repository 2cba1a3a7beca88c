// Sessions and a team's security (ADR 040-sessions, issue 33): session tokens kept only as hashes (and the migration
// that keeps existing sessions), the sessions list and its sign-outs, sign-in events in a workspace's log, the policy
// "two-factor required" (page, enforcement, /api/v1), and an administrator's view and reset of members' second
// factors — on a real database and mail outbox, the pages and /api/v1 through the production build.
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { hashPassword } from "~/modules/accounts/password.server";
import { newRecoveryCodes } from "~/modules/accounts/two-factor.server";
import { workspaceAuditEvents } from "~/modules/audit/audit.server";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import {
  createUserSession,
  getUserId,
  hashSessionToken,
  LAST_SEEN_GRANULARITY_MS,
  sessionTokenFromCookieHeader,
} from "~/modules/platform/session.server";
import { personalWorkspaceId, switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { appHandler, cookiesFrom } from "./app-handler";
import { testOutbox, waitForEmail } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

const PASSWORD = "secret-123";

/** A verified account with a password, signed in from one browser (its Cookie header) at `ip`. */
async function person(ip = "203.0.113.9") {
  const email = `person-${crypto.randomUUID()}@example.com`;
  const user = await (
    await db()
  ).user.create({
    data: {
      email,
      firstName: "Ada",
      lastName: "L",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: new Date(),
    },
  });
  const browser = new Request("http://localhost/", {
    headers: { "User-Agent": "Mozilla/5.0 (X11; Linux) Firefox/140.0" },
  });
  const cookie = (await createUserSession(user.id, browser, ip)).split(";")[0]!;
  return { id: user.id, email, cookie };
}

/** A team with an owner, an admin, a member and a viewer; an outsider who belongs to none of it. */
async function firm() {
  const [owner, admin, member, viewer, outsider] = await Promise.all([
    person(),
    person(),
    person(),
    person(),
    person(),
  ]);
  const workspace = await (
    await db()
  ).workspace.create({
    data: {
      name: `Firm ${crypto.randomUUID().slice(0, 6)}`,
      kind: "TEAM",
      seats: 10,
      members: {
        create: [
          { userId: owner.id, role: "OWNER" },
          { userId: admin.id, role: "ADMIN" },
          { userId: member.id, role: "MEMBER" },
          { userId: viewer.id, role: "VIEWER" },
        ],
      },
    },
  });
  return { workspace, owner, admin, member, viewer, outsider };
}

function formPost(fields: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  };
}

const page = (path: string, cookie: string) => app(path, { headers: { Cookie: cookie } });

/** An API key made while the workspace is the creator's current one: it acts in that workspace (ADR 034). */
async function keyIn(userId: string, workspaceId: string, scopes: ("read" | "write")[] = ["read", "write"]) {
  await switchWorkspace(userId, workspaceId);
  return (await createApiKey(userId, `Key ${crypto.randomUUID().slice(0, 6)}`, scopes)).key;
}

const api = (key: string, path: string, init: RequestInit = {}) =>
  app(`/api/v1${path}`, { ...init, headers: { Authorization: `Bearer ${key}`, ...(init.headers ?? {}) } });

const patchJson = (body: unknown): RequestInit => ({
  method: "PATCH",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

async function workspaceLog(workspaceId: string) {
  return (await workspaceAuditEvents(workspaceId, {}, { take: 100 })).events;
}

/** Turns on a member's authenticator app with `codesLeft` unused recovery codes, as a finished enrolment leaves it. */
async function withAuthenticatorApp(userId: string, codesLeft = 10) {
  const database = await db();
  await database.twoFactor.create({
    data: { userId, secretEncrypted: "sealed-elsewhere", enabledAt: new Date(), lastUsedStep: 1 },
  });
  await newRecoveryCodes(userId);
  const spent = await database.recoveryCode.findMany({ where: { userId }, take: 10 - codesLeft, select: { id: true } });
  await database.recoveryCode.updateMany({
    where: { id: { in: spent.map((code) => code.id) } },
    data: { usedAt: new Date() },
  });
}

describe("session tokens", () => {
  test("the database keeps only the SHA-256 of the cookie's token", async () => {
    const user = await person();
    const token = (await sessionTokenFromCookieHeader(user.cookie))!;
    const rows = await (await db()).session.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(rows[0]!.id).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.ipAddress).toBe("203.0.113.9");
    // The row's public id signs nobody in.
    const forged = (await signedCookie("voxlate_session").serialize(rows[0]!.id)).split(";")[0]!;
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: forged } }))).toBeUndefined();
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: user.cookie } }))).toBe(user.id);
  });

  test("a request writes 'last seen' when the last one is older than the granularity, not on every request", async () => {
    const user = await person();
    const database = await db();
    const longAgo = new Date(Date.now() - LAST_SEEN_GRANULARITY_MS - 60_000);
    await database.session.updateMany({ where: { userId: user.id }, data: { lastSeenAt: longAgo } });
    const signedIn = () => new Request("http://localhost/", { headers: { Cookie: user.cookie } });
    expect(await getUserId(signedIn())).toBe(user.id);
    const seen = (await database.session.findFirstOrThrow({ where: { userId: user.id } })).lastSeenAt;
    expect(seen.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(await getUserId(signedIn())).toBe(user.id);
    expect((await database.session.findFirstOrThrow({ where: { userId: user.id } })).lastSeenAt).toEqual(seen);
  });

  test("the migration keeps an existing session signed in and removes its token from the table", async () => {
    const user = await person();
    const legacyToken = `legacy${crypto.randomBytes(12).toString("hex")}`;
    const database = await db();
    // A row as it was before: the id was the cookie's value (the hash is filled in by the migration's UPDATE).
    await database.session.create({
      data: {
        id: legacyToken,
        tokenHash: `pending-${legacyToken}`,
        userId: user.id,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const sql = fs.readFileSync(
      "prisma/migrations/20261127110200_session_token_hashes_and_two_factor_policy/migration.sql",
      "utf8",
    );
    const update = /UPDATE "Session" SET [^;]+/.exec(sql)![0];
    await database.$executeRawUnsafe(`${update} WHERE "tokenHash" = 'pending-${legacyToken}'`);
    const legacyCookie = (await signedCookie("voxlate_session").serialize(legacyToken)).split(";")[0]!;
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: legacyCookie } }))).toBe(user.id);
    expect(await database.session.count({ where: { id: legacyToken } })).toBe(0);
    expect(await database.session.count({ where: { tokenHash: hashSessionToken(legacyToken) } })).toBe(1);
  });
});

describe("the sessions list", () => {
  test("shows each browser with its address, and signs one out or all the others, into the audit trail", async () => {
    const user = await person("198.51.100.20");
    const other = (await createUserSession(user.id, new Request("http://localhost/"), "198.51.100.21")).split(";")[0]!;
    const third = (await createUserSession(user.id, new Request("http://localhost/"), "198.51.100.22")).split(";")[0]!;
    const html = await (await page("/account", user.cookie)).text();
    expect(html).toContain("This browser");
    expect(html).toContain("from 198.51.100.21");
    expect(html).toContain("last seen");

    const sessions = await (await db()).session.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    const otherRow = sessions.find((row) => row.ipAddress === "198.51.100.21")!;
    // Another user's session id does nothing.
    const stranger = await person();
    const strangerRow = await (await db()).session.findFirstOrThrow({ where: { userId: stranger.id } });
    await app("/account", formPost({ intent: "revoke-session", sessionId: strangerRow.id }, user.cookie));
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: stranger.cookie } }))).toBe(
      stranger.id,
    );

    const revoked = await app("/account", formPost({ intent: "revoke-session", sessionId: otherRow.id }, user.cookie));
    expect(revoked.status).toBe(302);
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: other } }))).toBeUndefined();

    const others = await app("/account", formPost({ intent: "sign-out-others" }, user.cookie));
    expect(others.status).toBe(302);
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: third } }))).toBeUndefined();
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: user.cookie } }))).toBe(user.id);

    const trail = await (
      await db()
    ).auditEvent.findMany({
      where: { actorId: user.id },
      orderBy: { seq: "asc" },
      select: { action: true, detail: true },
    });
    expect(trail).toEqual([
      { action: "session.revoked", detail: null },
      { action: "sessions.revoked-others", detail: '{"count":1}' },
    ]);
  });
});

describe("sign-in events in a workspace's log", () => {
  test("its members' sign-ins, failed sign-ins and sign-outs since they joined, recorded once", async () => {
    const { workspace, member, owner } = await firm();
    const signIn = await app("/signin", formPost({ email: member.email, password: PASSWORD }), {
      clientIp: "192.0.2.4",
    });
    expect(signIn.status).toBe(302);
    const signedIn = cookiesFrom(signIn);
    const session = await (
      await db()
    ).session.findFirstOrThrow({ where: { userId: member.id, ipAddress: "192.0.2.4" } });
    expect(session.ipAddress).toBe("192.0.2.4");
    const failed = await app("/signin", formPost({ email: member.email, password: "wrong-password" }), {
      clientIp: "192.0.2.5",
    });
    expect(failed.status).toBe(401);
    const out = await app("/logout", formPost({}, signedIn));
    expect(out.status).toBe(303);
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: signedIn } }))).toBeUndefined();

    const log = await workspaceLog(workspace.id);
    const memberEvents = log
      .filter((event) => event.actorId === member.id || event.targetId === member.id)
      .map((event) => event.action);
    expect(memberEvents).toEqual(["sign-out", "sign-in.failed", "new-device", "sign-in"]);
    // Once, with no workspace: the account's event, shown in each of its workspaces.
    expect(log.filter((event) => event.action === "sign-out").every((event) => event.workspaceId === null)).toBe(true);
    // Not in a workspace the person does not belong to, nor from before they joined.
    const other = await firm();
    expect((await workspaceLog(other.workspace.id)).some((event) => event.actorId === member.id)).toBe(false);
    await (
      await db()
    ).workspaceMember.create({ data: { workspaceId: other.workspace.id, userId: member.id, role: "MEMBER" } });
    expect((await workspaceLog(other.workspace.id)).some((event) => event.actorId === member.id)).toBe(false);
    // The owner's audit page shows them.
    const auditPage = await (await page(`/workspaces/${workspace.id}/audit`, owner.cookie)).text();
    expect(auditPage).toContain("Signed out");
  });
});

describe("the policy: two-factor required", () => {
  test("the security page: owners and admins set it, audited; other roles, outsiders and personal workspaces are refused", async () => {
    const { workspace, owner, admin, member, outsider } = await firm();
    // With the policy on, those without a second factor are sent to set one up, owners and admins too.
    await withAuthenticatorApp(owner.id);
    const here = `/workspaces/${workspace.id}/security`;
    expect((await page(here, owner.cookie)).status).toBe(200);
    expect((await page(here, admin.cookie)).status).toBe(200);
    expect((await page(here, member.cookie)).status).toBe(403);
    expect((await page(here, outsider.cookie)).status).toBe(404);
    expect((await page(`/workspaces/${await personalWorkspaceId(owner.id)}/security`, owner.cookie)).status).toBe(409);
    expect(await (await page(`/workspaces/${workspace.id}/members`, owner.cookie)).text()).toContain(here);

    const refused = await app(here, formPost({ intent: "policies", twoFactorRequired: "on" }, member.cookie));
    expect(refused.status).toBe(403);
    const bad = await app(here, formPost({ intent: "policies", twoFactorRequired: "yes" }, admin.cookie));
    expect(bad.status).toBe(400);

    const saved = await app(here, formPost({ intent: "policies", twoFactorRequired: "on" }, admin.cookie));
    expect(saved.status).toBe(303);
    expect((await (await db()).workspace.findUniqueOrThrow({ where: { id: workspace.id } })).twoFactorRequired).toBe(
      true,
    );
    expect(await (await page(here, owner.cookie)).text()).toMatch(/name="twoFactorRequired"[^>]*checked/);
    const changes = (await workspaceLog(workspace.id)).filter((event) => event.action === "policy.changed");
    expect(changes.map((event) => [event.actorId, event.detail])).toEqual([
      [admin.id, '{"from":false,"policy":"two-factor-required","to":true}'],
    ]);
    // Unticked: off again.
    expect((await app(here, formPost({ intent: "policies" }, owner.cookie))).status).toBe(303);
    expect((await (await db()).workspace.findUniqueOrThrow({ where: { id: workspace.id } })).twoFactorRequired).toBe(
      false,
    );
  });

  test("members without a second factor are sent to set one up; sign-out, the chat and API keys keep working", async () => {
    const { workspace, owner, member } = await firm();
    const memberKey = await keyIn(member.id, workspace.id, ["read"]);
    await withAuthenticatorApp(owner.id);
    await (await db()).workspace.update({ where: { id: workspace.id }, data: { twoFactorRequired: true } });

    // Signed in: the next page goes to enrolment, which itself opens.
    const dashboard = await page("/dashboard", member.cookie);
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("Location")).toBe("/account/two-factor");
    const enrolment = await page("/account/two-factor", member.cookie);
    expect(enrolment.status).toBe(200);
    expect(await enrolment.text()).toContain("requires two-factor sign-in");
    // The owner has a factor: not sent anywhere.
    expect((await page("/dashboard", owner.cookie)).status).toBe(200);
    // The workspace's key is not a person: it keeps working.
    expect((await api(memberKey, "/recordings")).status).toBe(200);
    // The support chat is outside the app's pages.
    expect((await page("/support-chat", member.cookie)).status).not.toBe(302);

    // At the next sign-in, straight to enrolment.
    const signIn = await app("/signin", formPost({ email: member.email, password: PASSWORD }), {
      clientIp: "192.0.2.9",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/account/two-factor");

    // Sign-out works.
    const out = await app("/logout", formPost({}, member.cookie));
    expect(out.status).toBe(303);
    expect(await getUserId(new Request("http://localhost/", { headers: { Cookie: member.cookie } }))).toBeUndefined();

    // Once the member has a factor, the app opens; turning it off is refused while the policy holds.
    const signedIn = cookiesFrom(signIn);
    await withAuthenticatorApp(member.id);
    expect((await page("/dashboard", signedIn)).status).toBe(200);
    const off = await app("/account/two-factor", formPost({ intent: "two-factor-disable", code: "123456" }, signedIn));
    expect(off.status).toBe(409);
    expect(await off.text()).toContain("requires a second factor");
  });

  test("GET and PATCH /api/v1/workspaces/{id}/policies", async () => {
    const { workspace, owner, member } = await firm();
    const ownerKey = await keyIn(owner.id, workspace.id);
    const path = `/workspaces/${workspace.id}/policies`;
    const read = await api(ownerKey, path);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      twoFactorRequired: false,
      ssoRequired: false,
      sso: { enabled: false, hasClientSecret: false, domains: [], defaultRole: "member" },
      scim: { enabled: false, defaultRole: "member", tokens: [], groups: [] },
    });

    const changed = await api(ownerKey, path, patchJson({ twoFactorRequired: true }));
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ twoFactorRequired: true, ssoRequired: false });
    expect((await workspaceLog(workspace.id)).filter((event) => event.action === "policy.changed")).toHaveLength(1);

    // SSO and SCIM settings through the same door: a secret goes in and never comes out; requiring SSO needs it on.
    const sso = await api(
      ownerKey,
      path,
      patchJson({
        sso: { clientId: "voxlate", clientSecret: "s3cret-from-the-provider" },
        scim: { defaultRole: "viewer" },
      }),
    );
    expect(sso.status).toBe(200);
    const body = await sso.text();
    expect(body).not.toContain("s3cret-from-the-provider");
    expect(JSON.parse(body)).toMatchObject({
      sso: { enabled: false, clientId: "voxlate", hasClientSecret: true },
      scim: { defaultRole: "viewer" },
    });
    const required = await api(ownerKey, path, patchJson({ ssoRequired: true }));
    expect(required.status).toBe(422);
    expect(((await required.json()) as { detail: string }).detail).toMatch(
      /Turn single sign-on on before requiring it/,
    );
    expect((await api(ownerKey, path, patchJson({ sso: { defaultRole: "owner" } }))).status).toBe(422);

    expect((await api(ownerKey, path, patchJson({ twoFactorRequired: "yes" }))).status).toBe(422);
    expect((await api(ownerKey, path, patchJson({ ssoRequired: true, typo: 1 }))).status).toBe(422);
    expect((await api(ownerKey, path, { method: "PUT" })).status).toBe(405);
    // The member's key: their role may not; another workspace's id: not found to this key.
    const memberKey = await keyIn(member.id, workspace.id);
    expect((await api(memberKey, path)).status).toBe(403);
    const elsewhere = await firm();
    expect((await api(ownerKey, `/workspaces/${elsewhere.workspace.id}/policies`)).status).toBe(404);
    // A personal workspace has no policies.
    const personal = await personalWorkspaceId(owner.id);
    const personalKey = await keyIn(owner.id, personal);
    expect((await api(personalKey, `/workspaces/${personal}/policies`)).status).toBe(409);

    const document = (await (await app("/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(document.paths).toHaveProperty(
      ["/workspaces/{workspaceId}/policies", "get", "operationId"],
      "getWorkspacePolicies",
    );
    expect(document.paths).toHaveProperty(
      ["/workspaces/{workspaceId}/policies", "patch", "operationId"],
      "updateWorkspacePolicies",
    );
    expect(document.paths).toHaveProperty(
      ["/workspaces/{workspaceId}/members/{userId}/reset-factors", "post", "operationId"],
      "resetMemberSecondFactors",
    );
  });
});

describe("members' second factors", () => {
  test("owners and admins see them; a reset removes them, ends the sessions, emails and is recorded", async () => {
    const { workspace, owner, admin, member, viewer } = await firm();
    await withAuthenticatorApp(member.id, 3);
    const members = `/workspaces/${workspace.id}/members`;
    // React puts a comment between the pieces of a sentence it renders.
    const ownerView = (await (await page(members, owner.cookie)).text()).replaceAll("<!-- -->", "");
    expect(ownerView).toContain("Two-factor app: on · 3 recovery codes left · 0 passkeys");
    expect(ownerView).toContain("Two-factor app: off");
    // A viewer does not manage members: no factors shown.
    expect(await (await page(members, viewer.cookie)).text()).not.toContain("Two-factor app:");

    // An admin may not reset an owner; nobody resets their own here.
    const onOwner = await app(members, formPost({ intent: "reset-factors", userId: owner.id }, admin.cookie));
    expect(onOwner.status).toBe(403);
    expect((await app(members, formPost({ intent: "reset-factors", userId: admin.id }, admin.cookie))).status).toBe(
      409,
    );
    const outsider = await person();
    expect((await app(members, formPost({ intent: "reset-factors", userId: outsider.id }, admin.cookie))).status).toBe(
      404,
    );

    const since = Date.now();
    const reset = await app(members, formPost({ intent: "reset-factors", userId: member.id }, admin.cookie));
    expect(reset.status).toBe(303);
    const database = await db();
    expect(await database.twoFactor.count({ where: { userId: member.id } })).toBe(0);
    expect(await database.recoveryCode.count({ where: { userId: member.id } })).toBe(0);
    expect(await database.session.count({ where: { userId: member.id } })).toBe(0);
    // The password is untouched: the member signs in again themselves.
    const back = await app("/signin", formPost({ email: member.email, password: PASSWORD }), {
      clientIp: "192.0.2.30",
    });
    expect(back.status).toBe(302);
    const mail = await waitForEmail(member.email, /second factors were reset/, since);
    expect(mail.text).toContain(workspace.name);
    const entry = (await workspaceLog(workspace.id)).find((event) => event.action === "second-factors.reset")!;
    expect(entry).toMatchObject({ actorId: admin.id, targetId: member.id, workspaceId: workspace.id });
  });

  test("POST /api/v1/workspaces/{id}/members/{userId}/reset-factors, and never in a personal workspace", async () => {
    const { workspace, owner, member } = await firm();
    await withAuthenticatorApp(member.id);
    const ownerKey = await keyIn(owner.id, workspace.id);
    const listed = (await (await api(ownerKey, `/workspaces/${workspace.id}/members`)).json()) as {
      data: { userId: string; secondFactors?: unknown }[];
    };
    expect(listed.data.find((row) => row.userId === member.id)?.secondFactors).toEqual({
      authenticatorApp: true,
      recoveryCodesLeft: 10,
      passkeys: 0,
    });
    const memberKey = await keyIn(member.id, workspace.id);
    const asMember = (await (await api(memberKey, `/workspaces/${workspace.id}/members`)).json()) as {
      data: { secondFactors?: unknown }[];
    };
    expect(asMember.data.every((row) => row.secondFactors === undefined)).toBe(true);
    const reset = await api(ownerKey, `/workspaces/${workspace.id}/members/${member.id}/reset-factors`, {
      method: "POST",
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ userId: member.id, email: member.email, reset: true });
    expect(await (await db()).twoFactor.count({ where: { userId: member.id } })).toBe(0);
    expect((await api(ownerKey, `/workspaces/${workspace.id}/members/${member.id}/reset-factors`)).status).toBe(405);
    const elsewhere = await firm();
    expect(
      (
        await api(ownerKey, `/workspaces/${elsewhere.workspace.id}/members/${elsewhere.member.id}/reset-factors`, {
          method: "POST",
        })
      ).status,
    ).toBe(404);
    const personal = await personalWorkspaceId(owner.id);
    const personalKey = await keyIn(owner.id, personal);
    expect(
      (await api(personalKey, `/workspaces/${personal}/members/${member.id}/reset-factors`, { method: "POST" })).status,
    ).toBe(409);
  });
});
