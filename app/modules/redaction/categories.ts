// What a redaction can hide, with the label every redacted output shows in its place (ADR 048). Isomorphic: the
// redaction page, the API's schemas and the derived text share these words.

/** Which text a reader gets: the original (owners and admins) or the redacted (everyone else; ADR 048). */
export const TRANSCRIPT_VIEWS = ["original", "redacted"] as const;
export type TranscriptView = (typeof TRANSCRIPT_VIEWS)[number];

export const REDACTION_CATEGORIES = [
  "EMAIL",
  "PHONE",
  "URL",
  "CARD",
  "IBAN",
  "SSN",
  "DOB",
  "NAME",
  "PLACE",
  "SENSITIVE",
  "OTHER",
] as const;
export type RedactionCategory = (typeof REDACTION_CATEGORIES)[number];

/** The label that stands in the redacted text where the span was. */
export const REDACTION_LABELS: Record<RedactionCategory, string> = {
  EMAIL: "[EMAIL]",
  PHONE: "[PHONE]",
  URL: "[URL]",
  CARD: "[CARD]",
  IBAN: "[IBAN]",
  SSN: "[SSN]",
  DOB: "[DATE OF BIRTH]",
  NAME: "[NAME]",
  PLACE: "[PLACE]",
  SENSITIVE: "[SENSITIVE]",
  OTHER: "[REDACTED]",
};

/** The category's name on the page (plural: a heading over its suggestions, "Accept all …"). */
export const REDACTION_CATEGORY_NAMES: Record<RedactionCategory, string> = {
  EMAIL: "Email addresses",
  PHONE: "Phone numbers",
  URL: "Web addresses",
  CARD: "Card numbers",
  IBAN: "IBANs",
  SSN: "Social Security numbers",
  DOB: "Dates of birth",
  NAME: "Names",
  PLACE: "Places",
  SENSITIVE: "Sensitive glossary terms",
  OTHER: "Other",
};

export const isRedactionCategory = (value: string): value is RedactionCategory =>
  (REDACTION_CATEGORIES as readonly string[]).includes(value);

/** The label of a stored category (an unknown one, from a later version, hides as "[REDACTED]"). */
export const redactionLabel = (category: string) =>
  isRedactionCategory(category) ? REDACTION_LABELS[category] : REDACTION_LABELS.OTHER;
