import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

/** The billing emails (subscription confirmed, payment failed, refund receipt, subscription ended): a few lines and one link. */
export function BillingNoticeEmail({
  preview,
  lines,
  link,
}: {
  preview: string;
  lines: string[];
  link?: { label: string; url: string };
}) {
  return (
    <EmailLayout preview={preview}>
      {lines.map((line) => (
        <Text key={line} style={paragraph}>
          {line}
        </Text>
      ))}
      {link ? (
        <Button href={link.url} style={button}>
          {link.label}
        </Button>
      ) : null}
    </EmailLayout>
  );
}
