// The passkey ceremonies in the browser (ADR 039): the one part of the app that needs JavaScript, because only a
// script can ask the device for a passkey. The server renders a sentence naming the other way in; once the page runs,
// the button takes its place (or another sentence, when the browser has no passkey support).
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { enhancement } from "~/components/ui/enhancement";

const useWebAuthn = enhancement(() => import("@simplewebauthn/browser"));

/** POSTs JSON to one of the ceremony endpoints; a refusal becomes an Error with the server's sentence. */
async function postJson<Answer>(url: string, body: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new Error(answer.error ?? `The server answered ${response.status}. Please try again.`);
  return answer as Answer;
}

/** What the device said when the person cancelled or it could not help, as a sentence. */
function deviceRefusal(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return "No passkey was used: the request was cancelled or timed out. Try again, or use another way.";
  }
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  return error instanceof Error ? error.message : "The passkey could not be used. Try again, or use another way.";
}

/**
 * "Sign in with a passkey" (passwordless, on /signin) or "Use a passkey" (the second step, on /signin/two-factor).
 * `otherWay` is the sentence's end without JavaScript: what to use instead.
 */
export function PasskeySignInButton({
  purpose,
  redirectTo = "",
  label,
  otherWay,
}: {
  purpose: "sign-in" | "second-factor";
  redirectTo?: string;
  label: string;
  otherWay: string;
}) {
  const webAuthn = useWebAuthn();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!webAuthn) {
    return (
      <p className="text-sm text-slate-600" data-testid="passkey-needs-javascript">
        Using a passkey needs JavaScript, which is off or still loading in this browser. {otherWay}
      </p>
    );
  }
  if (!webAuthn.browserSupportsWebAuthn()) {
    return <p className="text-sm text-slate-600">This browser cannot use passkeys. {otherWay}</p>;
  }
  const ceremony = webAuthn;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>("/auth/passkey/options", { purpose });
      let response;
      try {
        response = await ceremony.startAuthentication({ optionsJSON });
      } catch (deviceError) {
        throw new Error(deviceRefusal(deviceError), { cause: deviceError });
      }
      const answer = await postJson<{ redirectTo: string }>("/auth/passkey/verify", { purpose, response, redirectTo });
      // A full load: the session cookie and the welcome toast were set with the answer.
      window.location.assign(answer.redirectTo);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }
  return (
    <div className="space-y-3">
      {error ? <FormAlert title="Passkey not accepted">{error}</FormAlert> : null}
      <button type="button" onClick={signIn} disabled={busy} className={buttonClass("secondary", "w-full")}>
        {busy ? "Waiting for your passkey..." : label}
      </button>
    </div>
  );
}

/**
 * The add form on /account/passkeys: a name, then the device's own prompt. Recovery codes made with the first passkey
 * come back in the answer and are shown here once.
 */
export function AddPasskeyForm({
  onAdded,
}: {
  onAdded: (added: { name: string; recoveryCodes: string[] | null }) => void;
}) {
  const webAuthn = useWebAuthn();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!webAuthn) {
    return (
      <p className="text-sm text-slate-600" data-testid="passkey-needs-javascript">
        Adding a passkey needs JavaScript, which is off or still loading in this browser: your device is asked for the
        passkey by a script. Until then, sign in with your password, and use an authenticator app for a second factor
        (on the two-factor page).
      </p>
    );
  }
  if (!webAuthn.browserSupportsWebAuthn()) {
    return <p className="text-sm text-slate-600">This browser cannot make passkeys. Try another browser or device.</p>;
  }
  const ceremony = webAuthn;
  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return setError("Give the passkey a name, such as the device it is on.");
    setBusy(true);
    setError(null);
    try {
      const optionsJSON = await postJson<PublicKeyCredentialCreationOptionsJSON>("/account/passkeys/options", {});
      let response;
      try {
        response = await ceremony.startRegistration({ optionsJSON });
      } catch (deviceError) {
        throw new Error(deviceRefusal(deviceError), { cause: deviceError });
      }
      const answer = await postJson<{ name: string; recoveryCodes: string[] | null }>("/account/passkeys/verify", {
        name,
        response,
      });
      form.reset();
      onAdded(answer);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={add} className="space-y-3" aria-label="Add a passkey">
      {error ? <FormAlert title="Passkey not added">{error}</FormAlert> : null}
      <div>
        <label htmlFor="passkey-name" className="block text-sm font-medium">
          Name of the new passkey
        </label>
        <input
          id="passkey-name"
          name="name"
          required
          maxLength={60}
          placeholder="MacBook, iPhone, YubiKey"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass("primary")}>
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </button>
    </form>
  );
}
