// One rule for every time a reader may cite (~/utils/timestamps: truncated to the whole second): the editor's page,
// the share view and every export say the same second for every segment. The times are chosen where rounding and
// truncating disagree (6.6 s, 59.5 s, 3599.9 s): a page that rounded would say 0:07, 1:00 and 1:00:00.
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});

const SEGMENTS: [number, number, string, string][] = [
  [6.6, 9, "The witness took the stand.", "Attorney"],
  [59.5, 62, "I do not recall.", "Witness"],
  [3599.9, 3603, "No further questions.", "Attorney"],
];
/** The truncated seconds every source must show. */
const EXPECTED = [6, 59, 3599];

/** "0:59", "59:59", "1:00:00", "00:00:06" → seconds. */
const seconds = (time: string) => time.split(":").reduce((total, part) => total * 60 + Number(part), 0);

async function recordingWithTimes(userId: string) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Deposition",
      fileName: "deposition.wav",
      storageKey: `test/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 3603,
      status: "COMPLETED",
      engine: "whisper",
      model: "base",
      segments: {
        create: SEGMENTS.map(([start, end, text, speaker], position) => ({ position, start, end, text, speaker })),
      },
    },
  });
}

/** The "Play from …" times of a page's segment list, in order. */
const playTimes = (html: string) => [...html.matchAll(/aria-label="Play from ([\d:]+)"/g)].map((match) => match[1]);
/** The reading formats' stamps, "[00:00:06]", in order. */
const stamps = (text: string) => [...text.matchAll(/\[(\d\d:\d\d:\d\d)\]/g)].map((match) => match[1]);

async function exportText(path: string, format: string, cookie = ""): Promise<string> {
  const response = await app(path, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  if (format === "docx") return (await mammoth.extractRawText({ buffer: body })).value;
  if (format === "pdf") {
    const parser = new PDFParse({ data: new Uint8Array(body) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  }
  return body.toString("utf8");
}

describe("one time format for the page, the share view and the exports", () => {
  test("every source says the same whole second for every segment (truncated)", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTimes(user.id);
    const cookie = { headers: { Cookie: user.cookie } };

    const page = await (await app(`/transcription/${recording.id}`, cookie)).text();
    expect(playTimes(page)).toEqual(["0:06", "0:59", "59:59"]);

    const { token } = await createShareLink(user.id, recording.id, { expiry: "never", allowDownloads: true });
    const shared = await (await app(`/s/${token}`)).text();
    expect(playTimes(shared)).toEqual(["0:06", "0:59", "59:59"]);

    const bySource: Record<string, number[]> = {
      page: playTimes(page).map(seconds),
      share: playTimes(shared).map(seconds),
    };
    for (const format of ["txt", "pdf", "docx"]) {
      const text = await exportText(`/transcription/${recording.id}/export?format=${format}`, format, user.cookie);
      expect(stamps(text)).toEqual(["00:00:06", "00:00:59", "00:59:59"]);
      bySource[format] = stamps(text).map(seconds);
      const viaShare = await exportText(`/s/${token}/export?format=${format}`, format);
      bySource[`share ${format}`] = stamps(viaShare).map(seconds);
    }
    // Subtitles keep their milliseconds (their formats require them); their whole seconds are the same.
    for (const [format, separator] of [
      ["srt", ","],
      ["vtt", "."],
    ] as const) {
      const text = await exportText(`/transcription/${recording.id}/export?format=${format}`, format, user.cookie);
      const starts = [...text.matchAll(/^(\d\d:\d\d:\d\d)[.,](\d{3}) -->/gm)].map((match) => [match[1], match[2]]);
      expect(starts.map(([clock, ms]) => `${clock}${separator}${ms}`)).toEqual([
        `00:00:06${separator}600`,
        `00:00:59${separator}500`,
        `00:59:59${separator}900`,
      ]);
      bySource[format] = starts.map(([clock]) => seconds(clock));
    }
    // JSON and the API give the exact seconds, which truncate to the same.
    const json = JSON.parse(
      await exportText(`/transcription/${recording.id}/export?format=json`, "json", user.cookie),
    ) as {
      segments: { start: number }[];
    };
    expect(json.segments.map((segment) => segment.start)).toEqual([6.6, 59.5, 3599.9]);
    bySource.json = json.segments.map((segment) => Math.floor(segment.start));

    for (const [source, times] of Object.entries(bySource)) expect([source, times]).toEqual([source, EXPECTED]);
  });

  test("the export's cover states the engine and model as a fact, without advice to operators", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTimes(user.id);
    const text = await exportText(`/transcription/${recording.id}/export?format=txt`, "txt", user.cookie);
    expect(text).toContain("Machine transcript: whisper.cpp base");
    await (await db()).recording.update({ where: { id: recording.id }, data: { engine: "pocketsphinx", model: null } });
    const fallback = await exportText(`/transcription/${recording.id}/export?format=txt`, "txt", user.cookie);
    expect(fallback).toContain("Machine transcript: pocketsphinx (offline fallback)");
    expect(fallback).not.toMatch(/administrator|Transcribed by/);
  });
});
