// The team workspace pages' forms (ADR 011, ADR 035-teams): one schema each, used by the pages in the browser, by
// their actions on the server and, where the API takes the same input, by /api/v1 (developers/api-schemas.ts).
import { z } from "zod";
import { EmailSchema, FirstNameSchema, LastNameSchema, PasswordSchema } from "~/modules/accounts/registration";
import { singleLineName } from "~/utils/text";
import { WORKSPACE_ROLES } from "./policy";

export const WORKSPACE_NAME_MAX = 80;
/** The most seats a team workspace can have; more is a conversation with sales, not a form. */
export const SEATS_MAX = 500;

export const WorkspaceNameSchema = singleLineName({
  noun: "Workspace names",
  required: "Give the workspace a name.",
  max: WORKSPACE_NAME_MAX,
  tooLong: `A workspace name can be at most ${WORKSPACE_NAME_MAX} characters.`,
});

export const RoleSchema = z.enum(WORKSPACE_ROLES, {
  error: "Choose a role: owner, admin, member, reviewer or viewer.",
});

/** What each role is, in a sentence, for the role pickers. */
export const ROLE_DESCRIPTIONS: Record<(typeof WORKSPACE_ROLES)[number], string> = {
  OWNER: "Owner: everything, including billing, seats and deleting the workspace",
  ADMIN: "Admin: everything but billing, seats and deleting the workspace",
  MEMBER: "Member: uploads, edits, shares and exports",
  REVIEWER: "Reviewer: a member who may also verify and sign off",
  VIEWER: "Viewer: reads and exports only",
};

export const roleLabel = (role: string) => role.charAt(0) + role.slice(1).toLowerCase();

export const CreateWorkspaceSchema = z.object({ intent: z.literal("create"), name: WorkspaceNameSchema });

const memberId = z.string({ error: "Check the form." }).min(1, "Check the form.").max(100, "Check the form.");

export const RenameWorkspaceSchema = z.object({ intent: z.literal("rename"), name: WorkspaceNameSchema });
export const DeleteWorkspaceSchema = z.object({
  intent: z.literal("delete"),
  confirmName: z.string({ error: "Type the workspace's name to delete it." }).max(200),
});
export const ChangeRoleSchema = z.object({ intent: z.literal("role"), userId: memberId, role: RoleSchema });
export const RemoveMemberSchema = z.object({ intent: z.literal("remove"), userId: memberId });
export const LeaveWorkspaceSchema = z.object({ intent: z.literal("leave") });
export const ResetSecondFactorsSchema = z.object({ intent: z.literal("reset-factors"), userId: memberId });
export const InviteSchema = z.object({
  intent: z.literal("invite"),
  email: EmailSchema,
  role: RoleSchema.default("MEMBER"),
});
export const RevokeInvitationSchema = z.object({ intent: z.literal("revoke"), invitationId: memberId });
export const ResendInvitationSchema = z.object({ intent: z.literal("resend"), invitationId: memberId });
export const SeatsSchema = z.object({
  intent: z.literal("seats"),
  seats: z.coerce
    .number({ error: "Enter a number of seats." })
    .int("Enter a whole number of seats.")
    .min(1, "A team needs at least 1 seat.")
    .max(SEATS_MAX, `A team can have at most ${SEATS_MAX} seats.`),
});
/** Another owner takes over paying for the team (seats.server.ts `takeOverBilling`). */
export const TakeOverBillingSchema = z.object({ intent: z.literal("take-billing") });

/** Every form of the members page, told apart by the button's `intent`. */
export const MembersActionSchema = z.discriminatedUnion("intent", [
  RenameWorkspaceSchema,
  DeleteWorkspaceSchema,
  ChangeRoleSchema,
  RemoveMemberSchema,
  LeaveWorkspaceSchema,
  ResetSecondFactorsSchema,
  InviteSchema,
  RevokeInvitationSchema,
  ResendInvitationSchema,
  SeatsSchema,
  TakeOverBillingSchema,
]);

/** The invitation page: accept as the signed-in account, or create the invited account (its email is fixed). */
export const AcceptInvitationSchema = z.object({ intent: z.literal("accept") });
export const InvitedSignUpSchema = z.object({
  intent: z.literal("signup"),
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  password: PasswordSchema.max(200, "A password can be at most 200 characters."),
});
export const InvitationActionSchema = z.discriminatedUnion("intent", [AcceptInvitationSchema, InvitedSignUpSchema]);

// A checkbox: sent as "on" when ticked, absent when not.
const checkbox = z
  .literal("on", { error: "Tick the box or leave it empty." })
  .optional()
  .transform((value) => value === "on");

/** The workspace's security page (ADR 040-sessions): its policies, a form each. */
export const SecurityPolicySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("policies"), twoFactorRequired: checkbox }),
  // Redaction required for everything that leaves the workspace (ADR 048).
  z.object({ intent: z.literal("redaction-policy"), redactionRequired: checkbox }),
]);
