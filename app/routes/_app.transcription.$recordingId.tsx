import { getFormProps } from "@conform-to/react";
import { hiddenWords, scrubEverything, transcriptViewOf } from "~/modules/redaction/view.server";
import { TranslationLinks } from "~/components/recordings/translation-links";
import { ProgressBar } from "~/components/recordings/progress-bar";
import { featureRefusal } from "~/modules/billing/plan-features";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { transcriptionProgress } from "~/modules/pipeline/transcription-progress.server";
import { DeleteAudioForm } from "~/components/privacy/delete-audio-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/_app.transcription.$recordingId";
import { pageMeta } from "~/components/page";
import { ConfidenceText } from "~/components/recordings/confidence-text";
import { StatusBadge } from "~/components/recordings/recording-row";
import { buttonClass } from "~/components/ui/button";
import { ConfirmSubmit } from "~/components/ui/confirm-submit";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { Field, FormErrors } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { cn } from "~/utils/cn";
import { EXPORT_FORMATS, EXPORT_LABELS } from "~/services/export/types";
import {
  engineLabel,
  formatBytes,
  formatDuration,
  queuePositionText,
  timeLeftText,
} from "~/modules/recordings/recording-format";
import { formatTimestamp } from "~/utils/timestamps";
import { requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { can, permissionsOf } from "~/modules/workspaces/policy";
import {
  cancelRecording,
  deleteRecording,
  renameRecording,
  retryRecording,
} from "~/modules/recordings/lifecycle.server";
import { withFormRefusals, withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import {
  recordTranscriptView,
  segmentTranslations,
  storedWords,
  transcriptSegments,
  translationLanguages,
} from "~/modules/transcripts/transcripts.server";
import {
  RenameSchema,
  RenameSpeakerSchema,
  TranscriptActionSchema,
  TranslateSchema,
} from "~/modules/transcripts/transcript-forms";
import { requestTranslation, transcriptTranslations } from "~/modules/transcripts/translation-job.server";
import {
  canSummarise,
  configuredSummariser,
  summariseTranscript,
  transcriptSummary,
} from "~/modules/transcripts/summaries.server";
import { configuredTranslator } from "~/modules/transcripts/translation.server";
import { TRANSLATION_LANGUAGES } from "~/services/translation/languages";
import { languageName } from "~/utils/languages";
import { readForm } from "~/modules/platform/request-body.server";
import { formatDate } from "~/utils/dates";
import { GeneralErrorBoundary, missingHandler, planRefusalHandler } from "~/components/error-boundary";
import { type FormReply, pageRefusal, replyTo } from "~/components/ui/form-reply";
import { EngineNotice } from "~/components/recordings/engine-notice";
import { FALLBACK_ENGINE_NOTICE, isFallbackEngine } from "~/content/engines";
import { configuredLanguageClaims } from "~/modules/engines/language-claims.server";
import { recordingSpeakerVoices } from "~/modules/speakers/speakers.server";
import { speakerPageIntent } from "~/modules/speakers/speaker-actions.server";
import { SaveVoiceCheckbox } from "~/components/speakers/save-voice-checkbox";
import { SpeakerVoicesSection } from "~/components/speakers/speaker-voices-section";
import { recordingComments } from "~/modules/comments/comments.server";
import { commentIntent } from "~/modules/comments/comment-actions.server";
import { SelectionNotePopover } from "~/components/comments/selection-note-popover";
import { NotesExportOption } from "~/components/comments/notes-export-option";
import { LegalExportSection } from "~/components/legal/legal-export";
import { recordingCaption } from "~/modules/transcripts/legal-caption.server";
import { captionInput } from "~/modules/transcripts/legal-forms";
import { SharePanel } from "~/components/share/share-panel";
import { TranscriptFreshness } from "~/components/recordings/transcript-freshness";
import { listShareLinks } from "~/modules/sharing/share-links.server";
import { transcriptFreshness } from "~/modules/transcripts/freshness.server";
import {
  editorActionToast,
  editorPageSegments,
  renameSpeakerEverywhere,
  runEditorAction,
  transcriptRevisions,
} from "~/modules/transcripts/editor.server";
import { TranscriptEditor } from "~/components/editor/transcript-editor";
import { editorPage } from "~/modules/transcripts/editor-pages";
import { segmentHref } from "~/utils/transcript-links";
import { RevisionHistory } from "~/components/editor/revision-history";
import { recordIntent, transcriptRecordPanel } from "~/modules/transcripts/record-actions.server";
import { ReviewSection } from "~/components/record/review-section";
import { VersionsSection } from "~/components/record/versions-section";

export const meta: Route.MetaFunction = ({ data, error }) => [
  ...pageMeta(data ? data.recording.title : error ? "Recording not found" : "Transcript", "Your transcript."),
  { name: "robots", content: "noindex" },
];

export const loader = withRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  const userId = await requireUserId(request);
  const { recording, role } = await requireRecordingAndRole(userId, params.recordingId, "view");
  const completed = recording.status === "COMPLETED";
  const url = new URL(request.url);
  if (completed) await recordTranscriptView(userId, recording, { request, context });
  // While the job runs, the segments saved so far (ADR 025); they are replaced by the final ones when it is done.
  // The original for owners and admins (the redacted view on asking); everyone else the redacted view (ADR 048).
  const view = transcriptViewOf(role, url.searchParams.get("view") === "redacted" ? "redacted" : null);
  const hidden = view === "redacted" ? await hiddenWords(recording.id) : [];
  const segments =
    recording.status === "PROCESSING"
      ? (await transcriptSegments(recording.id, view)).map((segment) => ({
          ...segment,
          words: storedWords(segment.words),
        }))
      : [];
  // The finished transcript, for the editor: words aligned to the text, and the revisions saved so far.
  // One page of it (editor-pages.ts); the speakers are every page's, for the rename form and the speaker lists.
  const asked = { page: url.searchParams.get("page"), segment: url.searchParams.get("segment") };
  const [editor, revisions] = completed
    ? await Promise.all([editorPageSegments(recording.id, asked, view), transcriptRevisions(recording.id)])
    : [null, []];
  const [languages, jobs] = completed
    ? await Promise.all([translationLanguages(recording.id), transcriptTranslations(recording.id)])
    : [[], []];
  const shown = url.searchParams.get("lang");
  const showLanguage = shown && languages.includes(shown) ? shown : null;
  const translated = showLanguage ? Object.fromEntries(await segmentTranslations(recording.id, showLanguage)) : {};
  const source = recording.transcriptLanguage ?? recording.language ?? "en";
  const translator = configuredTranslator();
  const targets = completed
    ? TRANSLATION_LANGUAGES.filter(
        (language) => language.value !== source && translator.supports(source, language.value),
      )
    : [];
  const { storageKey: _storageKey, jobId: _jobId, userId: _userId, ...visible } = recording;
  const [speakerVoices, comments, record] = completed
    ? await Promise.all([
        recordingSpeakerVoices(recording.id),
        recordingComments(recording.id),
        // The review queue, versions and sign-off (ADR 045).
        transcriptRecordPanel(userId, recording.id, url),
      ])
    : [[], [], null];
  // Behind the redacted text, the safety net: no field of the page (a revision, a flag, a note) carries hidden words.
  return scrubEverything(
    {
      view,
      // What the reader's role allows: a viewer gets the transcript to read and export, without forms that would 403.
      may: permissionsOf(role),
      role,
      speakerVoices,
      comments,
      record,
      renderedAt: Date.now(),
      // Its place in the queue and the time left, while it waits or runs (measured, or "Estimating…").
      progress: await transcriptionProgress(recording),
      // Share links and what edits left out of date (issue 17, items 4 and 6).
      shares: completed ? await listShareLinks(userId, recording.id) : [],
      // The court-ready export's caption (ADR 046).
      caption: captionInput(completed ? await recordingCaption(recording.id) : undefined),
      freshness: completed ? await transcriptFreshness(recording.id) : null,
      recording: visible,
      segments,
      editor: editor?.segments ?? [],
      editorPage: editor?.page ?? editorPage([], {}).info,
      speakers: editor?.speakers ?? [],
      revisions,
      engine: engineLabel(recording.engine, recording.model),
      // The fallback's warning for a transcript it wrote, or, before one is written, when it is the engine that will.
      engineNotice: recording.engine
        ? isFallbackEngine(recording.engine)
          ? FALLBACK_ENGINE_NOTICE
          : null
        : configuredLanguageClaims().fallbackNotice,
      summary: {
        stored: completed ? await transcriptSummary(recording.id) : null,
        // Summarising writes to the recording: a role that may not edit reads a stored summary only.
        allowed: can(role, "edit") && (await canSummarise(userId)),
        summariser: configuredSummariser().label,
      },
      translation: {
        // The one table of features by plan decides whether the Translate form is offered (plan-features.ts).
        allowed: await accountIncludes(userId, "translation"),
        translator: translator.label,
        targets,
        languages: languages.map((code) => ({ value: code, label: languageName(code) })),
        jobs: jobs.filter((job) => job.status !== "COMPLETED"),
        showLanguage,
        translated,
      },
    },
    hidden,
  );
});

export const action = withFormRefusals(async ({ request, params, context }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const form = await readForm(request);
  // The speaker library's and the notes' forms have their own handlers.
  const handled =
    (await speakerPageIntent(userId, params.recordingId, form)) ??
    (await commentIntent(userId, params.recordingId, form)) ??
    (await recordIntent(userId, params.recordingId, form, { request, context }));
  if (handled) return handled;
  const submission = parseWithZod(form, { schema: TranscriptActionSchema });
  // A refused field goes back to its form (ADR 011); what the domain refuses comes back as `{ error }` (ADR 020).
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const id = params.recordingId;
  const here = `/transcription/${id}`;
  const input = submission.value;
  switch (input.intent) {
    case "rename":
      await renameRecording(userId, id, input.title, { request, context });
      return redirectWithToast(here, { type: "success", title: "Renamed" }, { status: 303 });
    case "edit-segment":
    case "replace-all":
    case "split":
    case "merge":
    case "set-speaker":
    case "restore-revision":
    case "undo-revision": {
      // The editor's forms without JavaScript; with it, the same actions go through /api/recordings/:id/editor.
      const result = await runEditorAction(userId, id, input, { request, context });
      const title = input.intent === "edit-segment" ? "Segment saved" : editorActionToast(input, result);
      return redirectWithToast(
        "segmentId" in input ? segmentHref(id, input.segmentId) : here,
        { type: "success", title },
        {
          status: 303,
        },
      );
    }
    case "rename-speaker":
      await renameSpeakerEverywhere(userId, id, input.from, input.to, {
        saveVoice: input.saveVoice,
        source: { request, context },
      });
      return redirectWithToast(
        here,
        {
          type: "success",
          title: `Renamed ${input.from} to ${input.to}${input.saveVoice ? " and saved the voice" : ""}`,
        },
        { status: 303 },
      );
    case "translate":
      await requestTranslation(userId, id, input.target);
      return redirectWithToast(
        `${here}#translate-title`,
        {
          type: "success",
          title: `Translating into ${languageName(input.target)}`,
          description: "It appears beside the original when it is done.",
        },
        { status: 303 },
      );
    case "summarise":
      await summariseTranscript(userId, id);
      return redirectWithToast(`${here}#summary-title`, { type: "success", title: "Summary ready" }, { status: 303 });
    case "cancel":
      await cancelRecording(userId, id);
      return redirectWithToast(
        here,
        { type: "message", title: "Transcription cancelled", description: "No minutes were charged." },
        { status: 303 },
      );
    case "retry":
      await retryRecording(userId, id);
      return redirectWithToast(here, { type: "success", title: "Transcription queued again" }, { status: 303 });
    case "delete":
      await deleteRecording(userId, id, { request, context });
      return redirectWithToast("/recordings", { type: "success", title: "Recording deleted" }, { status: 303 });
  }
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

const POLL_MS = 2000;
const NO_JS_REFRESH_SECONDS = 5;

export default function Transcription({ loaderData, actionData }: Route.ComponentProps) {
  const {
    recording,
    segments,
    editor,
    editorPage: pageInfo,
    speakers,
    revisions,
    engine,
    engineNotice,
    translation,
    summary,
    renderedAt,
    speakerVoices,
    comments,
    record,
    progress,
    may,
  } = loaderData;
  const spokenLanguage = recording.transcriptLanguage ?? recording.language;
  // What the server refused, and the editor's forms from other pages that post here (the history's) refused by field.
  const refusal = pageRefusal(actionData) ?? formErrorOf(actionData, EDITOR_FORMS_FROM_ELSEWHERE);
  const detected = !recording.language && Boolean(recording.transcriptLanguage);
  const revalidator = useRevalidator();
  const busy = useNavigation().state !== "idle";
  const pending = recording.status === "QUEUED" || recording.status === "PROCESSING";
  const translating = translation.jobs.some((job) => job.status === "QUEUED" || job.status === "PROCESSING");

  // While the file is processed, ask for its status and reload the page's data when it changes.
  useEffect(() => {
    if (!pending) return;
    let polls = 0;
    const timer = setInterval(async () => {
      // The queue position and the time left change without the status: reload them every 10 s as well.
      if (++polls % 5 === 0) return revalidator.revalidate();
      const response = await fetch(`/api/recordings/${recording.id}`, {
        headers: { Accept: "application/json" },
      }).catch(() => null);
      if (!response?.ok) return;
      const status = (await response.json()) as { status: string; progress: number };
      if (status.status !== recording.status || status.progress !== recording.progress) revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, recording.id, recording.status, recording.progress, revalidator]);

  // While a translation runs, reload the page's data until it is done.
  useEffect(() => {
    if (!translating) return;
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [translating, revalidator]);

  const seek = (seconds: number) => {
    const audio = document.querySelector<HTMLAudioElement>("section[aria-label=Player] audio");
    if (!audio) return;
    audio.currentTime = seconds;
    void audio.play();
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <p className="text-sm">
        <Link to="/recordings" className="underline">
          ← All recordings
        </Link>
      </p>
      <header className="mt-4 space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">{recording.title}</h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <StatusBadge status={recording.status} progress={recording.progress} />
          <span>{formatDuration(recording.durationSeconds)}</span>
          <span>{formatBytes(recording.sizeBytes)}</span>
          <span>
            {spokenLanguage
              ? `${languageName(spokenLanguage)}${detected ? " (detected)" : ""}`
              : "Language: detect automatically"}
          </span>
          <span>{recording.fileName}</span>
        </p>
        {engine ? <p className="text-sm text-slate-700">Transcribed by {engine}.</p> : null}
        {engineNotice ? <EngineNotice notice={engineNotice} /> : null}
      </header>

      {refusal ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}

      {pending ? (
        <section aria-labelledby="progress-title" className="mt-8 space-y-3 rounded-xl border border-slate-200 p-6">
          <h2 id="progress-title" className="font-semibold">
            {recording.status === "QUEUED" ? "Waiting for a free worker…" : `Transcribing… ${recording.progress}%`}
          </h2>
          <ProgressBar value={recording.status === "QUEUED" ? 0 : recording.progress} label="Transcription progress" />
          {progress ? (
            <p className="flex flex-wrap gap-x-3 text-sm font-medium text-slate-800" data-testid="transcription-eta">
              {progress.queuePosition ? <span>{queuePositionText(progress.queuePosition)}</span> : null}
              <span>{timeLeftText(progress.secondsLeft)}</span>
            </p>
          ) : null}
          <p className="text-sm text-slate-600">
            You can leave this page; the transcript is saved when it is done
            {recording.durationSeconds >= 300 ? " and we email you" : ""}.{" "}
            <Link to={`/transcription/${recording.id}`} reloadDocument className="underline">
              Refresh
            </Link>
          </p>
          {/* Without JavaScript the page reloads itself every few seconds while the job runs. */}
          <noscript>
            <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
          </noscript>
          <Form method="post" hidden={!may.edit}>
            <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClass("secondary")}>
              Cancel transcription
            </button>
          </Form>
        </section>
      ) : null}

      {pending && segments.length ? (
        <section aria-labelledby="partial-title" className="mt-6">
          <h2 id="partial-title" className="text-xl font-semibold">
            Transcript so far
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The text appears as each part of the recording is done. Speaker names and edits come when it is finished; a
            cancelled transcription keeps no text.
          </p>
          <ol className="mt-4 space-y-2" aria-live="polite">
            {segments.map((segment) => (
              <li key={segment.id} className="rounded-lg border border-slate-200 p-3">
                <span className="font-mono text-sm text-slate-600">{formatTimestamp(segment.start)}</span>
                <p className="mt-1">
                  <ConfidenceText text={segment.text} words={segment.words} />
                </p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {recording.status === "FAILED" || recording.status === "CANCELLED" ? (
        <section className="mt-8 space-y-3 rounded-xl border border-slate-200 p-6">
          <h2 className="font-semibold">
            {recording.status === "FAILED" ? "The transcription failed" : "The transcription was cancelled"}
          </h2>
          <p className="text-sm text-slate-700">{recording.failureReason ?? "No minutes were charged."}</p>
          <Form method="post" hidden={!may.upload}>
            <button type="submit" name="intent" value="retry" disabled={busy} className={buttonClass("primary")}>
              Retry
            </button>
          </Form>
        </section>
      ) : null}

      {recording.status === "COMPLETED" ? (
        <>
          {may.edit ? null : <ReadOnlyNotice role={loaderData.role} />}
          {may.redact ? (
            <Link to={`/transcription/${recording.id}/redactions`} className="mt-4 inline-block text-sm underline">
              Redact
            </Link>
          ) : null}
          {loaderData.freshness ? (
            <TranscriptFreshness recordingId={recording.id} freshness={loaderData.freshness} />
          ) : null}
          {editor.length && (may.edit || summary.stored) ? (
            <SummarySection recordingId={recording.id} summary={summary} busy={busy} seek={seek} />
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
            comments={comments}
            busy={busy}
            readOnly={!may.edit}
          />
          <RevisionHistory recordingId={recording.id} revisions={revisions} canRestore={may.edit} />
          {record ? (
            <>
              <ReviewSection
                recordingId={recording.id}
                review={record.review}
                canVerify={may.verify}
                canEdit={may.edit}
                busy={busy}
              />
              <VersionsSection
                recordingId={recording.id}
                versions={record.versions}
                canVerify={may.verify}
                canEdit={may.edit}
                busy={busy}
              />
            </>
          ) : null}

          <section aria-labelledby="translate-title" className="mt-10 rounded-xl border border-slate-200 p-6">
            <h2 id="translate-title" className="scroll-mt-48 font-semibold">
              Translation
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Segment by segment, keeping every time and speaker. Translator: {translation.translator}.
            </p>
            {translation.languages.length ? (
              <p className="mt-3 flex flex-wrap gap-3 text-sm">
                <TranslationLinks
                  languages={translation.languages}
                  showLanguage={translation.showLanguage}
                  label="Show side by side:"
                />
              </p>
            ) : null}
            {translation.jobs.length ? (
              <ul className="mt-3 space-y-3">
                {translation.jobs.map((job) => (
                  <li key={job.language} className="text-sm">
                    {job.status === "FAILED" ? (
                      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
                        The {job.label} translation failed: {job.failureReason}
                      </p>
                    ) : (
                      <>
                        {/* The changing "updated" value makes each Refresh a new URL: going to the same URL plus
                            #translate-title would only scroll, not reload. */}
                        <form
                          method="get"
                          action={`/transcription/${recording.id}#translate-title`}
                          className="flex flex-wrap items-center gap-2"
                        >
                          <input type="hidden" name="updated" value={renderedAt} />
                          <span>
                            {job.status === "QUEUED"
                              ? `${job.label}: waiting for a free worker…`
                              : `${job.label}: translating… ${job.progress}%`}
                          </span>
                          <button type="submit" className="underline">
                            Refresh
                          </button>
                        </form>
                        <div className="mt-1">
                          <ProgressBar value={job.progress} label={`${job.label} translation progress`} />
                        </div>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
            {!may.edit ? null : !translation.allowed ? (
              <p className="mt-3 text-sm text-slate-600">
                {featureRefusal("translation")}{" "}
                <Link to="/plan-selection" className="underline">
                  Compare plans
                </Link>
              </p>
            ) : translation.targets.length ? (
              <TranslateForm targets={translation.targets} reply={replyTo(actionData, "translate")} busy={busy} />
            ) : (
              <p className="mt-3 text-sm text-slate-600">
                The translator on this server has no language pair for this transcript's language.
              </p>
            )}
          </section>

          {speakers.length && may.edit ? (
            <section aria-labelledby="speakers-title" className="mt-10 rounded-xl border border-slate-200 p-6">
              <h2 id="speakers-title" className="font-semibold">
                Rename a speaker
              </h2>
              <RenameSpeakerForm speakers={speakers} reply={replyTo(actionData, "rename-speaker")} busy={busy} />
            </section>
          ) : null}
          {may.edit ? <SpeakerVoicesSection voices={speakerVoices} busy={busy} /> : null}

          <section aria-labelledby="export-title" className="mt-10 rounded-xl border border-slate-200 p-6">
            <h2 id="export-title" className="font-semibold">
              Export
            </h2>
            <form method="get" action={`/transcription/${recording.id}/export`} className="mt-3 space-y-3">
              <input type="hidden" name="options" value="1" />
              <fieldset className="flex flex-wrap gap-4">
                <legend className="sr-only">Format</legend>
                {EXPORT_FORMATS.map((format, index) => (
                  <label key={format} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="format" value={format} defaultChecked={index === 0} />
                    {EXPORT_LABELS[format]}
                  </label>
                ))}
              </fieldset>
              {translation.languages.length ? (
                <div className="flex flex-wrap gap-4 text-sm">
                  <label className="flex items-center gap-2">
                    Language
                    <Select
                      name="language"
                      defaultValue={translation.showLanguage ?? translation.languages[0].value}
                      options={translation.languages}
                      className="mt-0 w-auto px-2 py-1"
                    />
                  </label>
                  <label className="flex items-center gap-2">
                    Text
                    <select
                      name="text"
                      defaultValue="original"
                      className="rounded-md border border-slate-300 px-2 py-1"
                    >
                      <option value="original">Original</option>
                      <option value="translation">Translation</option>
                      <option value="both">Both (bilingual)</option>
                    </select>
                  </label>
                </div>
              ) : null}
              <fieldset className="flex flex-wrap gap-4 text-sm">
                <legend className="sr-only">Include</legend>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="timestamps" defaultChecked /> Timestamps
                </label>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="speakers" defaultChecked /> Speaker names
                </label>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="cover" defaultChecked /> Cover (file, duration, date, engine)
                </label>
              </fieldset>
              {comments.length ? <NotesExportOption /> : null}
              <button type="submit" className={buttonClass("primary")}>
                Download
              </button>
            </form>
          </section>
        </>
      ) : null}

      {recording.status === "COMPLETED" ? (
        <LegalExportSection
          recordingId={recording.id}
          caption={loaderData.caption}
          speakers={speakers}
          canEdit={may.edit}
        />
      ) : null}

      {recording.status === "COMPLETED" && may.share ? (
        <SharePanel recordingId={recording.id} links={loaderData.shares} />
      ) : null}

      {may.edit || may.delete ? (
        <section
          aria-labelledby="manage-title"
          className="mt-10 grid gap-6 rounded-xl border border-slate-200 p-6 sm:grid-cols-2"
        >
          <h2 id="manage-title" className="sr-only">
            Manage
          </h2>
          {may.edit ? (
            <RenameForm
              key={recording.title}
              title={recording.title}
              reply={replyTo(actionData, "rename")}
              busy={busy}
            />
          ) : null}
          {may.delete ? (
            <>
              <DeleteAudioForm recording={recording} />
              <Form method="post" id="delete-recording" className="space-y-2">
                <p className="text-sm font-medium">Delete</p>
                <p className="text-sm text-slate-600">
                  Removes the audio file and the transcript. Minutes already used stay used.
                </p>
                <ConfirmSubmit
                  form="delete-recording"
                  name="intent"
                  value="delete"
                  label="Delete recording"
                  title={`Delete “${recording.title}”?`}
                  description="The audio file and its transcript are removed for good. This cannot be undone."
                  confirmLabel="Delete recording"
                  disabled={busy}
                />
              </Form>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** Why a reader sees no forms: their role reads and exports only. */
function ReadOnlyNotice({ role }: { role: string }) {
  return (
    <p
      className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
      data-testid="read-only"
    >
      You can read, play and export this transcript. Your role in this workspace ({role.toLowerCase()}) does not allow
      editing it, sharing it or deleting it.
    </p>
  );
}

/** The recording's name, checked beside the field. */
function RenameForm({ title, reply, busy }: { title: string; reply: FormReply | undefined; busy: boolean }) {
  const [form, fields] = useSchemaForm("rename", RenameSchema, reply, { defaultValue: { intent: "rename", title } });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="rename" />
      <FormErrors form={form} />
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Name" field={fields.title} required maxLength={200} />
        </div>
        <button type="submit" disabled={busy} className={cn(buttonClass("secondary"), "mt-6")}>
          Rename
        </button>
      </div>
    </Form>
  );
}

/** Renames one speaker in every segment. */
function RenameSpeakerForm({
  speakers,
  reply,
  busy,
}: {
  speakers: string[];
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm("rename-speaker", RenameSpeakerSchema, reply, {
    defaultValue: {
      intent: "rename-speaker",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="rename-speaker" />
      <FormErrors form={form} />
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <label htmlFor={fields.from.id} className="block text-sm font-medium text-slate-800">
            Speaker
          </label>
          <select
            key={fields.from.key}
            id={fields.from.id}
            name={fields.from.name}
            defaultValue={typeof fields.from.initialValue === "string" ? fields.from.initialValue : undefined}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2"
          >
            {speakers.map((speaker) => (
              <option key={speaker}>{speaker}</option>
            ))}
          </select>
        </div>
        <div>
          <Field label="New name" field={fields.to} required maxLength={60} />
        </div>
        <button type="submit" disabled={busy} className={cn(buttonClass("secondary"), "mt-6")}>
          Rename everywhere
        </button>
      </div>
      <SaveVoiceCheckbox />
    </Form>
  );
}

/** Queues a translation into one of the languages the translator has a pair for. */
function TranslateForm({
  targets,
  reply,
  busy,
}: {
  targets: Route.ComponentProps["loaderData"]["translation"]["targets"];
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm("translate", TranslateSchema, reply, { defaultValue: { intent: "translate" } });
  const invalid = Boolean(fields.target.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="translate" />
      <FormErrors form={form} />
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="translate-target" className="block text-sm font-medium">
            Translate into
          </label>
          <Select
            id="translate-target"
            name={fields.target.name}
            options={targets}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? fields.target.errorId : undefined}
            className="w-auto"
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("secondary")}>
          {busy ? "Translating..." : "Translate"}
        </button>
      </div>
      {invalid ? (
        <p id={fields.target.errorId} role="alert" className="text-sm text-red-700">
          {fields.target.errors?.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}

type SummaryData = Route.ComponentProps["loaderData"]["summary"];

/** Abstract, key points and action items; each point links to its segment and, with JS, plays from there. */
function SummarySection({
  recordingId,
  summary,
  busy,
  seek,
}: {
  recordingId: string;
  summary: SummaryData;
  busy: boolean;
  seek: (seconds: number) => void;
}) {
  const { stored } = summary;
  const pointList = (title: string, points: NonNullable<SummaryData["stored"]>["keyPoints"], empty: string) => (
    <div>
      <h3 className="text-sm font-semibold">{title}</h3>
      {points.length ? (
        <ul className="mt-2 space-y-2">
          {points.map((point, index) => (
            <li key={`${point.segmentId}-${index}`} className="flex gap-3 text-sm">
              <a
                href={segmentHref(recordingId, point.segmentId)}
                onClick={(event) => {
                  // A point on another page of the transcript is a link to that page.
                  const segment = document.getElementById(`segment-${point.segmentId}`);
                  if (!segment) return;
                  event.preventDefault();
                  seek(point.start);
                  segment.scrollIntoView({ block: "center" });
                }}
                className="shrink-0 font-mono text-brand-700 underline"
                aria-label={`Play from ${formatTimestamp(point.start)}`}
              >
                {formatTimestamp(point.start)}
              </a>
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
  return (
    <section aria-labelledby="summary-title" className="mt-6 rounded-xl border border-slate-200 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="summary-title" className="scroll-mt-48 text-xl font-semibold">
          Summary
        </h2>
        {summary.allowed ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="summarise"
              disabled={busy}
              className={buttonClass(stored ? "secondary" : "primary")}
            >
              {busy ? "Summarising..." : stored ? "Summarise again" : "Summarise"}
            </button>
          </Form>
        ) : null}
      </div>
      {stored ? (
        <div className="mt-3 space-y-4">
          <p className="text-xs text-slate-600">
            {stored.label}, {formatDate(stored.createdAt, "dateTime")}. Check names, figures and decisions against the
            transcript.
          </p>
          {stored.abstract ? <p>{stored.abstract}</p> : null}
          {pointList("Key points", stored.keyPoints, "No key points were found.")}
          {pointList("Action items", stored.actionItems, "No action items were found.")}
        </div>
      ) : summary.allowed ? (
        <p className="mt-2 text-sm text-slate-600">
          Get a short abstract, the key points and the action items, each linked to its moment in the recording. Made
          by: {summary.summariser}.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {featureRefusal("summaries")}{" "}
          <Link to="/plan-selection" className="underline">
            Compare plans
          </Link>
        </p>
      )}
    </section>
  );
}

const recordingMissing = missingHandler({ to: "/recordings", label: "Back to your recordings" });
export const ErrorBoundary = () => (
  <GeneralErrorBoundary statusHandlers={{ 404: recordingMissing, 403: planRefusalHandler }} />
);
