import { useEffect, useState } from "react";
import clsx from "clsx";
import type { PasswordStrength } from "~/modules/accounts/password-strength";

const SEGMENT_COLOURS = ["bg-red-600", "bg-red-600", "bg-amber-500", "bg-emerald-600", "bg-emerald-700"];

/**
 * zxcvbn's estimate of a new password while it is typed, with the sentence the server would refuse it with. The
 * dictionaries load with the first keystroke, not with the page; without JavaScript the server's message is all.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const inputs = userInputs.filter(Boolean).join("\n");
  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let current = true;
    void import("~/modules/accounts/password-strength").then(({ passwordStrength }) => {
      if (current) setStrength(passwordStrength(password, inputs ? inputs.split("\n") : []));
    });
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (!strength) return null;
  const advice = strength.refusal ?? strength.warning ?? strength.suggestions[0] ?? null;
  return (
    <div className="space-y-1" data-testid="password-strength">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={strength.label}
        className="flex gap-1"
      >
        {[1, 2, 3, 4].map((segment) => (
          <span
            key={segment}
            className={clsx(
              "h-1.5 flex-1 rounded-full",
              strength.score >= segment || (segment === 1 && strength.score === 0)
                ? SEGMENT_COLOURS[strength.score]
                : "bg-slate-200",
            )}
          />
        ))}
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        <span className="font-medium">Strength: {strength.label}.</span>
        {advice ? <span className={strength.refusal ? "text-red-700" : undefined}> {advice}</span> : null}
      </p>
    </div>
  );
}
