import { Link } from "react-router";
import { SECURITY_POINTS } from "~/content/landing";

function ShieldIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="size-6 shrink-0 text-brand-600"
    >
      <path strokeLinejoin="round" d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />
      <path strokeLinecap="round" strokeLinejoin="round" d="m9 12 2 2 4-4" />
    </svg>
  );
}

export function Security() {
  return (
    <section aria-labelledby="security-title" className="mx-auto max-w-6xl px-4 py-20">
      <h2 id="security-title" className="text-center text-3xl font-bold tracking-tight">
        Security and privacy
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600">
        Recordings of meetings and clients are sensitive. This is how Voxlate protects them.
      </p>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {SECURITY_POINTS.map((point) => (
          <li key={point.title} className="flex gap-3 rounded-xl border border-slate-200 p-5">
            <ShieldIcon />
            <div>
              <h3 className="font-semibold">{point.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{point.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-slate-600">
        Read more about{" "}
        <Link to="/security" className="font-semibold text-brand-700 underline">
          security
        </Link>{" "}
        and our{" "}
        <Link to="/privacy" className="font-semibold text-brand-700 underline">
          privacy policy
        </Link>
        .
      </p>
    </section>
  );
}
