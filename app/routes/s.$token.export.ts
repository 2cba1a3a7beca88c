import type { Route } from "./+types/s.$token.export";
import { exportTranscript } from "~/services/export/export.server";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { ExportQuerySchema } from "~/modules/transcripts/export-query";
import { legalFileOf } from "~/modules/transcripts/legal-export.server";
import { requireShareAccess } from "~/modules/sharing/share-access.server";
import { recordShareUse, requireLiveShareLink } from "~/modules/sharing/share-links.server";
import { sharedDocument } from "~/modules/sharing/shared-transcript.server";

// GET /s/:token/export?format=…: the owner's export formats, only when the link allows downloads (403 otherwise).
// A download link: refusals answer in plain text.
export const loader = withRefusals(
  async ({ request, params, context }: Route.LoaderArgs) => {
    const link = await requireLiveShareLink(params.token);
    await requireShareAccess(request, link);
    const query = ExportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new ExpectedError(query.error.issues[0]?.message ?? "Invalid export options.", 400);
    const { legal } = query.data;
    // The court-ready layout too (ADR 046): the same view, with the certificate's owner-only facts withheld.
    const document = await sharedDocument(link, legal ? null : query.data.translation);
    const file = legal
      ? await legalFileOf(document, link.recordingId, legal.format, legal.query, { withhold: true })
      : await exportTranscript(document, query.data.format, query.data.options);
    await recordShareUse(link, document.title, { request, context }, { download: query.data.format });
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  },
  { as: "text" },
);
