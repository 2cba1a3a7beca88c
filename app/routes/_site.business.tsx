import { Link } from "react-router";
import type { Route } from "./+types/_site.business";
import { PageHeader, pageMeta } from "~/components/page";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () =>
  pageMeta("Voxlate for business", "Transcripts with speaker labels and summaries for lawyers, advisors, consultants and teams.");

const POINTS = [
  { title: "Client meetings on record", text: "Speaker labels and timestamps show who said what, and when." },
  { title: "Summaries", text: "Key points and action items, each linked to the moment it was said." },
  { title: "Large files", text: "Upload recordings up to 500 MB on Business Pro." },
  { title: "Privacy by default", text: "Your recordings are visible only to you. Delete them, or your whole account, anytime." },
];

export default function Business() {
  return (
    <>
      <PageHeader
        eyebrow="For business"
        title="Transcription for professionals and teams"
        lead="Lawyers, advisors, consultants and teams use Voxlate to keep an accurate written record of every conversation."
      />
      <section className="mx-auto max-w-6xl px-4 py-16">
        <ul className="grid gap-6 sm:grid-cols-2">
          {POINTS.map((point) => (
            <li key={point.title} className="rounded-xl border border-slate-200 p-6">
              <h2 className="font-semibold">{point.title}</h2>
              <p className="mt-2 text-sm text-slate-600">{point.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Link to="/signup" className={buttonClass("primary", "px-6 py-3 text-base")}>
            Start free
          </Link>
          <Link to="/plans" className={buttonClass("secondary", "px-6 py-3 text-base")}>
            Compare plans
          </Link>
        </div>
      </section>
    </>
  );
}
