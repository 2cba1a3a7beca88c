import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/_site.index";
import { pageMeta } from "~/components/page";
import { Pricing } from "~/components/pricing";
import { buttonClass } from "~/components/ui/button";
import { parseBillingPeriod } from "~/content/plans";
import { getUserId } from "~/utils/session.server";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Transcribe and translate audio",
    "Upload recordings up to 500 MB or record live. Get transcripts with timestamps and speaker labels, translate them and export PDF, DOCX, TXT or SRT.",
  );

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    signedIn: Boolean(await getUserId(request)),
    billing: parseBillingPeriod(url.searchParams.get("billing")),
  };
}

const FEATURES = [
  { title: "Upload or record", text: "MP3, WAV, M4A and WEBM files up to 500 MB, or record straight from your microphone." },
  { title: "Timestamps and speakers", text: "Every line carries its time, so you can jump to it; speaker labels tell who said what." },
  { title: "Translate", text: "Translate a transcript line by line, keeping each line's timestamps." },
  { title: "Export", text: "Download as PDF, DOCX, TXT or SRT subtitles." },
];

export default function Landing() {
  const { signedIn, billing } = useLoaderData<typeof loader>();
  const getStarted = signedIn ? "/dashboard" : "/signup";
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl">
            Turn speech into text, in any language
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
            Upload a recording or record live. Voxlate writes the transcript with timestamps, translates it and exports
            it the way you need it.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={getStarted} className={buttonClass("primary", "px-6 py-3 text-base")}>
              Get started free
            </Link>
            <Link to="/#demo" className={buttonClass("secondary", "px-6 py-3 text-base")}>
              See how it works
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500">5 free minutes every month. No credit card.</p>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
          Everything you need from a recording
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 p-6">
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center">
          <h2 id="demo-title" className="text-3xl font-bold tracking-tight">
            From recording to transcript in three steps
          </h2>
          <ol className="mt-10 grid gap-6 text-left sm:grid-cols-3">
            <li className="rounded-xl bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold text-brand-600">1. Add audio</p>
              <p className="mt-2 text-sm text-slate-600">Drop a file on the dashboard, or press record.</p>
            </li>
            <li className="rounded-xl bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold text-brand-600">2. Transcribe</p>
              <p className="mt-2 text-sm text-slate-600">Follow the progress; we email you when long files are done.</p>
            </li>
            <li className="rounded-xl bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold text-brand-600">3. Use it</p>
              <p className="mt-2 text-sm text-slate-600">Edit, translate, summarise and export.</p>
            </li>
          </ol>
        </div>
      </section>

      <section id="testimonials" aria-labelledby="testimonials-title" className="mx-auto max-w-4xl scroll-mt-20 px-4 py-20 text-center">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
          Built for people who work with recordings
        </h2>
        <p className="mt-4 text-slate-600">
          Lawyers and advisors documenting client meetings, educators and students capturing lectures, and teams keeping
          a written record of every call.
        </p>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-50 py-20">
        <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight">
          Simple pricing
        </h2>
        <p className="mt-3 text-center text-slate-600">Limited-time pricing: lock in today's price.</p>
        <div className="mt-10">
          <Pricing period={billing} basePath="/" />
        </div>
      </section>
    </>
  );
}
