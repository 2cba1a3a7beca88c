import { Select } from "~/components/ui/select";

interface ChoiceProps {
  id: string;
  name: string;
  /** Controlled when given with onChange; otherwise the default is the first choice. */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  describedBy?: string;
}

const control = ({ value, onChange }: ChoiceProps, fallback: string) =>
  onChange ? { value, onValueChange: onChange } : { defaultValue: fallback };

/** The spoken-language choice of uploads and live recordings: detect, or one of the engine's languages. */
export function SpokenLanguageSelect(props: ChoiceProps & { options: { value: string; label: string }[] }) {
  return (
    <Select
      id={props.id}
      name={props.name}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
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
      options={props.targets}
      first={{ value: "", label: "No translation" }}
      {...control(props, "")}
    />
  );
}
