// The transcript page's review and versions: what its loader reads for them, and its forms' handler (ADR 045). The
// page renders the sections (components/record/*); its one action parses every intent of the page and passes these
// to `runRecordIntent`.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { AuditSource } from "~/modules/audit/audit.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { formatDate } from "~/utils/dates";
import { runEditorAction } from "./editor.server";
import { RECORD_INTENTS, RecordActionSchema } from "./record-forms";
import { FLAG_REASONS, type FlagReason } from "./review-flags";
import {
  type NumberedFlag,
  firstUnverifiedSegmentId,
  reviewSegment,
  setSegmentsVerified,
  transcriptReview,
} from "./review.server";
import { flagWindow } from "./review-window";
import { saveVersion, signOffVersion, transcriptVersions, verifyTranscriptRecord } from "./versions.server";

/** The review panel's and the versions panel's data for a finished transcript, from the page's URL. */
export async function transcriptRecordPanel(userId: string, recordingId: string, url: URL) {
  const [review, { versions, draft }] = await Promise.all([
    transcriptReview(userId, recordingId),
    transcriptVersions(userId, recordingId),
  ]);
  const { flags } = review;
  const asked = Number(url.searchParams.get("flag"));
  const firstOpen = flags.find((flag) => !flag.resolved)?.number ?? 1;
  const flagNumber = Number.isInteger(asked) && asked >= 1 && asked <= flags.length ? asked : firstOpen;
  const currentFlag = flags[flagNumber - 1] ?? null;
  const askedSegment = url.searchParams.get("segment");
  const focusId = askedSegment ?? currentFlag?.segmentId ?? (await firstUnverifiedSegmentId(recordingId));
  const segment = focusId ? await reviewSegment(recordingId, focusId) : null;
  const verification = url.searchParams.has("verify") ? await verifyTranscriptRecord(userId, recordingId) : null;
  // Only what the panel shows (a transcript can have thousands of flags): the counts, the current flag, its
  // neighbours' numbers for the links and keys, and one window of the list (review-window.ts).
  const shown = (flag: NumberedFlag) => ({
    number: flag.number,
    segmentId: flag.segmentId,
    reason: flag.reason,
    reasonLabel: FLAG_REASONS[flag.reason],
    span: flag.span,
    start: flag.start,
    resolved: flag.resolved,
  });
  const reasons = (Object.keys(FLAG_REASONS) as FlagReason[])
    .map((reason) => ({
      reason,
      label: FLAG_REASONS[reason],
      count: flags.filter((flag) => flag.reason === reason).length,
    }))
    .filter((entry) => entry.count > 0);
  const number = currentFlag?.number ?? 0;
  // After accepting, the next flag nobody has resolved (wrapping round), else none.
  const nextOpen = currentFlag
    ? ([...flags.slice(number), ...flags.slice(0, number - 1)].find((flag) => !flag.resolved)?.number ?? null)
    : null;
  const list = flagWindow(flags, currentFlag?.number ?? null, url.searchParams.get("flags"));
  return {
    review: {
      segmentCount: review.segmentCount,
      verifiedCount: review.verifiedCount,
      flagCount: flags.length,
      openCount: flags.filter((flag) => !flag.resolved).length,
      reasons,
      current: currentFlag
        ? {
            ...shown(currentFlag),
            tokenStart: currentFlag.tokenStart,
            tokenCount: currentFlag.tokenCount,
            detail: currentFlag.detail,
          }
        : null,
      previousFlag: currentFlag && number > 1 ? number - 1 : null,
      nextFlag: currentFlag && number < flags.length ? number + 1 : null,
      nextOpenFlag: nextOpen,
      list: { ...list, flags: list.flags.map(shown), opened: url.searchParams.has("flags") },
      segment,
    },
    versions: { versions, draft, verification },
  };
}
export type TranscriptRecordPanel = Awaited<ReturnType<typeof transcriptRecordPanel>>;

/** The page's review and sign-off forms; null for any other form. */
export async function recordIntent(userId: string, recordingId: string, form: FormData, source: AuditSource = {}) {
  if (!(RECORD_INTENTS as readonly string[]).includes(String(form.get("intent")))) return null;
  const submission = parseWithZod(form, { schema: RecordActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return runRecordIntent(userId, recordingId, submission.value, source);
}

/** One parsed review or sign-off intent (the transcript page's action parses every intent of the page at once). */
export async function runRecordIntent(
  userId: string,
  recordingId: string,
  input: z.infer<typeof RecordActionSchema>,
  source: AuditSource = {},
) {
  const here = `/transcription/${recordingId}`;
  switch (input.intent) {
    case "verify-segment": {
      await setSegmentsVerified(userId, recordingId, [input.segmentId], input.verified, source);
      const next = input.then
        ? `${here}?flag=${input.then}#review-current`
        : `${here}?segment=${encodeURIComponent(input.segmentId)}#review-current`;
      return redirectWithToast(
        next,
        { type: "success", title: input.verified ? "Segment verified" : "Verification cleared" },
        { status: 303 },
      );
    }
    case "correct-segment": {
      await runEditorAction(
        userId,
        recordingId,
        { intent: "edit-segment", segmentId: input.segmentId, text: input.correction },
        source,
      );
      return redirectWithToast(
        input.flag
          ? `${here}?flag=${input.flag}#review-current`
          : `${here}?segment=${encodeURIComponent(input.segmentId)}#review-current`,
        { type: "success", title: "Correction saved" },
        { status: 303 },
      );
    }
    case "sign-off": {
      const signed = await signOffVersion(userId, recordingId, "current", source, input.contentHash);
      return redirectWithToast(
        `${here}#versions-title`,
        {
          type: "success",
          title: `Signed off version ${signed.number}`,
          description: `Locked at ${formatDate(signed.signedOffAt!, "dateTime")}. Later edits make a new draft.`,
        },
        { status: 303 },
      );
    }
    case "save-version": {
      const saved = await saveVersion(userId, recordingId, source);
      return redirectWithToast(
        `${here}#versions-title`,
        {
          type: "success",
          title: saved.created ? `Saved version ${saved.number}` : `Version ${saved.number} already holds this text`,
        },
        { status: 303 },
      );
    }
  }
}
