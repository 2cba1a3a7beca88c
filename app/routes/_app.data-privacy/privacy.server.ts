// The /data-privacy page's loader data and actions. Each checks the signed-in user and touches only their records.
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { personalAuditLog } from "~/modules/audit/audit.server";
import { dataExports, requestDataExport } from "~/modules/privacy/data-export.server";
import {
  deleteAccountNow,
  deleteAllRecordings,
  deleteRecordingAudio,
  scheduleAccountDeletion,
} from "~/modules/privacy/deletion.server";
import { privacyFacts } from "~/modules/privacy/facts.server";
import { PrivacyActionSchema } from "~/modules/privacy/privacy-forms";
import { retentionPolicy, saveRetentionPolicy } from "~/modules/privacy/retention.server";
import { ownRecordingCount } from "~/modules/recordings/list.server";
import { readForm } from "~/modules/platform/request-body.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { clearSessionCookie } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { formatDate } from "~/utils/dates";
import { countOf } from "~/utils/plural";

export async function loadDataPrivacy(userId: string) {
  const workspaceId = await personalWorkspaceId(userId);
  const [policy, exports, log, recordings] = await Promise.all([
    retentionPolicy(userId),
    dataExports(userId),
    personalAuditLog(userId, { personalWorkspaceId: workspaceId }),
    ownRecordingCount(userId),
  ]);
  return { policy, exports, log, recordingCount: recordings, facts: privacyFacts(), workspaceId };
}

export async function handleDataPrivacyAction(request: Request, userId: string, context?: AppLoadContext) {
  const submission = parseWithZod(await readForm(request), { schema: PrivacyActionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const form = submission.value;
  const source = { request, context };

  switch (form.intent) {
    case "export":
      await requestDataExport(userId, source);
      return redirectWithToast("/data-privacy#export-title", {
        type: "success",
        title: "Export started",
        description: "We are packing your data. We will email you a download link when it is ready.",
      });

    case "retention":
      await saveRetentionPolicy(userId, { audioDays: form.audioDays, recordingDays: form.recordingDays }, source);
      return redirectWithToast("/data-privacy#retention-title", { type: "success", title: "Retention policy saved" });

    case "delete-audio":
      await deleteRecordingAudio(userId, form.recordingId, source);
      return redirectWithToast(`/transcription/${form.recordingId}`, {
        type: "success",
        title: "Audio deleted",
        description: "The transcript, translations and summary are kept.",
      });

    case "delete-recordings": {
      const count = await deleteAllRecordings(userId, source);
      return redirectWithToast("/data-privacy#delete-title", {
        type: "success",
        title: `${countOf(count, "recording")} deleted`,
      });
    }

    case "delete-account": {
      const headers = { "Set-Cookie": await clearSessionCookie() };
      if (form.when === "grace") {
        const when = await scheduleAccountDeletion(userId, source);
        return redirectWithToast(
          "/",
          {
            type: "success",
            title: `Your account will be deleted on ${formatDate(when)}`,
            description: "Sign in before then to keep it. We sent you an email about it.",
          },
          { headers },
        );
      }
      await deleteAccountNow(userId);
      return redirectWithToast("/", { type: "success", title: "Your account has been deleted" }, { headers });
    }
  }
}
