import { Text } from "@react-email/components";
import { EmailLayout, paragraph } from "./layout";

export function SecondFactorsResetEmail({ workspaceName, signInUrl }: { workspaceName: string; signInUrl: string }) {
  return (
    <EmailLayout preview="Your Voxlate second factors were reset">
      <Text style={paragraph}>
        An owner or admin of the workspace {workspaceName} reset your second factors: your authenticator app and
        recovery codes no longer sign you in, and every browser was signed out.
      </Text>
      <Text style={paragraph}>
        Sign in again with your password at {signInUrl} and set up two-factor sign-in anew. Nobody else was given access
        to your account.
      </Text>
      <Text style={paragraph}>
        If you did not ask for this, reply to this email or contact the workspace&apos;s owners.
      </Text>
    </EmailLayout>
  );
}
