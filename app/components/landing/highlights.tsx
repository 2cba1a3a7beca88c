import { LANDING_HIGHLIGHTS, PERSONA_CAPTION } from "~/content/landing";

/** The spec's short "testimonials" strip under the hero: the kinds of people Voxlate is made for. */
export function Highlights() {
  return (
    <section aria-labelledby="highlights-title" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="highlights-title" className="text-center text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Made for the recordings in your working day
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {LANDING_HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-lg bg-slate-50 p-4 text-center">
              <p className="font-semibold text-slate-900">{item.title}</p>
              <p className="mt-1 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-center text-xs text-slate-600">{PERSONA_CAPTION}</p>
      </div>
    </section>
  );
}
