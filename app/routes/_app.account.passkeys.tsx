import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/_app.account.passkeys";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { AddPasskeyForm } from "~/components/auth/passkey-ceremony";
import { RecoveryCodesShown } from "~/components/auth/recovery-codes";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import { Field, FormAlert, FormErrors, useErrorToast } from "~/components/ui/field";
import { replyTo } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { PASSKEY_NAME_MAX, PasskeySettingsSchema } from "~/modules/accounts/passkey-forms";
import {
  listPasskeys,
  PasskeyError,
  removePasskey,
  renamePasskey,
  requireRecentSignIn,
  signedInRecently,
} from "~/modules/accounts/passkeys.server";
import { twoFactorStatus } from "~/modules/accounts/two-factor.server";
import { readForm } from "~/modules/platform/request-body.server";
import { destroyUserSession, requireUser } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { countOf } from "~/utils/plural";
import { formatDate } from "~/utils/dates";

export const meta: Route.MetaFunction = () =>
  pageMeta("Passkeys", "Sign in with your device's passkey, or use it as the second factor after your password.");

const HERE = "/account/passkeys";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [passkeys, recent, twoFactor] = await Promise.all([
    listPasskeys(user.id),
    signedInRecently(request),
    twoFactorStatus(user.id),
  ]);
  return { passkeys, recent, hasApp: Boolean(twoFactor.enabledAt), recoveryCodesLeft: twoFactor.recoveryCodesLeft };
}

/** Rename and remove work without JavaScript; removing needs a recent sign-in, like adding (ADR 039). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") === "sign-in-again") {
    // A fresh sign-in, then back here: the session ends now, the sign-in page brings the person back.
    const cookie = await destroyUserSession(request);
    return redirect(`/signin?${new URLSearchParams({ redirectTo: HERE })}`, { headers: { "Set-Cookie": cookie } });
  }
  const submission = parseWithZod(form, { schema: PasskeySettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const source = { request, context };
  try {
    if (submission.value.intent === "passkey-rename") {
      await renamePasskey(user.id, submission.value.passkeyId, submission.value.name, source);
      return redirectWithToast(HERE, { type: "success", title: "Passkey renamed" });
    }
    await requireRecentSignIn(request);
    const left = await removePasskey(user.id, submission.value.passkeyId, source);
    return redirectWithToast(HERE, {
      type: "success",
      title: "Passkey removed",
      description: left === 0 ? "You have no passkeys left: signing in takes your password (or Google)." : undefined,
    });
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
}

type PasskeyRow = Awaited<ReturnType<typeof loader>>["passkeys"][number];

export default function PasskeySettings() {
  const { passkeys, recent, hasApp, recoveryCodesLeft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const [added, setAdded] = useState<{ name: string; recoveryCodes: string[] | null } | null>(null);
  const lastPasskeyIsLastFactor = passkeys.length === 1 && !hasApp;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <AppPageHeader
        title="Passkeys"
        description="A passkey lives on your phone, computer or security key and is unlocked by its PIN, fingerprint or face. Sign in with it alone, or use it after your password as the second factor."
        actions={
          <Link to="/account" className={buttonClass("secondary")}>
            Back to account
          </Link>
        }
      />
      {added?.recoveryCodes ? (
        <RecoveryCodesShown
          title={`Passkey "${added.name}" added. Save your recovery codes`}
          codes={added.recoveryCodes}
          note="Your password alone no longer signs you in: it asks for the passkey (or one of these codes) next."
          done={
            <button type="button" className={buttonClass("primary")} onClick={() => setAdded(null)}>
              I have saved them
            </button>
          }
        />
      ) : added ? (
        <FormAlert tone="success" title="Passkey added">
          &ldquo;{added.name}&rdquo; now signs you in.
        </FormAlert>
      ) : null}
      <section aria-label="Your passkeys" className="space-y-4 rounded-xl border border-slate-200 p-6">
        <h2 className="text-lg font-semibold">Your passkeys</h2>
        {passkeys.length === 0 ? (
          <p className="text-sm text-slate-600">
            No passkeys yet. Once you add one, signing in with your password also asks for it.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {countOf(passkeys.length, "passkey")}. After your password, Voxlate asks for one of them (or a recovery
              code: {countOf(recoveryCodesLeft, "unused recovery code")} left).
            </p>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {passkeys.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  canRemove={recent}
                  warnLast={lastPasskeyIsLastFactor}
                  reply={
                    actionData && "initialValue" in actionData && actionData.initialValue?.passkeyId === passkey.id
                      ? replyTo(actionData, ["passkey-rename", "passkey-remove"])
                      : undefined
                  }
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-label="Add a passkey" className="space-y-4 rounded-xl border border-slate-200 p-6">
        <h2 className="text-lg font-semibold">Add a passkey</h2>
        {recent ? (
          <AddPasskeyForm
            onAdded={(answer) => {
              setAdded(answer);
              void revalidator.revalidate();
            }}
          />
        ) : (
          <SignInAgain />
        )}
      </section>
    </div>
  );
}

function SignInAgain() {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        For your safety, adding or removing a passkey needs a sign-in in the last 30 minutes, and this browser signed in
        earlier. Sign in again and you come back here.
      </p>
      <Form method="post">
        <button type="submit" name="intent" value="sign-in-again" className={buttonClass("secondary")}>
          Sign in again
        </button>
      </Form>
    </div>
  );
}

function PasskeyItem({
  passkey,
  canRemove,
  warnLast,
  reply,
}: {
  passkey: PasskeyRow;
  canRemove: boolean;
  warnLast: boolean;
  reply: ReturnType<typeof replyTo>;
}) {
  const [form, fields] = useSchemaForm(`passkey-${passkey.id}`, PasskeySettingsSchema, reply, {
    defaultValue: { name: passkey.name, passkeyId: passkey.id },
    intent: "passkey-rename",
  });
  useErrorToast(reply, "Passkey");
  return (
    <li className="space-y-3 p-4 text-sm" aria-label={`Passkey ${passkey.name}`}>
      <div>
        <p className="font-medium">{passkey.name}</p>
        <p className="text-slate-500">
          Added {formatDate(passkey.createdAt, "dateTime")} ·{" "}
          {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt, "dateTime")}` : "not used yet"}
          {passkey.backedUp ? " · synced across your devices" : ""}
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
        <FormErrors form={form} />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <div className="min-w-48 flex-1">
          <Field label="Name" field={fields.name} maxLength={PASSKEY_NAME_MAX} />
        </div>
        <button type="submit" name="intent" value="passkey-rename" className={buttonClass("secondary")}>
          Rename
        </button>
        {canRemove ? (
          <button type="submit" name="intent" value="passkey-remove" formNoValidate className={buttonClass("danger")}>
            Remove
          </button>
        ) : null}
      </Form>
      {canRemove && warnLast ? (
        <p className="text-slate-600">
          This is your only second factor: after removing it, your password alone signs you in.
        </p>
      ) : null}
    </li>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
