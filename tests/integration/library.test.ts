// @both-databases: the library's full-text search, SQL in app/modules/recordings/list.server.ts
// The library (/recordings): folders, tags, filters combined with full-text search, bulk actions, the streamed ZIP
// export and ownership, through the production request handler on a real database.
import crypto from "node:crypto";
import JSZip from "jszip";
import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

async function recordingOf(
  userId: string,
  title: string,
  {
    text = "Minutes of the call.",
    status = "COMPLETED" as "COMPLETED" | "QUEUED",
    folderId = null as string | null,
  } = {},
) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title,
      fileName: `${title}.wav`,
      storageKey: `recordings/${userId}/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 4,
      status,
      transcriptLanguage: "en",
      folderId,
      segments:
        status === "COMPLETED"
          ? { create: [{ position: 0, start: 0, end: 4, text, speaker: "Speaker 1" }] }
          : undefined,
    },
  });
}

function post(user: User, fields: [string, string][] | Record<string, string>, path = "/recordings") {
  return app(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const page = async (user: User, search = "") =>
  // React marks where text pieces meet with empty comments; the checks read the text as it shows.
  (await (await app(`/recordings${search}`, { headers: { Cookie: user.cookie } })).text()).replaceAll("<!-- -->", "");
/** The titles listed on the page: each row's checkbox is labelled "Select <title>". */
const listed = (html: string) => [...html.matchAll(/aria-label="Select ([^"]+)"/g)].map((match) => match[1]).sort();

async function folderNamed(userId: string, name: string) {
  return (await db()).folder.findFirstOrThrow({ where: { userId, name } });
}

describe("folders", () => {
  test("create, refuse a duplicate in any case and a bad name, rename, delete (its recordings stay, unfiled)", async () => {
    const user = await signedInUser();
    // Posted from a searched list: the list stays as it was, not opened on the new, empty folder (which would
    // quietly limit the next search to it).
    const created = await post(user, { intent: "create-folder", name: "  Clients  " }, "/recordings?q=budget");
    expect(created.status).toBe(303);
    const folder = await folderNamed(user.id, "Clients");
    expect(created.headers.get("Location")).toBe("/recordings?q=budget");

    const duplicate = await post(user, { intent: "create-folder", name: "clients" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("You already have a folder called “Clients”.");
    const empty = await post(user, { intent: "create-folder", name: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Give the folder a name.");
    const long = await post(user, { intent: "create-folder", name: "x".repeat(61) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Folder names can be at most 60 characters.");

    await post(user, { intent: "create-folder", name: "Archive" });
    expect((await post(user, { intent: "rename-folder", folderId: folder.id, name: "ARCHIVE" })).status).toBe(409);
    expect((await post(user, { intent: "rename-folder", folderId: folder.id, name: "Client calls" })).status).toBe(303);
    expect((await (await db()).folder.findUniqueOrThrow({ where: { id: folder.id } })).name).toBe("Client calls");

    const inside = await recordingOf(user.id, "Kick-off", { folderId: folder.id });
    const html = await page(user, `?folder=${folder.id}`);
    // The confirm question says where its recordings go.
    expect(html).toContain("1 recording in it will move back to “No folder”. No recording is deleted.");
    const deleted = await post(
      user,
      { intent: "delete-folder", folderId: folder.id },
      `/recordings?folder=${folder.id}`,
    );
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("Location")).toBe("/recordings");
    expect(await (await db()).folder.count({ where: { id: folder.id } })).toBe(0);
    expect(await (await db()).recording.findUniqueOrThrow({ where: { id: inside.id } })).toMatchObject({
      folderId: null,
    });
  });

  test("an empty folder says how to fill it; no recordings at all says how to upload", async () => {
    const user = await signedInUser();
    expect(await page(user)).toContain("You have no recordings yet.");
    await post(user, { intent: "create-folder", name: "Empty" });
    const folder = await folderNamed(user.id, "Empty");
    expect(await page(user, `?folder=${folder.id}`)).toContain("“Empty” is empty.");
    await recordingOf(user.id, "Elsewhere");
    expect(await page(user, "?tag=missing")).toContain("No recordings match these filters.");
  });
});

describe("moving, tags and filters", () => {
  let user: User;
  let clients: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    user = await signedInUser();
    await post(user, { intent: "create-folder", name: "Clients" });
    clients = (await folderNamed(user.id, "Clients")).id;
    ids.review = (await recordingOf(user.id, "Budget review", { text: "The quarterly budget is approved." })).id;
    ids.draft = (await recordingOf(user.id, "Budget draft", { text: "A first draft." })).id;
    ids.sync = (await recordingOf(user.id, "Team sync", { text: "We talked about the budget and hiring." })).id;
  });

  test("move to a folder and back out; tag several at once, in any case; filters combine with search", async () => {
    const moved = await post(user, [
      ["intent", "move"],
      ["ids", ids.draft],
      ["ids", ids.sync],
      ["folderId", clients],
    ]);
    expect(moved.status).toBe(303);
    expect(await (await db()).recording.count({ where: { folderId: clients } })).toBe(2);
    expect(
      (
        await post(user, [
          ["intent", "move"],
          ["ids", ids.sync],
          ["folderId", "none"],
        ])
      ).status,
    ).toBe(303);

    expect(
      (
        await post(user, [
          ["intent", "add-tag"],
          ["ids", ids.draft],
          ["ids", ids.sync],
          ["tag", "Urgent"],
        ])
      ).status,
    ).toBe(303);
    // The same tag in another case is the same tag.
    await post(user, [
      ["intent", "add-tag"],
      ["ids", ids.review],
      ["tag", "urgent"],
    ]);
    expect(await (await db()).tag.findMany({ where: { userId: user.id }, select: { name: true } })).toEqual([
      { name: "Urgent" },
    ]);
    await post(user, { intent: "remove-tag", recordingId: ids.review, tag: "Urgent" });

    expect(listed(await page(user, `?folder=${clients}`))).toEqual(["Budget draft"]);
    expect(listed(await page(user, "?folder=none"))).toEqual(["Budget review", "Team sync"]);
    expect(listed(await page(user, "?tag=urgent"))).toEqual(["Budget draft", "Team sync"]);
    // Search over titles and transcripts, narrowed by folder and tag.
    expect(listed(await page(user, "?q=budget"))).toEqual(["Budget draft", "Budget review", "Team sync"]);
    expect(listed(await page(user, `?q=budget&folder=${clients}`))).toEqual(["Budget draft"]);
    expect(listed(await page(user, "?q=budget&tag=Urgent"))).toEqual(["Budget draft", "Team sync"]);
    expect(listed(await page(user, "?q=budget&tag=Urgent&folder=none"))).toEqual(["Team sync"]);
    expect(listed(await page(user, "?q=hiring&folder=none"))).toEqual(["Team sync"]);
    expect(await page(user, `?q=hiring&folder=${clients}`)).toContain("No titles or transcripts match.");
  });

  test("the last recording's tag removed forgets the tag; bad input gets specific 400s", async () => {
    await post(user, [
      ["intent", "add-tag"],
      ["ids", ids.review],
      ["tag", "once"],
    ]);
    expect(await (await db()).tag.count({ where: { userId: user.id, name: "once" } })).toBe(1);
    expect((await post(user, { intent: "remove-tag", recordingId: ids.review, tag: "once" })).status).toBe(303);
    expect(await (await db()).tag.count({ where: { userId: user.id, name: "once" } })).toBe(0);

    const noSelection = await post(user, { intent: "move", folderId: clients });
    expect(noSelection.status).toBe(400);
    expect(await noSelection.text()).toContain("Select at least one recording.");
    const badTag = await post(user, [
      ["intent", "add-tag"],
      ["ids", ids.review],
      ["tag", "a,b"],
    ]);
    expect(badTag.status).toBe(400);
    expect(await badTag.text()).toContain("Tags cannot contain commas or #.");
    expect((await post(user, { intent: "explode" })).status).toBe(400);
    expect((await app("/recordings?q=" + "x".repeat(201), { headers: { Cookie: user.cookie } })).status).toBe(400);
  });
});

describe("bulk delete", () => {
  test("deletes every selected recording of the owner", async () => {
    const user = await signedInUser();
    const a = await recordingOf(user.id, "One");
    const b = await recordingOf(user.id, "Two");
    const kept = await recordingOf(user.id, "Three");
    const response = await post(user, [
      ["intent", "delete"],
      ["ids", a.id],
      ["ids", b.id],
    ]);
    expect(response.status).toBe(303);
    const left = await (await db()).recording.findMany({ where: { userId: user.id }, select: { id: true } });
    expect(left).toEqual([{ id: kept.id }]);
  });
});

async function unzip(response: Response) {
  const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()), { checkCRC32: true });
  return zip;
}

describe("ZIP export", () => {
  test("the chosen formats of each finished transcript, names kept apart; unfinished ones are named in a note", async () => {
    const user = await signedInUser();
    const first = await recordingOf(user.id, "Board meeting", { text: "The board approved the lighthouse budget." });
    const second = await recordingOf(user.id, "Board meeting", { text: "A second meeting about the harbour." });
    const queued = await recordingOf(user.id, "Still running", { status: "QUEUED" });
    const response = await post(
      user,
      [
        ["ids", first.id],
        ["ids", second.id],
        ["ids", queued.id],
        ["format", "txt"],
        ["format", "docx"],
        ["format", "pdf"],
        ["format", "srt"],
        ["format", "json"],
      ],
      "/recordings/export",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="voxlate-transcripts-[\d-]+\.zip"$/,
    );
    // Streamed: no length is known up front.
    expect(response.headers.get("Content-Length")).toBeNull();
    const zip = await unzip(response);
    expect(Object.keys(zip.files).sort()).toEqual([
      "board-meeting-2.docx",
      "board-meeting-2.json",
      "board-meeting-2.pdf",
      "board-meeting-2.srt",
      "board-meeting-2.txt",
      "board-meeting.docx",
      "board-meeting.json",
      "board-meeting.pdf",
      "board-meeting.srt",
      "board-meeting.txt",
      "not-included.txt",
    ]);
    expect(await zip.file("board-meeting.txt")!.async("string")).toContain("lighthouse budget");
    expect(await zip.file("board-meeting-2.srt")!.async("string")).toContain("harbour");
    expect(JSON.parse(await zip.file("board-meeting.json")!.async("string"))).toMatchObject({ title: "Board meeting" });
    const docx = await mammoth.extractRawText({ buffer: await zip.file("board-meeting-2.docx")!.async("nodebuffer") });
    expect(docx.value).toContain("harbour");
    const pdf = await new PDFParse({ data: await zip.file("board-meeting.pdf")!.async("uint8array") }).getText();
    expect(pdf.text).toContain("lighthouse");
    expect(await zip.file("not-included.txt")!.async("string")).toContain(
      "- Still running: the transcript is not finished.",
    );
  });

  test("with the court-ready layout, the PDF and DOCX files are the legal layout and the others standard", async () => {
    const user = await signedInUser();
    const hearing = await recordingOf(user.id, "Hearing", { text: "The witness described the harbour at night." });
    const response = await post(
      user,
      [
        ["ids", hearing.id],
        ["format", "txt"],
        ["format", "pdf"],
        ["format", "docx"],
        ["layout", "legal"],
        ["tz", "Europe/Berlin"],
      ],
      "/recordings/export",
    );
    expect(response.status).toBe(200);
    const zip = await unzip(response);
    expect(Object.keys(zip.files).sort()).toEqual(["hearing-legal.docx", "hearing-legal.pdf", "hearing.txt"]);
    const pdf = await new PDFParse({ data: await zip.file("hearing-legal.pdf")!.async("uint8array") }).getText();
    // The legal layout: a certificate, times in the chosen zone, the numbered transcript; the text file is as ever.
    expect(pdf.text).toContain("CERTIFICATE");
    expect(pdf.text).toContain("Europe/Berlin");
    // Numbered lines (the text wrapped at the layout's width), and the speaker index.
    expect(pdf.text).toContain("2 The witness described the harbour at\n3 night.");
    expect(pdf.text).toContain("INDEX OF SPEAKERS");
    const docx = await mammoth.extractRawText({ buffer: await zip.file("hearing-legal.docx")!.async("nodebuffer") });
    expect(docx.value).toContain("CERTIFICATE");
    expect(await zip.file("hearing.txt")!.async("string")).not.toContain("CERTIFICATE");

    const refused = await post(
      user,
      [
        ["ids", hearing.id],
        ["format", "txt"],
        ["layout", "legal"],
      ],
      "/recordings/export",
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(
      "The court-ready layout is for PDF and Word files: choose PDF or DOCX among the formats too.",
    );
  });

  test("refusals: nothing selected, no format, an unknown format, nothing finished", async () => {
    const user = await signedInUser();
    const done = await recordingOf(user.id, "Done");
    const queued = await recordingOf(user.id, "Queued", { status: "QUEUED" });
    const refused = async (fields: [string, string][], status: number, message: string) => {
      const response = await post(user, fields, "/recordings/export");
      expect(response.status).toBe(status);
      expect(await response.text()).toBe(message);
    };
    await refused([["format", "txt"]], 400, "Select at least one recording.");
    await refused([["ids", done.id]], 400, "Choose at least one format for the ZIP.");
    await refused(
      [
        ["ids", done.id],
        ["format", "exe"],
      ],
      400,
      "Choose formats from: pdf, docx, txt, srt, vtt, json.",
    );
    await refused(
      [
        ["ids", queued.id],
        ["format", "txt"],
      ],
      409,
      "None of the selected recordings has a finished transcript yet.",
    );
  });
});

describe("another user's folders and recordings are refused with 404", () => {
  test("every action, the folder filter and the export", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    await post(owner, { intent: "create-folder", name: "Private" });
    const folder = await folderNamed(owner.id, "Private");
    const theirs = await recordingOf(owner.id, "Their call", { folderId: folder.id });
    await post(owner, [
      ["intent", "add-tag"],
      ["ids", theirs.id],
      ["tag", "secret"],
    ]);
    const mine = await recordingOf(intruder.id, "My call");
    await post(intruder, { intent: "create-folder", name: "Mine" });
    const myFolder = await folderNamed(intruder.id, "Mine");

    const attempts: [string, [string, string][]][] = [
      [
        "rename their folder",
        [
          ["intent", "rename-folder"],
          ["folderId", folder.id],
          ["name", "Hacked"],
        ],
      ],
      [
        "delete their folder",
        [
          ["intent", "delete-folder"],
          ["folderId", folder.id],
        ],
      ],
      [
        "move mine into their folder",
        [
          ["intent", "move"],
          ["ids", mine.id],
          ["folderId", folder.id],
        ],
      ],
      [
        "move theirs into mine",
        [
          ["intent", "move"],
          ["ids", theirs.id],
          ["folderId", myFolder.id],
        ],
      ],
      [
        "move theirs with mine",
        [
          ["intent", "move"],
          ["ids", mine.id],
          ["ids", theirs.id],
          ["folderId", "none"],
        ],
      ],
      [
        "tag theirs",
        [
          ["intent", "add-tag"],
          ["ids", theirs.id],
          ["tag", "mine"],
        ],
      ],
      [
        "untag theirs",
        [
          ["intent", "remove-tag"],
          ["recordingId", theirs.id],
          ["tag", "secret"],
        ],
      ],
      [
        "delete theirs with mine",
        [
          ["intent", "delete"],
          ["ids", mine.id],
          ["ids", theirs.id],
        ],
      ],
    ];
    for (const [what, fields] of attempts) {
      expect((await post(intruder, fields)).status, what).toBe(404);
    }
    expect((await app(`/recordings?folder=${folder.id}`, { headers: { Cookie: intruder.cookie } })).status).toBe(404);
    // Their tag filters nothing in and shows nothing of theirs.
    expect(listed(await page(intruder, "?tag=secret"))).toEqual([]);
    const zip = await post(
      intruder,
      [
        ["ids", theirs.id],
        ["format", "txt"],
      ],
      "/recordings/export",
    );
    expect(zip.status).toBe(404);
    expect(await zip.text()).toBe("Recording not found.");

    const database = await db();
    expect(await database.folder.findUniqueOrThrow({ where: { id: folder.id } })).toMatchObject({ name: "Private" });
    expect(await database.recording.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      folderId: folder.id,
    });
    expect(await database.recording.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ folderId: null });
    expect(await database.recordingTag.count({ where: { recordingId: theirs.id } })).toBe(1);
    expect(await database.recordingTag.count({ where: { recordingId: mine.id } })).toBe(0);
  });

  test("signed out, the library and its export send to sign-in", async () => {
    expect((await app("/recordings")).status).toBe(302);
    const response = await app("/recordings/export", {
      method: "POST",
      body: new URLSearchParams({ ids: "x", format: "txt" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });
});
