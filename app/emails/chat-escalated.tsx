import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

/** To support staff: a conversation needs a person. */
export function ChatEscalatedEmail({
  reason,
  question,
  who,
  consoleUrl,
}: {
  reason: string;
  question: string;
  who: string;
  consoleUrl: string;
}) {
  return (
    <EmailLayout preview={`Support chat needs a person: ${reason}`}>
      <Text style={paragraph}>
        A support conversation with {who} was handed to the team ({reason}). Their last message:
      </Text>
      <Text style={{ ...paragraph, borderLeft: "3px solid #e2e8f0", paddingLeft: 12, whiteSpace: "pre-line" }}>
        {question}
      </Text>
      <Button href={consoleUrl} style={button}>
        Open in the console
      </Button>
    </EmailLayout>
  );
}
