import { Button, Link, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

export function PasswordResetEmail({ resetUrl }: { resetUrl: string }) {
  return (
    <EmailLayout preview="Reset your Voxlate password">
      <Text style={paragraph}>Someone asked to reset the password of your Voxlate account. To choose a new one:</Text>
      <Button href={resetUrl} style={button}>
        Reset password
      </Button>
      <Text style={{ ...paragraph, marginTop: 24 }}>
        Or open this link: <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={paragraph}>The link works once and expires in 1 hour. If you didn't ask, ignore this email.</Text>
    </EmailLayout>
  );
}
