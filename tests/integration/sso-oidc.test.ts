// Single sign-on with OpenID Connect (ADR 041-sso, issue 33) against a REAL OpenID provider (oidc-provider on a
// local port): the settings page, the whole code flow through the production build (redirects followed with fetch and
// a cookie jar), accounts made just in time with the default role, linking, seats, the "SSO required" policy at the
// password form and /api/login, and the callbacks that must be refused: a state from another browser, a tampered
// nonce, a code from another issuer.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { openSecret } from "~/modules/platform/secret-box.server";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import { grantSeats } from "~/modules/workspaces/seats.server";
import { inviteMember } from "~/modules/workspaces/invitations.server";
import { getSsoSettings } from "~/modules/workspaces/sso.server";
import { followToCallback, startOidcProvider, type TestOidcProvider } from "../oidc-provider";
import { appHandler, cookiesFrom, postJson } from "./app-handler";
import { signedInUser, testOutbox, waitForEmail } from "./helpers";

const APP_URL = "http://localhost:3000"; // vitest.config.ts
const CALLBACK = `${APP_URL}/auth/sso/callback`;

let app: Awaited<ReturnType<typeof appHandler>>;
let provider: TestOidcProvider;
let otherProvider: TestOidcProvider;

beforeAll(async () => {
  // The provider runs on this machine: the operator's allowance for private issuers (docs/deploy.md).
  process.env.SSO_ALLOW_PRIVATE_ISSUERS = "1";
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
  provider = await startOidcProvider({ redirectUri: CALLBACK });
  // The same client registered at a second issuer: its codes and tokens must not be taken for the first one's.
  otherProvider = await startOidcProvider({
    redirectUri: CALLBACK,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  });
});
afterAll(async () => {
  await stopJobs();
  await provider?.close();
  await otherProvider?.close();
});

function formPost(fields: Record<string, string>, cookie?: string): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  };
}

const PASSWORD = "secret-123"; // signedInUser's

/** A team with SSO set up through its settings page by its owner; `domain` is its own, random. */
async function ssoTeam({ seats = 5, defaultRole = "REVIEWER", ssoRequired = false } = {}) {
  const owner = await signedInUser("BUSINESS_PRO");
  const workspace = await createTeamWorkspace(owner.id, `Firm ${crypto.randomUUID().slice(0, 8)}`);
  await grantSeats(workspace.id, seats);
  const domain = `firm-${crypto.randomUUID().slice(0, 8)}.com`;
  const fields = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    domains: domain,
    defaultRole,
    enabled: "on",
    ...(ssoRequired ? { ssoRequired: "on" } : {}),
  };
  const saved = await app(`/workspaces/${workspace.id}/sso`, formPost(fields, owner.cookie));
  expect(saved.status, await saved.clone().text()).toBe(303);
  return { owner, workspace, domain };
}

/** A person at the provider, with a verified address at `domain` unless told otherwise. */
function identity(domain: string, claims: { email_verified?: boolean; email?: string } = {}) {
  const subject = `sub-${crypto.randomUUID()}`;
  const email = claims.email ?? `${subject.slice(4, 12)}@${domain}`;
  provider.accounts.set(subject, { email, email_verified: claims.email_verified ?? true, given_name: "Rosa" });
  otherProvider.accounts.set(subject, { email, email_verified: true, given_name: "Rosa" });
  return { subject, email };
}

/** "Sign in with SSO": the form, then the provider's redirects; returns the callback URL and this browser's cookie. */
async function startSignIn(email: string, { as }: { as: string }) {
  const started = await app("/signin/sso", formPost({ email }));
  const page = await started.text();
  expect(started.status, page).toBe(200);
  // The page sends the browser on by a meta refresh (and a link), not a redirect: see routes/auth/sso.tsx.
  const authorizationUrl = /content="0;url=([^"]+)"/.exec(page)![1]!.replaceAll("&amp;", "&");
  expect(authorizationUrl.startsWith(`${provider.issuer}/auth?`)).toBe(true);
  provider.signInAs(as);
  otherProvider.signInAs(as);
  return { authorizationUrl, browser: cookiesFrom(started) };
}

/** The provider's answer delivered to the app's callback, as the browser would. */
const callback = (url: URL, browser: string) =>
  app(`${url.pathname}${url.search}`, { headers: { Cookie: browser, "User-Agent": "SSO test" } });

async function signInWithSso(email: string, subject: string) {
  const { authorizationUrl, browser } = await startSignIn(email, { as: subject });
  return callback(await followToCallback(authorizationUrl, CALLBACK), browser);
}

const auditActions = async (workspaceId: string) =>
  (await (await db()).auditEvent.findMany({ where: { workspaceId }, orderBy: { seq: "asc" } })).map((row) => ({
    action: row.action,
    detail: row.detail,
  }));

async function toastOf(response: Response): Promise<string> {
  // The toast rides in a cookie; the page it leads to shows it.
  const page = await app(response.headers.get("Location")!, { headers: { Cookie: cookiesFrom(response) } });
  return page.text();
}

describe("settings", () => {
  test("the owner saves them on the settings page; the secret is sealed and never shown", async () => {
    const { owner, workspace, domain } = await ssoTeam();
    const row = await (await db()).workspaceSso.findUniqueOrThrow({ where: { workspaceId: workspace.id } });
    expect(row.clientSecretEncrypted).not.toContain(provider.clientSecret);
    expect(openSecret(row.clientSecretEncrypted)).toBe(provider.clientSecret);
    const settings = await getSsoSettings(workspace.id);
    expect(settings).toMatchObject({
      enabled: true,
      hasClientSecret: true,
      domains: [domain],
      defaultRole: "REVIEWER",
    });
    expect(JSON.stringify(settings)).not.toContain(provider.clientSecret);
    const page = await (await app(`/workspaces/${workspace.id}/sso`, { headers: { Cookie: owner.cookie } })).text();
    expect(page).toContain(CALLBACK);
    expect(page).not.toContain(provider.clientSecret);
    expect((await auditActions(workspace.id)).map((entry) => entry.action)).toContain("sso.settings-changed");
  });

  test("a member without manage-policy is refused; owner is not a default role; public mail domains are refused", async () => {
    const { workspace } = await ssoTeam();
    const member = await signedInUser();
    await (
      await db()
    ).workspaceMember.create({ data: { workspaceId: workspace.id, userId: member.id, role: "MEMBER" } });
    expect((await app(`/workspaces/${workspace.id}/sso`, { headers: { Cookie: member.cookie } })).status).toBe(403);

    const { owner } = await ssoTeam();
    const base = { issuer: provider.issuer, clientId: "c", domains: "example.org" };
    const owners = await app(
      `/workspaces/${workspace.id}/sso`,
      formPost({ ...base, defaultRole: "OWNER" }, owner.cookie),
    );
    expect(owners.status).toBe(400);
    const gmail = await app(
      `/workspaces/${workspace.id}/sso`,
      formPost({ ...base, domains: "gmail.com", defaultRole: "MEMBER" }, owner.cookie),
    );
    expect(gmail.status).toBe(400);
    expect(await gmail.text()).toContain("gmail.com is a public email service");
  });

  test("private issuers are refused unless the operator allows them", async () => {
    const owner = await signedInUser("BUSINESS_PRO");
    const workspace = await createTeamWorkspace(owner.id, "Private issuer firm");
    process.env.SSO_ALLOW_PRIVATE_ISSUERS = "0";
    try {
      for (const issuer of [provider.issuer, "https://127.0.0.1:8443/realms/staff", "https://169.254.169.254"]) {
        const refused = await app(
          `/workspaces/${workspace.id}/sso`,
          formPost(
            { issuer, clientId: "c", clientSecret: "s", domains: "private-firm.com", defaultRole: "MEMBER" },
            owner.cookie,
          ),
        );
        expect(refused.status).toBe(422);
        expect(await refused.text()).toMatch(/must be an https|private or local address/);
      }
    } finally {
      process.env.SSO_ALLOW_PRIVATE_ISSUERS = "1";
    }
  });
});

describe("signing in", () => {
  test("a first sign-in creates the account with the default role; the next one matches by subject", async () => {
    const { workspace, domain } = await ssoTeam({ defaultRole: "REVIEWER" });
    const person = identity(domain);
    const signedIn = await signInWithSso(person.email, person.subject);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/dashboard");
    const session = cookiesFrom(signedIn);
    const me = await app("/api/user", { headers: { Cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: person.email });

    const database = await db();
    const user = await database.user.findUniqueOrThrow({
      where: { email: person.email },
      include: { workspaceMemberships: true, ssoIdentities: true },
    });
    expect(user.passwordHash).toBeNull();
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.workspaceMemberships).toMatchObject([{ workspaceId: workspace.id, role: "REVIEWER" }]);
    expect(user.ssoIdentities).toMatchObject([{ issuer: provider.issuer, subject: person.subject }]);

    // The provider changes the address: the subject still finds the same account.
    provider.accounts.set(person.subject, { email: `renamed@${domain}`, email_verified: true });
    const again = await signInWithSso(`renamed@${domain}`, person.subject);
    expect(again.status).toBe(302);
    expect(await database.user.count({ where: { email: `renamed@${domain}` } })).toBe(0);

    const actions = (await auditActions(workspace.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === "sso.account-created")).toHaveLength(1);
    expect(actions.filter((action) => action === "sso.sign-in")).toHaveLength(2);
    expect(
      await database.auditEvent.count({ where: { action: "sign-in", actorId: user.id, detail: { contains: "SSO" } } }),
    ).toBe(2);
  });

  test("an existing account is linked only when it is already a member; a stranger's account is not taken", async () => {
    const { workspace, domain } = await ssoTeam();
    const database = await db();
    const member = identity(domain);
    const memberUser = await database.user.create({
      data: { email: member.email, firstName: "M", lastName: "E", emailVerifiedAt: new Date() },
    });
    await database.workspaceMember.create({
      data: { workspaceId: workspace.id, userId: memberUser.id, role: "MEMBER" },
    });
    const linked = await signInWithSso(member.email, member.subject);
    expect(linked.status).toBe(302);
    expect(linked.headers.get("Location")).toBe("/dashboard");
    expect(await database.ssoIdentity.findFirst({ where: { subject: member.subject } })).toMatchObject({
      userId: memberUser.id,
    });
    expect((await auditActions(workspace.id)).map((entry) => entry.action)).toContain("sso.account-linked");

    const stranger = identity(domain);
    await database.user.create({
      data: { email: stranger.email, firstName: "S", lastName: "T", emailVerifiedAt: new Date() },
    });
    const refused = await signInWithSso(stranger.email, stranger.subject);
    expect(refused.headers.get("Location")).toBe("/signin/sso");
    expect(await toastOf(refused)).toContain("already exists and is not a member");
    expect(await database.ssoIdentity.count({ where: { subject: stranger.subject } })).toBe(0);
  });

  test("an address the provider does not vouch for is refused", async () => {
    const { workspace, domain } = await ssoTeam();
    const unverified = identity(domain, { email_verified: false });
    const refused = await signInWithSso(unverified.email, unverified.subject);
    expect(refused.headers.get("Location")).toBe("/signin/sso");
    expect(await toastOf(refused)).toContain("did not confirm an email address");
    expect(await (await db()).user.count({ where: { email: unverified.email } })).toBe(0);
    expect((await auditActions(workspace.id)).at(-1)?.action).toBe("sso.refused");
  });

  test("a full workspace refuses a new member, and no account is left behind", async () => {
    const { workspace, domain } = await ssoTeam({ seats: 1 });
    const person = identity(domain);
    const refused = await signInWithSso(person.email, person.subject);
    expect(refused.headers.get("Location")).toBe("/signin/sso");
    expect(await toastOf(refused)).toContain(`Every seat in ${workspace.name} is taken`);
    expect(await (await db()).user.count({ where: { email: person.email } })).toBe(0);
  });

  test("an email whose domain has no single sign-on gets a sentence, not a redirect", async () => {
    const response = await app("/signin/sso", formPost({ email: "someone@no-sso-here.com" }));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("No workspace signs in with single sign-on for no-sso-here.com");
  });
});

describe("SSO required", () => {
  test("members cannot use a password or /api/login; the owner can (break-glass); SSO still works", async () => {
    const { owner, workspace, domain } = await ssoTeam({ ssoRequired: true });
    const database = await db();
    const member = await signedInUser();
    await database.workspaceMember.create({ data: { workspaceId: workspace.id, userId: member.id, role: "ADMIN" } });
    const memberEmail = (await database.user.findUniqueOrThrow({ where: { id: member.id } })).email;

    const form = await app("/signin", formPost({ email: memberEmail, password: PASSWORD }));
    expect(form.status).toBe(403);
    expect(await form.text()).toContain(`${workspace.name} requires single sign-on`);
    expect(cookiesFrom(form)).not.toContain("voxlate_session");

    const api = await app("/api/login", postJson({ email: memberEmail, password: PASSWORD }));
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: "SSO_REQUIRED", error: expect.stringContaining("/signin/sso") });

    // A wrong password is answered as for anyone: the policy is told only to whoever knows the password.
    const wrong = await app("/api/login", postJson({ email: memberEmail, password: "not-it-at-all" }));
    expect(wrong.status).toBe(401);

    const ownerEmail = (await database.user.findUniqueOrThrow({ where: { id: owner.id } })).email;
    expect((await app("/signin", formPost({ email: ownerEmail, password: PASSWORD }))).status).toBe(302);

    const person = identity(domain);
    expect((await signInWithSso(person.email, person.subject)).headers.get("Location")).toBe("/dashboard");
    expect(await auditActions(workspace.id)).toContainEqual({
      action: "sign-in.failed",
      detail: expect.stringContaining("sso-required"),
    });
  });
});

describe("SSO required and invitations", () => {
  test("an invitee who makes an account joins, but is not signed in by its password: the first sign-in is by SSO", async () => {
    const { owner, workspace, domain } = await ssoTeam({ ssoRequired: true });
    const person = identity(domain);
    const since = Date.now();
    await inviteMember(owner.id, workspace.id, { email: person.email, role: "MEMBER" });
    const mail = await waitForEmail(person.email, /invited you to/, since);
    const token = /\/invitations\/([\w-]+)/.exec(mail.text)![1];
    const joined = await app(
      `/invitations/${token}`,
      formPost({ intent: "signup", firstName: "Rosa", lastName: "Diaz", password: "a-long-unusual-passphrase" }),
    );
    expect(joined.status).toBe(303);
    expect(joined.headers.get("Location")).toBe("/signin/sso");
    expect(cookiesFrom(joined)).not.toContain("voxlate_session");
    expect(await toastOf(joined)).toContain(`${workspace.name} requires single sign-on`);
    const user = await (await db()).user.findUniqueOrThrow({ where: { email: person.email } });
    expect(await (await db()).workspaceMember.count({ where: { workspaceId: workspace.id, userId: user.id } })).toBe(1);
    // The password it chose does not open the account either; the provider does.
    expect(
      (await app("/signin", formPost({ email: person.email, password: "a-long-unusual-passphrase" }))).status,
    ).toBe(403);
    expect((await signInWithSso(person.email, person.subject)).headers.get("Location")).toBe("/dashboard");
  });
});

describe("refused callbacks", () => {
  test("a state that is not this browser's", async () => {
    const { workspace, domain } = await ssoTeam();
    const person = identity(domain);
    const { authorizationUrl } = await startSignIn(person.email, { as: person.subject });
    const url = await followToCallback(authorizationUrl, CALLBACK);
    // Another browser (an attacker's link) has no cookie, or its own sign-in's.
    const other = await startSignIn(person.email, { as: person.subject });
    for (const browser of ["", other.browser]) {
      const refused = await callback(url, browser);
      expect(refused.headers.get("Location")).toBe("/signin/sso");
      expect(cookiesFrom(refused)).not.toContain("voxlate_session");
    }
    const forged = new URL(url);
    forged.searchParams.set("state", "forged");
    expect((await callback(forged, other.browser)).headers.get("Location")).toBe("/signin/sso");
    expect(await (await db()).user.count({ where: { email: person.email } })).toBe(0);
    expect(
      await (await db()).auditEvent.count({ where: { action: "sso.refused", workspaceId: null } }),
    ).toBeGreaterThan(2);
    void workspace;
  });

  test("a state is used once", async () => {
    const { domain } = await ssoTeam();
    const person = identity(domain);
    const { authorizationUrl, browser } = await startSignIn(person.email, { as: person.subject });
    const url = await followToCallback(authorizationUrl, CALLBACK);
    expect((await callback(url, browser)).headers.get("Location")).toBe("/dashboard");
    expect((await callback(url, browser)).headers.get("Location")).toBe("/signin/sso");
  });

  test("a nonce that does not match the ID token's", async () => {
    const { workspace, domain } = await ssoTeam();
    const person = identity(domain);
    const { authorizationUrl, browser } = await startSignIn(person.email, { as: person.subject });
    const url = await followToCallback(authorizationUrl, CALLBACK);
    const database = await db();
    await database.ssoSignIn.updateMany({ where: { workspaceId: workspace.id }, data: { nonce: "tampered-nonce" } });
    const refused = await callback(url, browser);
    expect(refused.headers.get("Location")).toBe("/signin/sso");
    expect(await toastOf(refused)).toContain("could not be verified");
    expect(await database.user.count({ where: { email: person.email } })).toBe(0);
    expect(await auditActions(workspace.id)).toContainEqual({
      action: "sso.refused",
      detail: expect.stringMatching(/nonce/i),
    });
  });

  test("a code from another issuer (a mix-up)", async () => {
    const { workspace, domain } = await ssoTeam();
    const person = identity(domain);
    const { authorizationUrl, browser } = await startSignIn(person.email, { as: person.subject });
    // The same request, answered by the second provider: its code, its `iss`, the app's own state.
    const atOther = authorizationUrl.replace(provider.issuer, otherProvider.issuer);
    const url = await followToCallback(atOther, CALLBACK);
    expect(url.searchParams.get("iss")).toBe(otherProvider.issuer);
    const refused = await callback(url, browser);
    expect(refused.headers.get("Location")).toBe("/signin/sso");
    expect(await (await db()).user.count({ where: { email: person.email } })).toBe(0);
    expect((await auditActions(workspace.id)).at(-1)?.action).toBe("sso.refused");

    // Without the `iss` parameter, the code still means nothing to the workspace's own provider.
    const second = await startSignIn(person.email, { as: person.subject });
    const bare = await followToCallback(
      second.authorizationUrl.replace(provider.issuer, otherProvider.issuer),
      CALLBACK,
    );
    bare.searchParams.delete("iss");
    expect((await callback(bare, second.browser)).headers.get("Location")).toBe("/signin/sso");
  });
});
