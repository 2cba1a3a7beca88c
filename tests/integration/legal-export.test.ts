// The court-ready export (issue 34, item 5; ADR 046) through the production request handler: the caption form and
// API, then the legal PDF read back with pdftotext -layout (every page numbers lines 1–25 and says its page, the
// speaker index points at the speakers' lines, the certificate's media hash is the stored original's), the PDF/A-2b
// identification, and the DOCX's XML page for page and line for line the same.
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { signOffVersion, transcriptVersions } from "~/modules/transcripts/versions.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { configuredStorage } from "~/services/storage/index.server";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

const AUDIO = sharedFile("testdata/audio/dialogue-two-speakers.wav");
const TURNS = (
  JSON.parse(fs.readFileSync(sharedFile("testdata/audio/dialogue-two-speakers.json"), "utf8")) as {
    turns: { speaker: string; start: number; end: number; text: string }[];
  }
).turns;
const NAMES: Record<string, string> = { A: "Mr Smith", B: "Jane Doe" };
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "h4-legal-"));

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});
afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));

/** The shared dialogue, its turns said eight times over (so the transcript runs over several pages), and its audio stored. */
async function dialogueRecording(userId: string) {
  const key = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  const local = path.join(fs.mkdtempSync(path.join(WORK, "audio-")), "dialogue.wav");
  fs.copyFileSync(AUDIO, local);
  await configuredStorage().putFile(key, local);
  const lastEnd = TURNS.at(-1)!.end + 1;
  const segments = Array.from({ length: 8 }, (_, round) =>
    TURNS.map((turn) => ({ ...turn, start: turn.start + round * lastEnd, end: turn.end + round * lastEnd })),
  )
    .flat()
    .map((turn, position) => ({
      position,
      start: turn.start,
      end: turn.end,
      text: turn.text,
      speaker: NAMES[turn.speaker],
    }));
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Deposition of Jane Doe",
      fileName: "dialogue-two-speakers.wav",
      storageKey: key,
      sizeBytes: fs.statSync(AUDIO).size,
      mimeType: "audio/wav",
      durationSeconds: lastEnd * 8,
      language: "en",
      transcriptLanguage: "en",
      status: "COMPLETED",
      progress: 100,
      completedAt: new Date(),
      engine: "whisper",
      model: "base.en",
      segments: { create: segments },
    },
  });
}

const postForm = (cookie: string, url: string, fields: Record<string, string>) =>
  app(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });

async function download(cookie: string, url: string, name: string): Promise<string> {
  const response = await app(url, { headers: { Cookie: cookie } });
  expect(
    response.status,
    await response
      .clone()
      .text()
      .then((text) => text.slice(0, 200)),
  ).toBe(200);
  const file = path.join(WORK, name);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

/** pdftotext -layout's pages, each as its rows. */
function pdfPages(file: string): string[][] {
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  return text
    .split("\f")
    .filter((page) => page.trim() !== "")
    .map((page) => page.split("\n").filter((row) => row.trim() !== ""));
}

/** A page's numbered rows: line number → the text after it. */
function numberedLines(rows: string[]): Map<number, string> {
  const lines = new Map<number, string>();
  for (const row of rows) {
    const match = /^\s*(\d{1,2})(?:\s+(.*))?$/.exec(row);
    if (match && !lines.has(Number(match[1]))) lines.set(Number(match[1]), (match[2] ?? "").trimEnd());
  }
  return lines;
}

const CAPTION = {
  matter: "Smith v. Doe",
  caseNumber: "2026-CV-0042",
  court: "Superior Court of the County of Example",
  date: "2026-07-01",
  place: "Berlin, Germany",
  startTime: "09:30",
  timeZone: "Europe/Berlin",
  appearances: "For the plaintiff: Mr Smith\nFor the defendant: Jane Doe, in person",
  examinationTitle: "Direct examination of Jane Doe",
  examiner: "Mr Smith",
  witness: "Jane Doe",
};

describe("court-ready export", () => {
  test("caption form, legal PDF read back line by line, PDF/A-2b, certificate hash, and the same DOCX", async () => {
    const owner = await signedInUser("PREMIUM");
    const recording = await dialogueRecording(owner.id);
    const url = `/transcription/${recording.id}`;

    // The transcript page offers it, and the caption form, without JavaScript.
    const page = await (await app(url, { headers: { Cookie: owner.cookie } })).text();
    expect(page).toContain("Court transcript (legal layout)");
    expect(page).toContain(`action="/transcription/${recording.id}/caption"`);

    // Refusals go back to the form with a sentence; nothing is saved.
    const refused = await postForm(owner.cookie, `${url}/caption`, { ...CAPTION, witness: "", timeZone: "Mars/Base" });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("The Q./A. layout needs both who asks and who answers.");
    expect(refusedPage).toContain("Choose a time zone by its IANA name");
    expect(await (await db()).recordingCaption.findUnique({ where: { recordingId: recording.id } })).toBeNull();

    const saved = await postForm(owner.cookie, `${url}/caption`, CAPTION);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`${url}#legal-export`);
    expect(await (await db()).recordingCaption.findUnique({ where: { recordingId: recording.id } })).toMatchObject({
      matter: "Smith v. Doe",
      appearances: ["For the plaintiff: Mr Smith", "For the defendant: Jane Doe, in person"],
      examiner: "Mr Smith",
    });
    expect(
      await (await db()).auditEvent.count({ where: { action: "transcript.caption-saved", actorId: owner.id } }),
    ).toBe(1);

    // A layout the format cannot carry, and a zone that does not exist: 400 with a sentence.
    const txt = await app(`${url}/export?format=txt&layout=legal`, { headers: { Cookie: owner.cookie } });
    expect(txt.status).toBe(400);
    expect(await txt.text()).toContain("The legal layout is a PDF or a Word document");
    const zone = await app(`${url}/export?format=pdf&layout=legal&tz=Nowhere/Else`, {
      headers: { Cookie: owner.cookie },
    });
    expect(zone.status).toBe(400);

    const query = "layout=legal&tz=America/New_York&qa=on&index=words";
    const pdfFile = await download(owner.cookie, `${url}/export?format=pdf&${query}`, "legal.pdf");
    const pdf = fs.readFileSync(pdfFile);
    const pages = pdfPages(pdfFile);
    expect(pages.length).toBeGreaterThanOrEqual(5);

    // Every page numbers its lines 1–25, and says which page it is.
    pages.forEach((rows, index) => {
      expect([...numberedLines(rows).keys()], `page ${index + 1}`).toEqual(Array.from({ length: 25 }, (_, n) => n + 1));
      expect(
        rows.some((row) => row.trim() === `Page ${index + 1} of ${pages.length}`),
        `page ${index + 1}`,
      ).toBe(true);
    });
    const lineAt = (page: number, line: number) => numberedLines(pages[page - 1]).get(line) ?? "";

    // The caption page, with the chosen zone; clock times are the caption's 09:30 Berlin, in New York.
    const captionText = pages[0].join("\n");
    expect(captionText).toContain("SUPERIOR COURT OF THE COUNTY OF EXAMPLE");
    expect(captionText).toContain("Case No. 2026-CV-0042");
    expect(captionText).toContain("For the defendant: Jane Doe, in person");
    expect(captionText).toContain("Times: in America/New_York");
    expect(pages[1].join("\n")).toContain("(3:30:00 AM EDT)");

    // Q./A.: the examiner asks, the witness answers.
    expect(lineAt(2, 2)).toMatch(/DIRECT EXAMINATION OF JANE DOE/);
    expect(lineAt(2, 3)).toMatch(/^Q\. {3}Good morning\./);

    // The speaker index: each entry's page:line is a line where that speaker speaks.
    const all = pages.flat().join("\n");
    const entries = [...all.matchAll(/^\s*\d{1,2}\s+(MR\. SMITH|JANE DOE) \.+ (\d+):(\d+)\s*$/gm)];
    expect(entries.map((entry) => entry[1])).toEqual(["MR. SMITH", "JANE DOE"]);
    expect(lineAt(Number(entries[0][2]), Number(entries[0][3]))).toMatch(/^Q\. /);
    expect(lineAt(Number(entries[1][2]), Number(entries[1][3]))).toMatch(/^A\. /);

    // The word index: "revenue" points at lines that say it.
    const revenue = /^\s*\d{1,2}\s+revenue {2}([\d:, ]+)$/m.exec(all);
    expect(revenue).not.toBeNull();
    for (const place of revenue![1].split(", ")) {
      const [pageNumber, line] = place.split(":").map(Number);
      expect(lineAt(pageNumber, line).toLowerCase()).toContain("revenue");
    }

    // The certificate: the media hash is the stored original's, and no one signed it off.
    const certificate = pages.at(-1)!.join("\n");
    const hashLines = [...certificate.matchAll(/^\s*\d{1,2}\s+([0-9a-f]{32})\s*$/gm)].map((match) => match[1]);
    const original = crypto.createHash("sha256").update(fs.readFileSync(AUDIO)).digest("hex");
    expect(hashLines.join("")).toBe(original);
    expect(certificate.replace(/\s+\d{1,2}\s+/g, " ")).toContain(
      "Not signed off: this is an unreviewed machine transcript.",
    );

    // PDF/A-2b, by the rules of ISO 19005-2 that can be read without veraPDF (which cannot be installed offline):
    // PDF 1.7; the XMP says part 2, conformance B; an output intent of the PDF/A kind with its ICC profile embedded;
    // a file identifier; no encryption, no JavaScript, no actions that launch anything; every font embedded (no
    // standard-14 font), as pdffonts reads them.
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-1.7")).toBe(true);
    expect(raw).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    expect(raw).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(raw).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    expect(raw).toMatch(/\/DestOutputProfile \d+ 0 R/);
    expect(raw).toMatch(/trailer\s*<<[\s\S]*\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/i);
    expect(raw).not.toMatch(/\/Encrypt\b|\/JavaScript\b|\/JS\b|\/Launch\b/);
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toMatch(/\/BaseFont \/(Courier|Helvetica|Times)/);
    const fontRows = execFileSync("pdffonts", [pdfFile], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(fontRows.length).toBeGreaterThan(0);
    // Each row ends "emb sub uni object generation".
    for (const row of fontRows) expect(row.trim().split(/\s+/).at(-5), row).toBe("yes");

    // The DOCX: one section a page, 25 numbered lines each, the same text on the same page:line as the PDF.
    const docxFile = await download(owner.cookie, `${url}/export?format=docx&${query}`, "legal.docx");
    const xml = execFileSync("unzip", ["-p", docxFile, "word/document.xml"], { encoding: "utf8", maxBuffer: 64 << 20 });
    const paragraphs = [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((match) =>
      [...(match[1] ?? match[2]).matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((text) => text[1]),
    );
    const docxLines = paragraphs.filter((texts) => /^ ?\d{1,2}$/.test(texts[0] ?? ""));
    expect(docxLines.length).toBe(pages.length * 25);
    const unescape = (text: string) =>
      text
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'");
    docxLines.forEach((texts, index) => {
      const [pageNumber, line] = [Math.floor(index / 25) + 1, (index % 25) + 1];
      expect(Number(texts[0])).toBe(line);
      // pdftotext -layout guesses long runs of spaces from positions: the words are compared, spaced singly.
      const words = (text: string) => text.replace(/\s+/g, " ").trim();
      const expected = words(lineAt(pageNumber, line));
      // The certificate's "Made by Voxlate on <time>" is each download's own time.
      if (expected.startsWith("Made by Voxlate on")) return;
      expect(words(unescape(texts.slice(1).join(""))), `${pageNumber}:${line}`).toBe(expected);
    });
    expect((xml.match(/<w:sectPr/g) ?? []).length).toBe(pages.length);
    const footers = execFileSync("sh", ["-c", `unzip -p "${docxFile}" 'word/footer*.xml'`], { encoding: "utf8" });
    expect(footers).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  test("signed off, the certificate names the reviewer and the stored hashes; edited after, it says the sign-off does not cover it", async () => {
    const owner = await signedInUser("PREMIUM");
    const recording = await dialogueRecording(owner.id);
    const url = `/transcription/${recording.id}`;
    await signOffVersion(owner.id, recording.id, "current");
    const { versions } = await transcriptVersions(owner.id, recording.id);
    const signed = versions.find((version) => version.signedOffAt !== null)!;
    expect(signed).toBeTruthy();

    const certificateOf = async (name: string) => {
      const pages = pdfPages(await download(owner.cookie, `${url}/export?format=pdf&layout=legal`, name));
      // The certificate runs from its heading to the end (over a second page when it names a sign-off).
      const from = pages.findIndex((page) => page.some((row) => /^\s*\d{1,2}\s+CERTIFICATE\s*$/.test(row)));
      const certificate = pages.slice(from).flat().join("\n");
      return {
        hashes: [...certificate.matchAll(/^\s*\d{1,2}\s+([0-9a-f]{32})\s*$/gm)].map((match) => match[1]),
        prose: certificate.replace(/\s+\d{1,2}\s+/g, " ").replace(/\s+/g, " "),
      };
    };
    const before = await certificateOf("signed.pdf");
    const stored = await (await db()).recording.findUniqueOrThrow({ where: { id: recording.id } });
    // Media, version and text hashes, each over two lines, as stored.
    expect(before.hashes.join("")).toBe(`${stored.mediaSha256}${signed.hash}${signed.contentHash}`);
    expect(before.prose).toContain(`signed off version ${signed.number}`);
    expect(before.prose).not.toContain("Not signed off");

    // An edit after the sign-off: the export is a draft, and the certificate says so.
    const first = await (
      await db()
    ).transcriptSegment.findFirstOrThrow({
      where: { recordingId: recording.id },
      orderBy: { position: "asc" },
    });
    await (await db()).transcriptSegment.update({ where: { id: first.id }, data: { text: `${first.text} (amended)` } });
    const after = await certificateOf("draft.pdf");
    // (The prose drops numbers that look like line numbers, the version's "1" among them.)
    expect(after.prose).toMatch(/Not signed off: the text has changed since .+ signed off version/);
    expect(after.prose).toContain("so this export is an unreviewed draft");
    expect(after.hashes.join("")).toBe(stored.mediaSha256);
  });

  test("Chinese, Japanese and Korean text: every character in the PDF, two columns each, in an embedded face", async () => {
    const owner = await signedInUser("PREMIUM");
    const said = [
      ["王律师", "请你告诉法庭，二零二四年三月五日晚上你在哪里？"],
      ["李女士", "我在公司加班，一直到晚上十点才离开办公室。"],
      ["王律师", "有没有人可以证明你当时在公司？"],
      ["李女士", "保安和我的同事都可以证明。私は日本語も話せます。회의는 열 시에 끝났습니다."],
    ];
    const recording = await (
      await db()
    ).recording.create({
      data: {
        userId: owner.id,
        workspaceId: await personalWorkspaceId(owner.id),
        title: "询问笔录",
        fileName: "hearing.wav",
        storageKey: `recordings/${owner.id}/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 120,
        transcriptLanguage: "zh",
        status: "COMPLETED",
        segments: {
          // Four rounds of the exchange: more than a page of wrapped wide text.
          create: Array.from({ length: 16 }, (_, position) => ({
            position,
            start: position * 7,
            end: position * 7 + 6,
            speaker: said[position % 4][0],
            text: said[position % 4][1],
          })),
        },
      },
    });
    const file = await download(
      owner.cookie,
      `/transcription/${recording.id}/export?format=pdf&layout=legal`,
      "chinese-legal.pdf",
    );
    const pages = pdfPages(file);
    const transcriptPages = pages.filter((rows) => rows.some((row) => row.includes("王律师")));
    expect(transcriptPages.length).toBeGreaterThan(1);
    for (const rows of transcriptPages)
      expect([...numberedLines(rows).keys()]).toEqual(Array.from({ length: 25 }, (_, n) => n + 1));
    const lines = transcriptPages.flatMap((rows) => [...numberedLines(rows).values()]);
    // Every character said is on the pages, in order (the line numbers and spaces aside), and no line starts with
    // closing punctuation.
    const text = lines.join("").replace(/\s/g, "");
    for (const [, words] of said) expect(text).toContain(words.replace(/\s/g, ""));
    expect(lines.filter((line) => /^[。，、？！：；」』）]/.test(line.trim()))).toEqual([]);
    // The wide face is embedded (PDF/A embeds every font), beside the fixed-width Latin one.
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    expect(fonts).toMatch(/WenQuanYi.*\byes\b/);
    expect(fonts).toMatch(/DejaVuSansMono.*\byes\b/);
  });

  test("the API reads and writes the caption and downloads the legal layout; a share link downloads it too", async () => {
    const owner = await signedInUser("PREMIUM");
    const recording = await dialogueRecording(owner.id);
    const body = new URLSearchParams({ intent: "api-key-create", name: "Legal", scopes: "read" });
    body.append("scopes", "write");
    const created = await app("/account?developer", {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const key = /value="(vxk_[A-Za-z0-9_-]{43})"/.exec(await created.text())?.[1];
    expect(key).toBeTruthy();
    const auth = { Authorization: `Bearer ${key}` };
    const captionUrl = `/api/v1/recordings/${recording.id}/caption`;

    expect(await (await app(captionUrl, { headers: auth })).json()).toMatchObject({ matter: "", timeZone: "UTC" });
    const bad = await app(captionUrl, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ matter: "Smith v. Doe", startTime: "25:00" }),
    });
    expect(bad.status).toBe(422);
    const put = await app(captionUrl, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ matter: "Smith v. Doe", appearances: ["For the plaintiff: Mr Smith"] }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ matter: "Smith v. Doe", appearances: ["For the plaintiff: Mr Smith"] });

    const docx = await app(`/api/v1/recordings/${recording.id}/export?format=docx&layout=legal`, { headers: auth });
    expect(docx.status).toBe(200);
    expect(docx.headers.get("Content-Disposition")).toContain("-legal.docx");
    const wrong = await app(`/api/v1/recordings/${recording.id}/export?format=srt&layout=legal`, { headers: auth });
    expect(wrong.status).toBe(422);

    // Someone outside the workspace: the recording does not exist for them.
    const stranger = await signedInUser("PREMIUM");
    expect((await postForm(stranger.cookie, `/transcription/${recording.id}/caption`, CAPTION)).status).toBe(404);
    expect((await app(`/transcription/${recording.id}/caption`, { headers: { Cookie: stranger.cookie } })).status).toBe(
      404,
    );

    // A share link that allows downloads: the same layout, the owner's file name and engine withheld.
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "never", allowDownloads: true });
    const shared = await app(`/s/${token}/export?format=pdf&layout=legal`);
    expect(shared.status).toBe(200);
    const file = path.join(WORK, "shared.pdf");
    fs.writeFileSync(file, Buffer.from(await shared.arrayBuffer()));
    const text = pdfPages(file).flat().join("\n");
    expect(text).toContain("(withheld on a shared link)");
    expect(text).not.toContain("dialogue-two-speakers.wav");
    expect(text).toContain("Smith v. Doe");
  });
});
