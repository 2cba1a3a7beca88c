import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

export function DataExportReadyEmail({ url, expires, size }: { url: string; expires: string; size: string }) {
  return (
    <EmailLayout preview="Your Voxlate data export is ready">
      <Text style={paragraph}>
        The export of all your Voxlate data is ready ({size}, one ZIP file): your profile, every recording&apos;s audio,
        every transcript, translation and summary, your support conversations, your sessions and your access log.
      </Text>
      <Button href={url} style={button}>
        Download the export
      </Button>
      <Text style={paragraph}>
        The link works until {expires}, and only while you are signed in to this account. Then the file is deleted.
      </Text>
    </EmailLayout>
  );
}
