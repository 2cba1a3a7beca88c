// The transcript page's server half: what its loader reads (in parallel) and what its one action does with each
// intent of the page's union (page-forms.ts). It calls the domains; the route module only wires them to the request.
import type { AuditSource } from "~/modules/audit/audit.server";
import { accountIncludes } from "~/modules/billing/plan-features.server";
import { recordingComments } from "~/modules/comments/comments.server";
import { runCommentIntent } from "~/modules/comments/comment-actions.server";
import { configuredLanguageClaims } from "~/modules/engines/language-claims.server";
import { transcriptionProgress } from "~/modules/pipeline/transcription-progress.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { hasAcceptedRedactions, hiddenWords, scrubEverything, transcriptViewOf } from "~/modules/redaction/view.server";
import {
  cancelRecording,
  deleteRecording,
  renameRecording,
  retryRecording,
} from "~/modules/recordings/lifecycle.server";
import { requireRecordingAndRole } from "~/modules/recordings/ownership.server";
import { engineLabel } from "~/modules/recordings/recording-format";
import { listShareLinks } from "~/modules/sharing/share-links.server";
import { runSpeakerPageIntent } from "~/modules/speakers/speaker-actions.server";
import { recordingSpeakerVoices } from "~/modules/speakers/speakers.server";
import {
  editorActionToast,
  editorPageSegments,
  renameSpeakerEverywhere,
  runEditorAction,
  transcriptRevisions,
} from "~/modules/transcripts/editor.server";
import { editorPage } from "~/modules/transcripts/editor-pages";
import { transcriptFreshness } from "~/modules/transcripts/freshness.server";
import { recordingCaption } from "~/modules/transcripts/legal-caption.server";
import { captionInput } from "~/modules/transcripts/legal-forms";
import { runRecordIntent, transcriptRecordPanel } from "~/modules/transcripts/record-actions.server";
import {
  canSummarise,
  configuredSummariser,
  summariseTranscript,
  transcriptSummary,
} from "~/modules/transcripts/summaries.server";
import {
  recordTranscriptView,
  segmentTranslations,
  storedWords,
  transcriptSegments,
  translationLanguages,
} from "~/modules/transcripts/transcripts.server";
import { requestTranslation, transcriptTranslations } from "~/modules/transcripts/translation-job.server";
import { configuredTranslator } from "~/modules/transcripts/translation.server";
import { can, permissionsOf } from "~/modules/workspaces/policy";
import { FALLBACK_ENGINE_NOTICE, isFallbackEngine } from "~/content/engines";
import { TRANSLATION_LANGUAGES } from "~/services/translation/languages";
import { languageName } from "~/utils/languages";
import { segmentHref } from "~/utils/transcript-links";
import type { TranscriptPageAction } from "./page-forms";

const none = <T>(value: T) => Promise.resolve(value);

/** Everything the page shows, read at once: the finished transcript's parts only when it is finished. */
export async function transcriptPageData(userId: string, recordingId: string, request: Request, source: AuditSource) {
  const { recording, role } = await requireRecordingAndRole(userId, recordingId, "view");
  const completed = recording.status === "COMPLETED";
  const url = new URL(request.url);
  // One page of the editor (editor-pages.ts); the speakers are every page's, for the rename form and speaker lists.
  const asked = { page: url.searchParams.get("page"), segment: url.searchParams.get("segment") };
  const shown = url.searchParams.get("lang");
  // The original for owners and admins (the redacted view on asking); everyone else the redacted view (ADR 048).
  const view = transcriptViewOf(role, url.searchParams.get("view") === "redacted" ? "redacted" : null);
  const [
    ,
    partial,
    editor,
    revisions,
    languages,
    jobs,
    speakerVoices,
    comments,
    record,
    progress,
    shares,
    caption,
    freshness,
    storedSummary,
    summaryAllowed,
    translationAllowed,
    hidden,
    redacted,
  ] = await Promise.all([
    completed ? recordTranscriptView(userId, recording, source) : none(undefined),
    // While the job runs, the segments saved so far (ADR 025); they are replaced by the final ones when it is done.
    recording.status === "PROCESSING" ? transcriptSegments(recording.id, view) : none([]),
    completed ? editorPageSegments(recording.id, asked, view) : none(null),
    completed ? transcriptRevisions(recording.id) : none([]),
    completed ? translationLanguages(recording.id) : none([]),
    completed ? transcriptTranslations(recording.id) : none([]),
    completed ? recordingSpeakerVoices(recording.id) : none([]),
    completed ? recordingComments(recording.id) : none([]),
    // The review queue, versions and sign-off (ADR 045).
    completed ? transcriptRecordPanel(userId, recording.id, url) : none(null),
    // Its place in the queue and the time left, while it waits or runs (measured, or "Estimating…").
    transcriptionProgress(recording),
    // Share links and what edits left out of date (issue 17, items 4 and 6).
    completed ? listShareLinks(userId, recording.id) : none([]),
    // The court-ready export's caption (ADR 046).
    completed ? recordingCaption(recording.id) : none(undefined),
    completed ? transcriptFreshness(recording.id) : none(null),
    completed ? transcriptSummary(recording.id) : none(null),
    // Summarising writes to the recording: a role that may not edit reads a stored summary only.
    can(role, "edit") ? canSummarise(userId) : none(false),
    // The one table of features by plan decides whether the Translate form is offered (plan-features.ts).
    accountIncludes(userId, "translation"),
    view === "redacted" ? hiddenWords(recording.id) : none([]),
    completed ? hasAcceptedRedactions(recording.id) : none(false),
  ]);
  const showLanguage = shown && languages.includes(shown) ? shown : null;
  const translated = showLanguage ? Object.fromEntries(await segmentTranslations(recording.id, showLanguage)) : {};
  const spoken = recording.transcriptLanguage ?? recording.language ?? "en";
  const translator = configuredTranslator();
  const targets = completed
    ? TRANSLATION_LANGUAGES.filter(
        (language) => language.value !== spoken && translator.supports(spoken, language.value),
      )
    : [];
  // The VAD's speech regions are the review queue's to read, not the page's (thousands of numbers on a long file).
  const {
    storageKey: _storageKey,
    jobId: _jobId,
    userId: _userId,
    speechRegions: _speechRegions,
    ...visible
  } = recording;
  // Behind the redacted text, the safety net: no field of the page (a revision, a flag, a note) carries hidden words.
  return scrubEverything(
    {
      view,
      // Something is redacted (ADR 048): the export offers the redacted version, or says it is what others get.
      redacted,
      // What the reader's role allows: a viewer gets the transcript to read and export, without forms that would 403.
      may: permissionsOf(role),
      role,
      speakerVoices,
      comments,
      record,
      renderedAt: Date.now(),
      progress,
      shares,
      caption: captionInput(caption),
      freshness,
      recording: visible,
      segments: partial.map((segment) => ({ ...segment, words: storedWords(segment.words) })),
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
      summary: { stored: storedSummary, allowed: summaryAllowed, summariser: configuredSummariser().label },
      translation: {
        allowed: translationAllowed,
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
}

/**
 * What one intent of the page does, and where it goes next: back to the section its form is in (the hash opens that
 * tab of the side panel, or scrolls to its section without JavaScript).
 */
export async function runTranscriptPageAction(
  userId: string,
  id: string,
  input: TranscriptPageAction,
  source: AuditSource,
) {
  const here = `/transcription/${id}`;
  switch (input.intent) {
    // The speaker library's, the notes' and the review's intents are their domains' (each says where it goes next).
    case "save-voice":
    case "undo-speaker-match":
      return runSpeakerPageIntent(userId, id, input);
    case "add-comment":
    case "delete-comment":
      return runCommentIntent(userId, id, input);
    case "verify-segment":
    case "correct-segment":
    case "sign-off":
    case "save-version":
      return runRecordIntent(userId, id, input, source);
    case "rename":
      await renameRecording(userId, id, input.title, source);
      return redirectWithToast(`${here}#manage`, { type: "success", title: "Renamed" }, { status: 303 });
    case "edit-segment":
    case "replace-all":
    case "split":
    case "merge":
    case "set-speaker":
    case "restore-revision":
    case "undo-revision": {
      // The editor's forms without JavaScript; with it, the same actions go through /api/recordings/:id/editor.
      const result = await runEditorAction(userId, id, input, source);
      const title = input.intent === "edit-segment" ? "Segment saved" : editorActionToast(input, result);
      // A restore comes from the revision's own page: back to the transcript's top, where the restored text is.
      const next = "segmentId" in input ? segmentHref(id, input.segmentId) : here;
      return redirectWithToast(next, { type: "success", title }, { status: 303 });
    }
    case "rename-speaker":
      await renameSpeakerEverywhere(userId, id, input.from, input.to, { saveVoice: input.saveVoice, source });
      return redirectWithToast(
        `${here}#speakers`,
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
      await deleteRecording(userId, id, source);
      return redirectWithToast("/recordings", { type: "success", title: "Recording deleted" }, { status: 303 });
  }
}
