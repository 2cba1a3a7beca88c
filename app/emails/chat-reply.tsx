import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

/** To a signed-in visitor: support answered their chat (they may have left the page). */
export function ChatReplyEmail({ reply, chatUrl }: { reply: string; chatUrl: string }) {
  return (
    <EmailLayout preview="Voxlate support replied to your message">
      <Text style={paragraph}>Our support team replied to your chat:</Text>
      <Text style={{ ...paragraph, borderLeft: "3px solid #e2e8f0", paddingLeft: 12, whiteSpace: "pre-line" }}>
        {reply}
      </Text>
      <Button href={chatUrl} style={button}>
        Continue the conversation
      </Button>
    </EmailLayout>
  );
}
