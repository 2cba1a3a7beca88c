import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.workspaces.$workspaceId.members";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { GeneralErrorBoundary, missingHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { PageSection } from "~/components/ui/page-section";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { formReplyOf, pageRefusal, replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { formatUsage } from "~/modules/usage/usage";
import { inviteMember, resendInvitation, revokeInvitation } from "~/modules/workspaces/invitations.server";
import { type MembersPage, membersPage } from "~/modules/workspaces/members-page.server";
import { setSeats, takeOverBilling } from "~/modules/workspaces/seats.server";
import { can } from "~/modules/workspaces/policy";
import {
  DeleteWorkspaceSchema,
  InviteSchema,
  MembersActionSchema,
  RenameWorkspaceSchema,
  ROLE_DESCRIPTIONS,
  roleLabel,
  SEATS_MAX,
  SeatsSchema,
  WORKSPACE_NAME_MAX,
} from "~/modules/workspaces/team-forms";
import {
  changeMemberRole,
  deleteTeamWorkspace,
  leaveWorkspace,
  removeMember,
  renameWorkspace,
} from "~/modules/workspaces/team-workspaces.server";
import { resetMemberSecondFactors } from "~/modules/workspaces/workspace-security.server";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `${data.workspace.name}: members` : "Members", "The team's members, invitations and seats."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return membersPage(userId, params.workspaceId);
});

// Every form of the page posts here, told apart by `intent`. Each answers with a redirect and a toast; a refusal about
// what was sent comes back as the form's reply (withFormRefusals), a 403 or 404 goes to the boundary.
export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: MembersActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const id = params.workspaceId;
  const here = `/workspaces/${id}/members`;
  const source = { request, context };
  const done = (title: string, description?: string, to = here) =>
    redirectWithToast(to, { type: "success", title, description }, { status: 303 });
  switch (input.intent) {
    case "rename": {
      const renamed = await renameWorkspace(userId, id, input.name);
      return done("Workspace renamed", `It is now called ${renamed.name}.`);
    }
    case "delete": {
      const deleted = await deleteTeamWorkspace(userId, id, input.confirmName, source);
      return done("Workspace deleted", `${deleted.name} and its members list are gone.`, "/workspaces");
    }
    case "role": {
      const changed = await changeMemberRole(userId, id, input.userId, input.role, source);
      return done("Role changed", `Their role is now ${roleLabel(changed.role).toLowerCase()}.`);
    }
    case "remove":
      await removeMember(userId, id, input.userId, source);
      return done("Member removed", "Their seat is free again.");
    case "reset-factors": {
      const reset = await resetMemberSecondFactors(userId, id, input.userId, source);
      return done(
        "Second factors reset",
        `${reset.email} was signed out everywhere and must set up a second factor again after signing in with their password.`,
      );
    }
    case "leave":
      await leaveWorkspace(userId, id, source);
      return done("You left the workspace", undefined, "/workspaces");
    case "invite": {
      const invitation = await inviteMember(userId, id, input, source);
      return done("Invitation sent", `We emailed ${invitation.email} a link that works for 7 days.`);
    }
    case "resend": {
      const invitation = await resendInvitation(userId, id, input.invitationId);
      return done("Invitation sent again", `${invitation.email} has a new link; the old one no longer works.`);
    }
    case "revoke":
      await revokeInvitation(userId, id, input.invitationId, source);
      return done("Invitation withdrawn", "Its link no longer works.");
    case "seats": {
      const seats = await setSeats(userId, id, input.seats, source);
      return done("Seats changed", `The team now has ${countOf(seats.seats, "seat")}.`);
    }
    case "take-billing":
      await takeOverBilling(userId, id, source);
      return done("You now pay for this workspace", "Its seats are on your plan, and its minutes count against it.");
  }
});

function RoleSelect({ name, roles, value, id }: { name: string; roles: string[]; value: string; id: string }) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={value}
      className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900"
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ page, member }: { page: MembersPage; member: MembersPage["members"][number] }) {
  const removeForm = `remove-${member.userId}`;
  const resetForm = `reset-factors-${member.userId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {member.name}
          {member.you ? " (you)" : ""}
        </p>
        <p className="break-all text-slate-600">{member.email}</p>
        <p className="text-slate-600">
          {roleLabel(member.role)}
          {member.billingOwner ? " · pays for the seats" : ""} · {formatUsage(member.secondsThisPeriod)} this period
        </p>
        {member.secondFactors ? (
          <p className="text-slate-600" data-testid="second-factors">
            Two-factor app: {member.secondFactors.authenticatorApp ? "on" : "off"} ·{" "}
            {countOf(member.secondFactors.recoveryCodesLeft, "recovery code")} left ·{" "}
            {countOf(member.secondFactors.passkeys, "passkey")}
          </p>
        ) : null}
      </div>
      {page.may.manageMembers && member.manageable ? (
        <div className="flex flex-wrap items-center gap-2">
          <Form method="post" className="flex items-center gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={member.userId} />
            <label htmlFor={`role-${member.userId}`} className="sr-only">
              Role of {member.name}
            </label>
            <RoleSelect id={`role-${member.userId}`} name="role" roles={page.assignableRoles} value={member.role} />
            <button type="submit" className={buttonClass("secondary")} aria-label={`Change the role of ${member.name}`}>
              Change role
            </button>
          </Form>
          <Form method="post" id={removeForm}>
            <input type="hidden" name="userId" value={member.userId} />
            <ConfirmSubmit
              form={removeForm}
              name="intent"
              value="remove"
              label="Remove"
              aria-label={`Remove ${member.name}`}
              title={`Remove ${member.name} from ${page.workspace.name}?`}
              description="They lose access to the workspace at once. What they made stays in it, and their seat is free again."
              confirmLabel="Remove member"
              variant="secondary"
            />
          </Form>
          <Form method="post" id={resetForm}>
            <input type="hidden" name="userId" value={member.userId} />
            <ConfirmSubmit
              form={resetForm}
              name="intent"
              value="reset-factors"
              label="Reset second factors"
              aria-label={`Reset the second factors of ${member.name}`}
              title={`Reset the second factors of ${member.name}?`}
              description="Their authenticator app, recovery codes and passkeys stop working and every browser of theirs is signed out. They sign in with their password and set up a second factor again; we email them."
              confirmLabel="Reset second factors"
              variant="secondary"
            />
          </Form>
        </div>
      ) : null}
    </li>
  );
}

export default function Members({ loaderData: page, actionData }: Route.ComponentProps) {
  const refusal = pageRefusal(actionData);
  useErrorToast(formReplyOf(actionData), "That did not work");
  const [invite, inviteFields] = useSchemaForm("invite", InviteSchema, replyTo(actionData, "invite"), {
    intent: "invite",
    defaultValue: { role: "MEMBER" },
  });
  const [rename, renameFields] = useSchemaForm("rename", RenameWorkspaceSchema, replyTo(actionData, "rename"), {
    intent: "rename",
    defaultValue: { name: page.workspace.name },
  });
  const [seats, seatFields] = useSchemaForm("seats", SeatsSchema, replyTo(actionData, "seats"), {
    intent: "seats",
    defaultValue: { seats: String(page.seats.total) },
  });
  const [deletion, deletionFields] = useSchemaForm("delete", DeleteWorkspaceSchema, replyTo(actionData, "delete"), {
    intent: "delete",
  });
  const full = page.seats.free === 0;
  return (
    <>
      <AppPageHeader
        title={page.workspace.name}
        description={`Team workspace · your role: ${roleLabel(page.role)} · ${page.seats.used} of ${countOf(page.seats.total, "seat")} used`}
        actions={
          <>
            {page.may.security ? (
              <>
                <Link to={`/workspaces/${page.workspace.id}/security`} className={buttonClass("secondary")}>
                  Security
                </Link>
                <Link to={`/workspaces/${page.workspace.id}/sso`} className={buttonClass("secondary")}>
                  Single sign-on
                </Link>
                <Link to={`/workspaces/${page.workspace.id}/provisioning`} className={buttonClass("secondary")}>
                  Provisioning
                </Link>
              </>
            ) : null}
            {can(page.role, "view-audit-log") ? (
              <Link to={`/workspaces/${page.workspace.id}/audit`} className={buttonClass("secondary")}>
                Audit log
              </Link>
            ) : null}
            <Link to="/workspaces" className={buttonClass("ghost")}>
              All workspaces
            </Link>
          </>
        }
      />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        {refusal ? <FormAlert title="That did not work">{refusal}</FormAlert> : null}

        <PageSection id="members-title" title={`Members (${page.members.length})`}>
          {page.allowance ? (
            <p className="text-sm text-slate-600">
              Minutes are shared by the team, on the {page.allowance.planName} plan of the owner who pays:{" "}
              {page.allowance.secondsLeft === null
                ? "unlimited"
                : `${formatUsage(page.allowance.secondsLeft)} left this ${page.allowance.periodUnit}`}
              . Each member&apos;s use this period is under their name.
            </p>
          ) : null}
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {page.members.map((member) => (
              <MemberRow key={member.userId} page={page} member={member} />
            ))}
          </ul>
        </PageSection>

        {page.may.manageMembers ? (
          <PageSection id="invite-title" title="Invite people">
            {full ? (
              <FormAlert title="Every seat is taken">
                You can still invite people, but they can join only once a seat is free.{" "}
                {page.may.seats ? "Add a seat below." : "Ask the owner who pays to add one."}
              </FormAlert>
            ) : null}
            <Form method="post" {...getFormProps(invite)} className="space-y-3">
              <input type="hidden" name="intent" value="invite" />
              <FormErrors form={invite} />
              <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
                <Field
                  label="Email address"
                  field={inviteFields.email}
                  type="email"
                  autoComplete="off"
                  maxLength={254}
                />
                <div>
                  <label htmlFor="invite-role" className="block text-sm font-medium text-slate-800">
                    Role
                  </label>
                  <div className="mt-1">
                    <RoleSelect
                      id="invite-role"
                      name={inviteFields.role.name}
                      roles={page.assignableRoles}
                      value="MEMBER"
                    />
                  </div>
                </div>
              </div>
              <ul className="text-xs text-slate-600">
                {page.assignableRoles.map((role) => (
                  <li key={role}>{ROLE_DESCRIPTIONS[role]}</li>
                ))}
              </ul>
              <button type="submit" className={buttonClass("primary")}>
                Send invitation
              </button>
            </Form>
            <div>
              <h3 className="text-sm font-semibold">Pending invitations</h3>
              {page.invitations.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">No invitations are waiting for an answer.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
                  {page.invitations.map((invitation) => (
                    <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                      <div className="min-w-0">
                        <p className="font-medium break-all">{invitation.email}</p>
                        <p className="text-slate-600">
                          {roleLabel(invitation.role)} ·{" "}
                          {invitation.expired
                            ? "expired"
                            : `link works until ${formatDate(invitation.expiresAt, "dateTime")}`}
                          {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ""}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <Form method="post">
                          <input type="hidden" name="invitationId" value={invitation.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="resend"
                            className={buttonClass("secondary")}
                            aria-label={`Resend the invitation to ${invitation.email}`}
                          >
                            Resend
                          </button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="invitationId" value={invitation.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="revoke"
                            className={buttonClass("ghost")}
                            aria-label={`Withdraw the invitation to ${invitation.email}`}
                          >
                            Withdraw
                          </button>
                        </Form>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </PageSection>
        ) : null}

        <PageSection id="seats-title" title="Seats">
          <p className="text-sm text-slate-600">
            {page.seats.used} of {countOf(page.seats.total, "seat")} used. Every member holds a seat; invitations take
            one only when they are accepted.
          </p>
          {page.may.seats ? (
            page.seatsBilledByStripe ? (
              <Form method="post" {...getFormProps(seats)} className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="seats" />
                <FormErrors form={seats} />
                <Field
                  label="Seats"
                  hint="Billed on your Business Pro subscription; a change is prorated for the rest of the period."
                  field={seatFields.seats}
                  type="number"
                  min={Math.max(1, page.seats.used)}
                  max={SEATS_MAX}
                  inputMode="numeric"
                />
                <button type="submit" className={buttonClass("primary")}>
                  Change seats
                </button>
              </Form>
            ) : (
              <p className="text-sm text-slate-600">
                Seats are billed on a Business Pro subscription paid by card. On this account they are granted by the
                server&apos;s administrator (<code>npm run plan:set -- --workspace &lt;id&gt; --seats N</code>): ask
                them for more.
              </p>
            )
          ) : null}
          {page.may.takeOverBilling ? (
            <Form method="post" className="space-y-2 border-t border-slate-200 pt-3">
              <input type="hidden" name="intent" value="take-billing" />
              <p className="text-sm text-slate-600">
                {page.billingOwnerName
                  ? `${page.billingOwnerName}'s plan pays for this workspace.`
                  : "Nobody pays for this workspace: its minutes count as a Free plan's until an owner takes it over."}{" "}
                An owner with Business Pro can take it over: the seats move to their subscription (prorated) and its
                minutes count against their plan.
              </p>
              <button type="submit" className={buttonClass("secondary")}>
                Pay for this workspace myself
              </button>
            </Form>
          ) : null}
        </PageSection>

        {page.may.rename || page.may.delete ? (
          <PageSection id="settings-title" title="Workspace settings">
            {page.may.rename ? (
              <Form method="post" {...getFormProps(rename)} className="space-y-3">
                <input type="hidden" name="intent" value="rename" />
                <FormErrors form={rename} />
                <Field label="Workspace name" field={renameFields.name} maxLength={WORKSPACE_NAME_MAX} />
                <button type="submit" className={buttonClass("secondary")}>
                  Rename
                </button>
              </Form>
            ) : null}
            {page.may.delete ? (
              <Form method="post" {...getFormProps(deletion)} className="space-y-3 border-t border-slate-200 pt-4">
                <input type="hidden" name="intent" value="delete" />
                <p className="text-sm font-medium">Delete {page.workspace.name}</p>
                <FormErrors form={deletion} />
                <p className="text-sm text-slate-600">
                  The members lose access and pending invitations stop working. A workspace that still holds recordings
                  cannot be deleted: delete them first.
                </p>
                <Field
                  label={`Type ${page.workspace.name} to confirm`}
                  field={deletionFields.confirmName}
                  autoComplete="off"
                  required
                />
                <button type="submit" className={buttonClass("danger")}>
                  Delete workspace
                </button>
              </Form>
            ) : null}
          </PageSection>
        ) : null}

        <PageSection id="leave-title" title="Leave">
          <Form method="post" id="leave-workspace">
            <p className="text-sm text-slate-600">
              You lose access to {page.workspace.name}; what you made stays in it. The last owner cannot leave.
            </p>
            <div className="mt-3">
              <ConfirmSubmit
                form="leave-workspace"
                name="intent"
                value="leave"
                label="Leave workspace"
                title={`Leave ${page.workspace.name}?`}
                description="To come back, someone who manages its members must invite you again."
                confirmLabel="Leave workspace"
              />
            </div>
          </Form>
        </PageSection>
      </div>
    </>
  );
}

const workspaceMissing = missingHandler({ to: "/workspaces", label: "Your workspaces" });
export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 404: workspaceMissing }} />;
