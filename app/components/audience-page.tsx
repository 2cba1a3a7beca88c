import { Link } from "react-router";
import { Accordion } from "~/components/ui/accordion";
import { PageHeader } from "~/components/page";
import { buttonClass } from "~/components/ui/button";
import type { Audience } from "~/content/audiences";
import { FREE_PLAN_LINE } from "~/content/landing";
import { cn } from "~/utils/cn";

function CallsToAction({ centred = false }: { centred?: boolean }) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row sm:flex-wrap", centred && "sm:justify-center")}>
      <Link to="/signup" className={buttonClass("primary", "px-6 py-3 text-base")}>
        Start free
      </Link>
      <Link to="/plans" className={buttonClass("secondary", "px-6 py-3 text-base")}>
        Compare plans
      </Link>
    </div>
  );
}

const H2 = "text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl";

/**
 * The body of /business and the audience pages: hero with calls to action, what the audience uses Voxlate for,
 * a workflow, optional good-practice advice, FAQs (`<details>`, no JavaScript needed) and a closing call to action.
 */
export function AudiencePage({ audience }: { audience: Audience }) {
  const { uses, steps, advice, faqs, closing } = audience;
  return (
    <>
      {/* The calls to action continue PageHeader's hero: drop its bottom border and padding, and add our own below. */}
      <div className="border-b border-slate-200 [&>div:first-child]:border-b-0 [&>div:first-child>div]:pb-0">
        <PageHeader eyebrow={audience.eyebrow} title={audience.title} lead={audience.lead} />
        <div className="mx-auto max-w-4xl px-4 pt-8 pb-14 sm:pb-20">
          <CallsToAction />
          <p className="mt-4 text-sm text-slate-600">{FREE_PLAN_LINE}</p>
        </div>
      </div>

      <section aria-labelledby="uses-title" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-3xl">
          <h2 id="uses-title" className={H2}>
            {uses.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{uses.intro}</p>
        </div>
        <ul className={cn("mt-10 grid gap-6 sm:grid-cols-2", uses.items.length !== 4 && "lg:grid-cols-3")}>
          {uses.items.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 p-6">
              <h3 className="font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
          <h2 id="steps-title" className={H2}>
            {steps.heading}
          </h2>
          {/* role="list" keeps the list semantics that Safari drops from unstyled lists. */}
          <ol role="list" className="mt-10 space-y-4">
            {steps.items.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {advice ? (
        <section aria-labelledby="advice-title" className="mx-auto max-w-3xl px-4 pt-16 sm:pt-20">
          <div className="rounded-xl border-l-4 border-brand-600 bg-brand-50 p-6 sm:p-8">
            <h2 id="advice-title" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              {advice.heading}
            </h2>
            {advice.intro ? <p className="mt-3 text-slate-700">{advice.intro}</p> : null}
            <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
              {advice.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {advice.link ? (
              <p className="mt-4">
                <Link to={advice.link.to} className="font-semibold text-brand-700 underline">
                  {advice.link.label}
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16 sm:py-20">
        <h2 id="faq-title" className={H2}>
          {faqs.heading}
        </h2>
        <Accordion
          items={faqs.items.map((entry) => ({
            value: entry.question,
            question: entry.question,
            answer: <p>{entry.answer}</p>,
          }))}
          className="mt-8"
        />
        <p className="mt-6 text-sm text-slate-600">
          Plan details are on the{" "}
          <Link to="/plans" className="font-semibold text-brand-700 underline">
            plans page
          </Link>
          , and more answers on the{" "}
          <Link to="/help" className="font-semibold text-brand-700 underline">
            help pages
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 pb-16 sm:pb-20">
        <div className="rounded-2xl bg-brand-50 px-6 py-12 text-center sm:px-12">
          <h2 id="closing-title" className={H2}>
            {closing.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{closing.text}</p>
          <div className="mt-8">
            <CallsToAction centred />
          </div>
        </div>
      </section>
    </>
  );
}
