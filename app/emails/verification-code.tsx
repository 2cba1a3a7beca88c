import { Text } from "@react-email/components";
import { EmailLayout, paragraph } from "./layout";

export function VerificationCodeEmail({
  code,
  purpose,
}: {
  code: string;
  purpose: "signup" | "login" | "email-change" | "reauth";
}) {
  const intro = {
    signup: "Enter this code to finish creating your Voxlate account:",
    login: "Enter this code to verify your email address and sign in:",
    "email-change": "Enter this code to confirm your new email address:",
    reauth: "Enter this code on your account page to confirm it is you before changing your email or password:",
  }[purpose];
  return (
    <EmailLayout preview={`Your Voxlate code is ${code}`}>
      <Text style={paragraph}>{intro}</Text>
      <Text style={{ fontSize: 32, fontWeight: 700, letterSpacing: 8, margin: "8px 0 24px" }}>{code}</Text>
      <Text style={paragraph}>The code expires in 10 minutes. Never share it: Voxlate will never ask you for it.</Text>
    </EmailLayout>
  );
}
