import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

export function WelcomeEmail({ firstName, dashboardUrl }: { firstName: string; dashboardUrl: string }) {
  return (
    <EmailLayout preview="Welcome to Voxlate">
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        Your Voxlate account is ready. Upload a recording or record live, and you'll get a transcript with timestamps
        that you can translate and export. The Free plan includes 5 minutes every month.
      </Text>
      <Button href={dashboardUrl} style={button}>
        Open your dashboard
      </Button>
    </EmailLayout>
  );
}
