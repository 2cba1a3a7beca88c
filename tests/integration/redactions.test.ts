// Redaction's write side (ADR 048) on the real database: suggestions found and decided one by one and by category,
// passages redacted by hand and un-redacted, the review refused while a suggestion waits, the audit entries (which
// never hold the hidden words), the redacted text kept derived through the editor's saves, and a member refused
// when an edit would overwrite a redacted passage.
import { describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import {
  addManualRedaction,
  decideRedactions,
  markRedactionReviewed,
  recordingRedactions,
  removeRedaction,
  suggestForRecording,
} from "~/modules/redaction/redactions.server";
import { RecordingError } from "~/modules/recordings/ownership.server";
import { editSegmentText, mergeWithNext, splitSegmentAt } from "~/modules/transcripts/editor.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";
import { signedInUser } from "./helpers";

const TEXTS = [
  "Write to ana@example.com or bo@example.org today.",
  "My number is 555 0100 and Maria Lopez knows it.",
  "Copy cy@example.net and dee@example.com please.",
  "Nothing private here at all.",
];

const words = (text: string, start: number, end: number) => {
  const parts = text.split(" ");
  const step = (end - start) / parts.length;
  return parts.map((word, index) => ({ word, start: start + index * step, end: start + (index + 1) * step }));
};

async function recordingOf(userId: string, texts = TEXTS) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Redact me",
      fileName: "redact.wav",
      storageKey: `test/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: texts.length * 3,
      status: "COMPLETED",
      segments: {
        create: texts.map((text, position) => ({
          position,
          start: position * 3,
          end: position * 3 + 3,
          text,
          speaker: "Speaker 1",
          words: words(text, position * 3, position * 3 + 3),
        })),
      },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
}

/** A member (not owner or admin) of the owner's personal workspace. */
async function memberOf(ownerId: string, role: "MEMBER" | "ADMIN" = "MEMBER") {
  const member = await signedInUser();
  await (
    await db()
  ).workspaceMember.create({ data: { workspaceId: await personalWorkspaceId(ownerId), userId: member.id, role } });
  return member;
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RecordingError);
  return { status: (error as RecordingError).status, message: (error as RecordingError).message };
};

const segmentsOf = async (recordingId: string) =>
  (await db()).transcriptSegment.findMany({ where: { recordingId }, orderBy: { position: "asc" } });

const auditOf = async (recordingId: string) =>
  (await db()).auditEvent.findMany({
    where: { targetId: recordingId, action: { startsWith: "redaction." } },
    orderBy: { seq: "asc" },
  });

describe("redactions of a recording", () => {
  test("suggest, accept one, reject one, accept a category, redact by hand, remove, review", async () => {
    const owner = await signedInUser();
    const recording = await recordingOf(owner.id);
    const [first, second, third] = recording.segments;

    expect(await suggestForRecording(owner.id, recording.id)).toEqual({ added: expect.any(Number) as number });
    let state = await recordingRedactions(owner.id, recording.id);
    const emails = state.redactions.filter((row) => row.category === "EMAIL");
    expect(emails.map((row) => row.text)).toEqual([
      "ana@example.com",
      "bo@example.org",
      "cy@example.net",
      "dee@example.com",
    ]);
    expect(emails.every((row) => row.status === "SUGGESTED" && row.source === "suggested")).toBe(true);
    expect(emails[0]).toMatchObject({ segmentId: first.id, startOffset: 9, endOffset: 24 });
    // Nothing is hidden until a person decides.
    expect((await segmentsOf(recording.id)).every((segment) => segment.redactedText === null)).toBe(true);
    // Finding again adds nothing: every span already has its row.
    expect(await suggestForRecording(owner.id, recording.id)).toEqual({ added: 0 });

    expect(await decideRedactions(owner.id, recording.id, { ids: [emails[0].id], decision: "accept" })).toEqual({
      changed: 1,
    });
    expect((await segmentsOf(recording.id))[0].redactedText).toBe("Write to [EMAIL] or bo@example.org today.");
    expect(await decideRedactions(owner.id, recording.id, { ids: [emails[1].id], decision: "reject" })).toEqual({
      changed: 1,
    });
    // A decided suggestion cannot be decided again; an unknown one is not found.
    expect(
      await refusal(decideRedactions(owner.id, recording.id, { ids: [emails[1].id], decision: "accept" })),
    ).toMatchObject({ status: 409 });
    expect(await refusal(decideRedactions(owner.id, recording.id, { ids: ["nope"], decision: "accept" }))).toEqual({
      status: 404,
      message: "That suggestion no longer exists.",
    });
    expect(await decideRedactions(owner.id, recording.id, { category: "EMAIL", decision: "accept" })).toEqual({
      changed: 2,
    });
    const segments = await segmentsOf(recording.id);
    expect(segments[0].redactedText).toBe("Write to [EMAIL] or bo@example.org today.");
    expect(segments[2].redactedText).toBe("Copy [EMAIL] and [EMAIL] please.");
    // A rejected suggestion is not suggested again.
    await suggestForRecording(owner.id, recording.id);
    state = await recordingRedactions(owner.id, recording.id);
    expect(state.redactions.find((row) => row.text === "bo@example.org")?.status).toBe("REJECTED");

    // By hand: a selection inside words takes the whole words, without the sentence's full stop.
    const phoneAt = second.text.indexOf("555");
    const manual = await addManualRedaction(owner.id, recording.id, {
      segmentId: second.id,
      startOffset: phoneAt + 1,
      endOffset: phoneAt + 6,
      category: "PHONE",
    });
    expect(manual).toMatchObject({ text: "555 0100", status: "ACCEPTED", source: "manual", category: "PHONE" });
    const nameAt = second.text.indexOf("Maria");
    await addManualRedaction(owner.id, recording.id, {
      segmentId: second.id,
      startOffset: nameAt,
      endOffset: nameAt + "Maria Lopez".length,
      category: "NAME",
    });
    expect((await segmentsOf(recording.id))[1].redactedText).toBe("My number is [PHONE] and [NAME] knows it.");
    expect(
      await refusal(
        addManualRedaction(owner.id, recording.id, {
          segmentId: second.id,
          startOffset: 5,
          endOffset: 500,
          category: "OTHER",
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(
        addManualRedaction(owner.id, recording.id, {
          segmentId: first.id,
          startOffset: phoneAt,
          endOffset: phoneAt + 3,
          category: "NOPE",
        }),
      ),
    ).toEqual({ status: 400, message: "Choose a category for the redaction." });
    expect(
      await refusal(
        addManualRedaction(owner.id, recording.id, {
          segmentId: "elsewhere",
          startOffset: 0,
          endOffset: 3,
          category: "OTHER",
        }),
      ),
    ).toMatchObject({ status: 404 });

    // Un-redacting shows the words again.
    await removeRedaction(owner.id, recording.id, manual.id);
    expect((await segmentsOf(recording.id))[1].redactedText).toBe("My number is 555 0100 and [NAME] knows it.");

    // The review waits for every suggestion's decision (other detectors may have found more: reject those).
    await addManualRedaction(owner.id, recording.id, {
      segmentId: third.id,
      startOffset: 0,
      endOffset: 4,
      category: "OTHER",
    });
    await (
      await db()
    ).redaction.create({
      data: {
        recordingId: recording.id,
        segmentId: third.id,
        startOffset: third.text.indexOf("please"),
        endOffset: third.text.indexOf("please") + 6,
        text: "please",
        category: "OTHER",
        source: "suggested",
      },
    });
    expect(await refusal(markRedactionReviewed(owner.id, recording.id))).toEqual({
      status: 409,
      message: "Decide every suggestion before marking the redactions reviewed.",
    });
    state = await recordingRedactions(owner.id, recording.id);
    for (const category of new Set(state.redactions.filter((row) => row.status === "SUGGESTED").map((r) => r.category)))
      await decideRedactions(owner.id, recording.id, { category, decision: "reject" });
    await markRedactionReviewed(owner.id, recording.id);
    state = await recordingRedactions(owner.id, recording.id);
    expect(state.pending).toBe(0);
    expect(state.recording).toMatchObject({ reviewedByName: "Ada L" });
    expect(state.recording.redactionReviewedAt).toBeInstanceOf(Date);

    // Any later change clears the review.
    await addManualRedaction(owner.id, recording.id, {
      segmentId: recording.segments[3].id,
      startOffset: 0,
      endOffset: 7,
      category: "OTHER",
    });
    expect((await recordingRedactions(owner.id, recording.id)).recording.redactionReviewedAt).toBeNull();

    // The log: every step, its category and place, and never the words hidden.
    const entries = await auditOf(recording.id);
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "redaction.suggested",
        "redaction.accepted",
        "redaction.rejected",
        "redaction.added",
        "redaction.removed",
        "redaction.reviewed",
      ]),
    );
    const accepted = entries.find((entry) => entry.action === "redaction.accepted")!;
    expect(JSON.parse(accepted.detail!)).toMatchObject({ category: "EMAIL", count: 1, segments: "1", at: "0:00" });
    const hidden = ["ana@example.com", "cy@example.net", "dee@example.com", "555", "Maria", "Lopez", "please"];
    for (const entry of entries)
      for (const words of hidden) expect(`${entry.detail} ${entry.targetLabel}`).not.toContain(words);
  });

  test("only owners and admins redact; the transcript must be finished", async () => {
    const owner = await signedInUser();
    const recording = await recordingOf(owner.id);
    const member = await memberOf(owner.id);
    expect(await refusal(recordingRedactions(member.id, recording.id))).toMatchObject({ status: 403 });
    expect(await refusal(suggestForRecording(member.id, recording.id))).toMatchObject({ status: 403 });
    const stranger = await signedInUser();
    expect(await refusal(recordingRedactions(stranger.id, recording.id))).toMatchObject({ status: 404 });
    const admin = await memberOf(owner.id, "ADMIN");
    expect((await recordingRedactions(admin.id, recording.id)).segments).toHaveLength(TEXTS.length);
    await (await db()).recording.update({ where: { id: recording.id }, data: { status: "PROCESSING" } });
    expect(await refusal(recordingRedactions(owner.id, recording.id))).toEqual({
      status: 409,
      message: "The transcript is not ready yet.",
    });
  });
});

describe("editing a redacted transcript", () => {
  test("an edit re-derives the redacted text, a split and a merge carry the redactions, lost ones are listed", async () => {
    const owner = await signedInUser();
    const recording = await recordingOf(owner.id);
    const [first, second] = recording.segments;
    const nameAt = second.text.indexOf("Maria Lopez");
    await addManualRedaction(owner.id, recording.id, {
      segmentId: second.id,
      startOffset: nameAt,
      endOffset: nameAt + 11,
      category: "NAME",
    });
    await markRedactionReviewed(owner.id, recording.id);

    // An edit before the name moves it; the redacted text follows, and the review is to be done again.
    await editSegmentText(owner.id, recording.id, second.id, "Our number is 555 0100 and Maria Lopez knows it.");
    let segments = await segmentsOf(recording.id);
    expect(segments[1].redactedText).toBe("Our number is 555 0100 and [NAME] knows it.");
    expect((await recordingRedactions(owner.id, recording.id)).recording.redactionReviewedAt).toBeNull();

    // Split after "and": the name goes with the second part, and stays hidden there.
    const splitAt = "Our number is 555 0100 and ".length;
    await splitSegmentAt(owner.id, recording.id, second.id, splitAt);
    segments = await segmentsOf(recording.id);
    expect(segments.map((segment) => segment.redactedText)).toEqual([null, null, "[NAME] knows it.", null, null]);
    let state = await recordingRedactions(owner.id, recording.id);
    expect(state.redactions).toEqual([
      expect.objectContaining({ segmentId: segments[2].id, startOffset: 0, endOffset: 11, text: "Maria Lopez" }),
    ]);

    // Merge the first two back: the name comes along into the merged segment.
    await mergeWithNext(owner.id, recording.id, segments[1].id);
    segments = await segmentsOf(recording.id);
    expect(segments[1].text).toBe("Our number is 555 0100 and Maria Lopez knows it.");
    expect(segments[1].redactedText).toBe("Our number is 555 0100 and [NAME] knows it.");

    // An edit that removes the words: nothing is left to hide, and the page lists the redaction as lost.
    await editSegmentText(owner.id, recording.id, segments[1].id, "Our number is 555 0100 and someone knows it.");
    segments = await segmentsOf(recording.id);
    expect(segments[1].redactedText).toBeNull();
    state = await recordingRedactions(owner.id, recording.id);
    expect(state.lost.map((row) => row.text)).toEqual(["Maria Lopez"]);
    expect(first.id).toBe(segments[0].id);
  });

  test("a member may not overwrite a redacted passage, but may edit the rest", async () => {
    const owner = await signedInUser();
    const recording = await recordingOf(owner.id);
    const [first, second] = recording.segments;
    const member = await memberOf(owner.id);
    await addManualRedaction(owner.id, recording.id, {
      segmentId: second.id,
      startOffset: 13,
      endOffset: 21,
      category: "PHONE",
    });
    expect(
      await refusal(editSegmentText(member.id, recording.id, second.id, "My number is [PHONE] and Maria Lopez knows.")),
    ).toEqual({ status: 403, message: "This passage is redacted: only an owner or admin can edit it." });
    expect(await refusal(mergeWithNext(member.id, recording.id, first.id))).toMatchObject({ status: 403 });
    expect(await refusal(splitSegmentAt(member.id, recording.id, second.id, 13))).toMatchObject({ status: 403 });
    const segments = await segmentsOf(recording.id);
    expect(segments[1]).toMatchObject({
      text: second.text,
      redactedText: "My number is [PHONE] and Maria Lopez knows it.",
    });

    // A segment with nothing redacted is theirs to edit.
    await editSegmentText(member.id, recording.id, first.id, "Write to us today.");
    expect((await segmentsOf(recording.id))[0].text).toBe("Write to us today.");
    // The owner may edit the redacted one.
    await editSegmentText(owner.id, recording.id, second.id, "My number is 555 0100 and Maria knows it.");
    expect((await segmentsOf(recording.id))[1].redactedText).toBe("My number is [PHONE] and Maria knows it.");
  });
});
