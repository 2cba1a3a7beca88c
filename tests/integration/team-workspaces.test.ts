// @both-databases: the workspace row lock (withWorkspaceLocked) in app/modules/workspaces/team-workspaces.server.ts that two accepts for the last seat meet, and the pooled minutes' FOR UPDATE on the billing owner in app/modules/usage/usage.server.ts
// Team workspaces, invitations, seats and the workspace API (issue 32 items 1, 4 and 6; ADR 035-teams), on a real
// database, queue and mail outbox, the pages and /api/v1 through the production build, and Stripe's fake (through
// MSW) for the seats billed as the subscription's quantity.
import "./billing-env";
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { lookupKeyFor } from "~/modules/billing/catalog";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { createWebhookEndpoint, emitWebhookEvent, webhookOverview } from "~/modules/webhooks/webhooks.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { reserveSeconds, workspaceUsage } from "~/modules/usage/usage.server";
import {
  acceptInvitation,
  acceptInvitationWithNewAccount,
  invitationByToken,
  inviteMember,
  INVITATIONS_PER_HOUR,
  resendInvitation,
  revokeInvitation,
} from "~/modules/workspaces/invitations.server";
import { grantSeats, setSeats, takeOverBilling } from "~/modules/workspaces/seats.server";
import {
  changeMemberRole,
  createTeamWorkspace,
  deleteTeamWorkspace,
  leaveWorkspace,
  removeMember,
  renameWorkspace,
  workspaceMembers,
} from "~/modules/workspaces/team-workspaces.server";
import { personalWorkspaceId, switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { fakeStripe } from "../mocks/handlers";
import { signedWebhook } from "../mocks/stripe";
import { appHandler, cookiesFrom } from "./app-handler";
import { signedInUser, testOutbox, waitForEmail } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

beforeEach(() => {
  fakeStripe.reset();
  fakeStripe.seedPrice(lookupKeyFor("BUSINESS_PRO", "monthly"), 1999, "month", "Voxlate Business Pro");
});

const emailOf = async (userId: string) =>
  (await (await db()).user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } })).email;

/** A Business Pro account (granted, as plan:set would) with a team workspace of `seats` seats. */
async function team(seats = 1, name = `Firm ${crypto.randomUUID().slice(0, 8)}`) {
  const owner = await signedInUser("BUSINESS_PRO");
  const workspace = await createTeamWorkspace(owner.id, name);
  if (seats !== 1) await grantSeats(workspace.id, seats);
  return { owner, workspace };
}

/** The invitation link's token, read from the email in the outbox (the database keeps only its hash). */
async function invitationToken(email: string, since: number) {
  const mail = await waitForEmail(email, /invited you to/, since);
  const token = /\/invitations\/([\w-]+)/.exec(mail.text)?.[1];
  expect(token, "the email carries the link").toBeTruthy();
  return token!;
}

/** Invites a fresh address and returns it with the link's token. */
async function invite(ownerId: string, workspaceId: string, role: "ADMIN" | "MEMBER" | "VIEWER" | "OWNER" = "MEMBER") {
  const email = `invitee-${crypto.randomUUID()}@example.com`;
  const since = Date.now();
  await inviteMember(ownerId, workspaceId, { email, role });
  return { email, token: await invitationToken(email, since) };
}

/** An existing account made a member through an accepted invitation. */
async function member(ownerId: string, workspaceId: string, role: "ADMIN" | "MEMBER" | "VIEWER" | "OWNER") {
  const user = await signedInUser();
  const email = await emailOf(user.id);
  const since = Date.now();
  await inviteMember(ownerId, workspaceId, { email, role });
  await acceptInvitation(await invitationToken(email, since), user.id);
  return user;
}

describe("team workspaces", () => {
  test("only a plan with teams creates one; the creator is its owner and pays for its one seat", async () => {
    const free = await signedInUser("FREE");
    await expect(createTeamWorkspace(free.id, "Nope")).rejects.toMatchObject({
      status: 403,
      message: "Team workspaces are part of the Business Pro plan.",
    });
    const { owner, workspace } = await team();
    const row = await (await db()).workspace.findUniqueOrThrow({ where: { id: workspace.id } });
    expect(row).toMatchObject({ kind: "TEAM", billingOwnerId: owner.id, seats: 1 });
    expect(await workspaceMembers(owner.id, workspace.id)).toEqual([expect.objectContaining({ role: "OWNER" })]);
  });

  test("the pages work as forms: create on /workspaces, then the members page lists the owner", async () => {
    const free = await signedInUser("FREE");
    const page = await (await app("/workspaces", { headers: { Cookie: free.cookie } })).text();
    expect(page).toContain("Team workspaces are part of the Business Pro plan.");
    expect(page).toContain('href="/plan-selection"');

    const owner = await signedInUser("BUSINESS_PRO");
    const created = await app("/workspaces", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", name: "Ruiz & Partners" }),
    });
    expect(created.status).toBe(303);
    const members = created.headers.get("Location")!;
    expect(members).toMatch(/^\/workspaces\/[\w]+\/members$/);
    const html = (await (await app(members, { headers: { Cookie: owner.cookie } })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Ruiz &amp; Partners");
    expect(html).toContain("1 of 1 seat used");
    // The account page's billing section lists the seats the owner pays for, and leads to the usage per member.
    const account = (await (await app("/account", { headers: { Cookie: owner.cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(account).toContain("Ruiz &amp; Partners: 1 of 1 seat used");
    expect(account).toContain(`href="${members}"`);

    const blank = await app("/workspaces", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", name: "  " }),
    });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Give the workspace a name.");

    // Someone who is not a member: the workspace's existence does not leak.
    const stranger = await signedInUser("BUSINESS_PRO");
    expect((await app(members, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
  });

  test("owners stay: the last owner cannot be demoted, removed or leave; admins cannot touch owners", async () => {
    const { owner, workspace } = await team(4);
    const admin = await member(owner.id, workspace.id, "ADMIN");
    const viewer = await member(owner.id, workspace.id, "VIEWER");

    await expect(changeMemberRole(owner.id, workspace.id, owner.id, "ADMIN")).rejects.toMatchObject({ status: 409 });
    await expect(leaveWorkspace(owner.id, workspace.id)).rejects.toMatchObject({
      status: 409,
      message: "You are this workspace's only owner: make another member an owner first, or delete the workspace.",
    });
    await expect(changeMemberRole(admin.id, workspace.id, viewer.id, "OWNER")).rejects.toMatchObject({
      status: 403,
      message: "Your role in this workspace (admin) does not allow making, changing or removing owners.",
    });
    await expect(removeMember(admin.id, workspace.id, owner.id)).rejects.toMatchObject({ status: 403 });
    await expect(inviteMember(admin.id, workspace.id, { email: "x@example.com", role: "OWNER" })).rejects.toMatchObject(
      { status: 403 },
    );
    await expect(changeMemberRole(viewer.id, workspace.id, admin.id, "VIEWER")).rejects.toMatchObject({
      status: 403,
      message: "Your role in this workspace (viewer) does not allow inviting members and changing their roles.",
    });
    const stranger = await signedInUser("BUSINESS_PRO");
    await expect(changeMemberRole(stranger.id, workspace.id, viewer.id, "MEMBER")).rejects.toMatchObject({
      status: 404,
      message: "Workspace not found.",
    });

    // An admin manages the others; a second owner lets the first one step down, but not the one who pays.
    expect(await changeMemberRole(admin.id, workspace.id, viewer.id, "MEMBER")).toEqual({
      userId: viewer.id,
      role: "MEMBER",
    });
    await changeMemberRole(owner.id, workspace.id, admin.id, "OWNER");
    await expect(leaveWorkspace(owner.id, workspace.id)).rejects.toMatchObject({
      status: 409,
      message: "Your plan pays for this workspace's seats: you stay an owner while it does.",
    });
    await changeMemberRole(owner.id, workspace.id, admin.id, "ADMIN");
    await removeMember(admin.id, workspace.id, viewer.id);
    await leaveWorkspace(admin.id, workspace.id);
    // Each change joined the workspace's audit trail, refusals not (ADR 036-audit).
    const trail = await (
      await db()
    ).auditEvent.findMany({
      where: { workspaceId: workspace.id, action: { startsWith: "member." } },
      orderBy: { seq: "asc" },
      select: { action: true, actorId: true, targetId: true, detail: true },
    });
    expect(trail.map((entry) => entry.action)).toEqual([
      "member.role-changed",
      "member.role-changed",
      "member.role-changed",
      "member.removed",
      "member.removed",
    ]);
    expect(trail[1]).toMatchObject({ actorId: owner.id, targetId: admin.id, detail: '{"from":"ADMIN","to":"OWNER"}' });
    expect((await workspaceMembers(owner.id, workspace.id)).map((row) => row.userId)).toEqual([owner.id]);
  });

  test("rename needs manage-policy; delete names the workspace and refuses one with recordings", async () => {
    const { owner, workspace } = await team(3);
    const viewer = await member(owner.id, workspace.id, "VIEWER");
    await expect(renameWorkspace(viewer.id, workspace.id, "Mine")).rejects.toMatchObject({ status: 403 });
    await renameWorkspace(owner.id, workspace.id, "Renamed LLP");
    await expect(deleteTeamWorkspace(owner.id, workspace.id, "renamed")).rejects.toMatchObject({ status: 422 });
    const database = await db();
    const recording = await database.recording.create({
      data: {
        userId: owner.id,
        workspaceId: workspace.id,
        title: "Deposition",
        fileName: "d.wav",
        storageKey: `test/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 1,
      },
    });
    await expect(deleteTeamWorkspace(owner.id, workspace.id, "Renamed LLP")).rejects.toMatchObject({
      status: 409,
      message: "Renamed LLP still holds 1 recording: delete it first.",
    });
    await database.recording.delete({ where: { id: recording.id } });
    await deleteTeamWorkspace(owner.id, workspace.id, "Renamed LLP");
    expect(await database.workspace.findUnique({ where: { id: workspace.id } })).toBeNull();
    // The personal workspace is no team.
    await expect(renameWorkspace(owner.id, await personalWorkspaceId(owner.id), "X")).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe("the glossary", () => {
  test("a team shares one: owners and admins change it on the account page, a member sees it and is refused", async () => {
    const { owner, workspace } = await team(2);
    const colleague = await member(owner.id, workspace.id, "MEMBER");
    await switchWorkspace(owner.id, workspace.id);
    const post = (cookie: string, terms: string) =>
      app("/account", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ intent: "glossary", terms }),
      });
    expect((await post(owner.cookie, "Okafor\nLLP")).status).toBe(302);
    const database = await db();
    const glossaryOf = async (id: string) =>
      (await database.workspace.findUniqueOrThrow({ where: { id }, select: { glossary: true } })).glossary;
    expect(await glossaryOf(workspace.id)).toEqual(["Okafor", "LLP"]);
    // The owner's personal workspace keeps its own.
    expect(await glossaryOf(await personalWorkspaceId(owner.id))).toEqual([]);

    // Accepting made the team the colleague's current workspace: they see its list, not a form.
    const page = await (await app("/account", { headers: { Cookie: colleague.cookie } })).text();
    expect(page).toContain(`Glossary of ${workspace.name}`);
    expect(page).toMatch(/Only the team.{1,6}s owners and admins change it/);
    expect(page).not.toMatch(/<textarea[^>]*name="terms"/);
    const refused = await post(colleague.cookie, "Mine");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("does not allow");
    expect(await glossaryOf(workspace.id)).toEqual(["Okafor", "LLP"]);
  });
});

describe("webhooks", () => {
  test("belong to the workspace: its owners and admins add them, and they hear about every recording in it", async () => {
    const { owner, workspace } = await team(2);
    const colleague = await member(owner.id, workspace.id, "MEMBER");
    // Accepting made the team the colleague's current workspace; a member's role does not manage webhooks.
    await expect(
      createWebhookEndpoint(colleague.id, "https://93.184.215.14/hooks/team", ["transcription.completed"]),
    ).rejects.toMatchObject({ status: 403 });
    expect(await webhookOverview(colleague.id)).toEqual({ endpoints: [], deliveries: [], canManageWebhooks: false });

    const personal = await createWebhookEndpoint(owner.id, "https://93.184.215.14/hooks/own", [
      "transcription.completed",
    ]);
    await switchWorkspace(owner.id, workspace.id);
    const teamHook = await createWebhookEndpoint(owner.id, "https://93.184.215.14/hooks/team", [
      "transcription.completed",
    ]);
    // A recording of the team (the colleague's, say) is told to the team's endpoint only.
    await emitWebhookEvent(workspace.id, "transcription.completed", { recordingId: "rec_team" });
    const database = await db();
    const deliveries = await database.webhookDelivery.findMany({
      where: { endpointId: { in: [personal.id, teamHook.id] } },
      select: { endpointId: true },
    });
    expect(deliveries).toEqual([{ endpointId: teamHook.id }]);
    expect((await webhookOverview(owner.id)).endpoints.map((endpoint) => endpoint.url)).toEqual([
      "https://93.184.215.14/hooks/team",
    ]);
    // Nothing listens there: the endpoints go, so their queued deliveries find nothing to retry.
    await database.webhookEndpoint.deleteMany({ where: { id: { in: [personal.id, teamHook.id] } } });
  });
});

describe("invitations", () => {
  test("the link is random, kept only as a hash, works once and makes a verified account for the invited address", async () => {
    const { owner, workspace } = await team(2);
    const { email, token } = await invite(owner.id, workspace.id, "VIEWER");
    const row = await (await db()).workspaceInvitation.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // Signed out, no account: the page offers to create one for the invited address.
    const page = (await (await app(`/invitations/${token}`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`Join ${workspace.name}`);
    expect(page).toContain("Create account and join");
    expect(page).toContain(email);

    const joined = await app(`/invitations/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "signup", firstName: "Sam", lastName: "Okafor", password: "secret-123" }),
    });
    expect(joined.status).toBe(303);
    expect(joined.headers.get("Location")).toBe(`/workspaces/${workspace.id}/members`);
    const cookie = cookiesFrom(joined);
    expect(cookie).toMatch(/=/);
    const user = await (await db()).user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await workspaceMembers(owner.id, workspace.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: user.id, role: "VIEWER" })]),
    );
    // The new account lands in the team: its members page opens with the session it got.
    expect((await app(`/workspaces/${workspace.id}/members`, { headers: { Cookie: cookie } })).status).toBe(200);

    // Used once.
    expect((await invitationByToken(token))?.state).toBe("accepted");
    await expect(acceptInvitation(token, user.id)).rejects.toMatchObject({ status: 410 });
    expect((await (await app(`/invitations/${token}`)).text()).replaceAll("<!-- -->", "")).toContain(
      "This invitation was already used",
    );
    // A made-up link is a clear 404 page, not a 500.
    expect((await app(`/invitations/${"x".repeat(43)}`)).status).toBe(404);
  });

  test("expired, revoked and resent links say so; the account accepting must be the invited one", async () => {
    const { owner, workspace } = await team(3);
    const database = await db();

    const expired = await invite(owner.id, workspace.id);
    await database.workspaceInvitation.updateMany({
      where: { email: expired.email },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await (await app(`/invitations/${expired.token}`)).text()).replaceAll("<!-- -->", "")).toContain(
      "This invitation has expired",
    );
    await expect(
      acceptInvitationWithNewAccount(expired.token, { firstName: "Al", lastName: "Bo", password: "secret-123" }),
    ).rejects.toMatchObject({ status: 410 });

    const revoked = await invite(owner.id, workspace.id);
    const revokedRow = await database.workspaceInvitation.findFirstOrThrow({ where: { email: revoked.email } });
    await revokeInvitation(owner.id, workspace.id, revokedRow.id);
    expect((await invitationByToken(revoked.token))?.state).toBe("revoked");

    const resent = await invite(owner.id, workspace.id);
    const resentRow = await database.workspaceInvitation.findFirstOrThrow({ where: { email: resent.email } });
    const since = Date.now();
    await resendInvitation(owner.id, workspace.id, resentRow.id);
    const fresh = await invitationToken(resent.email, since);
    expect(fresh).not.toBe(resent.token);
    expect(await invitationByToken(resent.token)).toBeNull();
    expect((await invitationByToken(fresh))?.state).toBe("pending");

    const someoneElse = await signedInUser();
    await expect(acceptInvitation(fresh, someoneElse.id)).rejects.toMatchObject({ status: 403 });
    const page = (
      await (await app(`/invitations/${fresh}`, { headers: { Cookie: someoneElse.cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toContain(`but this invitation is for ${resent.email}`);
  });

  test("the pending invitations are on the members page; sending is rate-limited per account", async () => {
    const { owner, workspace } = await team(1);
    const { email } = await invite(owner.id, workspace.id);
    const html = (
      await (await app(`/workspaces/${workspace.id}/members`, { headers: { Cookie: owner.cookie } })).text()
    ).replaceAll("<!-- -->", "");
    expect(html).toContain(email);
    expect(html).toContain(`Resend the invitation to ${email}`);

    // Someone already a member is not invited again.
    await expect(
      inviteMember(owner.id, workspace.id, { email: await emailOf(owner.id), role: "MEMBER" }),
    ).rejects.toMatchObject({ status: 409 });

    const sent = INVITATIONS_PER_HOUR.account - 1; // one was sent above
    for (let index = 0; index < sent; index++)
      await inviteMember(owner.id, workspace.id, {
        email: `bulk-${index}-${crypto.randomUUID()}@example.com`,
        role: "MEMBER",
      });
    await expect(
      inviteMember(owner.id, workspace.id, { email: "one-more@example.com", role: "MEMBER" }),
    ).rejects.toMatchObject({
      status: 429,
    });
  });
});

describe("seats", () => {
  test("accepting takes a seat; with none free the invitee is told and the owner emailed how to add one", async () => {
    const { owner, workspace } = await team(1);
    const { email, token } = await invite(owner.id, workspace.id);
    expect((await invitationByToken(token))?.seatFree).toBe(false);
    const since = Date.now();
    const refused = await app(`/invitations/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "signup", firstName: "Sam", lastName: "Okafor", password: "secret-123" }),
    });
    expect(refused.status).toBe(409);
    expect((await refused.text()).replaceAll("<!-- -->", "")).toContain(`Every seat in ${workspace.name} is taken`);
    // Nothing was made: no account, the link still pending.
    expect(await (await db()).user.findUnique({ where: { email } })).toBeNull();
    expect((await invitationByToken(token))?.state).toBe("pending");
    const notice = await waitForEmail(await emailOf(owner.id), /has no free seat/, since);
    expect(notice.text).toContain(`/workspaces/${workspace.id}/members`);

    // plan:set grants a seat; now the same link works.
    expect(await grantSeats(workspace.name, 2)).toMatchObject({ seats: 2, used: 1 });
    await acceptInvitationWithNewAccount(token, { firstName: "Sam", lastName: "Okafor", password: "secret-123" });
    await expect(grantSeats(workspace.id, 1)).rejects.toMatchObject({ status: 409 });
  });

  test("two people accepting at once for the last seat: one joins, the other is told no seat is free", async () => {
    const { owner, workspace } = await team(2);
    const first = await invite(owner.id, workspace.id);
    const second = await invite(owner.id, workspace.id);
    const account = { firstName: "Sam", lastName: "Okafor", password: "secret-123" };
    const results = await Promise.allSettled([
      acceptInvitationWithNewAccount(first.token, account),
      acceptInvitationWithNewAccount(second.token, account),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(await (await db()).workspaceMember.count({ where: { workspaceId: workspace.id } })).toBe(2);
  });

  /** An account that bought Business Pro through Checkout and the webhook, as a customer does. */
  async function businessProByCard() {
    const owner = await signedInUser("FREE");
    const checkout = await app("/plan-selection", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ plan: "BUSINESS_PRO", billing: "monthly" }),
    });
    expect(checkout.status).toBe(303);
    const paid = fakeStripe.completeCheckout([...fakeStripe.sessions.values()].at(-1)!.id);
    for (const event of [
      fakeStripe.event("checkout.session.completed", paid.session),
      fakeStripe.event("invoice.paid", paid.invoice),
    ]) {
      const { body, headers } = signedWebhook(event);
      expect((await app("/api/billing/webhook", { method: "POST", body, headers })).status).toBe(200);
    }
    const item = (paid.subscription.items as { data: { id: string }[] }).data[0];
    return { owner, paid, item };
  }

  test("with Stripe, the owner's seats are the subscription item's quantity, changed with proration", async () => {
    const { owner, paid } = await businessProByCard();
    const workspace = await createTeamWorkspace(owner.id, "Paid team");

    const response = await app(`/workspaces/${workspace.id}/members`, {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "seats", seats: "3" }),
    });
    expect(response.status).toBe(303);
    const item = (paid.subscription.items as { data: { id: string }[] }).data[0];
    expect(fakeStripe.prorations).toEqual([
      { subscription: paid.subscription.id, item: item.id, from: 1, to: 3, behavior: "create_prorations" },
    ]);
    const update = fakeStripe.requests.find((request) => request.path === `/v1/subscription_items/${item.id}`)!;
    expect(update.params).toMatchObject({ quantity: "3", proration_behavior: "create_prorations" });
    expect(update.idempotencyKey).toMatch(/^voxlate-seats-/);
    expect((await (await db()).workspace.findUniqueOrThrow({ where: { id: workspace.id } })).seats).toBe(3);

    // What the members page does, the API does: PUT /seats, billed the same way.
    const seatsUrl = `/api/v1/workspaces/${workspace.id}/seats`;
    const put = async (userId: string, body: unknown) => {
      await switchWorkspace(userId, workspace.id); // a key acts in the workspace its creator works in
      return app(seatsUrl, {
        method: "PUT",
        headers: {
          Authorization: `Bearer ${(await createApiKey(userId, "Seats", ["read", "write"])).key}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      });
    };
    const viaApi = await put(owner.id, { seats: 4 });
    expect(viaApi.status).toBe(200);
    expect(await viaApi.json()).toEqual({ used: 1, total: 4, free: 3 });
    expect(fakeStripe.prorations.at(-1)).toMatchObject({ from: 3, to: 4 });
    const notANumber = await put(owner.id, { seats: "many" });
    expect(notANumber.status).toBe(422);
    expect(((await notANumber.json()) as { detail: string }).detail).toContain("seats must be a whole number.");

    // Not below the members; and an admin (not the payer) cannot change them.
    await expect(setSeats(owner.id, workspace.id, 0)).rejects.toMatchObject({ status: 409 });
    const admin = await member(owner.id, workspace.id, "ADMIN");
    await expect(setSeats(admin.id, workspace.id, 5)).rejects.toMatchObject({ status: 403 });
    expect((await put(admin.id, { seats: 5 })).status).toBe(403);
    expect(fakeStripe.prorations).toHaveLength(2);
  });

  test("another owner takes over paying: the seats move to their subscription, then the first owner may step down", async () => {
    const first = await businessProByCard();
    const workspace = await createTeamWorkspace(first.owner.id, "Handover team");
    await setSeats(first.owner.id, workspace.id, 3);
    const second = await businessProByCard();
    const email = await emailOf(second.owner.id);
    const since = Date.now();
    await inviteMember(first.owner.id, workspace.id, { email, role: "OWNER" });
    await acceptInvitation(await invitationToken(email, since), second.owner.id);
    // The paying owner cannot step down yet.
    await expect(changeMemberRole(second.owner.id, workspace.id, first.owner.id, "MEMBER")).rejects.toMatchObject({
      status: 409,
    });

    const taken = await app(`/workspaces/${workspace.id}/members`, {
      method: "POST",
      headers: { Cookie: second.owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "take-billing" }),
    });
    expect(taken.status).toBe(303);
    // The new payer is billed first, then the previous one's quantity drops back to the plan alone.
    expect(fakeStripe.prorations.slice(-2)).toEqual([
      expect.objectContaining({ item: second.item.id, from: 1, to: 3 }),
      expect.objectContaining({ item: first.item.id, from: 3, to: 1 }),
    ]);
    const row = await (await db()).workspace.findUniqueOrThrow({ where: { id: workspace.id } });
    expect(row.billingOwnerId).toBe(second.owner.id);
    const logged = await (
      await db()
    ).auditEvent.findFirstOrThrow({
      where: { workspaceId: workspace.id, action: "billing.owner-changed" },
    });
    expect(logged).toMatchObject({ actorId: second.owner.id });
    expect(await changeMemberRole(second.owner.id, workspace.id, first.owner.id, "MEMBER")).toMatchObject({
      role: "MEMBER",
    });

    // Taking it over again is no change; a member (not an owner) is refused, page and API alike.
    expect(await takeOverBilling(second.owner.id, workspace.id)).toEqual({
      billingOwnerId: second.owner.id,
      changed: false,
    });
    await expect(takeOverBilling(first.owner.id, workspace.id)).rejects.toMatchObject({ status: 403 });
    await switchWorkspace(first.owner.id, workspace.id);
    const refused = await app(`/api/v1/workspaces/${workspace.id}/billing-owner`, {
      method: "POST",
      headers: { Authorization: `Bearer ${(await createApiKey(first.owner.id, "Billing", ["write"])).key}` },
    });
    expect(refused.status).toBe(403);
    expect(fakeStripe.prorations).toHaveLength(3);
  });

  test("on granted plans, an owner takes over through the API without Stripe; an owner without teams cannot", async () => {
    const { owner, workspace } = await team(2);
    const other = await member(owner.id, workspace.id, "OWNER");
    await (await db()).user.update({ where: { id: other.id }, data: { plan: "PREMIUM" } });
    await expect(takeOverBilling(other.id, workspace.id)).rejects.toMatchObject({ status: 403 });
    await (await db()).user.update({ where: { id: other.id }, data: { plan: "BUSINESS_PRO", planSource: "MANUAL" } });
    await switchWorkspace(other.id, workspace.id);
    const taken = await app(`/api/v1/workspaces/${workspace.id}/billing-owner`, {
      method: "POST",
      headers: { Authorization: `Bearer ${(await createApiKey(other.id, "Billing", ["write"])).key}` },
    });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({
      billingOwnerId: other.id,
      changed: true,
      seats: { used: 2, total: 2, free: 0 },
    });
    expect(fakeStripe.prorations).toHaveLength(0);
  });

  test("on a granted plan, the owner is told seats come from the administrator", async () => {
    const { owner, workspace } = await team(1);
    await (await db()).user.update({ where: { id: owner.id }, data: { planSource: "MANUAL" } });
    await expect(setSeats(owner.id, workspace.id, 2)).rejects.toMatchObject({
      status: 409,
      message: "Seats on this server are granted by its administrator (npm run plan:set -- --workspace … --seats …).",
    });
  });

  test("minutes are pooled: the team's charges count against the paying owner's plan, per member", async () => {
    const owner = await signedInUser("PREMIUM");
    await (await db()).user.update({ where: { id: owner.id }, data: { plan: "BUSINESS_PRO" } });
    const workspace = await createTeamWorkspace(owner.id, "Pool");
    await grantSeats(workspace.id, 2);
    const colleague = await member(owner.id, workspace.id, "MEMBER");
    // The owner drops to Premium (120 minutes): the team's pool is now 120 minutes, whoever uploads.
    await (await db()).user.update({ where: { id: owner.id }, data: { plan: "PREMIUM" } });
    const database = await db();
    const recording = await database.recording.create({
      data: {
        userId: colleague.id,
        workspaceId: workspace.id,
        title: "Call",
        fileName: "c.wav",
        storageKey: `test/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 100 * 60,
        status: "COMPLETED",
      },
    });
    await database.usageCharge.create({
      data: { userId: colleague.id, recordingId: recording.id, workspaceId: workspace.id, seconds: 100 * 60 },
    });
    const usage = await workspaceUsage(workspace.id);
    expect(usage?.allowance).toMatchObject({ planName: "Premium", secondsLeft: 20 * 60 });
    expect(usage?.secondsByMember).toEqual({ [colleague.id]: 100 * 60 });
    // The colleague is on Free, yet the team's pool decides; and it refuses what does not fit.
    await expect(
      reserveSeconds({ userId: colleague.id, workspaceId: workspace.id }, 21 * 60, async () => null),
    ).rejects.toMatchObject({
      name: "AllowanceExceededError",
    });
    expect(await reserveSeconds({ userId: colleague.id, workspaceId: workspace.id }, 19 * 60, async () => "held")).toBe(
      "held",
    );
    // Deleting the recording gives nothing back: the charge keeps its workspace.
    await database.recording.delete({ where: { id: recording.id } });
    expect((await workspaceUsage(workspace.id))?.allowance.secondsUsed).toBe(100 * 60);
    // The colleague's own (personal) minutes are untouched by the team's.
    expect(await workspaceUsage(await personalWorkspaceId(colleague.id))).toBeNull();
  });
});

describe("the workspace API", () => {
  async function key(userId: string) {
    return (await createApiKey(userId, "Team", ["read", "write"])).key;
  }
  const call = (token: string, url: string, method = "GET", body?: unknown) =>
    app(url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test("lists and creates workspaces, manages members and invites, with the pages' policy and problem details", async () => {
    const owner = await signedInUser("BUSINESS_PRO");
    const ownerKey = await key(owner.id);

    const created = await call(ownerKey, "/api/v1/workspaces", "POST", { name: "API team" });
    expect(created.status).toBe(201);
    const workspace = (await created.json()) as { id: string; kind: string; role: string; seats: number };
    expect(workspace).toMatchObject({ kind: "team", role: "owner", seats: 1 });
    const list = (await (await call(ownerKey, "/api/v1/workspaces")).json()) as { data: { kind: string }[] };
    expect(list.data.map((row) => row.kind)).toEqual(["personal", "team"]);

    const bad = await call(ownerKey, "/api/v1/workspaces", "POST", { name: "" });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("Content-Type")).toBe("application/problem+json");

    await grantSeats(workspace.id, 3);
    const base = `/api/v1/workspaces/${workspace.id}`;
    const email = `api-invitee-${crypto.randomUUID()}@example.com`;
    const since = Date.now();
    const invited = await call(ownerKey, `${base}/invitations`, "POST", { email, role: "viewer" });
    expect(invited.status).toBe(201);
    expect(await invited.json()).toMatchObject({ email, role: "viewer" });
    const joined = await acceptInvitationWithNewAccount(await invitationToken(email, since), {
      firstName: "Api",
      lastName: "User",
      password: "secret-123",
    });

    const viaMembers = await call(ownerKey, `${base}/members`, "POST", { email: "second@example.com", role: "member" });
    expect(viaMembers.status).toBe(202);

    const members = (await (await call(ownerKey, `${base}/members`)).json()) as {
      data: { userId: string; role: string }[];
      seats: { used: number; total: number };
    };
    expect(members.seats).toEqual({ used: 2, total: 3 });
    expect(members.data.find((row) => row.userId === joined.userId)?.role).toBe("viewer");

    const patched = await call(ownerKey, `${base}/members`, "PATCH", { userId: joined.userId, role: "admin" });
    expect(patched.status).toBe(200);
    const lastOwner = await call(ownerKey, `${base}/members`, "PATCH", { userId: owner.id, role: "member" });
    expect(lastOwner.status).toBe(409);
    expect(((await lastOwner.json()) as { detail: string }).detail).toMatch(/only owner/);
    const badRole = await call(ownerKey, `${base}/members`, "PATCH", { userId: joined.userId, role: "king" });
    expect(badRole.status).toBe(422);

    // A viewer's key may read the members but not manage them; a stranger's key does not find the workspace.
    await changeMemberRole(owner.id, workspace.id, joined.userId, "VIEWER");
    const viewerKey = await key(joined.userId);
    expect((await call(viewerKey, `${base}/members`)).status).toBe(200);
    const refused = await call(viewerKey, `${base}/invitations`, "POST", { email: "x@example.com" });
    expect(refused.status).toBe(403);
    const stranger = await signedInUser("BUSINESS_PRO");
    expect((await call(await key(stranger.id), `${base}/members`)).status).toBe(404);

    // A viewer leaves with their own id; the owner removes the other.
    expect((await call(viewerKey, `${base}/members?userId=${joined.userId}`, "DELETE")).status).toBe(204);
    // Their key was made in the team (accepting made it their current workspace): it stops working (ADR 034-workspace).
    expect((await call(viewerKey, `${base}/members`)).status).toBe(401);
    expect((await call(ownerKey, `${base}/members`, "PUT")).status).toBe(405);
  });

  test("a plan without teams gets a 403 problem from POST /workspaces", async () => {
    const free = await signedInUser("FREE");
    const response = await call(await key(free.id), "/api/v1/workspaces", "POST", { name: "Team" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      "Team workspaces are part of the Business Pro plan.",
    );
  });
});
