import { Link } from "react-router";
import { PROFESSIONS } from "~/content/landing";

export function WhyProfessionals() {
  return (
    <section aria-labelledby="professionals-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-20">
        <h2 id="professionals-title" className="text-center text-3xl font-bold tracking-tight">
          Why professionals choose Voxlate
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600">
          A written, timestamped record of what was said, ready to check, quote, translate and file.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PROFESSIONS.map((profession) => (
            <li key={profession.title} className="flex flex-col rounded-xl bg-white p-6 shadow-sm">
              <h3 className="font-semibold">{profession.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-600">{profession.text}</p>
              <Link to={profession.to} className="mt-4 text-sm font-semibold text-brand-700 hover:underline">
                Learn more<span className="sr-only"> about Voxlate for {profession.title.toLowerCase()}</span>{" "}
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
