import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/_app.transcription.$recordingId.redactions";
import { pageMeta } from "~/components/page";
import { ErrorMessage, GeneralErrorBoundary, missingHandler, type StatusHandler } from "~/components/error-boundary";
import { categoryName, categoryOrder, RedactionSuggestions } from "~/components/redaction/redaction-suggestions";
import { RedactionTranscript } from "~/components/redaction/redaction-transcript";
import { buttonClass } from "~/components/ui/button";
import { FormAlert, firstError, useErrorToast } from "~/components/ui/field";
import { type FormReply, pageRefusal } from "~/components/ui/form-reply";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { auditActionLabel } from "~/modules/audit/actions";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { redactionLabel } from "~/modules/redaction/categories";
import { redactionLog } from "~/modules/redaction/redaction-log.server";
import { RedactionActionSchema } from "~/modules/redaction/redaction-forms";
import {
  addManualRedaction,
  decideRedactions,
  markRedactionReviewed,
  recordingRedactions,
  removeRedaction,
  suggestForRecording,
} from "~/modules/redaction/redactions.server";
import { formatDate, isoDateTime } from "~/utils/dates";
import { formatTimestamp } from "~/utils/timestamps";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(
    data ? `Redactions of “${data.recording.title}”` : "Redactions",
    "Hide phone numbers, names and other private words.",
  ),
  { name: "robots", content: "noindex" },
];

// GET /transcription/:recordingId/redactions: the redaction page (ADR 048), owners and admins only. ?view=redacted
// previews the transcript as others see it; ?redact=<segment id> opens the plain form for one segment (no JavaScript).
export const loader = withRefusals(async ({ request, params }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const state = await recordingRedactions(userId, params.recordingId);
  const url = new URL(request.url);
  return {
    ...state,
    log: await redactionLog(userId, params.recordingId),
    preview: url.searchParams.get("view") === "redacted",
    manualSegmentId: url.searchParams.get("redact"),
  };
});

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: RedactionActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value;
  const source = { request, context };
  const recordingId = params.recordingId;
  const back = (title: string, description?: string) =>
    redirectWithToast(
      `/transcription/${recordingId}/redactions`,
      { type: "success", title, description },
      { status: 303 },
    );
  switch (input.intent) {
    case "suggest": {
      const { added } = await suggestForRecording(userId, recordingId, source);
      return back(added ? `Found ${plural(added, "new suggestion")}` : "No new suggestions");
    }
    case "accept":
    case "reject": {
      const { changed } = await decideRedactions(
        userId,
        recordingId,
        { ids: input.id ? [input.id] : undefined, category: input.category, decision: input.intent },
        source,
      );
      return back(
        `${input.intent === "accept" ? "Accepted" : "Rejected"} ${plural(changed, "suggestion")}`,
        input.intent === "accept" ? "Others now see labels in place of those words." : undefined,
      );
    }
    case "add": {
      const row = await addManualRedaction(
        userId,
        recordingId,
        { segmentId: input.segmentId, startOffset: input.start, endOffset: input.end, category: input.category },
        source,
      );
      return back(`Redacted as ${redactionLabel(row.category)}`);
    }
    case "remove":
      await removeRedaction(userId, recordingId, input.id, source);
      return back("Redaction removed", "Those words show again.");
    case "reviewed":
      await markRedactionReviewed(userId, recordingId, source);
      return back("Redactions marked reviewed");
  }
});

export default function Redactions({ loaderData, actionData }: Route.ComponentProps) {
  const { recording, segments, redactions, lost, pending, log, preview, manualSegmentId } = loaderData;
  const busy = useNavigation().state !== "idle";
  const reply = actionData as FormReply | undefined;
  const refusal = pageRefusal(actionData) ?? (reply?.status === "error" ? firstError(reply) : undefined);
  useErrorToast(reply, "Not done");
  const suggestions = redactions.filter((row) => row.status === "SUGGESTED");
  const categories = categoryOrder(redactions.filter((row) => row.status !== "REJECTED").map((row) => row.category));
  const segmentOf = new Map(segments.map((segment) => [segment.id, segment]));

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <p className="text-sm">
        <Link to={`/transcription/${recording.id}`} className="underline">
          ← Back to the transcript
        </Link>
      </p>
      <header className="mt-4 space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">Redactions of “{recording.title}”</h1>
        <p className="text-sm text-slate-700" data-testid="review-state">
          {recording.redactionReviewedAt ? (
            <>
              Reviewed by {recording.reviewedByName ?? "a former member"} on{" "}
              <time dateTime={isoDateTime(recording.redactionReviewedAt)}>
                {formatDate(recording.redactionReviewedAt, "dateTime")}
              </time>
              .
            </>
          ) : (
            "Not reviewed."
          )}
        </p>
        {categories.length ? (
          <dl className="flex flex-wrap gap-2 text-sm" aria-label="Redactions per category">
            {categories.map((category) => {
              const rows = redactions.filter((row) => row.category === category);
              const hidden = rows.filter((row) => row.status === "ACCEPTED").length;
              const waiting = rows.filter((row) => row.status === "SUGGESTED").length;
              return (
                <div key={category} className="rounded-md border border-slate-200 px-2 py-1">
                  <dt className="inline font-medium">{categoryName(category)}: </dt>
                  <dd className="inline">
                    {hidden} hidden{waiting ? `, ${waiting} suggested` : ""}
                  </dd>
                </div>
              );
            })}
          </dl>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Form method="post">
            <button type="submit" name="intent" value="suggest" disabled={busy} className={buttonClass("secondary")}>
              Find suggestions
            </button>
          </Form>
          <Form method="post" className="space-y-1">
            <button
              type="submit"
              name="intent"
              value="reviewed"
              disabled={busy || pending > 0}
              aria-describedby={pending > 0 ? "review-blocked" : undefined}
              className={buttonClass("primary")}
            >
              Mark redactions reviewed
            </button>
            {pending > 0 ? (
              <p id="review-blocked" className="text-sm text-slate-700">
                Decide the {plural(pending, "suggestion")} below first.
              </p>
            ) : null}
          </Form>
        </div>
      </header>

      {refusal ? (
        <div className="mt-6">
          <FormAlert>{refusal}</FormAlert>
        </div>
      ) : null}

      {lost.length ? (
        <section
          aria-labelledby="lost-title"
          className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h2 id="lost-title" className="font-semibold">
            Redactions an edit removed
          </h2>
          <p className="mt-1">
            The words of these redactions are no longer in the transcript: an edit changed them. Check the segments, and
            redact again what should stay hidden.
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {lost.map((row) => {
              const segment = segmentOf.get(row.segmentId);
              return (
                <li key={row.id}>
                  {redactionLabel(row.category)} <q>{row.text}</q>
                  {segment ? ` in the segment at ${formatTimestamp(segment.start)}` : ""}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <RedactionSuggestions suggestions={suggestions} segments={segments} busy={busy} />

      <RedactionTranscript
        segments={segments}
        redactions={redactions}
        preview={preview}
        manualSegmentId={manualSegmentId}
        busy={busy}
      />

      <section aria-labelledby="log-title" className="mt-10">
        <h2 id="log-title" className="text-xl font-semibold">
          Redaction log
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Who redacted which category where and when. The log never holds the hidden words; its entries are also in the
          workspace&apos;s audit log.
        </p>
        {log.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nothing redacted yet.</p>
        ) : (
          <ScrollRegion label="Redaction log">
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">Redaction log</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Who
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    What
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Category
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Where
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.map((entry) => (
                  <tr key={entry.seq} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <time dateTime={isoDateTime(entry.createdAt)}>{formatDate(entry.createdAt, "dateTime")}</time>
                    </td>
                    <td className="py-2 pr-3">{entry.actor}</td>
                    <td className="py-2 pr-3">
                      {auditActionLabel(entry.action)}
                      {entry.count !== null ? ` (${entry.count})` : ""}
                    </td>
                    <td className="py-2 pr-3">{entry.category ?? "—"}</td>
                    <td className="py-2">{entry.at ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}

/** A role that may not redact (member, reviewer, viewer): the policy's sentence, and the way back. */
const roleRefusal: StatusHandler = ({ message }) => (
  <ErrorMessage
    status={403}
    title="Only owners and admins redact"
    actions={
      <Link to="/recordings" className={buttonClass("primary")}>
        Back to your recordings
      </Link>
    }
  >
    {message ?? "Your role in this workspace does not allow redacting transcripts."}
  </ErrorMessage>
);
const recordingMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => (
  <GeneralErrorBoundary statusHandlers={{ 404: recordingMissing, 403: roleRefusal }} />
);
