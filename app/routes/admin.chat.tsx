import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useLocation, useRevalidator, useSubmit } from "react-router";
import type { Route } from "./+types/admin.chat";
import { AdminHeader } from "~/components/admin-header";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { firstError } from "~/components/ui/field";
import { type FormReply, formReplyOf, pageRefusal, replyTo } from "~/components/ui/form-reply";
import {
  type AdminChatMessageView,
  closeChat,
  getChatSessionDetail,
  listChatSessions,
  respondToChat,
  SessionListQuerySchema,
} from "~/modules/support/admin-chat.server";
import { requireAdmin, signOutAdmin } from "~/modules/accounts/admin-session.server";
import { CHAT_REFRESH_MS, type ChatStatusName } from "~/modules/support/support-chat";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { formatUsage } from "~/modules/usage/usage";
import { useHydrated } from "~/utils/use-hydrated";
import { readForm } from "~/modules/platform/request-body.server";
import { formatDate } from "~/utils/dates";
import { AdminErrorBoundary } from "~/components/error-boundary";
import { formRefusal, invariantResponse } from "~/modules/platform/refusals.server";
import { countOf } from "~/utils/plural";
import { AdminCloseSchema, AdminReplySchema } from "~/modules/support/admin-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Support console", "Support chat console."),
  { name: "robots", content: "noindex" },
];

const STATUS_FILTERS = [
  { value: "", label: "All Conversations" },
  { value: "active", label: "Active" },
  { value: "escalated", label: "Escalated" },
  { value: "resolved", label: "Resolved" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const adminId = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const parsed = SessionListQuerySchema.safeParse({
    page: params.get("page") ?? undefined,
    status: params.get("status") ?? undefined,
    search: params.get("search") ?? undefined,
  });
  const query = parsed.success ? parsed.data : SessionListQuerySchema.parse({});
  const selectedId = params.get("session");
  // The open conversation is marked read first, so the list no longer counts its messages as new.
  const detail = selectedId ? await getChatSessionDetail(selectedId, { markRead: true }) : null;
  // A link to a conversation that is gone (e.g. from an old notification email) says so, rather than showing none.
  invariantResponse(!selectedId || detail, "Conversation not found.", 404);
  const list = await listChatSessions(query);
  return { adminId, list, detail, query: { status: query.status ?? "", search: query.search ?? "" } };
}

/** The console's own URL with some parameters changed (empty values dropped). */
function consoleUrl(currentSearch: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(currentSearch);
  for (const [key, value] of Object.entries(changes)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const search = params.toString();
  return `/admin/chat${search ? `?${search}` : ""}`;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "logout") {
    return redirect("/admin/login", { status: 303, headers: { "Set-Cookie": await signOutAdmin(request) } });
  }
  const adminId = await requireAdmin(request);
  const url = new URL(request.url);
  const gone = ["That conversation no longer exists."];
  if (intent === "close") {
    const submission = parseWithZod(form, { schema: AdminCloseSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const session = await closeChat(adminId, submission.value.sessionId);
    if (!session) return data(submission.reply({ formErrors: gone }), { status: 404 });
    // After a close the selection is cleared (spec section 4).
    return redirectWithToast(
      consoleUrl(url.search, { session: null }),
      { type: "success", title: "Chat closed" },
      { status: 303 },
    );
  }
  if (intent === "reply" || intent === "resolve") {
    const submission = parseWithZod(form, { schema: AdminReplySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { sessionId, content } = submission.value;
    const message = await respondToChat(adminId, sessionId, { content, markResolved: intent === "resolve" });
    if (!message) return data(submission.reply({ formErrors: gone }), { status: 404 });
    return redirectWithToast(
      consoleUrl(url.search, { session: sessionId }),
      { type: "success", title: intent === "resolve" ? "Reply sent and chat resolved" : "Reply sent" },
      { status: 303 },
    );
  }
  // A post from no button of the console: no form sent it, so the reply is the page's.
  return formRefusal("Use the console's buttons.", 400);
}

/** The alert's title for a refused post (spec section 4), by the button that sent it; a post from none is unknown. */
const FAILED_ACTION: Record<string, string> = {
  close: "Failed to close chat",
  reply: "Failed to send response",
  resolve: "Failed to send response",
};

/** A refused post, above the conversation: what failed and why (the form's or the first field's message). */
function ActionFailure({ actionData }: { actionData: unknown }) {
  const reply = formReplyOf(actionData);
  const refusal = pageRefusal(actionData);
  if (reply?.status !== "error" && !refusal) return null;
  const intent = reply?.initialValue?.intent;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <strong>{(typeof intent === "string" && FAILED_ACTION[intent]) || "Unknown action"}</strong>:{" "}
      {refusal ?? firstError(reply)}
    </div>
  );
}

export default function AdminChat({ loaderData, actionData }: Route.ComponentProps) {
  const { list, detail, query } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const location = useLocation();
  const busy = navigation.state !== "idle";

  // Spec section 4: the console keeps a local 'adminAuthenticated' flag while signed in.
  useEffect(() => localStorage.setItem("adminAuthenticated", "true"), []);

  // The list and the open conversation refresh every 5 s while the tab is visible and nothing else is loading.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle" && navigation.state === "idle")
        revalidator.revalidate();
    }, CHAT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator, navigation.state]);

  const linkTo = (changes: Record<string, string | null>) => consoleUrl(location.search, changes);

  return (
    <div className="flex min-h-screen flex-1 flex-col">
      <AdminHeader title="Support console">
        <div className="flex items-center gap-4">
          <Link to="/admin/status" className="text-sm font-medium underline">
            System status
          </Link>
          <Form method="post" onSubmit={() => localStorage.removeItem("adminAuthenticated")}>
            <button type="submit" name="intent" value="logout" className={buttonClass("secondary")}>
              Logout
            </button>
          </Form>
        </div>
      </AdminHeader>
      <main id="main" className="grid flex-1 md:grid-cols-[24rem_1fr]">
        <section
          aria-labelledby="conversations-title"
          className="border-b border-slate-200 p-4 md:border-r md:border-b-0"
        >
          <h1 id="conversations-title" className="sr-only">
            Conversations
          </h1>
          <Form method="get" role="search" className="space-y-2">
            <label htmlFor="search" className="sr-only">
              Search conversations
            </label>
            <input
              id="search"
              name="search"
              type="search"
              defaultValue={query.search}
              placeholder="Search conversations..."
              className="w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <div className="flex gap-2">
              <label htmlFor="status" className="sr-only">
                Status
              </label>
              <select
                id="status"
                name="status"
                defaultValue={query.status}
                onChange={(event) => submit(event.currentTarget.form)}
                className="flex-1 rounded-md border border-slate-300 px-3 py-2"
              >
                {STATUS_FILTERS.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </select>
              <button type="submit" className={buttonClass("secondary")}>
                Refresh
              </button>
            </div>
          </Form>

          <p className="mt-4 text-xs text-slate-500" aria-live="polite">
            {countOf(list.total, "conversation")}
          </p>
          {list.sessions.length === 0 ? (
            <p className="mt-8 text-center text-sm text-slate-500">No conversations found</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {list.sessions.map((item) => {
                const selected = detail?.session.sessionId === item.session.sessionId;
                return (
                  <li key={item.session.sessionId}>
                    <Link
                      to={linkTo({ session: item.session.sessionId })}
                      aria-current={selected ? "true" : undefined}
                      className={`hover:border-brand-400 block rounded-lg border p-3 text-sm ${selected ? "border-brand-600 bg-brand-50" : "border-slate-200 bg-white"}`}
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={item.session.status} />
                        {item.unreadCount > 0 ? (
                          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                            {item.unreadCount} new
                          </span>
                        ) : null}
                        <span className="ml-auto text-xs text-slate-600">
                          <Time iso={item.session.lastActivityAt} />
                        </span>
                      </span>
                      <span className="mt-1 block font-medium">
                        {item.userName ? `${item.userName} · ${item.userEmail}` : (item.userEmail ?? "Anonymous User")}
                      </span>
                      <span className="block text-xs text-slate-600">
                        {item.userTier ?? "No account"} · {item.session.contextPage} ·{" "}
                        {countOf(item.messageCount, "message")}
                      </span>
                      {item.lastMessage ? (
                        <span className="mt-1 block truncate text-slate-700">{item.lastMessage}</span>
                      ) : null}
                      {item.session.escalationReason ? (
                        <span className="mt-1 block text-xs text-amber-800">
                          Escalated: {item.session.escalationReason}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {list.totalPages > 1 ? (
            <nav aria-label="Conversation pages" className="mt-4 flex items-center justify-between text-sm">
              {list.page > 1 ? (
                <Link to={linkTo({ page: String(list.page - 1), session: null })}>Previous</Link>
              ) : (
                <span />
              )}
              <span>
                Page {list.page} of {list.totalPages}
              </span>
              {list.page < list.totalPages ? (
                <Link to={linkTo({ page: String(list.page + 1), session: null })}>Next</Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>

        <section aria-labelledby="conversation-title" className="flex flex-col p-4">
          <ActionFailure actionData={actionData} />
          {detail ? (
            <Conversation detail={detail} busy={busy} reply={replyTo(actionData, ["reply", "resolve"])} />
          ) : (
            <div className="m-auto text-center">
              <h2 id="conversation-title" className="text-lg font-semibold">
                Select a Conversation
              </h2>
              <p className="mt-1 text-sm text-slate-500">Choose a conversation on the left to read and reply.</p>
            </div>
          )}
        </section>
      </main>
    </div>
  );
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["detail"]>;

type ReplyResult = FormReply | undefined;

function Conversation({ detail, busy, reply }: { detail: Detail; busy: boolean; reply: ReplyResult }) {
  const { session, messages, userContext, auditTrail } = detail;
  // A sent reply (this admin's or another's) starts an empty box, as does another conversation; a visitor's new
  // message arriving by the 5 s refresh leaves a half-written reply alone.
  const adminReplies = messages.filter((message) => message.role === "admin").length;

  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-3">
        <div>
          <h2 id="conversation-title" className="text-lg font-semibold">
            Conversation …{session.sessionId.slice(-8)}
          </h2>
          <p className="text-sm text-slate-600">
            {userContext.accountInfo.name ? `${userContext.accountInfo.name} · ` : ""}
            {userContext.accountInfo.email ?? "Anonymous User"} · {userContext.subscription.tier ?? "No account"}
            {userContext.subscription.usage !== null
              ? ` · ${formatUsage(userContext.subscription.usage * 60)} used this month`
              : ""}
          </p>
          <p className="text-xs text-slate-500">
            Started on {session.contextPage}
            {session.escalationReason ? ` · Escalated: ${session.escalationReason}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={session.status} />
          {session.status !== "resolved" ? (
            <Form method="post">
              <input type="hidden" name="sessionId" value={session.sessionId} />
              <button type="submit" name="intent" value="close" disabled={busy} className={buttonClass("secondary")}>
                Close Chat
              </button>
            </Form>
          ) : null}
        </div>
      </header>

      <ol aria-label="Messages" className="flex-1 space-y-3 overflow-y-auto py-4">
        {messages.length === 0 ? <li className="text-sm text-slate-500">No messages in this conversation</li> : null}
        {messages.map((message) => (
          <AdminMessage
            key={message.id}
            message={message}
            visitor={userContext.accountInfo.name ?? userContext.accountInfo.email}
          />
        ))}
      </ol>

      {auditTrail.length ? (
        <details className="mb-3 text-xs text-slate-600">
          <summary className="cursor-pointer">Audit trail ({auditTrail.length})</summary>
          <ul className="mt-1 space-y-1">
            {auditTrail.map((event, index) => (
              <li key={index}>
                {AUDIT_LABEL[event.action]} by {event.adminEmail}, <Time iso={event.createdAt} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <ReplyForm key={`${session.sessionId}:${adminReplies}`} sessionId={session.sessionId} busy={busy} reply={reply} />
    </>
  );
}

function ReplyForm({ sessionId, busy, reply }: { sessionId: string; busy: boolean; reply: ReplyResult }) {
  const [form, fields] = useSchemaForm("admin-reply", AdminReplySchema, reply, {
    intent: "reply",
    defaultValue: { sessionId },
  });
  const hydrated = useHydrated();
  // Without scripts the buttons stay enabled and the server refuses a blank reply.
  const cannotSend = hydrated && (busy || !fields.content.value?.trim());
  const errors = fields.content.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2 border-t border-slate-200 pt-3">
      <input type="hidden" name="sessionId" value={sessionId} />
      <label htmlFor={fields.content.id} className="sr-only">
        Your response
      </label>
      <textarea
        {...getTextareaProps(fields.content)}
        required
        rows={3}
        placeholder="Type your response..."
        aria-describedby={errors?.length ? fields.content.errorId : undefined}
        className="w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-500"
      />
      {errors?.length ? (
        <p id={fields.content.errorId} className="text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="submit" name="intent" value="reply" disabled={cannotSend} className={buttonClass("secondary")}>
          Send Reply
        </button>
        <button type="submit" name="intent" value="resolve" disabled={cannotSend} className={buttonClass("primary")}>
          Send &amp; Resolve
        </button>
      </div>
    </Form>
  );
}

const AUDIT_LABEL = { reply: "Reply", resolve: "Resolved", close: "Closed" } as const;

const ROLE_STYLE: Record<AdminChatMessageView["role"], { label: string; className: string }> = {
  // A signed-in visitor is named instead (AdminMessage's `visitor`).
  user: { label: "Visitor", className: "mr-12 border-slate-200 bg-white" },
  admin: { label: "Support (admin)", className: "ml-12 border-brand-200 bg-brand-50" },
  assistant: { label: "Assistant", className: "mr-12 border-slate-200 bg-slate-100" },
};

/** One message; `visitor` names a signed-in visitor (name, else email) where an anonymous one is "Visitor". */
function AdminMessage({ message, visitor }: { message: AdminChatMessageView; visitor: string | null }) {
  const style = ROLE_STYLE[message.role];
  const label = message.role === "user" && visitor ? visitor : style.label;
  return (
    <li className={`rounded-lg border p-3 text-sm ${style.className}`} data-role={message.role}>
      <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{label}</span>
        <Time iso={message.createdAt} />
      </p>
      <p className="whitespace-pre-line">{message.content}</p>
      {message.handOffNote ? (
        <p
          className={
            message.needsHumanReview
              ? "mt-2 rounded bg-amber-100 px-2 py-1 text-xs font-medium text-amber-950"
              : "mt-2 text-xs text-slate-600"
          }
        >
          {message.handOffNote}
        </p>
      ) : null}
    </li>
  );
}

const STATUS_BADGE: Record<ChatStatusName, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-sky-100 text-sky-900" },
  escalated: { label: "Escalated", className: "bg-amber-100 text-amber-900" },
  resolved: { label: "Resolved", className: "bg-emerald-100 text-emerald-900" },
};

function StatusBadge({ status }: { status: ChatStatusName }) {
  const badge = STATUS_BADGE[status];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>;
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso, "dateTime")}</time>;
}

export const ErrorBoundary = AdminErrorBoundary;
