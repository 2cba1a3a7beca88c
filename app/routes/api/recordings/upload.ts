import { data } from "react-router";
import type { Route } from "./+types/upload";
import { postOnly } from "~/modules/platform/api.server";
import { receiveUpload } from "~/modules/recordings/upload.server";
import { invariantResponse, withRefusals } from "~/modules/platform/refusals.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/recordings (multipart: file, language, speakerLabels) → 201 { recording: { id, title } }.
// The dashboard's script uses it for a progress bar; without scripts the same upload posts to /dashboard.
export const loader = postOnly;

export const action = withRefusals(async ({ request }: Route.ActionArgs) => {
  const userId = await getUserId(request);
  invariantResponse(userId, "Sign in to upload recordings.", 401);
  return data({ recording: await receiveUpload(request, userId) }, { status: 201 });
});
