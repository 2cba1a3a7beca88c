/** Recovery codes, shown once in the answer that made them (two-factor and passkey pages, ADRs 038 and 039). */
export function RecoveryCodesShown({
  title,
  codes,
  note = "",
  done,
}: {
  title: string;
  codes: string[];
  /** A sentence after the standard ones ("The old codes no longer work."). */
  note?: string;
  /** The "I have saved them" link or button. */
  done: React.ReactNode;
}) {
  return (
    <section aria-label="Recovery codes" className="space-y-4 rounded-xl border border-emerald-300 bg-emerald-50 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p>
        Each code signs you in once if you lose your phone or passkey. Keep them somewhere safe, apart from your
        password.{note ? ` ${note}` : ""} This is the only time they are shown.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-lg" aria-label="Recovery codes list">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {done}
    </section>
  );
}
