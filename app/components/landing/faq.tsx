import { Link } from "react-router";
import { LANDING_FAQ } from "~/content/landing";

/** `<details>` opens and closes without JavaScript. */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-20">
        <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {LANDING_FAQ.map((item) => (
            <details key={item.question} className="group p-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
                >
                  <path strokeLinecap="round" strokeLinejoin="round" d="m5 8 5 5 5-5" />
                </svg>
              </summary>
              <p className="mt-3 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
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
