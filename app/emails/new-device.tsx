import { Text } from "@react-email/components";
import { EmailLayout, paragraph } from "./layout";

export function NewDeviceEmail({ browser, time }: { browser: string; time: string }) {
  return (
    <EmailLayout preview="New sign-in to your Voxlate account">
      <Text style={paragraph}>Your Voxlate account was just signed in to from a browser we haven't seen before:</Text>
      <Text style={{ ...paragraph, fontWeight: 600 }}>
        {browser}
        <br />
        {time}
      </Text>
      <Text style={paragraph}>
        If this was you, there is nothing to do. If not, reset your password now: that signs out every other browser.
      </Text>
    </EmailLayout>
  );
}
