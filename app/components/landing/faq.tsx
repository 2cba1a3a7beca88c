import { Link } from "react-router";
import { Accordion } from "~/components/ui/accordion";
import { LANDING_FAQ } from "~/content/landing";

/** The answers open as `<details>` without JavaScript, and as a Radix accordion with it. */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-20">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <Accordion
          items={LANDING_FAQ.map((entry) => ({
            value: entry.question,
            question: entry.question,
            answer: <p>{entry.answer}</p>,
          }))}
          className="mt-10"
        />
        <p className="mt-6 text-center text-sm text-slate-600">
          More answers in the{" "}
          <Link to="/help" className="font-semibold text-brand-700 underline">
            help center
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
