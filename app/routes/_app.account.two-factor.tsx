import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/_app.account.two-factor";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { RecoveryCodesShown } from "~/components/auth/recovery-codes";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { loginClient } from "~/modules/accounts/login-throttle.server";
import { TwoFactorSettingsSchema } from "~/modules/accounts/two-factor-forms";
import {
  cancelEnrolment,
  checkSecondFactorLimited,
  confirmEnrolment,
  newRecoveryCodes,
  pendingEnrolment,
  removeTwoFactor,
  startEnrolment,
  TwoFactorError,
  twoFactorStatus,
} from "~/modules/accounts/two-factor.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUser } from "~/modules/platform/session.server";
import { hasPasskey } from "~/modules/accounts/passkeys.server";
import {
  secondFactorEnrolmentRequiredBy,
  workspacesRequiringSecondFactor,
} from "~/modules/workspaces/workspace-security.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { countOf } from "~/utils/plural";

export const meta: Route.MetaFunction = () =>
  pageMeta("Two-factor sign-in", "Ask for a code from an authenticator app at every sign-in.");

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [status, enrolment, requiredBy] = await Promise.all([
    twoFactorStatus(user.id),
    pendingEnrolment(user.id, user.email),
    secondFactorEnrolmentRequiredBy(user.id),
  ]);
  return { ...status, enrolment, requiredBy };
}

const HERE = "/account/two-factor";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: TwoFactorSettingsSchema });
  const hideFields = ["code"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const form = submission.value;
  const source = { request, context };
  try {
    switch (form.intent) {
      case "two-factor-start":
        await startEnrolment(user.id, user.email);
        return redirect(HERE);
      case "two-factor-cancel":
        await cancelEnrolment(user.id);
        return redirect(HERE);
      case "two-factor-confirm": {
        // Shown once, in this answer: they are stored only as hashes.
        const recoveryCodes = await confirmEnrolment(user.id, form.code);
        await recordAudit({ ...source, action: "two-factor.enabled", actorId: user.id });
        return { recoveryCodes, turnedOn: true };
      }
      case "two-factor-recovery-codes": {
        await checkSecondFactorLimited(user.id, user.email, form.code, await loginClient(request, context), source);
        const recoveryCodes = await newRecoveryCodes(user.id);
        await recordAudit({ ...source, action: "recovery-codes.created", actorId: user.id });
        return { recoveryCodes, turnedOn: false };
      }
      case "two-factor-disable": {
        const requiring = await workspacesRequiringSecondFactor(user.id);
        if (requiring.length > 0 && !(await hasPasskey(user.id)))
          throw new TwoFactorError(
            `${requiring.join(", ")} requires a second factor: it stays on while you are a member.`,
            409,
          );
        await checkSecondFactorLimited(user.id, user.email, form.code, await loginClient(request, context), source);
        await removeTwoFactor(user.id);
        await recordAudit({ ...source, action: "two-factor.disabled", actorId: user.id });
        return redirectWithToast("/account", {
          type: "success",
          title: "Two-factor sign-in is off",
          description: "Signing in now takes only your password (or Google).",
        });
      }
    }
  } catch (error) {
    if (!(error instanceof TwoFactorError)) throw error;
    const errors = error.status === 429 ? { formErrors: [error.message] } : { fieldErrors: { code: [error.message] } };
    return data(submission.reply({ ...errors, hideFields }), { status: error.status });
  }
}

export default function TwoFactorSettings() {
  const { enabledAt, enrolment, recoveryCodesLeft, requiredBy } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shownCodes = actionData && "recoveryCodes" in actionData ? actionData : null;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <AppPageHeader
        title="Two-factor sign-in"
        description="After your password (or Google), Voxlate asks for a code from an authenticator app on your phone."
        actions={
          <Link to="/account" className={buttonClass("secondary")}>
            Back to account
          </Link>
        }
      />
      {requiredBy.length > 0 && !shownCodes ? (
        <FormAlert title="Your workspace requires two-factor sign-in">
          {requiredBy.join(", ")} asks every member to sign in with a second factor. Set one up to go on; until then the
          app brings you back here. You can still sign out from your account menu.
        </FormAlert>
      ) : null}
      {shownCodes ? (
        <RecoveryCodes codes={shownCodes.recoveryCodes} turnedOn={shownCodes.turnedOn} />
      ) : enabledAt ? (
        <Enabled
          since={enabledAt}
          recoveryCodesLeft={recoveryCodesLeft}
          reply={replyTo(actionData, ["two-factor-disable", "two-factor-recovery-codes"])}
        />
      ) : enrolment ? (
        <Enrol enrolment={enrolment} reply={replyTo(actionData, "two-factor-confirm")} />
      ) : (
        <section aria-label="Set up" className="space-y-4 rounded-xl border border-slate-200 p-6">
          <p>
            Two-factor sign-in is <strong>off</strong>. Anyone who learns your password can sign in as you.
          </p>
          <p className="text-sm text-slate-600">
            You need an authenticator app, such as 1Password, Google Authenticator, Microsoft Authenticator or Aegis.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="two-factor-start" className={buttonClass("primary")}>
              Set up two-factor sign-in
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}

function Enrol({
  enrolment,
  reply,
}: {
  enrolment: { secret: string; qrSvg: string };
  reply: ReturnType<typeof replyTo>;
}) {
  const [form, fields] = useSchemaForm("two-factor-confirm", TwoFactorSettingsSchema, reply, {
    intent: "two-factor-confirm",
  });
  useErrorToast(reply, "Two-factor sign-in");
  return (
    <section aria-label="Set up" className="space-y-4 rounded-xl border border-slate-200 p-6">
      <ol className="list-decimal space-y-4 pl-5">
        <li>
          Scan this code with your authenticator app.
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="mt-2 h-48 w-48 rounded border border-slate-200 bg-white p-1"
            // An SVG the qrcode library drew from our own otpauth:// address: paths only, no user text.
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p className="mt-2 text-sm text-slate-600">
            Cannot scan it? Type this key into the app instead:{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-slate-900" data-testid="two-factor-secret">
              {enrolment.secret}
            </code>
          </p>
        </li>
        <li>
          <Form method="post" {...getFormProps(form)} className="space-y-3">
            <FormErrors form={form} />
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <Field
              label="The 6-digit code your app shows"
              field={fields.code}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonClass("primary")}>
                Turn on
              </button>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post">
        <button type="submit" name="intent" value="two-factor-cancel" className={buttonClass("ghost")}>
          Cancel set-up
        </button>
      </Form>
    </section>
  );
}

function Enabled({
  since,
  recoveryCodesLeft,
  reply,
}: {
  since: Date | string;
  recoveryCodesLeft: number;
  reply: ReturnType<typeof replyTo>;
}) {
  const [form, fields] = useSchemaForm("two-factor-manage", TwoFactorSettingsSchema, reply);
  useErrorToast(reply, "Two-factor sign-in");
  return (
    <section aria-label="Two-factor sign-in is on" className="space-y-4 rounded-xl border border-slate-200 p-6">
      <p>
        Two-factor sign-in is <strong>on</strong> since{" "}
        <time dateTime={new Date(since).toISOString()}>{new Date(since).toLocaleDateString("en-GB")}</time>.
      </p>
      <p className={recoveryCodesLeft <= 2 ? "font-medium text-red-700" : "text-slate-700"}>
        {countOf(recoveryCodesLeft, "unused recovery code")} left.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <FormErrors form={form} />
        <Field
          label="A code from your app (or a recovery code)"
          field={fields.code}
          autoComplete="one-time-code"
          hint="Needed to make new recovery codes or to turn two-factor sign-in off."
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="two-factor-recovery-codes" className={buttonClass("secondary")}>
            Make new recovery codes
          </button>
          <button type="submit" name="intent" value="two-factor-disable" className={buttonClass("danger")}>
            Turn off two-factor sign-in
          </button>
        </div>
      </Form>
    </section>
  );
}

function RecoveryCodes({ codes, turnedOn }: { codes: string[]; turnedOn: boolean }) {
  return (
    <RecoveryCodesShown
      title={turnedOn ? "Two-factor sign-in is on. Save your recovery codes" : "Your new recovery codes"}
      codes={codes}
      note={turnedOn ? "" : "The old codes no longer work."}
      done={
        <Link to={HERE} className={buttonClass("primary")}>
          I have saved them
        </Link>
      }
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
