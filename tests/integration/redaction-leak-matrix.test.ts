// The leak matrix (issue 35 item 6, ADR 048): one recording holds each private datum (a redacted phone number, a
// redacted name, a private note, a comment and its owner's email). Every output path is read as every role (signed
// in, and through an API key of that role) and as a share link's anonymous visitor, and each datum must be absent
// wherever the rules say it must be. On failure the test prints a table of what leaked where.
//
// A new output path joins the matrix here: add it to `workspacePaths`, `apiPaths` or `sharePaths` (ADR 048).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { WorkspaceRole } from "~/modules/workspaces/policy";
import { db, getDatabase } from "~/modules/platform/database.server";
import { startJobs, stopJobs } from "~/modules/jobs.server";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { addManualRedaction, decideRedactions, suggestForRecording } from "~/modules/redaction/redactions.server";
import { createShareLink } from "~/modules/sharing/share-links.server";
import { summariseTranscript } from "~/modules/transcripts/summaries.server";
import { queueTranslation, runTranslation } from "~/modules/transcripts/translation-job.server";
import { sealSecret } from "~/modules/platform/secret-box.server";
import { appHandler } from "./app-handler";
import { signedInUser, testOutbox } from "./helpers";

const PHONE = "415-555-0134";
const NAME = "Margaret Holloway";
const NOTE = "settlement floor is forty thousand";
const COMMENT = "opposing counsel has not seen the lease";
const SEGMENTS = [
  `My client ${NAME} can be reached on ${PHONE} after six.`,
  "Thank you. Let us move on to the lease agreement and its renewal terms.",
  // The name again, in a segment with no span of its own: a word hidden once is hidden everywhere.
  `${NAME} signed the lease in March.`,
];

type Datum = "phone" | "name" | "note" | "comment" | "owner email";
type Reader = WorkspaceRole | "share visitor";
const ROLES: WorkspaceRole[] = ["OWNER", "ADMIN", "MEMBER", "REVIEWER", "VIEWER"];
/** Roles that read the original (policy `view-original`); the rest get the redacted view. */
const SEES_ORIGINAL = new Set<Reader>(["OWNER", "ADMIN"]);

let app: Awaited<ReturnType<typeof appHandler>>;
let ownerEmail: string;
let recordingId: string;
let segmentIds: string[];
let workspaceId: string;
let shareToken: string;
const members = {} as Record<WorkspaceRole, { id: string; cookie: string; apiKey: string }>;
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "leak-matrix-"));

/** A response's body as searchable text: PDF through pdftotext, DOCX through its document.xml, the rest as text. */
async function readable(response: Response): Promise<string> {
  const type = response.headers.get("Content-Type") ?? "";
  const bytes = Buffer.from(await response.arrayBuffer());
  if (type.includes("pdf")) {
    const file = path.join(directory, `${Math.random().toString(36).slice(2)}.pdf`);
    fs.writeFileSync(file, bytes);
    return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  }
  if (type.includes("officedocument")) {
    const zip = await JSZip.loadAsync(bytes);
    const parts = Object.keys(zip.files).filter((name) => name.startsWith("word/") && name.endsWith(".xml"));
    // Word splits a run of text across elements: the text is what is left between the tags.
    return (await Promise.all(parts.map((name) => zip.file(name)!.async("string"))))
      .map((xml) => xml.replace(/<[^>]+>/g, ""))
      .join("\n");
  }
  return bytes.toString("utf8");
}

/** The words of a datum as they may appear in any output (HTML escapes nothing in these; PDFs may break lines). */
const appears = (text: string, datum: string) => text.replace(/\s+/g, " ").includes(datum);

interface Reading {
  reader: Reader;
  path: string;
  text: string;
  status: number;
}

async function read(reader: Reader, url: string, init: RequestInit = {}): Promise<Reading> {
  const response = await app(url, init);
  return {
    reader,
    path: url.split("?")[0].replace(recordingId, ":id").replace(shareToken, ":token") + query(url),
    text: await readable(response),
    status: response.status,
  };
}
const query = (url: string) => (url.includes("?") ? `?${url.split("?")[1]}` : "");

const EXPORTS = ["txt", "srt", "vtt", "json", "docx", "pdf"];

/** Every output path of the app and its downloads, as a signed-in member. */
function workspacePaths(): string[] {
  const id = recordingId;
  return [
    `/transcription/${id}`,
    `/transcription/${id}?view=redacted`,
    `/transcription/${id}?lang=es`,
    `/transcription/${id}/segments/${segmentIds[0]}`,
    `/transcription/${id}/segments/${segmentIds[2]}`,
    ...EXPORTS.map((format) => `/transcription/${id}/export?format=${format}&options=1&notes=comments`),
    `/transcription/${id}/export?format=txt&language=es&text=both`,
    `/transcription/${id}/export?format=txt&language=es&text=translation`,
    `/transcription/${id}/export?format=pdf&layout=legal`,
    `/transcription/${id}/export?format=docx&layout=legal`,
    `/transcription/${id}/export?format=txt&view=redacted`,
  ];
}

/** Every output path of the public API, with a key of the member's role. */
function apiPaths(): string[] {
  const id = recordingId;
  return [
    `/api/v1/recordings/${id}`,
    `/api/v1/recordings/${id}?view=redacted`,
    ...EXPORTS.map((format) => `/api/v1/recordings/${id}/export?format=${format}`),
    `/api/v1/recordings/${id}/export?format=txt&language=es&text=both`,
    `/api/v1/recordings/${id}/export?format=txt&language=es&text=translation`,
    `/api/v1/recordings/${id}/export?format=pdf&layout=legal`,
  ];
}

/** Every output path of the share link, for an anonymous visitor. */
function sharePaths(): string[] {
  return [
    `/s/${shareToken}`,
    `/s/${shareToken}?lang=es`,
    ...EXPORTS.map((format) => `/s/${shareToken}/export?format=${format}&options=1&notes=comments`),
    `/s/${shareToken}/export?format=txt&language=es&text=both`,
    `/s/${shareToken}/export?format=txt&language=es&text=translation`,
    `/s/${shareToken}/export?format=pdf&layout=legal`,
  ];
}

/** Where each datum must be absent: true = must not appear in what this reader reads on this path. */
function mustHide(datum: Datum, reading: Reading): boolean {
  const redactedView = !SEES_ORIGINAL.has(reading.reader) || reading.path.includes("view=redacted");
  switch (datum) {
    case "phone":
    case "name":
      // Translations are made from the redacted text: no reader, not even the owner, finds these in a translation
      // alone (the page's ?lang= and a bilingual export show the original beside it, to those who may read it).
      return redactedView || reading.path.includes("text=translation");
    case "note":
    case "comment":
      return reading.reader === "share visitor";
    case "owner email":
      // Only the owner's own pages show it (the app shell names who is signed in); no output carries it.
      return !(reading.reader === "OWNER" && !reading.path.includes("/export") && !reading.path.startsWith("/api"));
  }
}

const DATA: Record<Datum, () => string> = {
  phone: () => PHONE,
  name: () => NAME,
  note: () => NOTE,
  comment: () => COMMENT,
  "owner email": () => ownerEmail,
};

function leaksIn(readings: Reading[]) {
  const leaks: { datum: Datum; reader: Reader; path: string }[] = [];
  for (const reading of readings)
    for (const datum of Object.keys(DATA) as Datum[])
      if (mustHide(datum, reading) && appears(reading.text, DATA[datum]())) leaks.push({ datum, ...reading });
  return leaks.map(({ datum, reader, path }) => ({ datum, reader, path }));
}

const table = (leaks: { datum: string; reader: string; path: string }[]) =>
  "What leaked where:\n" +
  leaks.map((leak) => `  ${leak.datum.padEnd(12)} ${leak.reader.padEnd(14)} ${leak.path}`).join("\n");

beforeAll(async () => {
  app = await appHandler();
  await startJobs(await getDatabase(), { work: false, mailTransport: testOutbox() });
  const database = await db();
  const users = await Promise.all(ROLES.map(() => signedInUser("BUSINESS_PRO")));
  const owner = users[0];
  ownerEmail = (await database.user.findUniqueOrThrow({ where: { id: owner.id } })).email;
  const workspace = await database.workspace.create({
    data: {
      name: "Holloway matter",
      kind: "TEAM",
      billingOwnerId: owner.id,
      seats: 10,
      members: { create: ROLES.map((role, index) => ({ userId: users[index].id, role })) },
    },
  });
  workspaceId = workspace.id;
  for (const [index, role] of ROLES.entries()) {
    await database.user.update({ where: { id: users[index].id }, data: { currentWorkspaceId: workspace.id } });
    const { key } = await createApiKey(users[index].id, `${role} key`, ["read", "write"]);
    members[role] = { ...users[index], apiKey: key };
  }
  // A webhook receiver, so every event's payload is stored as a delivery (nothing is sent: no worker runs here).
  await database.webhookEndpoint.create({
    data: {
      userId: owner.id,
      workspaceId,
      url: "https://hooks.example.com/voxlate",
      events: ["transcription.completed", "translation.completed", "summary.completed"],
      secret: sealSecret("whsec_leak_matrix_secret_value_0123456789"),
    },
  });
  const recording = await database.recording.create({
    data: {
      userId: owner.id,
      workspaceId,
      title: "Lease interview",
      fileName: "interview.wav",
      storageKey: `recordings/${owner.id}/missing.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      // Long enough that the translation's email is sent.
      durationSeconds: 3600,
      status: "COMPLETED",
      completedAt: new Date(),
      engine: "pocketsphinx",
      transcriptLanguage: "en",
      segments: {
        create: SEGMENTS.map((text, position) => ({
          position,
          start: position * 10,
          end: position * 10 + 9,
          text,
          speaker: position === 1 ? "Speaker 2" : "Speaker 1",
        })),
      },
      comments: undefined,
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
  recordingId = recording.id;
  segmentIds = recording.segments.map((segment) => segment.id);
  // The private note quotes the name; the comment is on the whole segment.
  await database.transcriptComment.createMany({
    data: [
      {
        recordingId,
        segmentId: segmentIds[0],
        userId: owner.id,
        quote: NAME,
        startOffset: 10,
        endOffset: 27,
        body: NOTE,
      },
      { recordingId, segmentId: segmentIds[1], userId: owner.id, quote: "", body: COMMENT },
    ],
  });
  // A translation made before the redactions: it holds the original, and must not survive them.
  await queueTranslation(recordingId, "es");
  await runTranslation({ recordingId, language: "es" }, { finalAttempt: true });

  // The owner finds the phone number by suggestion and accepts it, and redacts the name by hand.
  const ownerScope = { userId: owner.id, workspaceId, role: "OWNER" as const };
  await suggestForRecording(ownerScope, recordingId);
  const phone = await database.redaction.findFirst({ where: { recordingId, category: "PHONE", text: PHONE } });
  expect(phone, "the detectors suggest the phone number").not.toBeNull();
  await decideRedactions(ownerScope, recordingId, { ids: [phone!.id], decision: "accept" });
  const at = SEGMENTS[0].indexOf(NAME);
  await addManualRedaction(ownerScope, recordingId, {
    segmentId: segmentIds[0],
    startOffset: at,
    endOffset: at + NAME.length,
    category: "NAME",
  });
  // Made after the redactions: from the redacted text.
  await queueTranslation(recordingId, "es");
  await runTranslation({ recordingId, language: "es" }, { finalAttempt: true });
  await summariseTranscript(owner.id, recordingId);
  const share = await createShareLink(owner.id, recordingId, { expiry: "never", allowDownloads: true });
  shareToken = share.token;
}, 120_000);

afterAll(stopJobs);

describe("the leak matrix", () => {
  test("no datum reaches a reader who must not see it, on any output path", { timeout: 240_000 }, async () => {
    const readings: Reading[] = [];
    for (const role of ROLES) {
      const { cookie, apiKey } = members[role];
      for (const url of workspacePaths()) readings.push(await read(role, url, { headers: { Cookie: cookie } }));
      for (const url of apiPaths())
        readings.push(await read(role, url, { headers: { Authorization: `Bearer ${apiKey}` } }));
    }
    for (const url of sharePaths()) readings.push(await read("share visitor", url));

    // The planting worked and the paths answer: the owner reads the phone number, the name and the note on the page,
    // and every role's API detail and export answered 200.
    const ownerPage = readings.find((reading) => reading.reader === "OWNER" && reading.path === "/transcription/:id")!;
    expect(appears(ownerPage.text, PHONE) && appears(ownerPage.text, NAME) && appears(ownerPage.text, NOTE)).toBe(true);
    // The export form offers owners the redacted version, and tells the others what they get.
    expect(ownerPage.text).toContain("Redacted (as others get it)");
    const memberPage = readings.find(
      (reading) => reading.reader === "MEMBER" && reading.path === "/transcription/:id",
    )!;
    expect(memberPage.text).toContain("Redacted passages are exported as their labels");
    const failed = readings.filter(
      (reading) =>
        reading.status !== 200 &&
        // A viewer may not open the segment's edit page (403, which shows nothing of it).
        !(reading.path.includes("/segments/") && reading.status === 403),
    );
    expect(failed.map(({ reader, path, status }) => `${reader} ${path} ${status}`)).toEqual([]);

    // Webhook payloads and emails go to people outside the reader's role: nothing private in them.
    const database = await db();
    const deliveries = await database.webhookDelivery.findMany({ where: { endpoint: { workspaceId } } });
    expect(deliveries.length, "the translation and summary events were stored").toBeGreaterThanOrEqual(2);
    for (const delivery of deliveries)
      readings.push({
        reader: "share visitor",
        path: `webhook ${delivery.event}`,
        text: delivery.payload,
        status: 200,
      });
    const mails = (
      await (
        await getDatabase()
      ).sql.query<{ data: { to: string; subject: string; html: string; text: string } }>(
        `SELECT data FROM pgboss.job WHERE name = 'send-email'`,
      )
    ).map((row) => row.data);
    expect(mails.some((mail) => mail.subject.includes("translation") || mail.subject.includes("Spanish"))).toBe(true);
    for (const mail of mails)
      readings.push({
        reader: "share visitor",
        path: `email "${mail.subject}"`,
        text: `${mail.subject}\n${mail.html}\n${mail.text}`.replaceAll(
          ownerEmail,
          mail.to === ownerEmail ? "" : ownerEmail,
        ),
        status: 200,
      });

    const leaks = leaksIn(readings);
    expect(leaks, table(leaks)).toEqual([]);
  });

  test("search: a reader of the redacted view cannot find the recording by a hidden word", async () => {
    const found = async (role: WorkspaceRole, words: string) => {
      const page = await (
        await app(`/recordings?q=${encodeURIComponent(words)}`, { headers: { Cookie: members[role].cookie } })
      ).text();
      const api = (await (
        await app(`/api/v1/recordings?q=${encodeURIComponent(words)}`, {
          headers: { Authorization: `Bearer ${members[role].apiKey}` },
        })
      ).json()) as { data: { id: string }[] };
      return { page: page.includes(recordingId), api: api.data.some((row) => row.id === recordingId) };
    };
    const results: string[] = [];
    for (const role of ROLES)
      for (const words of ["Holloway", "Margaret", "lease"]) {
        const result = await found(role, words);
        results.push(`${role} ${words}: page ${result.page}, api ${result.api}`);
      }
    // Owners and admins find it by every word; the others only by words that are not hidden.
    expect(results).toEqual(
      ROLES.flatMap((role) =>
        ["Holloway", "Margaret", "lease"].map((words) => {
          const finds = SEES_ORIGINAL.has(role) || words === "lease";
          return `${role} ${words}: page ${finds}, api ${finds}`;
        }),
      ),
    );
  });

  // Last: it turns the workspace's policy on.
  test("with redaction required, nothing leaves the workspace until a person reviewed the redactions", async () => {
    const owner = members.OWNER;
    const asKey = (role: WorkspaceRole, init: RequestInit = {}) => ({
      ...init,
      headers: { Authorization: `Bearer ${members[role].apiKey}`, "Content-Type": "application/json" },
    });
    const policy = await app(
      `/api/v1/workspaces/${workspaceId}/policies`,
      asKey("ADMIN", { method: "PATCH", body: JSON.stringify({ redactionRequired: true }) }),
    );
    expect(policy.status).toBe(200);
    expect(((await policy.json()) as { redactionRequired: boolean }).redactionRequired).toBe(true);

    // Not reviewed yet: no export (app or API, any role), no new share link, and the existing link pauses.
    const refusals = [
      await app(`/transcription/${recordingId}/export?format=txt`, { headers: { Cookie: owner.cookie } }),
      await app(`/api/v1/recordings/${recordingId}/export?format=txt`, asKey("MEMBER")),
      await app(`/s/${shareToken}/export?format=txt`),
    ];
    expect(refusals.map((response) => response.status)).toEqual([409, 409, 409]);
    // The API's detail is the redacted text, even for the owner's key asking for the original.
    const detail = await (await app(`/api/v1/recordings/${recordingId}?view=original`, asKey("OWNER"))).text();
    expect(detail).toContain("[PHONE]");
    expect(appears(detail, PHONE) || appears(detail, NAME)).toBe(false);
    await expect(createShareLink(owner.id, recordingId, { expiry: "7d", allowDownloads: false })).rejects.toMatchObject(
      { status: 409 },
    );

    // A member may not review; an admin does, through the API.
    const byMember = await app(
      `/api/v1/recordings/${recordingId}/redactions`,
      asKey("MEMBER", { method: "POST", body: JSON.stringify({ intent: "reviewed" }) }),
    );
    expect(byMember.status).toBe(403);
    // The review waits for every suggestion to be decided: the admin rejects what is left, by id.
    const redactions = `/api/v1/recordings/${recordingId}/redactions`;
    const early = await app(
      redactions,
      asKey("ADMIN", { method: "POST", body: JSON.stringify({ intent: "reviewed" }) }),
    );
    const listed = (await (await app(redactions, asKey("ADMIN"))).json()) as {
      pending: number;
      redactions: { id: string; status: string }[];
    };
    expect(early.status).toBe(listed.pending ? 409 : 200);
    const pending = listed.redactions.filter((row) => row.status === "suggested").map((row) => row.id);
    if (pending.length) {
      const rejected = await app(
        redactions,
        asKey("ADMIN", { method: "POST", body: JSON.stringify({ intent: "reject", ids: pending }) }),
      );
      expect(((await rejected.json()) as { pending: number }).pending).toBe(0);
    }
    const reviewed = await app(
      redactions,
      asKey("ADMIN", { method: "POST", body: JSON.stringify({ intent: "reviewed" }) }),
    );
    expect(reviewed.status).toBe(200);
    expect(((await reviewed.json()) as { reviewedAt: string | null }).reviewedAt).not.toBeNull();

    // Reviewed: what leaves is the redacted version, even for the owner who asks for the original.
    const exported = await app(`/transcription/${recordingId}/export?format=txt&view=original`, {
      headers: { Cookie: owner.cookie },
    });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain("[PHONE]");
    expect(appears(text, PHONE) || appears(text, NAME)).toBe(false);
    expect((await app(`/s/${shareToken}`)).status).toBe(200);
    await expect(createShareLink(owner.id, recordingId, { expiry: "7d", allowDownloads: false })).resolves.toBeTruthy();
  });
});
