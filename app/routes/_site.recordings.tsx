import type { Route } from "./+types/_site.recordings";
import { PageHeader, pageMeta } from "~/components/page";
import { requireUserId } from "~/utils/session.server";

export const meta: Route.MetaFunction = () => pageMeta("Recordings", "Every recording you uploaded or recorded.");

export async function loader({ request }: Route.LoaderArgs) {
  await requireUserId(request);
  return null;
}

export default function Recordings() {
  return (
    <>
      <PageHeader eyebrow="Library" title="Recordings" lead="Every file you upload or record, with its transcript." />
      <section className="mx-auto max-w-4xl px-4 py-12">
        <p className="rounded-xl border border-slate-200 p-8 text-center text-slate-600">You have no recordings yet.</p>
      </section>
    </>
  );
}
