import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph } from "./layout";

/** An invitation to a team workspace (ADR 035-teams): the link works once, until `expires`. */
export function WorkspaceInvitationEmail({
  inviter,
  workspace,
  role,
  url,
  expires,
}: {
  inviter: string;
  workspace: string;
  role: string;
  url: string;
  expires: string;
}) {
  return (
    <EmailLayout preview={`${inviter} invited you to ${workspace} on Voxlate`}>
      <Text style={paragraph}>
        {inviter} invited you to join the team workspace {workspace} on Voxlate as {role}. Its members share recordings,
        transcripts, folders and the speaker library.
      </Text>
      <Button href={url} style={button}>
        Join {workspace}
      </Button>
      <Text style={paragraph}>
        The link works once, until {expires}. If you have no Voxlate account yet, you can create one with this email
        address from the link. If you did not expect this invitation, you can ignore this email.
      </Text>
    </EmailLayout>
  );
}

/** To a team's billing owner: someone tried to accept an invitation and no seat was free. */
export function SeatsFullEmail({
  firstName,
  invitee,
  workspace,
  membersUrl,
}: {
  firstName: string;
  invitee: string;
  workspace: string;
  membersUrl: string;
}) {
  return (
    <EmailLayout preview={`${workspace} has no free seat`}>
      <Text style={paragraph}>Hi {firstName},</Text>
      <Text style={paragraph}>
        {invitee} tried to accept the invitation to {workspace}, but every seat is taken, so they could not join yet. To
        let them in, add a seat on the workspace&apos;s members page (your subscription is charged for the rest of the
        period, prorated), or remove a member who no longer needs one. Then ask them to open their invitation link
        again.
      </Text>
      <Button href={membersUrl} style={button}>
        Add a seat
      </Button>
    </EmailLayout>
  );
}
