import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

export function TranslationReadyEmail({ title, language, url }: { title: string; language: string; url: string }) {
  return (
    <EmailLayout preview={`Your ${language} translation of "${title}" is ready`}>
      <Text style={paragraph}>
        The {language} translation of &ldquo;{title}&rdquo; is ready, line by line with the original times. You can read
        it beside the original and export it on its own or as a bilingual file.
      </Text>
      <Button href={url} style={button}>
        Open the translation
      </Button>
    </EmailLayout>
  );
}
