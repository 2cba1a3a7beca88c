import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/workspaces-switch";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { SwitchWorkspaceSchema } from "~/modules/workspaces/workspace-forms";
import { switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { safeRedirectPath } from "~/utils/redirect";

// POST /workspaces/switch (the app shell's switcher: workspaceId, redirectTo): makes the workspace the current one
// and goes back to the page, or to the dashboard. A workspace the user is not a member of is a 404 (ADR 034-workspace).
export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const userId = await requireUserId(request);
  const submission = parseWithZod(await readForm(request), { schema: SwitchWorkspaceSchema });
  if (submission.status !== "success") {
    const messages = Object.values(submission.error ?? {}).flat();
    throw new ExpectedError(messages[0] ?? "Choose a workspace.", 400);
  }
  const workspace = await switchWorkspace(userId, submission.value.workspaceId);
  // A page of one workspace's recording would be another's 404: the lists are the safe places to land.
  const to = safeRedirectPath(submission.value.redirectTo, "/dashboard");
  const landing = to.startsWith("/transcription/") ? "/dashboard" : to;
  return redirectWithToast(landing, { type: "success", title: `You are now working in ${workspace.name}.` });
});
