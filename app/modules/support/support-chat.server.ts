import { z } from "zod";
import { ChatRole, ChatStatus, Prisma, type ChatMessage, type ChatSession } from "~/generated/prisma/client";
import { ASKED_FOR_PERSON, configuredChatAssistant } from "~/services/chat-assistant/index.server";
import { ChatEscalatedEmail } from "~/emails/chat-escalated";
import { sendTemplateEmail } from "~/modules/platform/email.server";
import { signedCookie } from "~/modules/platform/cookies.server";
import { db, readSql } from "~/modules/platform/database.server";
import { appOrigin } from "~/config/env.server";
import { type ChatMessageView, type SupportChatView } from "./support-chat";
import type { VisitorMessage } from "./visitor-message";

const CHAT_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

// Holds only the conversation id, signed; the conversation itself stays on the server.
const chatCookie = () => signedCookie("voxlate_support_chat", { maxAge: CHAT_COOKIE_MAX_AGE_S });

export const STATUS_NAME = { ACTIVE: "active", ESCALATED: "escalated", RESOLVED: "resolved" } as const;
const ROLE_NAME = { USER: "user", ASSISTANT: "assistant", ADMIN: "admin" } as const;

const SourcesSchema = z.array(z.object({ title: z.string(), url: z.string() }));

export function messageView(message: ChatMessage): ChatMessageView {
  const sources = SourcesSchema.safeParse(message.sources);
  return {
    id: message.id,
    role: ROLE_NAME[message.role],
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    confidenceScore: message.confidenceScore,
    needsHumanReview: message.needsHumanReview,
    sources: sources.success ? sources.data : [],
  };
}

/**
 * This browser's conversation: the one its cookie names, unless that belongs to another account (a shared
 * computer after sign-out); for a signed-in user without the cookie, their latest open conversation.
 * An anonymous conversation attaches to the account of whoever signs in with it.
 */
async function findVisitorSession(
  request: Request,
  userId: string | undefined,
): Promise<Pick<ChatSession, "id" | "status"> | null> {
  const database = await db();
  const cookieId: unknown = await chatCookie().parse(request.headers.get("Cookie"));
  if (typeof cookieId === "string" && cookieId) {
    const session = await database.chatSession.findUnique({ where: { id: cookieId } });
    if (session && (session.userId === null || session.userId === userId)) {
      if (userId && session.userId === null)
        return database.chatSession.update({ where: { id: session.id }, data: { userId } });
      return session;
    }
  }
  if (!userId) return null;
  // Straight to the database: this runs on every signed-in page, where compiling a Prisma query (raw ones too) costs
  // more CPU than the lookup itself (docs/performance.md, "Signed-in pages").
  // Named columns, not *: the read is prepared on each connection, and a prepared * would fail once a migration
  // run by a newer process added a column.
  const [open] = await readSql<Pick<ChatSession, "id" | "status">>(Prisma.sql`
    SELECT "id", "status"::text AS "status" FROM "ChatSession" WHERE "userId" = ${userId} AND "status" <> 'RESOLVED'
    ORDER BY "lastActivityAt" DESC LIMIT 1`);
  return open ?? null;
}

/** The widget's conversation for this request, or null before the visitor has written anything. */
export async function loadSupportChat(request: Request, userId: string | undefined): Promise<SupportChatView | null> {
  const session = await findVisitorSession(request, userId);
  return session ? loadSupportChatById(session.id) : null;
}

/**
 * Records the visitor's message and the assistant's answer, escalating when the assistant is unsure or a person
 * was asked for. Returns the Set-Cookie header that keeps the conversation in this browser.
 */
export async function postVisitorMessage(
  request: Request,
  userId: string | undefined,
  input: VisitorMessage,
): Promise<{ chat: SupportChatView; setCookie: string }> {
  const database = await db();
  let session = await findVisitorSession(request, userId);
  session ??= await database.chatSession.create({ data: { contextPage: input.contextPage, userId: userId ?? null } });

  const now = new Date();
  await database.chatMessage.create({
    data: { sessionId: session.id, role: ChatRole.USER, content: input.content, createdAt: now },
  });
  const reply = await configuredChatAssistant().answerVisitor(input.content, { askedForPerson: input.askForPerson });
  await database.chatMessage.create({
    data: {
      sessionId: session.id,
      role: ChatRole.ASSISTANT,
      content: reply.content,
      confidenceScore: reply.confidenceScore,
      needsHumanReview: reply.needsHumanReview,
      sources: reply.sources,
      // Strictly after the question, so the thread's order never depends on clock resolution.
      createdAt: new Date(now.getTime() + 1),
    },
  });

  // A new question on a resolved conversation reopens it; an escalated one stays with the people, and an
  // explicit request for a person replaces an earlier reason.
  const escalate =
    reply.escalationReason !== null &&
    (session.status !== ChatStatus.ESCALATED || reply.escalationReason === ASKED_FOR_PERSON);
  await database.chatSession.update({
    where: { id: session.id },
    data: {
      lastActivityAt: now,
      unreadCount: { increment: 1 },
      ...(escalate
        ? { status: ChatStatus.ESCALATED, escalationReason: reply.escalationReason }
        : session.status === ChatStatus.RESOLVED
          ? { status: ChatStatus.ACTIVE, escalationReason: null }
          : {}),
    },
  });

  if (escalate) await notifyAdminsOfEscalation(session.id, reply.escalationReason!, input.content, userId);

  const chat = (await loadSupportChatById(session.id))!;
  return { chat, setCookie: await chatCookie().serialize(session.id) };
}

/** Emails every support admin that a conversation needs a person. */
async function notifyAdminsOfEscalation(
  sessionId: string,
  reason: string,
  question: string,
  userId: string | undefined,
) {
  const database = await db();
  const [admins, user] = await Promise.all([
    database.admin.findMany({ select: { email: true } }),
    userId ? database.user.findUnique({ where: { id: userId }, select: { email: true } }) : null,
  ]);
  const consoleUrl = `${appOrigin()}/admin/chat?session=${sessionId}`;
  const template = ChatEscalatedEmail({ reason, question, who: user?.email ?? "an anonymous visitor", consoleUrl });
  await Promise.all(
    admins.map((admin) => sendTemplateEmail(admin.email, `Support chat needs a person: ${reason}`, template)),
  );
}

async function loadSupportChatById(sessionId: string): Promise<SupportChatView | null> {
  const session = await (
    await db()
  ).chatSession.findUnique({
    where: { id: sessionId },
    include: { messages: { orderBy: { createdAt: "asc" } } },
  });
  return session
    ? { sessionId: session.id, status: STATUS_NAME[session.status], messages: session.messages.map(messageView) }
    : null;
}
