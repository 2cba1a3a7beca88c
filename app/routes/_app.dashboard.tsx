import { Link, useSearchParams } from "react-router";
import { planIncludes } from "~/modules/billing/plan-features";
import type { Route } from "./+types/_app.dashboard";
import { AppPageHeader } from "~/components/app-shell/app-page-header";
import { pageMeta } from "~/components/page";
import { LiveRecorder } from "~/components/live/live-recorder";
import { RecordingRow } from "~/components/recordings/recording-row";
import { UploadForm } from "~/components/recordings/upload-form";
import { IMPORT_INTENT, UrlImportForm } from "~/components/recordings/url-import-form";
import { importFromDashboardForm } from "~/modules/recordings/url-import.server";
import { buttonClass } from "~/components/ui/button";
import { pageRefusal, replyTo } from "~/components/ui/form-reply";
import { receiveUpload, uploadFormRefusal, uploadLimitBytes } from "~/modules/recordings/upload.server";
import { listRecordings } from "~/modules/recordings/list.server";
import { UPLOAD_INTENT } from "~/modules/recordings/recording-forms";
import { answerRefusal, withFormRefusals } from "~/modules/platform/refusals.server";
import { requireUser, requireUserId } from "~/modules/platform/session.server";
import { requestAllowance } from "~/modules/accounts/app-shell.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { configuredLanguageClaims } from "~/modules/engines/language-claims.server";
import { describeAllowance } from "~/modules/usage/usage";
import { useHydrated } from "~/utils/use-hydrated";
import { GeneralErrorBoundary, planRefusalHandler } from "~/components/error-boundary";
import { accessScope } from "~/modules/workspaces/access.server";
import { foldersForUpload } from "~/modules/library/library.server";
import { can, refusalSentence } from "~/modules/workspaces/policy";

/** The newest recordings the dashboard lists; "All recordings" leads to the rest. */
const RECENT_RECORDINGS = 5;

export const meta: Route.MetaFunction = () => pageMeta("Dashboard", "Your recordings and transcripts.");

export async function loader({ request }: Route.LoaderArgs) {
  // The user and the allowance are the ones the app shell reads for the same request (read once).
  const user = await requireUser(request);
  // The current workspace and the role there, read once for the list, the folders and the upload form.
  const scope = await accessScope(user.id);
  const [allowance, recent, folders] = await Promise.all([
    requestAllowance(request, user),
    listRecordings(scope, { q: undefined, sort: "newest", page: 1 }, { pageSize: RECENT_RECORDINGS }),
    foldersForUpload(scope),
  ]);
  // "Upload or record" from a folder of the library files the upload there.
  const asked = new URL(request.url).searchParams.get("folder");
  return {
    firstName: user.firstName,
    allowance,
    maxBytes: uploadLimitBytes(user.plan),
    speakerLabelsAllowed: planIncludes(user.plan, "speakerLabels"),
    // What the running engines can do: the spoken languages offered, translation targets, and the fallback notice.
    languages: configuredLanguageClaims(),
    recent: recent.items,
    total: recent.total,
    // A viewer of the current workspace is told why there is no upload form, not handed one that would 403.
    uploadRefusal: can(scope.role, "upload") ? null : refusalSentence(scope.role, "upload"),
    folders,
    folderId: folders.some((folder) => folder.id === asked) ? asked : null,
  };
}

export const action = withFormRefusals(async ({ request }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  if (new URL(request.url).searchParams.has("import")) return importFromDashboardForm(request, userId);
  return answerRefusal(async () => {
    const recording = await receiveUpload(request, userId);
    return redirectWithToast(
      `/transcription/${recording.id}`,
      { type: "success", title: "Upload complete", description: "Transcription has started." },
      { status: 303 },
    );
  }, uploadFormRefusal);
});

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { firstName, allowance, maxBytes, speakerLabelsAllowed, languages, recent, total, uploadRefusal } = loaderData;
  const tab = useSearchParams()[0].get("tab") === "record" ? "record" : "upload";
  const minutesText = describeAllowance(allowance);
  return (
    <>
      <AppPageHeader title={`Welcome, ${firstName}`} description={minutesText} />
      <section className="mx-auto max-w-4xl space-y-10 px-4 py-8">
        <div>
          <h2 className="sr-only">New recording</h2>
          {uploadRefusal ? (
            <p className="rounded-xl border border-slate-200 p-6 text-slate-700" data-testid="upload-refusal">
              {uploadRefusal} Switch to another workspace from the menu to upload or record.
            </p>
          ) : (
            <>
              <nav aria-label="New recording" className="mb-6 flex gap-2 border-b border-slate-200">
                {(["upload", "record"] as const).map((name) => (
                  <Link
                    key={name}
                    to={`?tab=${name}`}
                    replace
                    preventScrollReset
                    aria-current={tab === name ? "page" : undefined}
                    className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700"
                  >
                    {name === "upload" ? "Upload Audio" : "Record Live"}
                  </Link>
                ))}
              </nav>
              {tab === "upload" ? (
                <UploadForm
                  maxBytes={maxBytes}
                  planName={allowance.planName}
                  speakerLabelsAllowed={speakerLabelsAllowed}
                  spokenLanguages={languages.spoken}
                  translationTargets={languages.translationTargets}
                  fallbackNotice={languages.fallbackNotice}
                  folders={loaderData.folders}
                  folderId={loaderData.folderId}
                  reply={replyTo(actionData, UPLOAD_INTENT)}
                  refusal={pageRefusal(actionData)}
                />
              ) : (
                <RecordLive
                  spokenLanguages={languages.spoken}
                  translationTargets={languages.translationTargets}
                  secondsLeft={allowance.secondsLeft}
                />
              )}
              {tab === "upload" ? <UrlImportForm reply={replyTo(actionData, IMPORT_INTENT)} /> : null}
            </>
          )}
          {allowance.secondsLeft === 0 ? (
            <p className="mt-3 text-sm text-slate-700">
              You have no minutes left this month.{" "}
              <Link to="/plan-selection" className="underline">
                Choose a plan
              </Link>{" "}
              with more.
            </p>
          ) : null}
        </div>
        <div>
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-xl font-semibold">Recent recordings</h2>
            {total > 0 ? (
              <Link to="/recordings" className={buttonClass("secondary")}>
                All recordings ({total})
              </Link>
            ) : null}
          </div>
          {recent.length === 0 ? (
            <p className="rounded-xl border border-slate-200 p-8 text-center text-slate-600">
              No recordings yet. Upload one above and its transcript appears here.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {recent.map((recording) => (
                <RecordingRow key={recording.id} recording={recording} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

/** Recording needs JavaScript (MediaRecorder); without it, or in a browser that cannot record, it points to upload. */
function RecordLive(props: {
  spokenLanguages: { value: string; label: string }[];
  translationTargets: { value: string; label: string }[];
  secondsLeft: number | null;
}) {
  const hydrated = useHydrated();
  const canRecord = hydrated && typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices);
  if (canRecord) return <LiveRecorder {...props} />;
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <p className="font-semibold">
        {hydrated ? "This browser cannot record audio." : "Recording live needs JavaScript."}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {hydrated ? "Use a current browser, or record" : "JavaScript is off or blocked in this browser. Record"} with
        any app on your device (a phone's voice recorder works) and{" "}
        <Link to="?tab=upload" className="font-medium underline">
          upload the file
        </Link>{" "}
        instead: it is transcribed the same way.
      </p>
    </div>
  );
}

export const ErrorBoundary = () => <GeneralErrorBoundary statusHandlers={{ 403: planRefusalHandler }} />;
