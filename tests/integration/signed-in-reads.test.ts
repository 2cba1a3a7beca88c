// What every signed-in page reads, read once per request and in few queries (issue 16): the session with its user in
// one query, and the allowance with the billing account in one more. These check that the merged reads say exactly
// what the separate ones said.
import { describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { perRequest, REQUEST_ID_HEADER } from "~/modules/platform/per-request.server";
import {
  createUserSession,
  destroyUserSession,
  getUser,
  getUserId,
  sessionTokenFromCookieHeader,
  hashSessionToken,
  requireUser,
} from "~/modules/platform/session.server";
import { allowanceAndBilling, allowanceFor, startOfMonth } from "~/modules/usage/usage.server";
import { listRecordings } from "~/modules/recordings/list.server";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const withCookie = (cookie: string) => new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });

describe("the session's user", () => {
  test("one lookup per request gives the spec's /api/user fields; an expired session is signed out", async () => {
    const { id, cookie } = await signedInUser("PREMIUM");
    const request = withCookie(cookie);
    const [user, again, userId] = await Promise.all([getUser(request), getUser(request), getUserId(request)]);
    expect(user).toEqual({
      id,
      email: expect.stringMatching(/@example\.com$/),
      firstName: "Ada",
      lastName: "L",
      plan: "PREMIUM",
    });
    expect(again).toBe(user);
    expect(userId).toBe(id);

    const expired = (await createUserSession(id, new Request("http://localhost/"))).split(";")[0];
    const tokenHash = hashSessionToken((await sessionTokenFromCookieHeader(expired))!);
    await (await db()).session.update({ where: { tokenHash }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getUser(withCookie(expired))).toBeNull();
    await expect(requireUser(withCookie(expired))).rejects.toMatchObject({ status: 302 });
  });

  test("perRequest works a value out once per request, and again for the next request", async () => {
    let computed = 0;
    const compute = async () => ++computed;
    const first = new Request("http://localhost/");
    expect(await Promise.all([perRequest(first, "k", compute), perRequest(first, "k", compute)])).toEqual([1, 1]);
    expect(await perRequest(new Request("http://localhost/"), "k", compute)).toBe(2);
  });

  test("the copies of a marked request that React Router gives each loader share one value and one lookup", async () => {
    const { id, cookie } = await signedInUser("PREMIUM");
    const marked = (requestId: string) =>
      new Request("http://localhost/dashboard?index", { headers: { Cookie: cookie, [REQUEST_ID_HEADER]: requestId } });
    // What React Router does before each loader (stripIndexParam, stripRoutesParam): a new Request, headers copied.
    const copyOf = (request: Request) => new Request("http://localhost/dashboard", { headers: request.headers });
    const original = marked(crypto.randomUUID());
    const [root, layout, page] = await Promise.all([
      getUser(copyOf(original)),
      getUser(copyOf(copyOf(original))),
      getUser(copyOf(original)),
    ]);
    expect(root?.id).toBe(id);
    expect(layout).toBe(root);
    expect(page).toBe(root);
    // Another request is read afresh.
    const next = await getUser(marked(crypto.randomUUID()));
    expect(next).toEqual(root);
    expect(next).not.toBe(root);

    // Signing out forgets it for the rest of the request.
    const signingOut = marked(crypto.randomUUID());
    expect(await getUser(copyOf(signingOut))).not.toBeNull();
    await destroyUserSession(copyOf(signingOut));
    expect(await getUser(copyOf(signingOut))).toBeNull();
  });
});

describe("the allowance with the billing account, in one query", () => {
  async function charge(userId: string, seconds: number, createdAt: Date) {
    const recording = await (
      await db()
    ).recording.create({
      data: {
        userId,
        workspaceId: await personalWorkspaceId(userId),
        title: "Charged",
        fileName: "a.wav",
        storageKey: `reads/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: seconds,
        status: "COMPLETED",
      },
    });
    await (await db()).usageCharge.create({ data: { userId, recordingId: recording.id, seconds, createdAt } });
  }

  async function expectSameAsSeparateReads(userId: string, plan: string) {
    const merged = await allowanceAndBilling(userId, plan);
    expect(merged.allowance).toEqual(await allowanceFor(userId, plan));
    return merged;
  }

  test("Free: this month's charges and what queued transcriptions hold; no billing account", async () => {
    const { id } = await signedInUser("FREE");
    await charge(id, 40, new Date());
    await charge(id, 500, new Date(startOfMonth().getTime() - DAY_MS)); // last month
    await (
      await db()
    ).recording.create({
      data: {
        userId: id,
        workspaceId: await personalWorkspaceId(id),
        title: "Queued",
        fileName: "q.wav",
        storageKey: `reads/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 30,
        status: "QUEUED",
        reservedSeconds: 30,
      },
    });
    const { allowance, billing } = await expectSameAsSeparateReads(id, "FREE");
    expect(billing).toBeNull();
    expect(allowance).toMatchObject({ secondsUsed: 40, secondsReserved: 30, secondsLeft: 5 * 60 - 70 });
  });

  test("a paid weekly period counts from its start; a cancelled subscription counts the month", async () => {
    const { id } = await signedInUser("PREMIUM");
    const periodStart = new Date(Date.now() - 2 * DAY_MS);
    await (
      await db()
    ).billingAccount.create({
      data: {
        userId: id,
        stripeCustomerId: `cus_reads_${crypto.randomUUID()}`,
        subscriptionStatus: "past_due",
        currentPeriodStart: periodStart,
        currentPeriodEnd: new Date(periodStart.getTime() + 7 * DAY_MS),
      },
    });
    const charges = [
      { seconds: 60, at: new Date(periodStart.getTime() - 60_000) }, // before the period
      { seconds: 120, at: new Date(periodStart.getTime() + 60_000) },
    ];
    for (const { seconds, at } of charges) await charge(id, seconds, at);
    const paid = await expectSameAsSeparateReads(id, "PREMIUM");
    expect(paid.billing).toMatchObject({ subscriptionStatus: "past_due", currentPeriodStart: periodStart });
    expect(paid.allowance).toMatchObject({ periodUnit: "week", secondsUsed: 120 });

    await (await db()).billingAccount.update({ where: { userId: id }, data: { subscriptionStatus: "canceled" } });
    const cancelled = await expectSameAsSeparateReads(id, "PREMIUM");
    expect(cancelled.allowance.periodUnit).toBe("month");
    // Two days back may be last month (on the 1st or 2nd): only the charges made since the month began count.
    const sinceMonth = charges
      .filter(({ at }) => at.getTime() >= startOfMonth().getTime())
      .reduce((sum, { seconds }) => sum + seconds, 0);
    expect(cancelled.allowance.secondsUsed).toBe(sinceMonth);
  });
});

describe("the recordings list", () => {
  test("the page and the total come in one query; a page past the end still knows the total", async () => {
    const { id } = await signedInUser("FREE");
    const workspaceId = await personalWorkspaceId(id);
    await (
      await db()
    ).recording.createMany({
      data: Array.from({ length: 23 }, (_, index) => ({
        userId: id,
        workspaceId,
        title: `Meeting ${index}`,
        fileName: "m.wav",
        storageKey: `reads/${id}/${index}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 60,
        createdAt: new Date(Date.now() - index * 60_000),
      })),
    });
    const first = await listRecordings(id, { q: undefined, sort: "newest", page: 1 });
    expect(first).toMatchObject({ total: 23, page: 1, totalPages: 2 });
    expect(first.items.map((item) => item.title).slice(0, 2)).toEqual(["Meeting 0", "Meeting 1"]);
    expect(first.items[0]).not.toHaveProperty("total");
    expect(await listRecordings(id, { q: undefined, sort: "newest", page: 2 })).toMatchObject({ total: 23 });
    expect(await listRecordings(id, { q: undefined, sort: "newest", page: 9 })).toMatchObject({ items: [], total: 23 });
    const recent = await listRecordings(id, { q: undefined, sort: "newest", page: 1 }, { pageSize: 5 });
    expect(recent.items).toHaveLength(5);
    expect(recent.total).toBe(23);
  });
});
