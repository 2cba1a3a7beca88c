import { Text } from "@react-email/components";
import { EmailLayout, paragraph } from "./layout";

/** Sent to the old address after an email change, so that a taken-over account does not go unnoticed. */
export function EmailChangedEmail({ newEmail, time }: { newEmail: string; time: string }) {
  return (
    <EmailLayout preview="Your Voxlate email address was changed">
      <Text style={paragraph}>The email address of your Voxlate account was changed to:</Text>
      <Text style={{ ...paragraph, fontWeight: 600 }}>
        {newEmail}
        <br />
        {time}
      </Text>
      <Text style={paragraph}>
        If this was you, there is nothing to do. If not, answer this email or write to us in the support chat at once:
        this address no longer signs in to the account.
      </Text>
    </EmailLayout>
  );
}
