// Redacted audio, measured (issue 35 item 3, ADR 048): jfk.wav stored as an upload is, a transcript with word times,
// accepted redactions; the audio is fetched through the production request handler as the owner, as a member of the
// team workspace and through a share link, decoded with ffmpeg, and compared with the original: in each redacted
// range the signal is the 1 kHz tone, outside the ranges (beyond the margin) it is the original, and the owner gets
// the original's bytes unchanged.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { REDACTION_MARGIN_SECONDS } from "~/modules/redaction/audio-spans";
import { refreshRedactedText } from "~/modules/redaction/view.server";
import { derivedAudioPrefix } from "~/modules/recordings/stored-files.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { MASK_TONE_HZ } from "~/services/transcription/masked-audio.server";
import { configuredStorage } from "~/services/storage/index.server";
import { correlation, decodeSamples, rms, stretch, toneShare } from "../audio-signal";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

const JFK = sharedFile("testdata/audio/jfk.wav");
const JFK_SECONDS = 11;

/** jfk.wav's first sentence with pocketsphinx's word times (as in word-realignment.test.ts). */
const HEARD = [
  ["And", 0.29, 0.56],
  ["so", 0.57, 0.72],
  ["my", 0.73, 1.26],
  ["fellow", 1.31, 1.61],
  ["Americans,", 1.62, 2.46],
  ["ask", 3.25, 3.72],
  ["not", 3.99, 4.35],
  ["what", 5.37, 5.59],
  ["your", 5.6, 5.92],
  ["country", 5.93, 6.43],
  ["can", 6.44, 6.65],
  ["do", 6.66, 6.9],
  ["for", 6.91, 7.04],
  ["you,", 7.05, 7.49],
] as const;
const TEXT = HEARD.map(([word]) => word).join(" ");

/** What is redacted, and where it is said: "fellow Americans" and "country". */
const REDACTED = [
  { text: "fellow Americans", category: "NAME", said: { start: 1.31, end: 2.46 } },
  { text: "country", category: "PLACE", said: { start: 5.93, end: 6.43 } },
];
const HIDDEN = REDACTED.map(({ said }) => ({
  start: said.start - REDACTION_MARGIN_SECONDS,
  end: said.end + REDACTION_MARGIN_SECONDS,
}));
/** The stretches between the hidden ranges, which must be the original. */
const KEPT = [
  { start: 0, end: HIDDEN[0].start },
  { start: HIDDEN[0].end, end: HIDDEN[1].start },
  { start: HIDDEN[1].end, end: JFK_SECONDS },
];
/** Kept off each edge of a measured stretch: the MP3's frames smear a few milliseconds across an edge. */
const EDGE = 0.02;

type User = Awaited<ReturnType<typeof signedInUser>>;
let app: Awaited<ReturnType<typeof appHandler>>;
let owner: User;
let member: User;
let recordingId: string;
let storageKey: string;
let segmentId: string;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "redacted-audio-test-"));

beforeAll(async () => {
  app = await appHandler();
  [owner, member] = await Promise.all([signedInUser("BUSINESS_PRO"), signedInUser("BUSINESS_PRO")]);
  const database = await db();
  const workspace = await database.workspace.create({
    data: {
      name: "Studio",
      kind: "TEAM",
      members: {
        create: [
          { userId: owner.id, role: "OWNER" },
          { userId: member.id, role: "MEMBER" },
        ],
      },
    },
  });
  // Stored as an upload is: from a copy (putFile moves its file), encrypted at rest when the store encrypts.
  storageKey = `recordings/${owner.id}/${crypto.randomUUID()}.wav`;
  const copy = path.join(directory, "jfk.wav");
  fs.copyFileSync(JFK, copy);
  await configuredStorage().putFile(storageKey, copy);
  const recording = await database.recording.create({
    data: {
      userId: owner.id,
      workspaceId: workspace.id,
      title: "Inaugural",
      fileName: "jfk.wav",
      storageKey,
      sizeBytes: fs.statSync(JFK).size,
      mimeType: "audio/wav",
      durationSeconds: JFK_SECONDS,
      status: "COMPLETED",
      completedAt: new Date(),
      engine: "pocketsphinx",
      transcriptLanguage: "en",
      segments: {
        create: {
          position: 0,
          start: 0.2,
          end: 7.6,
          text: TEXT,
          speaker: "Speaker 1",
          words: HEARD.map(([word, start, end]) => ({ word, start, end, confidence: 0.9 })),
        },
      },
    },
    include: { segments: true },
  });
  recordingId = recording.id;
  segmentId = recording.segments[0].id;
});

async function accept(text: string, category: string) {
  const startOffset = TEXT.indexOf(text);
  await (
    await db()
  ).redaction.create({
    data: {
      recordingId,
      segmentId,
      startOffset,
      endOffset: startOffset + text.length,
      text,
      category,
      source: "manual",
      status: "ACCEPTED",
      createdById: owner.id,
      decidedById: owner.id,
      decidedAt: new Date(),
    },
  });
  await refreshRedactedText(recordingId);
}

async function fetched(response: Response, name: string) {
  expect(response.status).toBe(200);
  const file = path.join(directory, name);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

const audioAs = (user: User, query = "", headers: Record<string, string> = {}) =>
  app(`/transcription/${recordingId}/audio${query}`, { headers: { Cookie: user.cookie, ...headers } });

/** The measurements of a redacted file against the original, for the assertions and the report. */
function measure(file: string) {
  const original = decodeSamples(JFK);
  const redacted = decodeSamples(file);
  return {
    lengthDifference: Math.abs(redacted.length - original.length),
    hidden: HIDDEN.map(({ start, end }) => ({
      originalRms: rms(stretch(original, start + EDGE, end - EDGE)),
      toneShare: toneShare(stretch(redacted, start + EDGE, end - EDGE), MASK_TONE_HZ),
      originalToneShare: toneShare(stretch(original, start + EDGE, end - EDGE), MASK_TONE_HZ),
    })),
    kept: KEPT.map(({ start, end }) => {
      const a = stretch(original, start + EDGE, end - EDGE);
      const b = stretch(redacted, start + EDGE, end - EDGE);
      const difference = rms(a.map((sample, index) => sample - b[index]));
      return { correlation: correlation(a, b), originalRms: rms(a), differenceToSignal: difference / rms(a) };
    }),
  };
}

describe("redacted audio", () => {
  test("with nothing redacted, the member hears the original", async () => {
    const response = await audioAs(member);
    expect(response.headers.get("Content-Type")).toBe("audio/wav");
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(JFK))).toBe(true);
  });

  test("a member gets each redacted span as the 1 kHz tone and the rest as the original; the owner the original", async () => {
    for (const { text, category } of REDACTED) await accept(text, category);

    const memberFile = await fetched(await audioAs(member), "member.mp3");
    const numbers = measure(memberFile);
    console.info("redacted audio, measured:", JSON.stringify(numbers, null, 2));
    expect(numbers.lengthDifference).toBeLessThan(1200);
    for (const hidden of numbers.hidden) {
      // Speech is there in the original (loud, not a tone), and the tone is all there is in the redacted audio.
      expect(hidden.originalRms).toBeGreaterThan(0.05);
      expect(hidden.originalToneShare).toBeLessThan(0.05);
      expect(hidden.toneShare).toBeGreaterThan(0.99);
    }
    for (const kept of numbers.kept) {
      expect(kept.correlation).toBeGreaterThan(0.999);
      // What the MP3 round trip changes stays at least 20 dB below the speech.
      expect(kept.differenceToSignal).toBeLessThan(0.1);
    }

    // The owner hears the original, byte for byte; asked for the redacted view, the same redacted file as the member.
    const ownerResponse = await audioAs(owner);
    expect(ownerResponse.headers.get("Content-Type")).toBe("audio/wav");
    expect(Buffer.from(await ownerResponse.arrayBuffer()).equals(fs.readFileSync(JFK))).toBe(true);
    const ownerRedacted = await fetched(await audioAs(owner, "?view=redacted"), "owner-redacted.mp3");
    expect(fs.readFileSync(ownerRedacted).equals(fs.readFileSync(memberFile))).toBe(true);
    // A member asking for the original still gets the redacted audio.
    const memberOriginal = await fetched(await audioAs(member, "?view=original"), "member-original.mp3");
    expect(fs.readFileSync(memberOriginal).equals(fs.readFileSync(memberFile))).toBe(true);
  });

  test("the redacted audio is served with Range support, as the player seeks", async () => {
    const whole = fs.readFileSync(path.join(directory, "member.mp3"));
    const response = await audioAs(member, "", { Range: "bytes=1000-1999" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(response.headers.get("Content-Range")).toBe(`bytes 1000-1999/${whole.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(whole.subarray(1000, 2000))).toBe(true);
  });

  test("a share link's visitor hears the redacted audio", async () => {
    const { token } = await createShareLink(owner.id, recordingId, { expiry: "7d" });
    const shared = await fetched(await app(`/s/${token}/audio`), "shared.mp3");
    expect(fs.readFileSync(shared).equals(fs.readFileSync(path.join(directory, "member.mp3")))).toBe(true);
    const numbers = measure(shared);
    for (const hidden of numbers.hidden) expect(hidden.toneShare).toBeGreaterThan(0.99);
  });

  test("under the redaction policy, the owner's download is the reviewed redacted audio; the player's ranges stay the original", async () => {
    const database = await db();
    const { workspaceId } = await database.recording.findUniqueOrThrow({ where: { id: recordingId } });
    await database.workspace.update({ where: { id: workspaceId }, data: { redactionRequired: true } });
    try {
      expect((await audioAs(owner)).status).toBe(409);
      const range = await audioAs(owner, "", { Range: "bytes=0-99" });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).equals(fs.readFileSync(JFK).subarray(0, 100))).toBe(true);
      await database.recording.update({ where: { id: recordingId }, data: { redactionReviewedAt: new Date() } });
      const download = await fetched(await audioAs(owner), "owner-download.mp3");
      expect(fs.readFileSync(download).equals(fs.readFileSync(path.join(directory, "member.mp3")))).toBe(true);
    } finally {
      await database.workspace.update({ where: { id: workspaceId }, data: { redactionRequired: false } });
      await database.recording.update({ where: { id: recordingId }, data: { redactionReviewedAt: null } });
    }
  });

  test("a view that is neither original nor redacted is a 400 that names the choices", async () => {
    const response = await audioAs(owner, "?view=everything");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("original, redacted");
  });

  test("a change of redactions makes a new file and deletes the old one; none left makes the original audible", async () => {
    const copies = async () => {
      const keys: string[] = [];
      for await (const object of configuredStorage().list(derivedAudioPrefix(storageKey))) keys.push(object.key);
      return keys;
    };
    const [before] = await copies();
    expect(before).toBeDefined();
    await accept("ask not", "OTHER");
    const file = await fetched(await audioAs(member), "member-more.mp3");
    const after = await copies();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
    // "ask not" (3.25–4.35) is hidden now too.
    const decoded = decodeSamples(file);
    expect(toneShare(stretch(decoded, 3.25, 4.35), MASK_TONE_HZ)).toBeGreaterThan(0.99);

    await (await db()).redaction.deleteMany({ where: { recordingId } });
    await refreshRedactedText(recordingId);
    const response = await audioAs(member);
    expect(response.headers.get("Content-Type")).toBe("audio/wav");
    expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(JFK))).toBe(true);
    expect(await copies()).toEqual([]);
  });
});
