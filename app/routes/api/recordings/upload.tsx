import { data } from "react-router";
import type { Route } from "./+types/upload";
import { jsonError, postOnly } from "~/modules/platform/api.server";
import { receiveUpload, RecordingError } from "~/modules/recordings/recordings.server";
import { getUserId } from "~/modules/platform/session.server";

// POST /api/recordings (multipart: file, language, speakerLabels) → 201 { recording: { id, title } }.
// The dashboard's script uses it for a progress bar; without scripts the same upload posts to /dashboard.
export const loader = postOnly;

export async function action({ request }: Route.ActionArgs) {
  const userId = await getUserId(request);
  if (!userId) return jsonError("Sign in to upload recordings.", 401);
  try {
    return data({ recording: await receiveUpload(request, userId) }, { status: 201 });
  } catch (error) {
    if (error instanceof RecordingError) return jsonError(error.message, error.status);
    throw error;
  }
}
