// The transcript workspace (issue 34, item 1): on wide screens the transcript with its sticky player beside a side
// panel of tabs; at 390 px one column with the player docked at the bottom; without JavaScript the tabs are in-page
// links to sections that are all rendered, and every form posts here. The sections are this folder's components;
// the loader's reads and the action's intents are route.server.ts's.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/route";
import { SelectionNotePopover } from "~/components/comments/selection-note-popover";
import { RevisionHistory } from "~/components/editor/revision-history";
import { TranscriptEditor } from "~/components/editor/transcript-editor";
import { GeneralErrorBoundary, missingHandler, planRefusalHandler } from "~/components/error-boundary";
import { pageMeta } from "~/components/page";
import { ReviewSection } from "~/components/record/review-section";
import { VersionsSection } from "~/components/record/versions-section";
import { TranscriptFreshness } from "~/components/recordings/transcript-freshness";
import { SharePanel } from "~/components/share/share-panel";
import { pageRefusal, replyTo } from "~/components/ui/form-reply";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { ExportSection } from "./export-section";
import { ManageSection, ReadOnlyNotice } from "./manage-section";
import { NotesSection } from "./notes-section";
import { PageHeader } from "./page-header";
import { TranscriptPageActionSchema } from "./page-forms";
import { runTranscriptPageAction, transcriptPageData } from "./route.server";
import { SpeakersSection } from "./speakers-section";
import { StatusSections } from "./status-sections";
import { SummarySection } from "./summary-section";
import { TranslationSection } from "./translation-section";
import { usePagePolling } from "./use-page-polling";
import { type WorkspaceTab, WorkspaceTabs } from "./workspace-tabs";

export const meta: Route.MetaFunction = ({ data, error }) => [
  ...pageMeta(data ? data.recording.title : error ? "Recording not found" : "Transcript", "Your transcript."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  return transcriptPageData(userId, params.recordingId, request, { request, context });
});

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: TranscriptPageActionSchema });
  // A refused field goes back to its form (ADR 011); what the domain refuses comes back as `{ error }` (ADR 020).
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return runTranscriptPageAction(userId, params.recordingId, submission.value, { request, context });
});

/** The first message of a refused form, by its intent. */
function formErrorOf(actionData: unknown, intent: string | readonly string[]) {
  return Object.values(replyTo(actionData, intent)?.error ?? {}).flat()[0] ?? undefined;
}

/** The editor's forms that post to this page but show no field of their own here. */
const EDITOR_FORMS_FROM_ELSEWHERE = [
  "edit-segment",
  "split",
  "merge",
  "set-speaker",
  "restore-revision",
  "undo-revision",
] as const;

export default function Transcription({ loaderData, actionData }: Route.ComponentProps) {
  const {
    recording,
    editor,
    editorPage: pageInfo,
    speakers,
    revisions,
    translation,
    summary,
    record,
    may,
  } = loaderData;
  // What the server refused, and the editor's forms from other pages that post here (the history's) refused by field.
  const refusal = pageRefusal(actionData) ?? formErrorOf(actionData, EDITOR_FORMS_FROM_ELSEWHERE);
  const busy = useNavigation().state !== "idle";
  const completed = recording.status === "COMPLETED";
  const translating = translation.jobs.some((job) => job.status === "QUEUED" || job.status === "PROCESSING");
  usePagePolling({ recording, translating });

  const seek = (seconds: number) => {
    const audio = document.querySelector<HTMLAudioElement>("section[aria-label=Player] audio");
    if (!audio) return;
    audio.currentTime = seconds;
    void audio.play();
  };

  // The side panel's tabs, in the issue's order; a tab with nothing for this reader is left out.
  const tabs: WorkspaceTab[] = completed
    ? [
        {
          value: "summary",
          label: "Summary",
          content: (
            <div className="space-y-6">
              {editor.length && (may.edit || summary.stored) ? (
                <SummarySection recordingId={recording.id} summary={summary} busy={busy} seek={seek} />
              ) : null}
              <TranslationSection
                recordingId={recording.id}
                translation={translation}
                renderedAt={loaderData.renderedAt}
                canEdit={may.edit}
                actionData={actionData}
                busy={busy}
              />
            </div>
          ),
        },
        {
          value: "speakers",
          label: "Speakers",
          content: (
            <SpeakersSection
              speakers={speakers}
              voices={loaderData.speakerVoices}
              canEdit={may.edit}
              actionData={actionData}
              busy={busy}
            />
          ),
        },
        {
          value: "notes",
          label: "Notes",
          content: <NotesSection recordingId={recording.id} notes={loaderData.comments} canEdit={may.edit} />,
        },
        ...(record
          ? [
              {
                value: "review",
                label: "Review",
                idInContent: true,
                content: (
                  <ReviewSection
                    recordingId={recording.id}
                    review={record.review}
                    canVerify={may.verify}
                    canEdit={may.edit}
                    busy={busy}
                  />
                ),
              },
              {
                value: "versions",
                label: "Versions",
                idInContent: true,
                content: (
                  <>
                    <VersionsSection
                      recordingId={recording.id}
                      versions={record.versions}
                      canVerify={may.verify}
                      canEdit={may.edit}
                      busy={busy}
                    />
                    <RevisionHistory recordingId={recording.id} revisions={revisions} canRestore={may.edit} />
                  </>
                ),
              },
            ]
          : []),
        {
          value: "export",
          label: "Export",
          content: (
            <ExportSection
              recordingId={recording.id}
              translation={translation}
              hasNotes={loaderData.comments.length > 0}
              caption={loaderData.caption}
              speakers={speakers}
              canEdit={may.edit}
              redacted={loaderData.redacted}
              mayViewOriginal={may["view-original"]}
            />
          ),
        },
        ...(may.share
          ? [
              {
                value: "share",
                label: "Share",
                idInContent: true,
                content: <SharePanel recordingId={recording.id} links={loaderData.shares} />,
              },
            ]
          : []),
      ]
    : [];

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 lg:max-w-7xl">
      <PageHeader recording={recording} engine={loaderData.engine} engineNotice={loaderData.engineNotice} may={may} />

      {refusal ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}

      <StatusSections
        recording={recording}
        segments={loaderData.segments}
        progress={loaderData.progress}
        canEdit={may.edit}
        canUpload={may.upload}
        busy={busy}
      />

      {completed ? (
        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8 xl:grid-cols-[minmax(0,1fr)_28rem]">
          <div className="min-w-0">
            {may.edit ? null : <ReadOnlyNotice role={loaderData.role} />}
            {loaderData.freshness ? (
              <TranscriptFreshness recordingId={recording.id} freshness={loaderData.freshness} />
            ) : null}
            {may.edit ? <SelectionNotePopover /> : null}
            <TranscriptEditor
              // A new revision, or speakers renamed outside the editor (a matched voice undone), start it afresh.
              key={`${revisions[0] ? `${revisions[0].number}-${String(revisions[0].updatedAt)}` : "original"}:${speakers.join("|")}:${pageInfo.page}`}
              recordingId={recording.id}
              segments={editor}
              page={pageInfo}
              speakers={speakers}
              audioDeleted={Boolean(recording.audioDeletedAt)}
              translation={
                translation.showLanguage
                  ? {
                      language: translation.showLanguage,
                      texts: translation.translated,
                      staleSegmentIds:
                        loaderData.freshness?.translations.find((row) => row.language === translation.showLanguage)
                          ?.staleSegmentIds ?? [],
                    }
                  : null
              }
              replaceError={formErrorOf(actionData, "replace-all")}
              comments={loaderData.comments}
              busy={busy}
              readOnly={!may.edit}
            />
          </div>
          <aside
            aria-label="Transcript workspace"
            className="mt-10 lg:sticky lg:top-20 lg:mt-8 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto lg:pr-1"
          >
            <WorkspaceTabs label="Transcript workspace" tabs={tabs} />
          </aside>
        </div>
      ) : null}

      <div className="mt-10">
        <ManageSection
          recording={recording}
          canEdit={may.edit}
          canDelete={may.delete}
          actionData={actionData}
          busy={busy}
        />
      </div>
    </div>
  );
}

const recordingMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => (
  <GeneralErrorBoundary statusHandlers={{ 404: recordingMissing, 403: planRefusalHandler }} />
);
