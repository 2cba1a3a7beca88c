import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

export function AccountDeletionEmail({ date, signInUrl }: { date: string; signInUrl: string }) {
  return (
    <EmailLayout preview="Your Voxlate account will be deleted">
      <Text style={paragraph}>
        You asked us to delete your Voxlate account. On {date} we will delete it with every recording, transcript,
        translation and summary, from our database and from storage, and cancel any paid plan.
      </Text>
      <Text style={paragraph}>Changed your mind? Sign in before then and nothing is deleted.</Text>
      <Button href={signInUrl} style={button}>
        Sign in to keep my account
      </Button>
    </EmailLayout>
  );
}
