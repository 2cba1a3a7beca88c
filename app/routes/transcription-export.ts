import type { Route } from "./+types/transcription-export";
import { exportTranscript } from "~/services/export/export.server";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { recordTranscriptExport, transcriptDocument } from "~/modules/transcripts/transcripts.server";
import { ExportQuerySchema } from "~/modules/transcripts/export-query";
import { legalTranscriptFile } from "~/modules/transcripts/legal-export.server";
import { requireUserId } from "~/modules/platform/session.server";

// GET /transcription/:recordingId/export?format=pdf|docx|txt|srt|vtt|json[&options=1&timestamps=on&speakers=on&cover=on]
//   [&language=es&text=original|translation|both]
//   [&layout=legal&tz=Europe/Berlin&qa=on&index=words] (pdf and docx: the court-ready layout, ADR 046)
// A download link, not a page: refusals answer in plain text, which the browser shows as it is.
export const loader = withRefusals(
  async ({ request, params, context }: Route.LoaderArgs) => {
    const userId = await requireUserId(request);
    const query = ExportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new ExpectedError(query.error.issues[0]?.message ?? "Invalid export options.", 400);
    const { legal } = query.data;
    const file = legal
      ? await legalTranscriptFile(userId, params.recordingId, legal.format, legal.query, query.data.view)
      : await exportTranscript(
          await transcriptDocument(userId, params.recordingId, query.data.translation, query.data.view),
          query.data.format,
          query.data.options,
        );
    await recordTranscriptExport(
      userId,
      params.recordingId,
      { request, context },
      {
        format: query.data.format,
        ...(legal ? { layout: "legal" } : {}),
        ...(query.data.view ? { view: query.data.view } : {}),
        ...(query.data.translation ? { language: query.data.translation.language } : {}),
      },
    );
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { as: "text" },
);
