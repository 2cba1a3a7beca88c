// The Conform half of the support chat's composer (ADR 011), loaded when the chat is first opened: zod and Conform
// stay out of every page's first load (docs/performance.md).
import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { CHAT_MESSAGE_MAX_LENGTH } from "~/modules/support/support-chat";
import { VisitorMessageSchema } from "~/modules/support/visitor-message";
import {
  COMPOSER_FORM_CLASS,
  ComposerLayout,
  type ComposerProps,
  MESSAGE_FIELD_CLASS,
  sendOnEnter,
  SUPPORT_CHAT_FETCHER,
  chatOf,
  type SupportChatReply,
} from "./support-chat-form";
import { formReplyOf } from "./ui/form-reply";
import { useSchemaForm } from "./ui/use-schema-form";

/**
 * The message box checked in the browser with the action's own schema: "Type a message first." shows beside the box
 * (Enter on an empty box), and the server's reply lands in the same place. Checked when sent, not on leaving the
 * box: a chat box left empty is not a mistake.
 */
export function ConformComposer({ returnTo, contextPage, textareaRef, draft, setDraft, open }: ComposerProps) {
  const fetcher = useFetcher<SupportChatReply>({ key: SUPPORT_CHAT_FETCHER });
  const [form, fields] = useSchemaForm("support-chat-form", VisitorMessageSchema, formReplyOf(fetcher.data), {
    intent: "message",
    defaultValue: { content: draft },
    shouldValidate: "onSubmit",
  });
  const content = fields.content;

  // This half replaces the native form while the chat is open: keep the focus in the box.
  useEffect(() => {
    if (open) textareaRef.current?.focus();
    // Only when it takes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Sent and answered: empty the box (the widget empties its copy of the draft).
  const sent = fetcher.state === "idle" && Boolean(chatOf(fetcher.data));
  useEffect(() => {
    // Not validated: an emptied box after a successful send is not a mistake ("Type a message first." showed here).
    if (sent) form.update({ name: content.name, value: "", validated: false });
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent, fetcher.data]);

  const { key, ...textareaProps } = getTextareaProps(content);
  return (
    <fetcher.Form method="post" action="/support-chat" {...getFormProps(form)} className={COMPOSER_FORM_CLASS}>
      <ComposerLayout
        returnTo={returnTo}
        contextPage={contextPage}
        labelFor={content.id}
        errorId={content.errorId}
        errors={content.errors}
        sendDisabled={!content.value?.trim()}
      >
        <textarea
          key={key}
          {...textareaProps}
          ref={textareaRef}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={sendOnEnter}
          placeholder="Type your question..."
          className={MESSAGE_FIELD_CLASS}
        />
      </ComposerLayout>
    </fetcher.Form>
  );
}
