import { Readable } from "node:stream";
import type { Route } from "./+types/data-privacy.exports.$exportId";
import { openDataExport } from "~/modules/privacy/data-export.server";
import { withRefusals } from "~/modules/platform/refusals.server";
import { requireUserId } from "~/modules/platform/session.server";

// GET /data-privacy/exports/:exportId?expires=…&signature=…: the owner's ZIP, streamed from storage. The link from
// the email needs the owner's session too (signed-out visitors are sent to sign in first); refusals are plain text.
export const loader = withRefusals(
  async ({ request, params, context }: Route.LoaderArgs) => {
    const userId = await requireUserId(request);
    const file = await openDataExport(userId, params.exportId, new URL(request.url).searchParams, { request, context });
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
      },
    });
  },
  { as: "text" },
);
