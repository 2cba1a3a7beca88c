import { data, Form, Link } from "react-router";
import type { Route } from "./+types/_app.recordings";
import { PageHeader, pageMeta } from "~/components/page";
import { RecordingRow } from "~/components/recordings/recording-row";
import { buttonClass } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { listRecordings, RECORDING_SORTS, RecordingListQuerySchema } from "~/modules/recordings/recordings.server";
import { requireUserId } from "~/modules/platform/session.server";
import { retentionNotes } from "~/modules/privacy/retention.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { countOf } from "~/utils/plural";

export const meta: Route.MetaFunction = () => pageMeta("Recordings", "Every recording you uploaded or recorded.");

export async function loader({ request }: Route.LoaderArgs) {
  const userId = await requireUserId(request);
  const parsed = RecordingListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "Check the search.", { status: 400 });
  const query = parsed.data;
  const list = await listRecordings(userId, query);
  const retention = await retentionNotes(
    userId,
    list.items.map((item) => item.id),
  );
  const sorts = Object.entries(RECORDING_SORTS).map(([value, { label }]) => ({ value, label }));
  return { ...list, query, sorts, retention };
}

export default function Recordings({ loaderData }: Route.ComponentProps) {
  const { items, total, page, totalPages, query, sorts, retention } = loaderData;
  const pageLink = (target: number) =>
    `/recordings?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), sort: query.sort, page: String(target) })}`;
  return (
    <>
      <PageHeader eyebrow="Library" title="Recordings" lead="Every file you upload or record, with its transcript." />
      <section className="mx-auto max-w-4xl px-4 py-10">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1">
            <label htmlFor="recordings-search" className="block text-sm font-medium">
              Search titles and transcripts
            </label>
            <input
              id="recordings-search"
              name="q"
              type="search"
              maxLength={200}
              defaultValue={query.q ?? ""}
              placeholder='e.g. budget, "quarterly review", -draft'
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="recordings-sort" className="block text-sm font-medium">
              Sort
            </label>
            <select
              id="recordings-sort"
              name="sort"
              defaultValue={query.sort}
              className="mt-1 rounded-md border border-slate-300 px-3 py-2"
            >
              {sorts.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("secondary")}>
            Search
          </button>
        </Form>

        <p className="mt-6 text-sm text-slate-600" aria-live="polite">
          {query.q
            ? `${countOf(total, "recording matches", "recordings match")} “${query.q}”.`
            : `${countOf(total, "recording")}.`}
        </p>

        {items.length === 0 ? (
          <div className="mt-4 rounded-xl border border-slate-200 p-8 text-center text-slate-600">
            {query.q ? (
              <p>No titles or transcripts match. Try fewer or different words.</p>
            ) : (
              <p>
                You have no recordings yet.{" "}
                <Link to="/dashboard" className="underline">
                  Upload one from the dashboard.
                </Link>
              </p>
            )}
          </div>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {items.map((recording) => (
              <RecordingRow key={recording.id} recording={recording} retention={retention[recording.id]}>
                <Form method="post" action={`/transcription/${recording.id}`} id={`delete-${recording.id}`}>
                  <ConfirmSubmit
                    form={`delete-${recording.id}`}
                    name="intent"
                    value="delete"
                    label="Delete"
                    aria-label={`Delete ${recording.title}`}
                    title={`Delete “${recording.title}”?`}
                    description="The audio file and its transcript are removed for good. Minutes already used stay used."
                    confirmLabel="Delete recording"
                    variant="ghost"
                    className="text-red-700"
                  />
                </Form>
              </RecordingRow>
            ))}
          </ul>
        )}

        {totalPages > 1 ? (
          <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
            {page > 1 ? <Link to={pageLink(page - 1)}>Previous</Link> : <span />}
            <span>
              Page {page} of {totalPages}
            </span>
            {page < totalPages ? <Link to={pageLink(page + 1)}>Next</Link> : <span />}
          </nav>
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary />;
