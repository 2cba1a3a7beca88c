import { Select } from "~/components/ui/select";

interface ChoiceProps {
  id: string;
  name: string;
  /** Controlled when given with onChange; otherwise the default is the first choice. */
  value?: string;
  onChange?: (value: string) => void;
  /** The choice to start from when uncontrolled (a refused form's, refilled); else the first. */
  defaultValue?: string;
  disabled?: boolean;
  describedBy?: string;
  /** Marks the choice invalid (its errors are what `describedBy` names). */
  invalid?: boolean;
}

const control = ({ value, onChange, defaultValue }: ChoiceProps, fallback: string) =>
  onChange ? { value, onValueChange: onChange } : { defaultValue: defaultValue ?? fallback };

/** The spoken-language choice of uploads and live recordings: detect, or one of the engine's languages. */
export function SpokenLanguageSelect(props: ChoiceProps & { options: { value: string; label: string }[] }) {
  return (
    <Select
      id={props.id}
      name={props.name}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      options={props.options}
      first={{ value: "auto", label: "Detect automatically" }}
      {...control(props, "auto")}
    />
  );
}

/** A translate-to choice over the languages the server's translator can produce. */
export function TranslateToSelect(props: ChoiceProps & { targets: { value: string; label: string }[] }) {
  return (
    <Select
      id={props.id}
      name={props.name}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      options={props.targets}
      first={{ value: "", label: "No translation" }}
      {...control(props, "")}
    />
  );
}
