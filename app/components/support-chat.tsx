// clsx rather than cn: the chat is on every first load, where tailwind-merge would cost 9 KB gzip.
import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import {
  ASK_FOR_PERSON,
  CHAT_REFRESH_MS,
  SUPPORT_CHAT_ANCHOR,
  type ChatMessageView,
  type SupportChatView,
  waitingForPerson,
} from "~/modules/support/support-chat";
import { formatDate } from "~/utils/dates";
import { useHydrated } from "~/utils/use-hydrated";
import {
  chatOf,
  NativeComposer,
  SUPPORT_CHAT_FETCHER,
  type ComposerProps,
  type SupportChatReply,
} from "./support-chat-form";
import { enhancement } from "./ui/enhancement";
import { Hint } from "./ui/hint";
import { LAUNCHER_ATTRIBUTE, supportChatPanel, useSupportChatOpen } from "./support-chat-launcher";

const SPEAKER: Record<ChatMessageView["role"], string> = {
  user: "You",
  assistant: "Help assistant",
  admin: "Support team",
};
const BUBBLE: Record<ChatMessageView["role"], string> = {
  user: "ml-8 bg-brand-600 text-white",
  assistant: "mr-8 bg-slate-100 text-slate-900",
  admin: "mr-8 border border-emerald-200 bg-emerald-50 text-emerald-950",
};

/**
 * The support chat's panel on every page; its button is in the page's header (support-chat-launcher.tsx). Without
 * JavaScript that button is a link to #support-chat (CSS :target shows the panel) and sending is a form post that
 * redirects back to this anchor. With JavaScript it opens in place, sends without reloading, and checks for a
 * person's reply every 5 s while open.
 */
export function SupportChat({ chat, engineLabel }: { chat: SupportChatView | null; engineLabel: string }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  // Keyed: the composer (either half) submits through the same fetcher, and the thread shows its answer.
  const fetcher = useFetcher<SupportChatReply>({ key: SUPPORT_CHAT_FETCHER });
  const open = useSupportChatOpen();
  // The Conform half of the composer loads with the first opening, not on every page view.
  const [opened, setOpened] = useState(false);
  const [polled, setPolled] = useState<SupportChatView | null>(null);
  const [draft, setDraft] = useState("");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const threadRef = useRef<HTMLOListElement>(null);

  const thread = newest(chat, chatOf(fetcher.data), polled);
  // What the visitor sent, shown until the answer arrives: "Talk to a person" with an empty box sends a sentence.
  // Only while submitting: once the answer is in (the fetcher then revalidates the page), the thread has the message.
  const submitting = fetcher.state === "submitting";
  const pendingContent = submitting ? String(fetcher.formData?.get("content") ?? "").trim() : "";
  const pendingText =
    pendingContent || (submitting && fetcher.formData?.get("intent") === "person" ? ASK_FOR_PERSON : "");

  useEffect(() => {
    if (window.location.hash === `#${SUPPORT_CHAT_ANCHOR}`) supportChatPanel.set(true);
    // Text typed before hydration lives only in the DOM: carry it over before `draft` controls the box.
    const typed = textareaRef.current?.value;
    if (typed) setDraft(typed);
  }, []);

  useEffect(() => {
    if (!open) return;
    setOpened(true);
    textareaRef.current?.focus();
  }, [open]);

  useEffect(() => {
    threadRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [thread?.messages.length, open, pendingText]);

  useEffect(() => {
    if (fetcher.state === "idle" && chatOf(fetcher.data)) setDraft("");
  }, [fetcher.state, fetcher.data]);

  // Only a conversation that is open on screen is refreshed, so idle pages make no requests.
  const threadSessionId = thread?.sessionId;
  useEffect(() => {
    if (!open || !threadSessionId) return;
    const timer = setInterval(async () => {
      if (document.visibilityState !== "visible") return;
      const response = await fetch("/support-chat", { headers: { Accept: "application/json" } }).catch(() => null);
      if (response?.ok) setPolled(((await response.json()) as { chat: SupportChatView | null }).chat);
    }, CHAT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, threadSessionId]);

  const close = (event: React.MouseEvent | React.KeyboardEvent) => {
    event.preventDefault();
    supportChatPanel.set(false);
    // Back to the button that opened it (the header's).
    document.querySelector<HTMLElement>(`[${LAUNCHER_ATTRIBUTE}]`)?.focus();
    if (window.location.hash) history.replaceState(history.state, "", pathname + search);
  };

  const panelVisibility = hydrated ? (open ? "flex" : "hidden") : "hidden target:flex";
  const composerProps: ComposerProps = {
    returnTo: pathname + search,
    contextPage: pathname,
    textareaRef,
    draft,
    setDraft,
    enhance: opened,
    open,
  };

  return (
    <div className="print:hidden">
      <section
        id={SUPPORT_CHAT_ANCHOR}
        aria-labelledby="support-chat-title"
        onKeyDown={(event) => event.key === "Escape" && close(event)}
        className={clsx(
          panelVisibility,
          // Opened from the header's button, so it opens under the header, beside that button.
          "fixed top-18 right-4 z-50 max-h-[min(36rem,calc(100dvh-5.5rem))] w-[calc(100%-2rem)] max-w-sm",
          "flex-col overflow-hidden",
          "rounded-2xl border border-slate-200 bg-white shadow-2xl",
        )}
      >
        <div className="flex items-start justify-between gap-2 bg-slate-900 px-4 py-3 text-white">
          <div>
            <h2 id="support-chat-title" className="text-sm font-semibold">
              Voxlate support
            </h2>
            <p className="text-xs text-slate-300">Answers: {engineLabel}. A person can take over.</p>
          </div>
          <Hint label="Close support chat">
            <a
              href="#_"
              onClick={close}
              className="rounded px-2 text-lg leading-none text-slate-300 hover:text-white"
              aria-label="Close support chat"
            >
              ×
            </a>
          </Hint>
        </div>

        <ol ref={threadRef} aria-live="polite" className="flex-1 space-y-3 overflow-y-auto px-4 py-3 text-sm">
          {thread?.messages.length ? null : (
            <li className="text-slate-600">
              Ask about uploads, transcripts, exports, plans or your account. We answer from our help centre, and a
              person can reply here.
            </li>
          )}
          {thread?.messages.map((message) => (
            <ChatBubble key={message.id} message={message} />
          ))}
          {pendingText ? (
            <li aria-busy="true">
              <ChatBubble
                message={{
                  id: "pending",
                  role: "user",
                  content: pendingText,
                  createdAt: "",
                  confidenceScore: null,
                  needsHumanReview: false,
                  sources: [],
                }}
              />
              <p className="mt-2 text-xs text-slate-500">Looking in the help centre…</p>
            </li>
          ) : null}
        </ol>

        {thread && waitingForPerson(thread) ? (
          <p role="status" className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900">
            Waiting for a person from our support team. Their reply appears here.
          </p>
        ) : null}
        <Composer {...composerProps} />
      </section>
    </div>
  );
}

const useConformComposer = enhancement(() => import("./support-chat-composer"));

/** The native form, and its Conform half once the chat has been opened and that has loaded. */
function Composer(props: ComposerProps) {
  const conform = useConformComposer(props.enhance);
  return conform ? <conform.ConformComposer {...props} /> : <NativeComposer {...props} />;
}

function ChatBubble({ message }: { message: ChatMessageView }) {
  const time = message.createdAt ? formatDate(message.createdAt, "time") : "";
  return (
    <li className={clsx("rounded-xl px-3 py-2", BUBBLE[message.role])}>
      <p className="mb-1 text-xs font-semibold opacity-80">
        {SPEAKER[message.role]}
        {time ? (
          <time dateTime={message.createdAt} className="ml-2 font-normal">
            {time}
          </time>
        ) : null}
      </p>
      <p className="whitespace-pre-line">{message.content}</p>
      {message.sources.length ? (
        <p className="mt-2 text-xs">
          From the help centre:{" "}
          {message.sources.map((source, index) => (
            <span key={source.url + index}>
              {index ? ", " : ""}
              <a href={source.url} className="underline">
                {source.title}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

/** The most recent of the conversations the page knows: from the page load, the last send, or the last poll. */
function newest(...candidates: (SupportChatView | null)[]): SupportChatView | null {
  return candidates.reduce<SupportChatView | null>((best, candidate) => {
    if (!candidate) return best;
    if (!best) return candidate;
    const last = (view: SupportChatView) => view.messages.at(-1)?.createdAt ?? "";
    return last(candidate) >= last(best) && candidate.messages.length >= best.messages.length ? candidate : best;
  }, null);
}
