import { data } from "react-router";
import type { Route } from "./+types/_site.transcription.$recordingId";
import { requireUserId } from "~/utils/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUserId(request);
  // Recordings arrive with the transcription capability; until then no id belongs to anyone.
  throw data("Recording not found", { status: 404 });
}

export default function Transcription() {
  return null;
}
