// The admin console's conversations, shared by /admin/chat (forms) and the /api/admin/chat/* routes (JSON).
import { z } from "zod";
import { ChatAuditAction, ChatRole, ChatStatus, type Prisma } from "~/generated/prisma/client";
import { PLANS } from "~/content/plans";
import { ChatReplyEmail } from "~/emails/chat-reply";
import { sendTemplateEmail } from "~/modules/platform/email.server";
import { db } from "~/modules/platform/database.server";
import { appOrigin } from "~/config/env.server";
import { SUPPORT_CHAT_ANCHOR, type ChatMessageView, type ChatStatusName } from "./support-chat";
import { messageView, STATUS_NAME } from "./support-chat.server";
import { ResponseContentSchema } from "./admin-reply";
import { minutesUsedThisMonth } from "~/modules/usage/usage.server";
import { HANDOFF_MESSAGE } from "~/services/chat-assistant/assistant.server";

/** Spec section 9. */
export const CHAT_PAGE_SIZE = 20;

const STATUS_BY_NAME = {
  active: ChatStatus.ACTIVE,
  escalated: ChatStatus.ESCALATED,
  resolved: ChatStatus.RESOLVED,
} as const;

export const SessionListQuerySchema = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1)
    .max(100, "limit must be at most 100")
    .default(CHAT_PAGE_SIZE),
  status: z
    .enum(["active", "escalated", "resolved", "all", ""], { error: "status must be active, escalated or resolved" })
    .optional()
    .transform((value) => (value === "all" || value === "" ? undefined : value)),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || undefined),
});

export const RespondSchema = z.object({
  content: ResponseContentSchema,
  noteType: z.literal("admin_response", { error: "noteType must be 'admin_response'" }).default("admin_response"),
  markResolved: z.boolean({ error: "markResolved must be true or false" }).default(false),
});

export interface ChatSessionView {
  sessionId: string;
  status: ChatStatusName;
  contextPage: string;
  lastActivityAt: string;
  createdAt: string;
  escalationReason: string | null;
}

export interface ChatSessionListItem {
  session: ChatSessionView;
  userEmail: string | null;
  /** The signed-in visitor's name; null for a visitor without an account. */
  userName: string | null;
  userTier: string | null;
  lastMessage: string | null;
  messageCount: number;
  unreadCount: number;
}

/** A message as the console shows it: with, on an assistant's hand-off, what the hand-off means. */
export interface AdminChatMessageView extends ChatMessageView {
  handOffNote: string | null;
}

export interface ChatSessionDetail {
  session: ChatSessionView;
  messages: AdminChatMessageView[];
  userContext: {
    accountInfo: { email: string | null; name: string | null };
    subscription: { tier: string | null; usage: number | null };
  };
  auditTrail: { action: "reply" | "resolve" | "close"; adminEmail: string; createdAt: string }[];
}

const planName = (plan: string | undefined) => PLANS.find((candidate) => candidate.id === plan)?.name ?? null;
const fullName = (user: { firstName: string; lastName: string } | null) =>
  user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || null : null;

/**
 * What an assistant's message meant for the console, in words: it handed the conversation over (and why), or it
 * answered from the help centre (and how well the best entry matched). Null for other messages.
 */
export function handOffNote(message: ChatMessageView): string | null {
  if (message.role !== "assistant") return null;
  const match =
    message.confidenceScore === null
      ? ""
      : ` (the best help entry matched ${Math.round(message.confidenceScore * 100)}% of the question)`;
  if (message.needsHumanReview) {
    return message.content === HANDOFF_MESSAGE
      ? "The assistant handed this over: the visitor asked for a person."
      : `The assistant handed this over: it could not answer from the help centre${match}.`;
  }
  return message.sources.length ? `The assistant answered from the help centre${match}.` : null;
}

const adminMessageView = (message: Parameters<typeof messageView>[0]): AdminChatMessageView => {
  const view = messageView(message);
  return { ...view, handOffNote: handOffNote(view) };
};

function sessionView(session: Prisma.ChatSessionGetPayload<object>): ChatSessionView {
  return {
    sessionId: session.id,
    status: STATUS_NAME[session.status],
    contextPage: session.contextPage,
    lastActivityAt: session.lastActivityAt.toISOString(),
    createdAt: session.createdAt.toISOString(),
    escalationReason: session.escalationReason,
  };
}

export async function listChatSessions(query: z.infer<typeof SessionListQuerySchema>) {
  const { page, limit, status, search } = query;
  const where: Prisma.ChatSessionWhereInput = {
    ...(status ? { status: STATUS_BY_NAME[status] } : {}),
    ...(search
      ? {
          OR: [
            { id: { endsWith: search } },
            { user: { email: { contains: search, mode: "insensitive" } } },
            { contextPage: { contains: search, mode: "insensitive" } },
            { escalationReason: { contains: search, mode: "insensitive" } },
            { messages: { some: { content: { contains: search, mode: "insensitive" } } } },
          ],
        }
      : {}),
  };
  const database = await db();
  const [total, sessions] = await Promise.all([
    database.chatSession.count({ where }),
    database.chatSession.findMany({
      where,
      orderBy: [{ lastActivityAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * limit,
      take: limit,
      include: {
        user: { select: { email: true, plan: true, firstName: true, lastName: true } },
        messages: { orderBy: { createdAt: "desc" }, take: 1, select: { content: true } },
        _count: { select: { messages: true } },
      },
    }),
  ]);
  const items: ChatSessionListItem[] = sessions.map((session) => ({
    session: sessionView(session),
    userEmail: session.user?.email ?? null,
    userName: fullName(session.user),
    userTier: planName(session.user?.plan),
    lastMessage: session.messages[0]?.content ?? null,
    messageCount: session._count.messages,
    unreadCount: session.unreadCount,
  }));
  return { sessions: items, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** One conversation with its thread. Opening it in the console counts its messages as read. */
export async function getChatSessionDetail(
  sessionId: string,
  { markRead }: { markRead: boolean },
): Promise<ChatSessionDetail | null> {
  const database = await db();
  const session = await database.chatSession.findUnique({
    where: { id: sessionId },
    include: {
      user: { select: { id: true, email: true, plan: true, firstName: true, lastName: true } },
      messages: { orderBy: { createdAt: "asc" } },
      auditEvents: { orderBy: { createdAt: "asc" } },
    },
  });
  if (!session) return null;
  if (markRead && session.unreadCount > 0) {
    await database.chatSession.update({ where: { id: sessionId }, data: { unreadCount: 0 } });
  }
  return {
    session: sessionView(session),
    messages: session.messages.map(adminMessageView),
    userContext: {
      accountInfo: { email: session.user?.email ?? null, name: fullName(session.user) },
      subscription: {
        tier: planName(session.user?.plan),
        usage: session.user ? await minutesUsedThisMonth(session.user.id) : null,
      },
    },
    auditTrail: session.auditEvents.map((event) => ({
      action: event.action.toLowerCase() as "reply" | "resolve" | "close",
      adminEmail: event.adminEmail,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

async function adminEmail(adminId: string) {
  const admin = await (await db()).admin.findUniqueOrThrow({ where: { id: adminId }, select: { email: true } });
  return admin.email;
}

/** An admin's reply, optionally resolving the conversation; both go into the audit trail. Null: no such session. */
export async function respondToChat(
  adminId: string,
  sessionId: string,
  input: { content: string; markResolved: boolean },
) {
  const database = await db();
  const email = await adminEmail(adminId);
  const result = await database.$transaction(async (tx) => {
    const session = await tx.chatSession.findUnique({
      where: { id: sessionId },
      select: { id: true, contextPage: true, user: { select: { email: true } } },
    });
    if (!session) return null;
    const now = new Date();
    const message = await tx.chatMessage.create({
      data: { sessionId, role: ChatRole.ADMIN, content: input.content, adminId, createdAt: now },
    });
    await tx.chatAuditEvent.create({
      data: {
        sessionId,
        adminId,
        adminEmail: email,
        action: ChatAuditAction.REPLY,
        messageId: message.id,
        createdAt: now,
      },
    });
    if (input.markResolved) {
      await tx.chatAuditEvent.create({
        data: { sessionId, adminId, adminEmail: email, action: ChatAuditAction.RESOLVE, createdAt: now },
      });
    }
    await tx.chatSession.update({
      where: { id: sessionId },
      data: { lastActivityAt: now, unreadCount: 0, ...(input.markResolved ? { status: ChatStatus.RESOLVED } : {}) },
    });
    return { message: messageView(message), userEmail: session.user?.email, contextPage: session.contextPage };
  });
  if (!result) return null;
  // A visitor with an account hears about the reply even after leaving the page.
  if (result.userEmail) {
    const chatUrl = `${appOrigin()}${result.contextPage}#${SUPPORT_CHAT_ANCHOR}`;
    await sendTemplateEmail(
      result.userEmail,
      "Voxlate support replied to your message",
      ChatReplyEmail({ reply: input.content, chatUrl }),
    );
  }
  return result.message;
}

/** Closes (resolves) a conversation and records who did it. Null: no such session. */
export async function closeChat(adminId: string, sessionId: string) {
  const database = await db();
  const email = await adminEmail(adminId);
  return database.$transaction(async (tx) => {
    const session = await tx.chatSession.findUnique({ where: { id: sessionId }, select: { id: true } });
    if (!session) return null;
    await tx.chatAuditEvent.create({ data: { sessionId, adminId, adminEmail: email, action: ChatAuditAction.CLOSE } });
    return sessionView(
      await tx.chatSession.update({ where: { id: sessionId }, data: { status: ChatStatus.RESOLVED } }),
    );
  });
}
