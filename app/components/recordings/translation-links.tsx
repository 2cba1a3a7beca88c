import { Link } from "react-router";

/** Links that show the transcript beside one of its translations (`?lang=`), and back to the original alone. */
export function TranslationLinks({
  languages,
  showLanguage,
  label,
}: {
  languages: { value: string; label: string }[];
  showLanguage: string | null;
  label: string;
}) {
  return (
    <>
      <span>{label}</span>
      {languages.map((language) => (
        <Link
          key={language.value}
          to={`?lang=${language.value}`}
          aria-current={showLanguage === language.value ? "true" : undefined}
          className="underline aria-[current]:font-semibold"
        >
          {language.label}
        </Link>
      ))}
      {showLanguage ? (
        <Link to="?" className="underline">
          Original only
        </Link>
      ) : null}
    </>
  );
}
