// The support chat's composer. This file is in every page's first load (the chat is), so it imports neither zod nor
// Conform: the native half below posts to /support-chat, where the server validates with VisitorMessageSchema; the
// Conform half (support-chat-composer.tsx) checks with the same schema in the browser once the chat has been opened.
// clsx rather than cn: see support-chat.tsx.
import type { ReactNode, RefObject } from "react";
import { useFetcher } from "react-router";
import { CHAT_MESSAGE_MAX_LENGTH, type SupportChatView } from "~/modules/support/support-chat";
import { useHydrated } from "~/utils/use-hydrated";
import { buttonClass } from "./ui/button";
import { type FormReply, formReplyOf } from "./ui/form-reply";

/** The one fetcher the composer posts through and the thread reads its answer from. */
export const SUPPORT_CHAT_FETCHER = "support-chat";

/** What /support-chat answers the widget: the conversation, or the Conform reply of a refused message. */
export type SupportChatReply = { chat: SupportChatView } | FormReply;

/** The conversation the widget's last post answered with, if it was sent. */
export const chatOf = (answer: SupportChatReply | undefined) => (answer && "chat" in answer ? answer.chat : null);

export interface ComposerProps {
  returnTo: string;
  contextPage: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** What the visitor has typed, kept by the widget so that it survives the swap to the Conform half. */
  draft: string;
  setDraft: (draft: string) => void;
  /** Load the Conform half (the chat has been opened). */
  enhance: boolean;
  open: boolean;
}

export const MESSAGE_FIELD_CLASS =
  "w-full resize-none rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500";

/** Enter sends (Shift+Enter is a new line), through the form's submit event so that its checks run. */
export function sendOnEnter(event: React.KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}

/** What both halves share: where the post goes back to, the message's label and error, and the two buttons. */
export function ComposerLayout({
  returnTo,
  contextPage,
  labelFor,
  errorId,
  errors,
  sendDisabled,
  children,
}: {
  returnTo: string;
  contextPage: string;
  labelFor: string;
  errorId: string;
  errors: string[] | undefined;
  sendDisabled: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SupportChatReply>({ key: SUPPORT_CHAT_FETCHER });
  const sending = fetcher.state !== "idle";
  return (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="contextPage" value={contextPage} />
      {hydrated ? <input type="hidden" name="response" value="json" /> : null}
      <label htmlFor={labelFor} className="sr-only">
        Your message
      </label>
      {children}
      {errors?.length ? (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {errors[0]}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <button
          type="submit"
          name="intent"
          value="person"
          formNoValidate
          disabled={sending}
          className={buttonClass("ghost", "px-2 text-xs")}
        >
          Talk to a person
        </button>
        <button
          type="submit"
          name="intent"
          value="message"
          disabled={sending || sendDisabled}
          className={buttonClass("primary")}
        >
          {sending ? "Sending..." : "Send"}
        </button>
      </div>
    </>
  );
}

export const COMPOSER_FORM_CLASS = "space-y-2 border-t border-slate-200 p-3";

/**
 * The composer as the server renders it, and until the Conform half has loaded: a plain form post without
 * JavaScript (the server redirects back with a toast if it refuses), the keyed fetcher with it.
 */
export function NativeComposer({ returnTo, contextPage, textareaRef, draft, setDraft }: ComposerProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SupportChatReply>({ key: SUPPORT_CHAT_FETCHER });
  const errors = formReplyOf(fetcher.data)?.error?.content ?? undefined;
  const id = "support-chat-message";
  return (
    <fetcher.Form
      method="post"
      action="/support-chat"
      className={COMPOSER_FORM_CLASS}
      onSubmit={(event) => {
        // Send is disabled for blank text while scripts run; Enter follows the same rule.
        if (!draft.trim() && (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") !== "person")
          event.preventDefault();
      }}
    >
      <ComposerLayout
        returnTo={returnTo}
        contextPage={contextPage}
        labelFor={id}
        errorId={`${id}-error`}
        errors={errors}
        sendDisabled={hydrated && !draft.trim()}
      >
        <textarea
          ref={textareaRef}
          id={id}
          name="content"
          rows={2}
          required
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={hydrated ? draft : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={sendOnEnter}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          placeholder="Type your question..."
          className={MESSAGE_FIELD_CLASS}
        />
      </ComposerLayout>
    </fetcher.Form>
  );
}
