import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FREE_PLAN_LINE } from "~/content/landing";

/** `title` and `languageSummary` come from the running engines: the languages promised are the ones transcribed. */
export function Hero({
  signedIn,
  title,
  languageSummary,
}: {
  signedIn: boolean;
  title: string;
  languageSummary: string;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">{title}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
          Upload a recording or record live. Voxlate writes the transcript with timestamps, translates it and exports it
          the way you need it.
        </p>
        <p className="mx-auto mt-3 max-w-2xl text-sm text-slate-600" data-testid="hero-languages">
          {languageSummary}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={signedIn ? "/dashboard" : "/signup"} className={buttonClass("primary", "px-6 py-3 text-base")}>
            Get started free
          </Link>
          <Link to="/#demo" className={buttonClass("secondary", "px-6 py-3 text-base")}>
            See how it works
          </Link>
        </div>
        <p className="mt-4 text-sm text-slate-600">{FREE_PLAN_LINE}</p>
      </div>
    </section>
  );
}
