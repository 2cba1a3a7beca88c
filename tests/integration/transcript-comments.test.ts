// Notes on transcript passages through the production request handler: add (by selection offsets or a typed
// quote), validation, delete, export, and nobody but the owner can add, see or delete them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});
afterAll(() => undefined);

async function completedRecording(userId: string) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Board meeting",
      fileName: "board.wav",
      storageKey: `test/${userId}/board.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 20,
      status: "COMPLETED",
      engine: "pocketsphinx",
      segments: {
        create: [
          { position: 0, start: 0, end: 5, text: "We approve the budget for next year.", speaker: "Speaker 1" },
          { position: 1, start: 5, end: 9, text: "The vote is unanimous.", speaker: "Speaker 2" },
        ],
      },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
}

const post = (cookie: string, url: string, fields: Record<string, string>) =>
  app(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("transcript notes", () => {
  test("add by selection or typed quote, shown escaped in the margin, exported, deleted; refusals", async () => {
    const owner = await signedInUser("PREMIUM");
    const recording = await completedRecording(owner.id);
    const [first, second] = recording.segments;
    const url = `/transcription/${recording.id}`;
    const database = await db();

    // A selection: offsets and the quote agree.
    const selected = await post(owner.cookie, url, {
      intent: "add-comment",
      segmentId: first.id,
      quote: "the budget",
      startOffset: "11",
      endOffset: "21",
      body: "Which <script>alert(1)</script> budget?",
    });
    expect(selected.status).toBe(303);
    // Back to the editor's page that holds the segment, at the note.
    expect(selected.headers.get("Location")).toMatch(new RegExp(`^${url}\\?segment=${first.id}#comment-`));
    // Without JavaScript: a typed quote is found in the segment; an empty one is a note on the whole segment.
    expect(
      (
        await post(owner.cookie, url, {
          intent: "add-comment",
          segmentId: second.id,
          quote: "unanimous",
          body: "Check the minutes",
        })
      ).status,
    ).toBe(303);
    expect(
      (await post(owner.cookie, url, { intent: "add-comment", segmentId: second.id, quote: "", body: "Whole segment" }))
        .status,
    ).toBe(303);
    const notes = await database.transcriptComment.findMany({
      where: { recordingId: recording.id },
      orderBy: { createdAt: "asc" },
    });
    expect(
      notes.map(({ quote, startOffset, endOffset, userId }) => ({ quote, startOffset, endOffset, userId })),
    ).toEqual([
      { quote: "the budget", startOffset: 11, endOffset: 21, userId: owner.id },
      { quote: "unanimous", startOffset: 12, endOffset: 21, userId: owner.id },
      { quote: "", startOffset: null, endOffset: null, userId: owner.id },
    ]);

    // Refused with a specific message: no note, a quote not in the segment, a segment of another recording.
    const empty = await post(owner.cookie, url, { intent: "add-comment", segmentId: first.id, body: "  " });
    expect(empty.status).toBe(400);
    const missing = await post(owner.cookie, url, {
      intent: "add-comment",
      segmentId: first.id,
      quote: "not said",
      body: "x",
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("The quoted text is not in that segment");
    const tooLong = await post(owner.cookie, url, {
      intent: "add-comment",
      segmentId: first.id,
      body: "x".repeat(2001),
    });
    expect(tooLong.status).toBe(400);

    // The page shows the notes, escaped.
    const page = await (await app(url, { headers: { Cookie: owner.cookie } })).text();
    expect(page).toContain("Which &lt;script&gt;alert(1)&lt;/script&gt; budget?");
    expect(page).not.toContain("<script>alert(1)</script>");

    // JSON export carries them.
    const exported = await (await app(`${url}/export?format=json`, { headers: { Cookie: owner.cookie } })).json();
    expect(exported.segments[0].comments).toEqual([
      { quote: "the budget", body: "Which <script>alert(1)</script> budget?" },
    ]);
    expect(exported.segments[1].comments).toHaveLength(2);
    const bad = await app(`${url}/export?format=docx&notes=margin`, { headers: { Cookie: owner.cookie } });
    expect(bad.status).toBe(400);

    // Another user: cannot add to, see, export or delete the owner's notes (404, as if there were none).
    const stranger = await signedInUser("PREMIUM");
    const theirs = await completedRecording(stranger.id);
    expect(
      (await post(stranger.cookie, url, { intent: "add-comment", segmentId: first.id, body: "mine" })).status,
    ).toBe(404);
    // Their own recording's URL with the owner's segment: the segment is not in that recording.
    expect(
      (
        await post(stranger.cookie, `/transcription/${theirs.id}`, {
          intent: "add-comment",
          segmentId: first.id,
          body: "x",
        })
      ).status,
    ).toBe(404);
    expect((await post(stranger.cookie, url, { intent: "delete-comment", commentId: notes[0].id })).status).toBe(404);
    expect(
      (await post(stranger.cookie, `/transcription/${theirs.id}`, { intent: "delete-comment", commentId: notes[0].id }))
        .status,
    ).toBe(404);
    expect((await app(`${url}/export?format=json`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    expect(await database.transcriptComment.count({ where: { recordingId: recording.id } })).toBe(3);

    // The owner deletes one.
    expect((await post(owner.cookie, url, { intent: "delete-comment", commentId: notes[0].id })).status).toBe(303);
    expect(await database.transcriptComment.count({ where: { recordingId: recording.id } })).toBe(2);
    expect((await post(owner.cookie, url, { intent: "delete-comment", commentId: notes[0].id })).status).toBe(404);
  });
});
