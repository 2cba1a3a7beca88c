// The support chat: visitors' conversations (/support-chat) and the spec's /api/admin/* contract (sections 7
// and 8), through the production request handler on a real database.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertAdmin } from "~/modules/accounts/admin-session.server";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { createUserSession } from "~/modules/platform/session.server";
import { appHandler, cookiesFrom, postJson } from "./app-handler";
import { testOutbox, waitForEmail } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;
let adminCookie: string;

const ADMIN = { username: "support@voxlate.test", password: "console-pass-1" };

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
  await upsertAdmin(ADMIN.username, ADMIN.password);
  const login = await app("/api/admin/login", postJson(ADMIN));
  expect(await login.json()).toEqual({ success: true });
  adminCookie = cookiesFrom(login);
});
afterAll(() => stopJobs());

/**
 * A visitor's message as the widget's script sends it (intent "person": the "Talk to a person" button); returns the
 * conversation and the browser's cookies.
 */
async function visitorSays(content: string, cookie = "", contextPage = "/pricing", intent = "message") {
  const response = await app("/support-chat", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ content, contextPage, returnTo: contextPage, response: "json", intent }),
  });
  expect(response.status).toBe(200);
  const { chat } = (await response.json()) as {
    chat: {
      sessionId: string;
      status: string;
      messages: { role: string; content: string; confidenceScore: number | null; needsHumanReview: boolean }[];
    };
  };
  return { chat, cookie: [cookie, cookiesFrom(response)].filter(Boolean).join("; ") };
}

const asAdmin = (init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), Cookie: adminCookie },
});

describe("the visitor's conversation", () => {
  test("a question the help centre answers gets an answer with high confidence and stays active", async () => {
    const { chat } = await visitorSays("How do I export my transcript as SRT subtitles?");
    expect(chat.status).toBe("active");
    const answer = chat.messages.at(-1)!;
    expect(answer.role).toBe("assistant");
    expect(answer.content).toMatch(/SRT/);
    expect(answer.confidenceScore).toBeGreaterThanOrEqual(0.8);
    expect(answer.needsHumanReview).toBe(false);
  });

  test("an unknown question escalates with a reason, the answer is flagged for review, and the admins are emailed", async () => {
    const since = Date.now();
    const { chat } = await visitorSays("What is the weather in Lisbon tomorrow?");
    expect(chat.status).toBe("escalated");
    const answer = chat.messages.at(-1)!;
    expect(answer.confidenceScore).toBeLessThan(0.5);
    expect(answer.needsHumanReview).toBe(true);
    const session = await (await db()).chatSession.findUniqueOrThrow({ where: { id: chat.sessionId } });
    expect(session.escalationReason).toMatch(/^Low confidence answer \(\d+%\)$/);
    const mail = await waitForEmail(ADMIN.username, /^Support chat needs a person: Low confidence answer/, since);
    expect(mail.text).toContain("What is the weather in Lisbon tomorrow?");
    expect(mail.text).toContain(`/admin/chat?session=${chat.sessionId}`);
  });

  test("asking for a person escalates; the cookie keeps the conversation across requests", async () => {
    const first = await visitorSays("Which files can I upload?");
    const second = await visitorSays("Can I talk to a human please?", first.cookie);
    expect(second.chat.sessionId).toBe(first.chat.sessionId);
    expect(second.chat.messages).toHaveLength(4);
    expect(second.chat.status).toBe("escalated");
    const session = await (await db()).chatSession.findUniqueOrThrow({ where: { id: first.chat.sessionId } });
    expect(session.escalationReason).toBe("Asked for a person");

    const reload = await app("/support-chat", { headers: { Cookie: first.cookie } });
    expect(((await reload.json()) as { chat: { sessionId: string } }).chat.sessionId).toBe(first.chat.sessionId);
  });

  test("'Talk to a person' sends the visitor's words and escalates; an empty box asks for a person", async () => {
    const typed = "My invoice shows the wrong company name";
    const { chat } = await visitorSays(`  ${typed}  `, "", "/pricing", "person");
    expect(chat.status).toBe("escalated");
    expect(chat.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", typed],
      ["assistant", expect.stringMatching(/passed this conversation to our support team/)],
    ]);
    const session = await (await db()).chatSession.findUniqueOrThrow({ where: { id: chat.sessionId } });
    expect(session.escalationReason).toBe("Asked for a person");

    // Without JavaScript the same button posts the same form.
    const plain = await app("/support-chat", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ content: "Which export formats are available?", intent: "person", returnTo: "/" }),
    });
    expect(plain.status).toBe(303);
    const sent = await (
      await db()
    ).chatMessage.findFirstOrThrow({
      where: { role: "USER", content: "Which export formats are available?", session: { contextPage: "/" } },
      include: { session: true },
      orderBy: { createdAt: "desc" },
    });
    expect(sent.session).toMatchObject({ status: "ESCALATED", escalationReason: "Asked for a person" });

    const empty = await visitorSays("   ", "", "/pricing", "person");
    expect(empty.chat.messages[0]).toMatchObject({ role: "user", content: "I'd like to talk to a person, please." });
    expect(empty.chat.status).toBe("escalated");
  });

  test("'Waiting for a person' ends when a person answers and returns when the visitor asks again", async () => {
    // The widget as the server renders it, which is what a browser without JavaScript shows.
    const waitingShown = async (cookie: string) => {
      const page = await app("/pricing", { headers: { Cookie: cookie } });
      return (await page.text()).includes("Waiting for a person");
    };
    const answer = (id: string, content: string, markResolved: boolean) =>
      app(`/api/admin/chat/sessions/${id}/respond`, asAdmin(postJson({ content, markResolved })));
    const { chat, cookie } = await visitorSays("Can I talk to a person about an invoice?");
    expect(await waitingShown(cookie)).toBe(true);

    expect((await answer(chat.sessionId, "Hello, I can help.", false)).status).toBe(200);
    expect(await waitingShown(cookie)).toBe(false);
    // A follow-up the help centre answers keeps the conversation with the team, but nobody is being waited for.
    expect((await visitorSays("Which export formats are available?", cookie)).chat.status).toBe("escalated");
    expect(await waitingShown(cookie)).toBe(false);

    await visitorSays("", cookie, "/pricing", "person");
    expect(await waitingShown(cookie)).toBe(true);

    // After a resolve, a new handover waits again; a question the assistant answers does not.
    expect((await answer(chat.sessionId, "Sorted.", true)).status).toBe(200);
    expect(await waitingShown(cookie)).toBe(false);
    expect((await visitorSays("What does the Free plan include?", cookie)).chat.status).toBe("active");
    expect(await waitingShown(cookie)).toBe(false);
    await visitorSays("What is the weather in Lisbon tomorrow?", cookie);
    expect(await waitingShown(cookie)).toBe(true);
  });

  test("the admin console shows no cookie banner (it covered the reply buttons); the visitors' site does", async () => {
    expect(await (await app("/pricing")).text()).toContain('aria-label="Cookie consent"');
    for (const [path, cookie] of [
      ["/admin/login", ""],
      ["/admin/chat", adminCookie],
    ]) {
      const response = await app(path, { headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).not.toContain('aria-label="Cookie consent"');
    }
  });

  test("a blank or oversize message is a 400 with a specific message, and nothing is stored", async () => {
    const before = await (await db()).chatMessage.count();
    for (const [content, message] of [
      ["   ", "Type a message first."],
      ["x".repeat(2001), "Messages can be at most 2000 characters."],
    ]) {
      const response = await app("/support-chat", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ content, response: "json" }),
      });
      expect(response.status).toBe(400);
      // The Conform reply that puts the sentence beside the message box (ADR 011), and nothing else.
      const body = (await response.json()) as { status: string; error: Record<string, string[]> };
      expect(body).toMatchObject({ status: "error", error: { content: [message] } });
      expect(Object.values(body.error).flat()).toEqual([message]);
    }
    expect(await (await db()).chatMessage.count()).toBe(before);
  });

  test("without JavaScript a post redirects back to the page, at the open chat", async () => {
    const response = await app("/support-chat", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        content: "How are minutes charged?",
        contextPage: "/business",
        returnTo: "/business?x=1",
      }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/business?x=1#support-chat");
    const redirectOffSite = await app("/support-chat", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ content: "Hello", returnTo: "//evil.example/" }),
    });
    expect(redirectOffSite.headers.get("Location")).toBe("/#support-chat");
  });

  test("a signed-in user's conversation attaches to the account; another account cannot read it", async () => {
    const database = await db();
    const owner = await database.user.create({
      data: {
        email: "owner@example.com",
        firstName: "Ada",
        lastName: "L",
        passwordHash: await hashPassword("secret-123"),
        emailVerifiedAt: new Date(),
        plan: "PREMIUM",
      },
    });
    const other = await database.user.create({
      data: {
        email: "other@example.com",
        firstName: "Bob",
        lastName: "B",
        passwordHash: await hashPassword("secret-123"),
        emailVerifiedAt: new Date(),
      },
    });
    const ownerSession = (await createUserSession(owner.id, new Request("http://localhost/"))).split(";")[0];
    const otherSession = (await createUserSession(other.id, new Request("http://localhost/"))).split(";")[0];

    // Started anonymously, then the visitor signs in: the conversation becomes theirs.
    const anonymous = await visitorSays("What does the Free plan include?");
    await visitorSays("And what do paid plans cost?", `${anonymous.cookie}; ${ownerSession}`);
    const session = await database.chatSession.findUniqueOrThrow({ where: { id: anonymous.chat.sessionId } });
    expect(session.userId).toBe(owner.id);

    // Without the chat cookie, the owner still finds it (another browser); someone else with the cookie does not.
    const ownerView = await app("/support-chat", { headers: { Cookie: ownerSession } });
    expect(((await ownerView.json()) as { chat: { sessionId: string } }).chat.sessionId).toBe(session.id);
    const intruder = await app("/support-chat", { headers: { Cookie: `${anonymous.cookie}; ${otherSession}` } });
    expect(((await intruder.json()) as { chat: unknown }).chat).toBeNull();

    const detail = await app(`/api/admin/chat/sessions/${session.id}`, asAdmin());
    const body = (await detail.json()) as {
      userContext: { accountInfo: { email: string; name: string }; subscription: { tier: string; usage: number } };
    };
    expect(body.userContext).toEqual({
      accountInfo: { email: "owner@example.com", name: "Ada L" },
      subscription: { tier: "Premium", usage: 0 },
    });

    // A reply reaches a visitor with an account by email too, linking back to the page they asked from.
    const since = Date.now();
    await app(
      `/api/admin/chat/sessions/${session.id}/respond`,
      asAdmin(postJson({ content: "Premium is $9.99 a month.", noteType: "admin_response", markResolved: false })),
    );
    const mail = await waitForEmail("owner@example.com", /^Voxlate support replied to your message$/, since);
    expect(mail.text).toContain("Premium is $9.99 a month.");
    expect(mail.text).toContain("/pricing#support-chat");
  });
});

describe("/api/admin/*", () => {
  test("check-auth says whether the admin cookie is valid", async () => {
    expect(await (await app("/api/admin/check-auth")).json()).toEqual({ isAuthenticated: false });
    expect(await (await app("/api/admin/check-auth", asAdmin())).json()).toEqual({ isAuthenticated: true });
  });

  test("login: wrong password is 401 'Invalid credentials'; a bad body is 400", async () => {
    const wrong = await app("/api/admin/login", postJson({ ...ADMIN, password: "nope" }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ success: false, error: "Invalid credentials" });
    const missing = await app("/api/admin/login", postJson({ username: ADMIN.username }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe("Password is required");
    const notJson = await app("/api/admin/login", postJson("{"));
    expect(notJson.status).toBe(400);
  });

  test("a regular user's session is not an admin session", async () => {
    const user = await (
      await db()
    ).user.create({
      data: {
        email: "regular@example.com",
        firstName: "Reg",
        lastName: "U",
        passwordHash: await hashPassword("secret-123"),
        emailVerifiedAt: new Date(),
      },
    });
    const userCookie = (await createUserSession(user.id, new Request("http://localhost/"))).split(";")[0];
    expect((await app("/api/admin/chat/sessions", { headers: { Cookie: userCookie } })).status).toBe(401);
    const page = await app("/admin/chat", { headers: { Cookie: userCookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login");
  });

  test("every route but check-auth and login is 401 without the admin cookie", async () => {
    const { chat } = await visitorSays("Is my data secure?");
    const id = chat.sessionId;
    const calls: [string, RequestInit][] = [
      ["/api/admin/chat/sessions", {}],
      [`/api/admin/chat/sessions/${id}`, {}],
      [
        `/api/admin/chat/sessions/${id}/respond`,
        postJson({ content: "Hi", noteType: "admin_response", markResolved: false }),
      ],
      [`/api/admin/chat/sessions/${id}/close`, { method: "POST" }],
    ];
    for (const [path, init] of calls) {
      const response = await app(path, init);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ error: "Admin authentication required." });
    }
    expect(await (await db()).chatMessage.count({ where: { sessionId: id, role: "ADMIN" } })).toBe(0);
  });

  test("sessions: pagination at 20, status filter, search by email, message text and id; bad queries are 400", async () => {
    const database = await db();
    await database.chatSession.deleteMany();
    // 23 conversations with distinct activity times; every third is escalated.
    for (let index = 0; index < 23; index++) {
      await database.chatSession.create({
        data: {
          contextPage: `/page-${index}`,
          status: index % 3 === 0 ? "ESCALATED" : "ACTIVE",
          escalationReason: index % 3 === 0 ? "Asked for a person" : null,
          lastActivityAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
          unreadCount: 1,
          messages: {
            create: [{ role: "USER", content: index === 7 ? "Where is my invoice for March?" : `question ${index}` }],
          },
        },
      });
    }
    const list = async (query: string) => {
      const response = await app(`/api/admin/chat/sessions${query}`, asAdmin());
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown> & {
          sessions: {
            session: { contextPage: string; status: string; sessionId: string };
            userEmail: string | null;
            lastMessage: string;
            messageCount: number;
            unreadCount: number;
          }[];
        },
      };
    };

    const first = await list("");
    expect(first.body).toMatchObject({ page: 1, limit: 20, total: 23, totalPages: 2 });
    expect(first.body.sessions).toHaveLength(20);
    expect(first.body.sessions[0]).toMatchObject({
      session: { contextPage: "/page-22" },
      userEmail: null,
      userTier: null,
      lastMessage: "question 22",
      messageCount: 1,
      unreadCount: 1,
    });
    const second = await list("?page=2&limit=20");
    expect(second.body.sessions.map((item) => item.session.contextPage)).toEqual(["/page-2", "/page-1", "/page-0"]);
    expect((await list("?limit=5&page=3")).body.sessions).toHaveLength(5);

    const escalated = await list("?status=escalated");
    expect(escalated.body.total).toBe(8);
    expect(escalated.body.sessions.every((item) => item.session.status === "escalated")).toBe(true);

    const byText = await list("?search=INVOICE");
    expect(byText.body.sessions.map((item) => item.session.contextPage)).toEqual(["/page-7"]);
    const idTail = byText.body.sessions[0].session.sessionId.slice(-8);
    expect((await list(`?search=${idTail}`)).body.total).toBe(1);
    expect((await list("?search=nothing-matches-this")).body).toMatchObject({ sessions: [], total: 0 });

    for (const query of ["?page=0", "?page=abc", "?limit=500", "?status=open"]) {
      const bad = await list(query);
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.error).toBe("string");
    }
  });

  test("detail, respond, resolve and close: the thread, unread counts, status and the audit trail", async () => {
    const { chat, cookie } = await visitorSays("Can I talk to a person about my team?");
    const id = chat.sessionId;

    const detail = await app(`/api/admin/chat/sessions/${id}`, asAdmin());
    const body = (await detail.json()) as {
      session: { status: string; escalationReason: string };
      messages: { role: string }[];
    };
    expect(body.session).toMatchObject({
      sessionId: id,
      status: "escalated",
      escalationReason: "Asked for a person",
      contextPage: "/pricing",
    });
    expect(body.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    // Opening it cleared its unread count.
    expect((await (await db()).chatSession.findUniqueOrThrow({ where: { id } })).unreadCount).toBe(0);

    const badBodies: [unknown, number][] = [
      [{ content: "   " }, 400],
      [{ content: "Hi", noteType: "internal_note" }, 400],
      [{ content: "Hi", markResolved: "yes" }, 400],
      ["not json", 400],
    ];
    for (const [bad, status] of badBodies) {
      const response = await app(`/api/admin/chat/sessions/${id}/respond`, asAdmin(postJson(bad)));
      expect(response.status, JSON.stringify(bad)).toBe(status);
    }
    expect(
      (await app("/api/admin/chat/sessions/no-such-id/respond", asAdmin(postJson({ content: "Hi" })))).status,
    ).toBe(404);
    expect((await app("/api/admin/chat/sessions/no-such-id", asAdmin())).status).toBe(404);

    const reply = await app(
      `/api/admin/chat/sessions/${id}/respond`,
      asAdmin(postJson({ content: "Happy to help. How many seats?", noteType: "admin_response", markResolved: false })),
    );
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      success: true,
      message: { role: "admin", content: "Happy to help. How many seats?" },
    });

    // The visitor sees the reply on their next poll.
    const polled = (await (await app("/support-chat", { headers: { Cookie: cookie } })).json()) as {
      chat: { messages: { role: string; content: string }[] };
    };
    expect(polled.chat.messages.at(-1)).toMatchObject({ role: "admin", content: "Happy to help. How many seats?" });

    const resolve = await app(
      `/api/admin/chat/sessions/${id}/respond`,
      asAdmin(postJson({ content: "Done, closing this.", noteType: "admin_response", markResolved: true })),
    );
    expect(resolve.status).toBe(200);
    expect((await (await db()).chatSession.findUniqueOrThrow({ where: { id } })).status).toBe("RESOLVED");

    // A new question reopens it; close resolves it again.
    await visitorSays("One more thing: which export formats are there?", cookie);
    expect((await (await db()).chatSession.findUniqueOrThrow({ where: { id } })).status).toBe("ACTIVE");
    const close = await app(`/api/admin/chat/sessions/${id}/close`, asAdmin({ method: "POST" }));
    expect(await close.json()).toMatchObject({ success: true, session: { sessionId: id, status: "resolved" } });
    expect((await app("/api/admin/chat/sessions/no-such-id/close", asAdmin({ method: "POST" }))).status).toBe(404);

    const trail = (await (await app(`/api/admin/chat/sessions/${id}`, asAdmin())).json()) as {
      auditTrail: { action: string; adminEmail: string; createdAt: string }[];
    };
    expect(trail.auditTrail.map((event) => [event.action, event.adminEmail])).toEqual([
      ["reply", ADMIN.username],
      ["reply", ADMIN.username],
      ["resolve", ADMIN.username],
      ["close", ADMIN.username],
    ]);
    expect(trail.auditTrail.every((event) => !Number.isNaN(Date.parse(event.createdAt)))).toBe(true);
    const adminMessages = await (
      await db()
    ).chatMessage.findMany({ where: { sessionId: id, role: "ADMIN" }, include: { admin: true } });
    expect(adminMessages.map((message) => message.admin?.email)).toEqual([ADMIN.username, ADMIN.username]);
  });

  test("logout ends the admin session", async () => {
    const login = await app("/api/admin/login", postJson(ADMIN));
    const cookie = cookiesFrom(login);
    const logout = await app("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(await logout.json()).toEqual({ success: true });
    expect(await (await app("/api/admin/check-auth", { headers: { Cookie: cookie } })).json()).toEqual({
      isAuthenticated: false,
    });
    expect((await app("/api/admin/logout")).status).toBe(405);
  });
});
