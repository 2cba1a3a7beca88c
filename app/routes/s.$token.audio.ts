import type { Route } from "./+types/s.$token.audio";
import { storedAudioResponse } from "~/modules/recordings/audio-response.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireShareAccess } from "~/modules/sharing/share-access.server";
import { requireLiveShareLink } from "~/modules/sharing/share-links.server";
import { sharedAudio } from "~/modules/sharing/shared-transcript.server";

// GET /s/:token/audio: the shared recording's audio, with Range support; the link must be live and, if it has a
// password, unlocked in this browser. Not cached: a revoked link must stop playing at once.
export const loader = withRefusals(
  async ({ request, params }: Route.LoaderArgs) => {
    const link = await requireLiveShareLink(params.token);
    await requireShareAccess(request, link);
    const response = await storedAudioResponse(request, await sharedAudio(link), "private, no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  },
  { as: "text" },
);
