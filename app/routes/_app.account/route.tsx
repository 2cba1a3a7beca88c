import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import {
  DELETE_CONFIRMATION,
  DeleteAccountSchema,
  EmailChangeSchema,
  EmailVerifySchema,
  PasswordChangeSchema,
  ProfileSchema,
} from "./account-forms";
import { handleAccountAction } from "./account.server";
import { BillingSection } from "./billing-section";
import { billedTeams } from "~/modules/workspaces/seats.server";
import { accountBilling } from "~/modules/billing/billing.server";
import { GlossarySection } from "./glossary-section";
import { SpeakerProfilesSection } from "./speaker-profiles-section";
import { speakerProfiles } from "~/modules/speakers/speakers.server";
import { speakerProfileIntent } from "~/modules/speakers/speaker-actions.server";
import { readForm } from "~/modules/platform/request-body.server";
import { ApiKeysSection, WebhooksSection } from "./developer-section";
import {
  DEVELOPER_FORM_QUERY,
  developerSettings,
  handleDeveloperAction,
} from "~/modules/developers/developer-settings.server";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { countOf } from "~/utils/plural";
import { twoFactorStatus } from "~/modules/accounts/two-factor.server";
import { passkeyCountsByUser } from "~/modules/accounts/passkeys.server";
import { currentGlossary } from "~/modules/workspaces/glossary.server";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { Field, FormErrors, SelectField, useErrorToast } from "~/components/ui/field";
import { PLANS } from "~/content/plans";
import { accountProfile, activeSessions, pendingEmailChange } from "~/modules/accounts/account-settings.server";
import { INDUSTRIES, OTHER_INDUSTRY, PASSWORD_RULE } from "~/modules/accounts/registration";
import { currentSessionId, requireUser, requireUserId } from "~/modules/platform/session.server";
import { requestAllowance } from "~/modules/accounts/app-shell.server";
import { allowanceLeft } from "~/modules/usage/usage";
import { formatDate } from "~/utils/dates";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = () => pageMeta("Account", "Your profile, password, email, sessions and data.");

// A new API key or webhook signing secret is shown once, in the answer to its form: no cache may keep that page.
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control");
  if (cacheControl) merged.set("Cache-Control", cacheControl);
  return merged;
};

export async function loader({ request }: Route.LoaderArgs) {
  const signedIn = await requireUser(request);
  const userId = signedIn.id;
  const [
    user,
    sessions,
    pendingEmail,
    thisSessionId,
    allowance,
    billing,
    voices,
    developer,
    twoFactor,
    teams,
    glossary,
    passkeyCounts,
  ] = await Promise.all([
    accountProfile(userId),
    activeSessions(userId),
    pendingEmailChange(userId),
    currentSessionId(request),
    // The app shell's reading for this request.
    requestAllowance(request, signedIn),
    accountBilling(userId),
    speakerProfiles(userId),
    developerSettings(userId),
    twoFactorStatus(userId),
    billedTeams(userId),
    currentGlossary(userId),
    passkeyCountsByUser([userId]),
  ]);
  const { passwordHash, ...profile } = user;
  return {
    user: profile,
    hasPassword: Boolean(passwordHash),
    pendingEmail,
    planName: PLANS.find((plan) => plan.id === user.plan)?.name ?? "Free",
    minutesLeft: allowanceLeft(allowance),
    sessions: sessions.map((session) => ({ ...session, current: session.id === thisSessionId })),
    billing,
    teams,
    voiceProfiles: voices,
    developer,
    twoFactor,
    passkeyCount: passkeyCounts.get(userId) ?? 0,
    glossary,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const userId = await requireUserId(request);
  // The developer settings' forms post to ?developer; the speaker library's forms have their own handler, which
  // reads the body from a copy, for the page's other forms.
  if (new URL(request.url).searchParams.has(DEVELOPER_FORM_QUERY))
    return handleDeveloperAction(request, userId, context);
  const speakerReply = await speakerProfileIntent(userId, await readForm(request.clone()));
  return speakerReply ?? handleAccountAction(request, userId, context);
}

type Reply = SubmissionResult<string[]> | undefined;

/** The reply to one of the page's forms: each form takes the replies to its own intents. */
const replyTo = (reply: Reply, ...intents: string[]) =>
  intents.includes(String(reply?.initialValue?.intent)) ? reply : undefined;

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Submit({
  intent,
  label,
  variant = "primary",
  formNoValidate,
}: {
  intent: string;
  label: string;
  variant?: "primary" | "secondary" | "danger";
  formNoValidate?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      formNoValidate={formNoValidate}
      className={buttonClass(variant)}
    >
      {busy ? "Saving..." : label}
    </button>
  );
}

/**
 * Proof that it is the owner, before a password or email change: the current password, or (for an account
 * without one) a code sent to the current address by this form's "Email me a code" button.
 */
function ReauthField({
  hasPassword,
  email,
  errors,
}: {
  hasPassword: boolean;
  email: string;
  errors: { currentPassword?: string[]; reauthCode?: string[] };
}) {
  if (hasPassword) {
    return (
      <Field
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        errors={errors.currentPassword}
        required
      />
    );
  }
  return (
    <div className="space-y-2">
      <Field
        label={`Code sent to ${email}`}
        name="reauthCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        errors={errors.reauthCode}
        hint="You sign in with Google: we email you a code to confirm it is you."
      />
      <Submit intent="reauth-code" label="Email me a code" variant="secondary" formNoValidate />
    </div>
  );
}

/** A readable name for a browser from its User-Agent. */
function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

export default function Account() {
  const {
    user,
    hasPassword,
    sessions,
    pendingEmail,
    planName,
    minutesLeft,
    billing,
    teams,
    voiceProfiles,
    developer,
    twoFactor,
    passkeyCount,
    glossary,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const createdApiKey = actionData && "createdApiKey" in actionData ? actionData.createdApiKey : null;
  const shownWebhookSecret = actionData && "shownWebhookSecret" in actionData ? actionData.shownWebhookSecret : null;
  const reply = (createdApiKey || shownWebhookSecret ? undefined : actionData) as Reply;
  const knownIndustry = INDUSTRIES.includes(user.industry as (typeof INDUSTRIES)[number]);
  const [profile, profileFields] = useSchemaForm("profile", ProfileSchema, replyTo(reply, "profile"), {
    intent: "profile",
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      industry: user.industry ? (knownIndustry ? user.industry : OTHER_INDUSTRY) : "",
      industryOther: knownIndustry ? "" : (user.industry ?? ""),
    },
  });
  // Both forms can ask for the re-authentication code; its error shows beside the code field.
  const [password, passwordFields] = useSchemaForm("password", PasswordChangeSchema, replyTo(reply, "password"), {
    intent: "password",
  });
  const [email, emailFields] = useSchemaForm("email", EmailChangeSchema, replyTo(reply, "email"), { intent: "email" });
  const [emailCode, emailCodeFields] = useSchemaForm(
    "email-verify",
    EmailVerifySchema,
    replyTo(reply, "email-verify", "email-cancel"),
    {
      intent: "email-verify",
    },
  );
  const [deletion, deletionFields] = useSchemaForm("delete", DeleteAccountSchema, replyTo(reply, "delete"), {
    intent: "delete",
  });
  const reauthCodeErrors = replyTo(reply, "reauth-code")?.error?.reauthCode ?? undefined;
  useErrorToast(reply, "Error");

  return (
    <>
      <AppPageHeader title="Your account" description={`${user.email} · ${planName} plan · ${minutesLeft}`} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <BillingSection billing={billing} teams={teams} />
        <Section title="Profile">
          <Form method="post" {...getFormProps(profile)} className="space-y-4">
            <FormErrors form={profile} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="First name" field={profileFields.firstName} required />
              <Field label="Last name" field={profileFields.lastName} required />
            </div>
            <SelectField
              label="Industry"
              field={profileFields.industry}
              options={INDUSTRIES}
              placeholder="Select your industry"
            />
            <Field label="If Other: your industry" field={profileFields.industryOther} />
            <Submit intent="profile" label="Save profile" />
          </Form>
        </Section>

        <GlossarySection
          glossary={glossary}
          reply={replyTo(reply, "glossary")}
          sensitiveTermsReply={replyTo(reply, "sensitive-terms")}
        />
        <SpeakerProfilesSection profiles={voiceProfiles} reply={replyTo(reply, "speaker-profile-rename")} />

        <Section
          title="Password"
          description={
            hasPassword
              ? "Changing it signs out every other browser."
              : "You sign in with Google. Set a password to sign in with your email too."
          }
        >
          <Form method="post" {...getFormProps(password)} className="space-y-4">
            <FormErrors form={password} />
            <ReauthField
              hasPassword={hasPassword}
              email={user.email}
              errors={{
                currentPassword: passwordFields.currentPassword.errors,
                reauthCode: passwordFields.reauthCode.errors ?? reauthCodeErrors,
              }}
            />
            <Field
              label="New password"
              field={passwordFields.newPassword}
              type="password"
              autoComplete="new-password"
              required
              hint={PASSWORD_RULE}
            />
            <PasswordStrengthMeter
              password={passwordFields.newPassword.value ?? ""}
              userInputs={[user.email, user.firstName, user.lastName]}
            />
            <Field
              label="Confirm new password"
              field={passwordFields.confirmPassword}
              type="password"
              autoComplete="new-password"
              required
            />
            <Submit intent="password" label={hasPassword ? "Change password" : "Set password"} />
          </Form>
        </Section>

        <Section
          title="Email"
          description="Confirm it is you, then we send a code to the new address before we change it."
        >
          {pendingEmail ? (
            <Form method="post" {...getFormProps(emailCode)} className="space-y-4">
              <p className="text-sm">
                Enter the 6-digit code we sent to <strong>{pendingEmail}</strong>.
              </p>
              <FormErrors form={emailCode} />
              <Field
                label="Verification code"
                field={emailCodeFields.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
              />
              <div className="flex gap-2">
                <Submit intent="email-verify" label="Confirm new email" />
                <Submit intent="email-cancel" label="Cancel" variant="secondary" formNoValidate />
              </div>
            </Form>
          ) : (
            <Form method="post" {...getFormProps(email)} className="space-y-4">
              <FormErrors form={email} />
              <Field label="New email" field={emailFields.newEmail} type="email" autoComplete="email" required />
              <ReauthField
                hasPassword={hasPassword}
                email={user.email}
                errors={{
                  currentPassword: emailFields.currentPassword.errors,
                  reauthCode: emailFields.reauthCode.errors ?? reauthCodeErrors,
                }}
              />
              <Submit intent="email" label="Send code" />
            </Form>
          )}
        </Section>
        <ApiKeysSection
          apiKeys={developer.apiKeys}
          createdKey={createdApiKey}
          reply={replyTo(reply, "api-key-create")}
        />
        <WebhooksSection
          canManage={developer.canManageWebhooks}
          endpoints={developer.endpoints}
          deliveries={developer.deliveries}
          shownSecret={shownWebhookSecret}
          reply={replyTo(reply, "webhook-create")}
        />
        <Section title="Two-factor sign-in">
          <p className="text-sm">
            {twoFactor.enabledAt ? (
              <>
                <strong>On.</strong> {countOf(twoFactor.recoveryCodesLeft, "unused recovery code")} left.
              </>
            ) : (
              <>
                <strong>Off.</strong> Ask for a code from an authenticator app after your password.
              </>
            )}
          </p>
          <Link to="/account/two-factor" className={`${buttonClass("secondary")} mt-3`}>
            {twoFactor.enabledAt ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
          </Link>
        </Section>
        <Section title="Passkeys">
          <p className="text-sm">
            {passkeyCount > 0 ? (
              <>
                <strong>{countOf(passkeyCount, "passkey")}.</strong> Sign in with one alone, or after your password.
              </>
            ) : (
              <>Sign in with your device&rsquo;s fingerprint, face or PIN instead of a password.</>
            )}
          </p>
          <Link to="/account/passkeys" className={`${buttonClass("secondary")} mt-3`}>
            {passkeyCount > 0 ? "Manage passkeys" : "Add a passkey"}
          </Link>
        </Section>
        <Section
          title="Signed-in browsers"
          description="Every browser and app signed in to your account. Sign out any you do not recognise, then change your password."
        >
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <div>
                  <p className="font-medium">
                    {describeBrowser(session.userAgent)}{" "}
                    {session.current ? (
                      <span className="ml-1 rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-700">This browser</span>
                    ) : null}
                  </p>
                  <p className="text-slate-500">
                    Signed in {formatDate(session.createdAt, "dateTime")}
                    {session.ipAddress ? ` from ${session.ipAddress}` : ""} · last seen{" "}
                    {formatDate(session.lastSeenAt, "dateTime")}
                  </p>
                </div>
                {session.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="sessionId" value={session.id} />
                    <Submit intent="revoke-session" label="Sign out" variant="secondary" />
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {sessions.length > 1 ? (
            <Form method="post" className="mt-4">
              <Submit intent="sign-out-others" label="Sign out of all other browsers" variant="secondary" />
            </Form>
          ) : null}
        </Section>

        <Section
          title="Delete account"
          description="Deletes your account and all its data: profile, sessions, recordings and transcripts. This cannot be undone."
        >
          <Form method="post" {...getFormProps(deletion)} className="space-y-4">
            <FormErrors form={deletion} />
            <Field
              label={`Type ${DELETE_CONFIRMATION} to confirm`}
              field={deletionFields.confirmation}
              autoComplete="off"
              required
            />
            <Submit intent="delete" label="Delete my account" variant="danger" />
          </Form>
        </Section>
      </div>
    </>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
