// @both-databases: the locked, numbered revisions written in SQL by app/modules/transcripts/editor.server.ts
// The transcript editor's saves through the production request handler: the JSON route the editor autosaves to and
// the page's forms (without JavaScript), ownership, revisions with undo and restore, and refusals of bad input.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});

const words = (text: string, start: number, end: number) => {
  const parts = text.split(" ");
  const step = (end - start) / parts.length;
  return parts.map((word, index) => ({
    word,
    start: start + index * step,
    end: start + (index + 1) * step,
    confidence: index === 1 ? 0.3 : 0.9,
  }));
};

async function recordingWithTranscript(userId: string) {
  const texts = ["Ask not what your country can do", "for you, ask what you", "can do for your country."];
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Editor",
      fileName: "editor.wav",
      storageKey: `test/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 9,
      status: "COMPLETED",
      segments: {
        create: texts.map((text, position) => ({
          position,
          start: position * 3,
          end: position * 3 + 3,
          text,
          speaker: position === 1 ? "Speaker 2" : "Speaker 1",
          words: words(text, position * 3, position * 3 + 3),
        })),
      },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
}

const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
  method: "POST",
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

const segmentsOf = async (recordingId: string) =>
  (await db()).transcriptSegment.findMany({ where: { recordingId }, orderBy: { position: "asc" } });

describe("the editor's save route", () => {
  test("an edit keeps the segment's times, re-aligns its words and is one revision; undo brings it back", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const [first] = recording.segments;
    const response = await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "edit-segment", segmentId: first.id, text: "Ask not what your nation can do" }, user.cookie),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { revision: { id: string; number: number }; changes: unknown[] };
    expect(body.revision.number).toBe(1);
    const [saved] = await segmentsOf(recording.id);
    expect(saved).toMatchObject({ text: "Ask not what your nation can do", start: 0, end: 3, edited: true });
    const savedWords = saved.words as { word: string; start: number; confidence: number | null }[];
    expect(savedWords.map((word) => word.word)).toEqual(first.text.replace("country", "nation").split(" "));
    expect(savedWords[4]).toMatchObject({ word: "nation", confidence: null });
    expect(savedWords[1]).toMatchObject({ word: "not", confidence: 0.3 });

    // A second autosave of the same segment joins the same revision.
    await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "edit-segment", segmentId: first.id, text: "Ask not what your nation can do now" }, user.cookie),
    );
    expect(await (await db()).transcriptRevision.count({ where: { recordingId: recording.id } })).toBe(1);

    const undo = await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "undo-revision", revisionId: body.revision.id }, user.cookie),
    );
    expect(undo.status).toBe(200);
    expect((await segmentsOf(recording.id))[0].text).toBe(first.text);
  });

  test("replace all changes every segment in one revision, which undo reverses", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const response = await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "replace-all", find: "country", replace: "nation", wholeWord: "on" }, user.cookie),
    );
    const body = (await response.json()) as { count: number; revision: { id: string } };
    expect(body.count).toBe(2);
    expect((await segmentsOf(recording.id)).map((segment) => segment.text)).toEqual([
      "Ask not what your nation can do",
      "for you, ask what you",
      "can do for your nation.",
    ]);
    const revisions = await (await db()).transcriptRevision.findMany({ where: { recordingId: recording.id } });
    expect(revisions).toHaveLength(1);
    expect(revisions[0].kind).toBe("replace");
    await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "undo-revision", revisionId: body.revision.id }, user.cookie),
    );
    expect((await segmentsOf(recording.id)).map((segment) => segment.text)[2]).toBe("can do for your country.");
  });

  test("split, merge and a speaker change keep positions in order; restoring the original undoes them all", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const [first, second] = recording.segments;
    const post = (fields: Record<string, string>) =>
      app(`/api/recordings/${recording.id}/editor`, form(fields, user.cookie));

    expect((await post({ intent: "split", segmentId: first.id, offset: String("Ask not what ".length) })).status).toBe(
      200,
    );
    let segments = await segmentsOf(recording.id);
    expect(segments.map((segment) => [segment.position, segment.text])).toEqual([
      [0, "Ask not what"],
      [1, "your country can do"],
      [2, "for you, ask what you"],
      [3, "can do for your country."],
    ]);
    expect(segments[0].end).toBe(segments[1].start);

    // Speaker 2's segment and Speaker 1's: refused without a choice, then merged as Speaker 2's.
    const unchosen = await post({ intent: "merge", segmentId: second.id });
    expect(unchosen.status).toBe(409);
    expect(await unchosen.json()).toEqual({
      error: "The next segment is Speaker 1's and this one is Speaker 2's: choose whose words the merged segment is.",
    });
    expect((await post({ intent: "merge", segmentId: second.id, speakerFrom: "this" })).status).toBe(200);
    expect((await post({ intent: "set-speaker", segmentId: segments[1].id, speaker: "Dr. Ruiz" })).status).toBe(200);
    segments = await segmentsOf(recording.id);
    expect(segments.map((segment) => [segment.position, segment.speaker, segment.text])).toEqual([
      [0, "Speaker 1", "Ask not what"],
      [1, "Dr. Ruiz", "your country can do"],
      [2, "Speaker 2", "for you, ask what you can do for your country."],
    ]);

    // Revision 1 (the split) read back, then the original restored as a fourth revision.
    const revisions = await (
      await db()
    ).transcriptRevision.findMany({
      where: { recordingId: recording.id },
      orderBy: { number: "asc" },
    });
    expect(revisions.map((revision) => revision.kind)).toEqual(["split", "merge", "speaker"]);
    const page = await app(`/transcription/${recording.id}/revisions/${revisions[0].id}`, {
      headers: { Cookie: user.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("your country can do");
    expect(html).not.toContain("Dr. Ruiz");

    expect((await post({ intent: "restore-revision", revisionId: "original" })).status).toBe(200);
    segments = await segmentsOf(recording.id);
    expect(segments.map((segment) => [segment.id, segment.text, segment.speaker])).toEqual(
      recording.segments.map((segment) => [segment.id, segment.text, segment.speaker]),
    );
    expect(await (await db()).transcriptRevision.count({ where: { recordingId: recording.id } })).toBe(4);
  });

  test("refuses another user's recording (404), no session (401) and bad input (400, 404, 409), changing nothing", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const recording = await recordingWithTranscript(owner.id);
    const [first, , last] = recording.segments;
    const url = `/api/recordings/${recording.id}/editor`;

    const foreign = await app(
      url,
      form({ intent: "edit-segment", segmentId: first.id, text: "Mine now" }, other.cookie),
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: "Recording not found." });
    const anonymous = await app(url, { ...form({ intent: "merge", segmentId: first.id }, ""), headers: {} });
    expect(anonymous.status).toBe(401);

    const cases: [Record<string, string>, number, string][] = [
      [
        { intent: "edit-segment", segmentId: first.id, text: "   " },
        400,
        "A segment cannot be empty; delete words instead.",
      ],
      [{ intent: "replace-all", find: "" }, 400, "Type the text to find."],
      [{ intent: "split", segmentId: first.id, offset: "0" }, 400, "Choose where to split the segment."],
      [
        { intent: "split", segmentId: first.id, offset: "999" },
        400,
        "Split between two words: put the cursor inside the segment, not at its start or end.",
      ],
      [
        { intent: "merge", segmentId: first.id },
        409,
        "The next segment is Speaker 2's and this one is Speaker 1's: choose whose words the merged segment is.",
      ],
      [
        { intent: "merge", segmentId: first.id, speakerFrom: "both" },
        400,
        "Choose whose words the merged segment is: this segment's speaker or the next one's.",
      ],
      [{ intent: "merge", segmentId: last.id }, 400, "The last segment has nothing after it to merge."],
      [{ intent: "merge", segmentId: "nope" }, 404, "That segment no longer exists."],
      [{ intent: "restore-revision", revisionId: "nope" }, 404, "That revision does not exist."],
      [
        { intent: "set-speaker", segmentId: first.id, speaker: "x".repeat(61) },
        400,
        "Speaker names can be at most 60 characters.",
      ],
      [{ intent: "explode" }, 400, "Check the form."],
      [{ intent: "merge", segmentId: first.id, visible: "a,<b>" }, 400, "Check the form."],
    ];
    for (const [fields, status, message] of cases) {
      const response = await app(url, form(fields, owner.cookie));
      expect([fields.intent, response.status]).toEqual([fields.intent, status]);
      expect(await response.json()).toEqual({ error: message });
    }

    // A revision of another recording cannot be undone or restored through this one.
    const mine = await recordingWithTranscript(other.id);
    const edit = (await (
      await app(
        `/api/recordings/${mine.id}/editor`,
        form({ intent: "edit-segment", segmentId: mine.segments[0].id, text: "Other words" }, other.cookie),
      )
    ).json()) as { revision: { id: string } };
    expect((await app(url, form({ intent: "undo-revision", revisionId: edit.revision.id }, owner.cookie))).status).toBe(
      404,
    );
    expect(
      (await app(`/transcription/${recording.id}/revisions/${edit.revision.id}`, { headers: { Cookie: owner.cookie } }))
        .status,
    ).toBe(404);

    // Undoing a revision whose segments changed since is refused with 409.
    const first1 = (await (
      await app(url, form({ intent: "edit-segment", segmentId: first.id, text: "One" }, owner.cookie))
    ).json()) as {
      revision: { id: string };
    };
    await app(url, form({ intent: "merge", segmentId: first.id, speakerFrom: "next" }, owner.cookie));
    const conflict = await app(url, form({ intent: "undo-revision", revisionId: first1.revision.id }, owner.cookie));
    expect(conflict.status).toBe(409);

    expect((await segmentsOf(recording.id)).length).toBe(2);
    expect((await segmentsOf(mine.id))[0].text).toBe("Other words");
  });
});

describe("the page's forms, without JavaScript", () => {
  test("replace all and split post to the page and redirect back with a toast; bad input re-renders with 400", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const page = `/transcription/${recording.id}`;
    const replaced = await app(
      page,
      form({ intent: "replace-all", find: "Ask", replace: "Tell", matchCase: "on" }, user.cookie),
    );
    expect(replaced.status).toBe(303);
    expect(replaced.headers.get("Location")).toBe(page);
    expect((await segmentsOf(recording.id))[0].text).toBe("Tell not what your country can do");

    const split = await app(
      page,
      form({ intent: "split", segmentId: recording.segments[2].id, offset: "7" }, user.cookie),
    );
    expect(split.status).toBe(303);
    expect((await segmentsOf(recording.id)).map((segment) => segment.text).slice(2)).toEqual([
      "can do",
      "for your country.",
    ]);

    const empty = await app(page, form({ intent: "replace-all", find: "" }, user.cookie));
    expect(empty.status).toBe(400);
    const splitPage = await app(`${page}/segments/${recording.segments[0].id}/split`, {
      headers: { Cookie: user.cookie },
    });
    expect(splitPage.status).toBe(200);
    expect(await splitPage.text()).toContain("Start the new segment at");
    const otherUser = await signedInUser();
    expect(
      (await app(`${page}/segments/${recording.segments[0].id}/split`, { headers: { Cookie: otherUser.cookie } }))
        .status,
    ).toBe(404);
  });

  test("the segment page: its text, speaker and merge forms redirect to the segment on its page; refusals stay on it", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const [first, second] = recording.segments;
    const segmentPage = `/transcription/${recording.id}/segments/${second.id}`;
    const back = `/transcription/${recording.id}?segment=${second.id}#segment-${second.id}`;

    const shown = await app(segmentPage, { headers: { Cookie: user.cookie } });
    expect(shown.status).toBe(200);
    // React separates adjacent pieces of text with empty comments.
    const html = (await shown.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Edit the segment at 0:03");
    expect(html).toContain("Segment 2 of 3, Speaker 2");
    expect(html).toContain("for you, ask what you</textarea>");

    const saved = await app(
      segmentPage,
      form({ intent: "edit-segment", segmentId: second.id, text: "for all of you," }, user.cookie),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(back);
    // The form names the page's segment, whatever its hidden field says.
    await app(segmentPage, form({ intent: "set-speaker", segmentId: first.id, speaker: "Dr. Ruiz" }, user.cookie));
    expect((await segmentsOf(recording.id)).map((segment) => [segment.text, segment.speaker])).toEqual([
      ["Ask not what your country can do", "Speaker 1"],
      ["for all of you,", "Dr. Ruiz"],
      ["can do for your country.", "Speaker 1"],
    ]);

    const empty = await app(
      segmentPage,
      form({ intent: "edit-segment", segmentId: second.id, text: " " }, user.cookie),
    );
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("A segment cannot be empty; delete words instead.");
    const lastPage = `/transcription/${recording.id}/segments/${recording.segments[2].id}`;
    const nothingAfter = await app(
      lastPage,
      form({ intent: "merge", segmentId: recording.segments[2].id }, user.cookie),
    );
    expect(nothingAfter.status).toBe(400);
    expect(await nothingAfter.text()).toContain("The last segment has nothing after it to merge.");
    // Dr. Ruiz's segment and Speaker 1's: the form asks whose the merged one is, and a merge without it is refused.
    const asking = (await (await app(segmentPage, { headers: { Cookie: user.cookie } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(asking).toContain("The next segment is another speaker&#x27;s. Whose words is the merged segment?");
    expect(asking).toMatch(/name="speakerFrom" value="this"\/> Dr. Ruiz \(this segment\)/);
    expect(asking).toMatch(/name="speakerFrom" value="next"\/> Speaker 1 \(the next segment\)/);
    const unchosen = await app(segmentPage, form({ intent: "merge", segmentId: second.id }, user.cookie));
    expect(unchosen.status).toBe(409);
    expect((await unchosen.text()).replaceAll("&#x27;", "'")).toContain(
      "The next segment is Speaker 1's and this one is Dr. Ruiz's: choose whose words the merged segment is.",
    );
    const merged = await app(
      segmentPage,
      form({ intent: "merge", segmentId: second.id, speakerFrom: "next" }, user.cookie),
    );
    expect(merged.headers.get("Location")).toBe(back);
    expect((await segmentsOf(recording.id))[1].speaker).toBe("Speaker 1");
    expect((await segmentsOf(recording.id)).map((segment) => segment.text)).toEqual([
      "Ask not what your country can do",
      "for all of you, can do for your country.",
    ]);

    // A note added here goes back to the segment's page, at the note; its delete comes back to the segment.
    const noted = await app(
      segmentPage,
      form({ intent: "add-comment", segmentId: second.id, quote: "", body: "Check" }, user.cookie),
    );
    expect(noted.status).toBe(303);
    const note = await (await db()).transcriptComment.findFirstOrThrow({ where: { segmentId: second.id } });
    expect(noted.headers.get("Location")).toBe(
      `/transcription/${recording.id}?segment=${second.id}#comment-${note.id}`,
    );
    const deleted = await app(segmentPage, form({ intent: "delete-comment", commentId: note.id }, user.cookie));
    expect(deleted.headers.get("Location")).toBe(back);

    const other = await signedInUser();
    expect((await app(segmentPage, { headers: { Cookie: other.cookie } })).status).toBe(404);
    expect(
      (await app(segmentPage, form({ intent: "edit-segment", segmentId: second.id, text: "Mine" }, other.cookie)))
        .status,
    ).toBe(404);
    expect(
      (await app(`/transcription/${recording.id}/segments/nope`, { headers: { Cookie: user.cookie } })).status,
    ).toBe(404);
    expect((await segmentsOf(recording.id))[1].text).toBe("for all of you, can do for your country.");
  });
});

describe("edits keep attribution and words", () => {
  test("two segments of one speaker merge in one click; of two speakers, only as the speaker chosen", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const [first, second, third] = recording.segments;
    const post = (fields: Record<string, string>) =>
      app(`/api/recordings/${recording.id}/editor`, form(fields, user.cookie));
    await (await db()).transcriptSegment.update({ where: { id: first.id }, data: { speaker: "Attorney" } });

    const refused = await post({ intent: "merge", segmentId: first.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "The next segment is Speaker 2's and this one is Attorney's: choose whose words the merged segment is.",
    );
    expect(await segmentsOf(recording.id)).toHaveLength(3);

    const asNext = await post({ intent: "merge", segmentId: first.id, speakerFrom: "next" });
    expect(asNext.status).toBe(200);
    expect(((await asNext.json()) as { revision: { label: string } }).revision.label).toBe(
      "Merged the segments at 0:00 and 0:03 as Speaker 2",
    );
    let segments = await segmentsOf(recording.id);
    expect(segments.map((segment) => [segment.speaker, segment.text])).toEqual([
      ["Speaker 2", `${first.text} ${second.text}`],
      ["Speaker 1", third.text],
    ]);

    // The same speaker's segments: no choice asked.
    await (await db()).transcriptSegment.update({ where: { id: third.id }, data: { speaker: "Speaker 2" } });
    expect((await post({ intent: "merge", segmentId: first.id })).status).toBe(200);
    segments = await segmentsOf(recording.id);
    expect(segments.map((segment) => segment.speaker)).toEqual(["Speaker 2"]);
  });

  test("a split inside a word falls on the nearest word boundary, and every word keeps its time", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const [first] = recording.segments;
    // "Ask not what your cou|ntry can do": nearer the start of "country".
    const response = await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "split", segmentId: first.id, offset: String("Ask not what your cou".length) }, user.cookie),
    );
    expect(response.status).toBe(200);
    const [a, b] = await segmentsOf(recording.id);
    expect([a.text, b.text]).toEqual(["Ask not what your", "country can do"]);
    // The same words with the same times (to the database's float precision): none was cut or re-timed.
    const times = (list: unknown) =>
      (list as { word: string; start: number; end: number }[]).map(({ word, start, end }) => [
        word,
        start.toFixed(9),
        end.toFixed(9),
      ]);
    const before = words(first.text, 0, 3);
    expect([...times(a.words), ...times(b.words)]).toEqual(times(before));
    expect(b.start).toBeCloseTo(before[4].start, 9);

    // Without JavaScript, the split page posts to itself: the split redirects to the segment, a refusal stays.
    const splitPage = `/transcription/${recording.id}/segments/${b.id}/split`;
    const refused = await app(splitPage, form({ intent: "split", segmentId: b.id, offset: "999" }, user.cookie));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Split between two words: put the cursor inside the segment, not at its start or end.",
    );
    const split = await app(splitPage, form({ intent: "split", segmentId: b.id, offset: "9" }, user.cookie));
    expect(split.status).toBe(303);
    expect(split.headers.get("Location")).toBe(`/transcription/${recording.id}?segment=${b.id}#segment-${b.id}`);
    expect((await segmentsOf(recording.id)).map((segment) => segment.text).slice(1, 3)).toEqual(["country", "can do"]);
  });

  test("the history names each revision's author and shows its word diff; older revisions say so", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const [first] = recording.segments;
    await app(
      `/api/recordings/${recording.id}/editor`,
      form({ intent: "edit-segment", segmentId: first.id, text: "Ask not what your nation can do" }, user.cookie),
    );
    const saved = await (await db()).transcriptRevision.findFirstOrThrow({ where: { recordingId: recording.id } });
    expect(saved.authorId).toBe(user.id);
    // A revision from before authors and diffs were kept.
    await (
      await db()
    ).transcriptRevision.create({
      data: { recordingId: recording.id, number: 2, kind: "edit", label: "An old save", changes: [] },
    });

    const html = (
      await (await app(`/transcription/${recording.id}`, { headers: { Cookie: user.cookie } })).text()
    ).replaceAll("<!-- -->", "");
    const history = html.slice(html.indexOf('id="history"'));
    expect(history).toMatch(/data-revision="1"[\s\S]*Edited the segment at 0:00[\s\S]*Ada L<\/span>/);
    expect(history).toContain('<del class="');
    expect(history).toMatch(/<del[^>]*><span class="sr-only">removed: <\/span>country<\/del>/);
    expect(history).toMatch(/<ins[^>]*><span class="sr-only">added: <\/span>nation<\/ins>/);
    expect(history).toMatch(/data-revision="2"[\s\S]*An old save[\s\S]*Unknown author/);

    const page = (
      await (
        await app(`/transcription/${recording.id}/revisions/${saved.id}`, { headers: { Cookie: user.cookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(page).toContain("Edited the segment at 0:00, by Ada L,");
    expect(page).toMatch(/<ins[^>]*><span class="sr-only">added: <\/span>nation<\/ins>/);
  });
});
