import { LANGUAGES } from "~/content/languages";

const SELECT_CLASS = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 disabled:bg-slate-100";

/** The spoken-language choice of uploads and live recordings: detect, or one of the engines' languages. */
export function SpokenLanguageSelect({ id, name, value, onChange, disabled }: { id: string; name: string; value?: string; onChange?: (value: string) => void; disabled?: boolean }) {
  return (
    <select id={id} name={name} {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : { defaultValue: "auto" })} disabled={disabled} className={SELECT_CLASS}>
      <option value="auto">Detect automatically</option>
      {LANGUAGES.map((language) => (
        <option key={language.value} value={language.value}>
          {language.label}
        </option>
      ))}
    </select>
  );
}

/** A translate-to choice over the languages the server's translator can produce. */
export function TranslateToSelect({
  id,
  name,
  targets,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  id: string;
  name: string;
  targets: { value: string; label: string }[];
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  return (
    <select
      id={id}
      name={name}
      {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : { defaultValue: "" })}
      disabled={disabled}
      aria-describedby={describedBy}
      className={SELECT_CLASS}
    >
      <option value="">No translation</option>
      {targets.map((language) => (
        <option key={language.value} value={language.value}>
          {language.label}
        </option>
      ))}
    </select>
  );
}
