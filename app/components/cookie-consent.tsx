import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import {
  OPTIONAL_CATEGORIES,
  PREFERENCES_PARAM,
  type CookieConsent as Consent,
} from "~/modules/consent/cookie-consent";
import { usePreferencesHref } from "./site-footer";
import { Switch } from "./ui/switch";
import { buttonClass } from "./ui/button";

/** The current URL without the dialog parameter: where a choice returns to. */
function useReturnPath() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(PREFERENCES_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/**
 * The banner (until a choice is stored) and the Cookie Preferences dialog (opened by a link).
 * Both are plain forms posting to /cookie-consent, so they work without JavaScript.
 */
export function CookieConsent({ consent }: { consent: Consent }) {
  const location = useLocation();
  const dialogOpen = new URLSearchParams(location.search).has(PREFERENCES_PARAM);
  const fetcher = useFetcher();
  const returnPath = useReturnPath();
  const preferencesHref = usePreferencesHref();
  const choosing = fetcher.state !== "idle";

  if (dialogOpen) return <PreferencesDialog consent={consent} returnPath={returnPath} />;
  if (consent.status || choosing) return null;

  return (
    <section
      aria-label="Cookie consent"
      className="cookie-banner fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-[0_-4px_20px_rgba(0,0,0,0.08)]"
    >
      <fetcher.Form
        method="post"
        action="/cookie-consent"
        className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <input type="hidden" name="redirectTo" value={returnPath} />
        <p className="text-sm text-slate-700">
          We use cookies to enhance your experience.{" "}
          <Link to="/cookies" className="font-medium text-brand-600 underline">
            Learn more<span className="sr-only"> about the cookies we use</span>
          </Link>
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={preferencesHref} preventScrollReset className={buttonClass("ghost")}>
            Settings
          </Link>
          <button type="submit" name="intent" value="decline" className={buttonClass("secondary")}>
            Decline
          </button>
          <button type="submit" name="intent" value="accept" className={buttonClass("primary")}>
            Accept All
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function PreferencesDialog({ consent, returnPath }: { consent: Consent; returnPath: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const fetcher = useFetcher();

  useEffect(() => {
    // Server-rendered as a non-modal <dialog open>; with JavaScript, reopen it modally to trap focus.
    const dialog = dialogRef.current;
    if (!dialog || dialog.matches(":modal")) return;
    // showModal moves the focus to the dialog's first control: keep it where the person had put it before this ran.
    const focused = document.activeElement;
    dialog.close();
    dialog.showModal();
    if (focused instanceof HTMLElement && focused !== dialog && dialog.contains(focused)) focused.focus();
  }, []);

  const cancel = () => navigate(returnPath, { replace: true, preventScrollReset: true });

  return (
    <dialog
      ref={dialogRef}
      open
      aria-labelledby="cookie-preferences-title"
      aria-describedby="cookie-preferences-description"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      className="fixed inset-0 z-50 m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-2xl backdrop:bg-slate-900/50"
    >
      <fetcher.Form method="post" action="/cookie-consent" className="space-y-5">
        <input type="hidden" name="redirectTo" value={returnPath} />
        <div>
          <h2 id="cookie-preferences-title" className="text-lg font-semibold">
            Cookie Preferences
          </h2>
          <p id="cookie-preferences-description" className="mt-1 text-sm text-slate-600">
            Choose which cookies you want to allow. You can change these settings at any time.
          </p>
        </div>
        <ul className="space-y-3">
          <CookieToggle
            name="necessary"
            label="Necessary Cookies"
            description="Required for basic site functionality"
            checked
            disabled
          />
          {OPTIONAL_CATEGORIES.map((category) => (
            <CookieToggle
              key={category.key}
              name={category.key}
              label={category.label}
              description={category.description}
              checked={consent.preferences[category.key]}
            />
          ))}
        </ul>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={returnPath} replace preventScrollReset className={buttonClass("ghost")}>
            Cancel
          </Link>
          <button type="submit" name="intent" value="decline" className={buttonClass("secondary")}>
            Decline
          </button>
          <button type="submit" name="intent" value="accept" className={buttonClass("secondary")}>
            Accept All
          </button>
          <button type="submit" name="intent" value="save" className={buttonClass("primary")}>
            Save Preferences
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );
}

function CookieToggle(props: {
  name: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
}) {
  const id = `cookie-${props.name}`;
  return (
    <li className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <label htmlFor={id} className="text-sm">
        <span className="block font-medium text-slate-900">{props.label}</span>
        <span className="block text-slate-600">{props.description}</span>
      </label>
      {/* A real form control without JavaScript, so the choice posts; a Radix switch with it. */}
      <Switch
        id={id}
        name={props.disabled ? undefined : props.name}
        defaultChecked={props.checked}
        disabled={props.disabled}
      />
    </li>
  );
}
