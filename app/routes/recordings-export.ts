import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/recordings-export";
import { BulkExportSchema } from "~/modules/library/library-forms";
import { exportRecordingsZip } from "~/modules/library/library.server";
import { ExpectedError, withRefusals } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { requireUserId } from "~/modules/platform/session.server";

// POST /recordings/export (the library's bulk form: ids=…&ids=…&format=txt&format=pdf…[&layout=legal&tz=…&qa=on]): a
// ZIP download, streamed; with layout=legal its PDF and DOCX files are the court-ready layout (ADR 046).
// A download, not a page: refusals answer in plain text, like the single transcript's export link (ADR 020).
export const action = withRefusals(
  async ({ request, context }: Route.ActionArgs) => {
    const userId = await requireUserId(request);
    const submission = parseWithZod(await readForm(request), { schema: BulkExportSchema });
    if (submission.status !== "success") {
      const messages = Object.values(submission.error ?? {}).flat();
      throw new ExpectedError(messages[0] ?? "Check the selection and the formats.", 400);
    }
    const { ids, format, layout, tz, qa, index } = submission.value;
    const legal = layout === "legal" ? { tz, qa, index } : null;
    const { stream } = await exportRecordingsZip(userId, ids, format, { request, context }, legal);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="voxlate-transcripts-${day}.zip"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
  { as: "text" },
);
