// Share links (issue 17, item 4) and what edits leave out of date (item 6), through the production request handler
// on a real database: tokens stored only as hashes, the public page signed out, passwords and their limits, expiry,
// revoke, downloads, view counts, and that a share link never grants the right to edit.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { configuredStorage } from "~/services/storage/index.server";
import { createShareLink, hashShareToken, requireLiveShareLink } from "~/modules/sharing/share-links.server";
import { ACCOUNT_FAILURES_PER_HOUR, FREE_FAILURES } from "~/modules/accounts/login-throttle.server";
import { transcriptFreshness } from "~/modules/transcripts/freshness.server";
import { addComment } from "~/modules/comments/comments.server";
import { EXPORT_FORMATS, NOTE_STYLES } from "~/services/export/types";
import { FALLBACK_ENGINE_NOTICE } from "~/content/engines";
import { appHandler, cookiesFrom } from "./app-handler";
import { signedInUser, testOutbox, waitFor } from "./helpers";
import { sharedFile } from "../shared-files";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: true, mailTransport: testOutbox() });
});
afterAll(() => stopJobs());

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
});

/** A finished recording of jfk.wav with three segments, an English→Spanish translation and a summary. */
async function finishedRecording(userId: string) {
  const database = await db();
  const key = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "share-")), "jfk.wav");
  fs.copyFileSync(sharedFile("testdata/audio/jfk.wav"), local);
  await configuredStorage().putFile(key, local);
  const recording = await database.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Board meeting",
      fileName: "secret-file-name.wav",
      storageKey: key,
      sizeBytes: fs.statSync(sharedFile("testdata/audio/jfk.wav")).size,
      mimeType: "audio/wav",
      durationSeconds: 11,
      language: "en",
      transcriptLanguage: "en",
      status: "COMPLETED",
      progress: 100,
      completedAt: new Date(),
      segments: {
        create: [
          { position: 0, start: 0, end: 3, text: "And so my fellow Americans.", speaker: "Speaker 1" },
          { position: 1, start: 3, end: 7, text: "Ask not what your country can do for you.", speaker: "Speaker 1" },
          { position: 2, start: 7, end: 11, text: "Ask what you can do for your country.", speaker: "Speaker 2" },
        ],
      },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
  const past = new Date(Date.now() - 60_000);
  await database.segmentTranslation.createMany({
    data: recording.segments.map((segment) => ({
      segmentId: segment.id,
      language: "es",
      text: `ES ${segment.position}`,
      engine: "test",
      createdAt: past,
    })),
  });
  await database.transcriptTranslation.create({
    data: { recordingId: recording.id, language: "es", status: "COMPLETED", progress: 100, engine: "test" },
  });
  await database.transcriptSummary.create({
    data: {
      recordingId: recording.id,
      engine: "extractive",
      abstract: "A call to serve the country.",
      keyPoints: [{ text: "Ask what you can do.", segmentId: recording.segments[2].id, start: 7 }],
      actionItems: [],
      createdAt: past,
    },
  });
  return recording;
}

describe("share tokens", () => {
  test("128 random bits, URL-safe; only the SHA-256 and a 6-character prefix are stored", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const links = await Promise.all(
      Array.from({ length: 20 }, () => createShareLink(owner.id, recording.id, { expiry: "never" })),
    );
    const tokens = links.map((link) => link.token);
    expect(new Set(tokens).size).toBe(20);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(16);
    }
    const rows = await (await db()).shareLink.findMany({ where: { recordingId: recording.id } });
    const stored = JSON.stringify(rows);
    for (const token of tokens) expect(stored).not.toContain(token);
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(
      tokens.map((token) => crypto.createHash("sha256").update(token).digest("hex")).sort(),
    );
    expect(rows.every((row) => row.tokenPrefix.length === 6)).toBe(true);
    expect(links[0].url).toBe(`http://localhost:3000/s/${tokens[0]}`);
  });

  test("the owner creates a link through the share page (no JavaScript): 201 with the full link, once", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const created = await app(
      `/transcription/${recording.id}/share`,
      form({ intent: "create", expiry: "7d", label: "For the board", allowDownloads: "on" }, owner.cookie),
    );
    expect(created.status).toBe(201);
    const html = await created.text();
    const url = /value="(http:\/\/localhost:3000\/s\/[A-Za-z0-9_-]{22})"/.exec(html)?.[1];
    expect(url).toBeTruthy();
    const row = await (await db()).shareLink.findFirstOrThrow({ where: { recordingId: recording.id } });
    expect(row).toMatchObject({ label: "For the board", allowDownloads: true, passwordHash: null });
    expect(row.tokenHash).toBe(hashShareToken(url!.split("/s/")[1]));
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    // Afterwards the list shows the prefix and label, never the whole link.
    const page = await (
      await app(`/transcription/${recording.id}/share`, { headers: { Cookie: owner.cookie } })
    ).text();
    expect(page).toContain(`/s/${row.tokenPrefix}…`);
    expect(page).not.toContain(url!);
    // A bad expiry or a short password is refused beside its field.
    const refused = await app(
      `/transcription/${recording.id}/share`,
      form({ intent: "create", expiry: "forever", password: "abc" }, owner.cookie),
    );
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Choose when the link expires.");
    expect(refusedHtml).toContain("A password needs at least 6 characters.");
  });

  test("another user cannot create, list or revoke links to someone else's recording", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const link = await createShareLink(owner.id, recording.id, { expiry: "never" });
    const row = await (await db()).shareLink.findFirstOrThrow({ where: { recordingId: recording.id } });
    expect((await app(`/transcription/${recording.id}/share`, { headers: { Cookie: other.cookie } })).status).toBe(404);
    expect(
      (await app(`/transcription/${recording.id}/share`, form({ intent: "create", expiry: "1d" }, other.cookie)))
        .status,
    ).toBe(404);
    expect(
      (await app(`/transcription/${recording.id}/share`, form({ intent: "revoke", linkId: row.id }, other.cookie)))
        .status,
    ).toBe(404);
    expect((await app(`/s/${link.token}`)).status).toBe(200);
  });
});

describe("the shared page, signed out", () => {
  test("player, transcript with speakers and times, summary and translation; noindex; each view counted", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "7d" });
    const response = await app(`/s/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(html).toContain("Board meeting");
    expect(html).toContain("Ask not what your country can do for you.");
    expect(html).toContain("Speaker 2");
    expect(html).toContain(">0:07</a>");
    expect(html).toContain("A call to serve the country.");
    expect(html).toContain(`src="/s/${token}/audio"`);
    // Nothing else of the account: not the owner's email, the file's name, or the owner's own page and actions.
    const owners = await (await db()).user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(html).not.toContain(owners.email);
    expect(html).not.toContain("secret-file-name");
    expect(html).not.toContain(`/transcription/${recording.id}`);
    // The translation side by side.
    const spanish = await (await app(`/s/${token}?lang=es`)).text();
    expect(spanish).toContain("ES 1");
    const row = await (await db()).shareLink.findFirstOrThrow({ where: { recordingId: recording.id } });
    expect(row.views).toBe(2);
    expect(row.lastViewedAt).not.toBeNull();
  });

  test("the audio is served through the link with Range support", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "never" });
    const whole = await app(`/s/${token}/audio`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Type")).toBe("audio/wav");
    const part = await app(`/s/${token}/audio`, { headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-99/${recording.sizeBytes}`);
  });

  test("an unknown token is 404; a made-up cookie or token opens nothing", async () => {
    expect((await app(`/s/${"A".repeat(22)}`)).status).toBe(404);
    expect((await app(`/s/short`)).status).toBe(404);
    expect((await app(`/s/${"A".repeat(22)}/audio`)).status).toBe(404);
  });

  test("downloads only when the link allows them: 403 otherwise", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const closed = await createShareLink(owner.id, recording.id, { expiry: "never" });
    const refused = await app(`/s/${closed.token}/export?format=txt`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("The owner of this link did not allow downloads.");
    expect(await (await app(`/s/${closed.token}`)).text()).not.toContain(`/s/${closed.token}/export`);

    const open = await createShareLink(owner.id, recording.id, { expiry: "never", allowDownloads: true });
    expect(await (await app(`/s/${open.token}`)).text()).toContain(`/s/${open.token}/export`);
    const file = await app(`/s/${open.token}/export?format=txt&language=es&text=both`);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("attachment");
    const text = await file.text();
    expect(text).toContain("Speaker 1: And so my fellow Americans.\nES 0\n");
  });

  test("revoked: 410 with a clear page, for the page, the audio and the downloads", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const { id, token } = await createShareLink(owner.id, recording.id, { expiry: "never", allowDownloads: true });
    const revoked = await app(
      `/transcription/${recording.id}/share`,
      form({ intent: "revoke", linkId: id }, owner.cookie),
    );
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("Location")).toBe(`/transcription/${recording.id}#share`);
    const page = await app(`/s/${token}`);
    expect(page.status).toBe(410);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain("This link no longer works");
    expect(html).toContain("This share link was turned off by its owner.");
    expect(html).not.toContain("fellow Americans");
    expect((await app(`/s/${token}/audio`)).status).toBe(410);
    expect((await app(`/s/${token}/export?format=txt`)).status).toBe(410);
  });

  test("expiry: the link works until its time and is 410 after it (moved clock)", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const now = new Date();
    const day = await createShareLink(owner.id, recording.id, { expiry: "1d" }, now);
    const justBefore = new Date(now.getTime() + 24 * 60 * 60 * 1000 - 1000);
    const justAfter = new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1000);
    await expect(requireLiveShareLink(day.token, justBefore)).resolves.toMatchObject({ id: day.id });
    await expect(requireLiveShareLink(day.token, justAfter)).rejects.toMatchObject({
      status: 410,
      message: "This share link has expired.",
    });
    const never = await createShareLink(owner.id, recording.id, { expiry: "never" }, now);
    await expect(
      requireLiveShareLink(never.token, new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000)),
    ).resolves.toBeTruthy();
    // Made 8 days ago with 7 days to live: expired now, through the real page.
    const week = await createShareLink(owner.id, recording.id, { expiry: "7d" }, new Date(Date.now() - 8 * 86_400_000));
    const page = await app(`/s/${week.token}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("This share link has expired.");
  });
});

/**
 * Everything a reader could get out of a downloaded file, as text: for PDF the extracted page text, the document
 * information and the raw bytes (where note annotations sit); for DOCX every part of the zip (document, comments,
 * footnotes, properties); the other formats are text already.
 */
async function readableText(format: string, body: Buffer): Promise<string> {
  if (format === "pdf") {
    const parser = new PDFParse({ data: new Uint8Array(body) });
    try {
      const { text } = await parser.getText();
      const { info } = await parser.getInfo();
      return [text.replace(/\s+/g, " "), JSON.stringify(info), body.toString("latin1")].join("\n");
    } finally {
      await parser.destroy();
    }
  }
  if (format === "docx") {
    const zip = await JSZip.loadAsync(body);
    const parts = await Promise.all(Object.values(zip.files).map((file) => file.async("string")));
    return parts.join("\n");
  }
  return body.toString("utf8");
}

/** A text as it may sit in the bytes: as written, XML-escaped, or in UTF-16 (a PDF string with non-ASCII in it). */
const spellings = (text: string) => [
  text,
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;"),
  Buffer.from(text, "utf16le").swap16().toString("latin1"),
];

describe("a share link's downloads carry only what its page shows", () => {
  test("no format, translation or note style gives away the owner's notes, glossary, file name or engine", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const database = await db();
    await database.recording.update({
      where: { id: recording.id },
      data: { glossary: ["Quuxcorp", "Zorblaxian"], engine: "pocketsphinx", model: "hidden-model-v9" },
    });
    // The owner edited a name out of the first segment: the engine's words still hold it.
    await database.transcriptSegment.update({
      where: { id: recording.segments[0].id },
      data: {
        edited: true,
        words: [{ word: "Zebediah", start: 0, end: 1, confidence: 0.4 }],
      },
    });
    await addComment(owner.id, recording.id, {
      segmentId: recording.segments[1].id,
      quote: "Ask not",
      body: "Private note: fire Quentin",
    });
    await addComment(owner.id, recording.id, { segmentId: recording.segments[2].id, quote: "", body: "Margin secret" });
    const secrets = [
      "Private note: fire Quentin",
      "Margin secret",
      "Quuxcorp",
      "Zorblaxian",
      "secret-file-name",
      "Zebediah",
      "hidden-model-v9",
      "pocketsphinx",
      FALLBACK_ENGINE_NOTICE,
      (await database.user.findUniqueOrThrow({ where: { id: owner.id } })).email,
    ];
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "never", allowDownloads: true });
    const page = await (await app(`/s/${token}?lang=es`)).text();
    for (const secret of secrets) expect(page).not.toContain(secret);

    const texts = [
      { query: "", shows: "Ask not what your country can do for you." },
      { query: "&language=es&text=translation", shows: "ES 0" },
      { query: "&language=es&text=both", shows: "ES 0" },
    ];
    for (const format of EXPORT_FORMATS) {
      const noteStyles = format === "pdf" || format === "docx" ? NOTE_STYLES : [undefined];
      for (const { query, shows } of texts) {
        for (const notes of noteStyles) {
          const url = `/s/${token}/export?format=${format}${query}${notes ? `&notes=${notes}` : ""}`;
          const response = await app(url);
          expect(response.status, url).toBe(200);
          const text = await readableText(format, Buffer.from(await response.arrayBuffer()));
          expect(text.replace(/\s+/g, " "), url).toContain(shows);
          const found = secrets.filter((secret) => spellings(secret).some((spelling) => text.includes(spelling)));
          expect(found, url).toEqual([]);
        }
      }
    }

    // The same reading finds the notes and the file name in the owner's own downloads, so it can see them.
    for (const format of ["pdf", "docx", "json"] as const) {
      for (const notes of NOTE_STYLES.filter((style) => style !== "none")) {
        const own = await app(`/transcription/${recording.id}/export?format=${format}&notes=${notes}`, {
          headers: { Cookie: owner.cookie },
        });
        expect(own.status).toBe(200);
        const text = await readableText(format, Buffer.from(await own.arrayBuffer()));
        const found = secrets.filter((secret) => spellings(secret).some((spelling) => text.includes(spelling)));
        expect(found, `${format} ${notes}`).toEqual(
          expect.arrayContaining(["Private note: fire Quentin", "Margin secret", "secret-file-name"]),
        );
      }
    }
  });
});

describe("passwords", () => {
  test("the page asks for it and shows nothing until given; a wrong one is refused; the right one opens it", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "never", password: "open-sesame" });
    const row = await (await db()).shareLink.findFirstOrThrow({ where: { recordingId: recording.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const locked = await app(`/s/${token}`);
    expect(locked.status).toBe(200);
    const lockedHtml = await locked.text();
    expect(lockedHtml).toContain("This transcript is protected");
    expect(lockedHtml).not.toContain("Board meeting");
    expect(lockedHtml).not.toContain("fellow Americans");
    expect((await app(`/s/${token}/audio`)).status).toBe(403);

    const wrong = await app(`/s/${token}`, form({ password: "guess" }), { clientIp: "10.0.0.1" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("Wrong password.");

    const right = await app(`/s/${token}`, form({ password: "open-sesame" }), { clientIp: "10.0.0.1" });
    expect(right.status).toBe(303);
    const cookie = cookiesFrom(right);
    expect(cookie).toContain("voxlate_share_access=");
    const open = await app(`/s/${token}`, { headers: { Cookie: cookie } });
    expect(await open.text()).toContain("fellow Americans");
    expect((await app(`/s/${token}/audio`, { headers: { Cookie: cookie } })).status).toBe(200);
    // The cookie opens this link only.
    const other = await createShareLink(owner.id, recording.id, { expiry: "never", password: "open-sesame" });
    expect(await (await app(`/s/${other.token}`, { headers: { Cookie: cookie } })).text()).toContain(
      "This transcript is protected",
    );
  });

  test("wrong passwords slow the address that sent them; guesses from many addresses never keep out the right password", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "never", password: "open-sesame" });
    const unlock = (password: string, clientIp: string) => app(`/s/${token}`, form({ password }), { clientIp });

    // One address: free tries, then a wait.
    const statuses: number[] = [];
    for (let i = 0; i <= FREE_FAILURES; i++) statuses.push((await unlock(`guess-${i}`, "10.1.0.1")).status);
    expect(statuses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);
    const slowed = await unlock("open-sesame", "10.1.0.1");
    expect(slowed.status).toBe(429);
    expect(await slowed.text()).toMatch(/Too many wrong passwords\. Please try again in \d+ seconds?\./);
    // Another address is not held by it.
    expect((await unlock("open-sesame", "10.1.0.2")).status).toBe(303);

    // Many addresses, one guess each, well past the link's ceiling: each is checked and refused as wrong...
    const spread: number[] = [];
    for (let i = 0; i < 2 * ACCOUNT_FAILURES_PER_HOUR.share + 5; i++)
      spread.push((await unlock(`guess-${i}`, `10.1.1.${i}`)).status);
    expect(spread.every((status) => status === 401)).toBe(true);
    // ...a visitor with the right password still gets in at once...
    expect((await unlock("open-sesame", "10.1.2.1")).status).toBe(303);
    // ...and an address that guessed wrong once must now wait before its next try.
    const again = await unlock("another-guess", "10.1.1.0");
    expect(again.status).toBe(429);
    expect(await again.text()).toContain("Too many wrong passwords.");
  });
});

describe("a share link never grants edit rights", () => {
  test("posting edits with only the share link's cookie, or as another user holding the link, changes nothing", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const segmentId = recording.segments[0].id;
    const { token } = await createShareLink(owner.id, recording.id, {
      expiry: "never",
      password: "open-sesame",
      allowDownloads: true,
    });
    const unlock = await app(`/s/${token}`, form({ password: "open-sesame" }), { clientIp: "10.3.0.1" });
    const shareCookie = cookiesFrom(unlock);
    const edit = { intent: "edit-segment", segmentId, text: "Hacked." };

    // The share cookie alone: the owner's page sends the visitor to sign in.
    const anonymous = await app(`/transcription/${recording.id}`, form(edit, shareCookie));
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.headers.get("Location")).toMatch(/^\/signin/);
    // Another signed-in user who holds the link: the recording is not theirs.
    const asOther = await app(`/transcription/${recording.id}`, form(edit, `${other.cookie}; ${shareCookie}`));
    expect(asOther.status).toBe(404);
    for (const intent of ["rename-speaker", "delete", "summarise"]) {
      const response = await app(
        `/transcription/${recording.id}`,
        form({ intent, from: "Speaker 1", to: "X" }, `${other.cookie}; ${shareCookie}`),
      );
      expect(response.status).toBe(404);
    }
    expect(
      (await app(`/transcription/${recording.id}/retranslate`, form({ language: "es" }, other.cookie))).status,
    ).toBe(404);
    // The shared page's own action takes a password and nothing else.
    const throughShare = await app(`/s/${token}`, form(edit, shareCookie));
    expect(throughShare.status).toBe(400);

    const segments = await (await db()).transcriptSegment.findMany({ where: { recordingId: recording.id } });
    expect(segments.map((segment) => segment.text)).not.toContain("Hacked.");
    expect(segments.every((segment) => !segment.edited && segment.speaker !== "X")).toBe(true);
    expect(await (await db()).recording.findUnique({ where: { id: recording.id } })).not.toBeNull();
  });
});

describe("after an edit (item 6)", () => {
  test("the segment's translation and the summary are out of date; re-translating does only that segment", async () => {
    const owner = await signedInUser();
    const recording = await finishedRecording(owner.id);
    const [first, second, third] = recording.segments;
    expect(await transcriptFreshness(recording.id)).toEqual({
      translations: [{ language: "es", label: "Spanish", staleSegmentIds: [] }],
      summaryPredatesEdits: false,
    });

    const edited = await app(
      `/transcription/${recording.id}`,
      form({ intent: "edit-segment", segmentId: second.id, text: "Ask not what your country can do." }, owner.cookie),
    );
    expect(edited.status).toBe(303);
    expect(await transcriptFreshness(recording.id)).toEqual({
      translations: [{ language: "es", label: "Spanish", staleSegmentIds: [second.id] }],
      summaryPredatesEdits: true,
    });
    const page = await (
      await app(`/transcription/${recording.id}?lang=es`, { headers: { Cookie: owner.cookie } })
    ).text();
    expect(page).toContain("Spanish: 1 segment changed since it was translated.");
    expect(page).toContain("The summary was written before later edits to the transcript.");
    expect(page).toContain("Out of date: edited after translation.");
    const { token } = await createShareLink(owner.id, recording.id, { expiry: "never" });
    expect(await (await app(`/s/${token}`)).text()).toContain("Written before later edits to the transcript");

    const before = await (await db()).segmentTranslation.findMany({ where: { language: "es" } });
    const retranslate = await app(`/transcription/${recording.id}/retranslate`, form({ language: "es" }, owner.cookie));
    expect(retranslate.status).toBe(303);
    expect(retranslate.headers.get("Location")).toBe(`/transcription/${recording.id}?lang=es#translate-title`);
    await waitFor(
      () => transcriptFreshness(recording.id),
      (freshness) => freshness.translations[0].staleSegmentIds.length === 0,
      30_000,
    );
    const after = await (await db()).segmentTranslation.findMany({ where: { language: "es" } });
    const textOf = (rows: typeof after, id: string) => rows.find((row) => row.segmentId === id)?.text;
    // The untouched segments keep their translations; the edited one has a new one from the translator.
    expect(textOf(after, first.id)).toBe("ES 0");
    expect(textOf(after, third.id)).toBe("ES 2");
    expect(textOf(after, second.id)).not.toBe(textOf(before, second.id));
    expect(textOf(after, second.id)).toMatch(/pa[ií]s/i);
    // Nothing changed since: asking again queues nothing.
    const again = await app(`/transcription/${recording.id}/retranslate`, form({ language: "es" }, owner.cookie));
    expect(again.status).toBe(303);
    expect(cookiesFrom(again)).toContain("toast");
  });
});
