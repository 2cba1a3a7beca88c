// Import from a URL (a podcast's MP3, a direct link to a file): the audio is fetched from a public address only
// (outbound-http.server.ts refuses private, loopback, link-local and metadata addresses, before connecting and after
// every redirect), streamed to a temporary file under the plan's size limit and a time limit, then accepted exactly
// as an upload is (acceptUploadedFile): same checks, same minutes, same queue.
import { type Reader, readerId } from "~/modules/workspaces/access.server";
import crypto from "node:crypto";
import fs from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { answerRefusal, refusalReply } from "~/modules/platform/refusals.server";
import { readForm } from "~/modules/platform/request-body.server";
import { redirectWithToast } from "~/modules/platform/toast.server";
import { UrlImportSchema } from "./url-import-form";
import { isDiskFull } from "~/modules/platform/disk.server";
import { dataDir, getEnv } from "~/config/env.server";
import { takeSlot } from "~/modules/platform/in-flight.server";
import { OutboundUrlError, outboundRequest, parseOutboundUrl } from "~/modules/platform/outbound-http.server";
import { RecordingError } from "./ownership.server";
import {
  acceptUploadedFile,
  checkUploadOptions,
  diskFullError,
  requireRoomFor,
  tooLargeError,
  uploadLimitBytes,
} from "./upload.server";

/** The whole download, headers to last byte: 5 minutes unless URL_IMPORT_TIMEOUT_SECONDS says otherwise. */
const importTimeoutMs = () => getEnv().URL_IMPORT_TIMEOUT_SECONDS * 1000;

/**
 * Imports one account may run at once. Each holds an outbound connection and a temporary file for up to the timeout;
 * without a cap, one account could open hundreds. Two lets a user import one file while another finishes.
 */
export const IMPORTS_IN_FLIGHT = 2;
/** After the download, the import checks and stores the file: its slot is kept that much longer than the timeout. */
const SLOT_MARGIN_MS = 2 * 60_000;

export const TOO_MANY_IMPORTS = `You already have ${IMPORTS_IN_FLIGHT} imports from a URL in progress. Please wait for one to finish, then try again.`;

class TooLarge extends Error {}

/** The file's name: Content-Disposition's, else the URL path's last part, else a neutral one. */
function fileNameFor(url: URL, disposition: string | undefined): string {
  const fromHeader = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "")?.[1];
  if (fromHeader) {
    try {
      return decodeURIComponent(fromHeader);
    } catch {
      return fromHeader;
    }
  }
  const last = url.pathname.split("/").filter(Boolean).at(-1);
  try {
    return (last && decodeURIComponent(last)) || "imported-audio";
  } catch {
    return "imported-audio";
  }
}

/** Downloads the audio at `address` and queues its transcription, like an upload with these options. */
export async function importRecordingFromUrl(
  reader: Reader,
  address: string,
  fields: Record<string, string>,
  { timeoutMs = importTimeoutMs() }: { timeoutMs?: number } = {},
): Promise<{ id: string; title: string }> {
  const userId = readerId(reader);
  const { plan } = await checkUploadOptions(userId, fields);
  const url = parseOutboundUrl(address);
  const release = await takeSlot(`url-import:${userId}`, IMPORTS_IN_FLIGHT, timeoutMs + SLOT_MARGIN_MS);
  if (!release) throw new RecordingError(TOO_MANY_IMPORTS, 429);
  try {
    return await download(reader, url, fields, plan, timeoutMs);
  } finally {
    await release();
  }
}

async function download(
  reader: Reader,
  url: URL,
  fields: Record<string, string>,
  plan: string,
  timeoutMs: number,
): Promise<{ id: string; title: string }> {
  const limit = uploadLimitBytes(plan);

  // Our own clock as well as the request's: a stall in the body surfaces as a socket's "aborted", not a timeout.
  const deadline = AbortSignal.timeout(timeoutMs);
  let response;
  try {
    response = await outboundRequest(url, { timeoutMs, signal: deadline, headers: { Accept: "audio/*, */*;q=0.5" } });
  } catch (error) {
    if (error instanceof OutboundUrlError) throw error;
    throw unreachable(url, error, deadline);
  }
  if (response.status !== 200) {
    response.body.resume();
    throw new RecordingError(`The address answered with HTTP ${response.status}, not an audio file.`, 422);
  }
  const declared = Number(response.headers["content-length"] ?? 0);
  if (declared > limit) {
    response.body.destroy();
    throw tooLargeError(plan);
  }
  await requireRoomFor(declared || limit);

  await fs.promises.mkdir(dataDir("tmp"), { recursive: true });
  const temporaryPath = dataDir("tmp", `import-${crypto.randomUUID()}`);
  try {
    let received = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > limit ? new TooLarge() : null, chunk);
      },
    });
    try {
      await pipeline(response.body, capped, fs.createWriteStream(temporaryPath));
    } catch (error) {
      if (error instanceof TooLarge) throw tooLargeError(plan);
      if (isDiskFull(error)) throw diskFullError();
      throw unreachable(url, error, deadline);
    }
    return await acceptUploadedFile(reader, {
      temporaryPath,
      fileName: fileNameFor(response.url, response.headers["content-disposition"]),
      fields,
    });
  } finally {
    await fs.promises.rm(temporaryPath, { force: true });
  }
}

function unreachable(url: URL, error: unknown, deadline: AbortSignal): RecordingError {
  const timedOut =
    deadline.aborted || (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"));
  return new RecordingError(
    timedOut
      ? `${url.hostname} did not send the file in time. Try a direct link to the audio file.`
      : `${url.hostname} could not be reached. Check the address and try again.`,
    422,
  );
}

/**
 * The dashboard's form: imports the URL with the default options and opens the new recording. A refusal about the
 * address (private, unreachable, too large, not audio) goes back to the form as Conform's reply, under the address;
 * the plan's and the minutes' refusals (403) go to the page's boundary, like an upload's.
 */
export async function importFromDashboardForm(request: Request, userId: string) {
  const submission = parseWithZod(await readForm(request), { schema: UrlImportSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return answerRefusal(
    async () => {
      const recording = await importRecordingFromUrl(userId, submission.value.url, {});
      return redirectWithToast(
        `/transcription/${recording.id}`,
        { type: "success", title: "Import complete", description: "Transcription has started." },
        { status: 303 },
      );
    },
    (refusal) => {
      if (refusal.status === 403) throw refusal;
      return refusalReply(submission, { field: "url" })(refusal);
    },
  );
}
