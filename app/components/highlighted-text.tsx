import { Fragment } from "react";
import type { TextPart } from "~/utils/highlight";

/** Text with its matches in `<mark>`; every part is a React text node, so markup in it shows as text. */
export function HighlightedText({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) =>
    part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
  );
}
