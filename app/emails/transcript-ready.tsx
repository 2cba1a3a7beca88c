import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

export function TranscriptReadyEmail({ title, url }: { title: string; url: string }) {
  return (
    <EmailLayout preview={`Your transcript of "${title}" is ready`}>
      <Text style={paragraph}>
        The transcript of &ldquo;{title}&rdquo; is ready. You can read and correct it, and export it as PDF, DOCX, TXT
        or SRT.
      </Text>
      <Button href={url} style={button}>
        Open the transcript
      </Button>
    </EmailLayout>
  );
}
