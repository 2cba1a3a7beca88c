// @both-databases: the versions' FOR UPDATE on the recording in app/modules/transcripts/versions.server.ts
// Review, sign-off and verifiable versions (issue 34, items 3, 4 and 6; ADR 045) on a real database and real file
// storage: sign-off by role, the lock and the draft after it, the chain's check naming the version a direct change
// of the database broke, a changed media file, the review queue and segment verification, through the domain
// functions, the page's forms (no JavaScript) and /api/v1.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { db } from "~/modules/platform/database.server";
import { runEditorAction } from "~/modules/transcripts/editor.server";
import { setSegmentsVerified, transcriptReview } from "~/modules/transcripts/review.server";
import {
  signedOffVersionOf,
  signOffVersion,
  transcriptVersions,
  verifyTranscriptRecord,
} from "~/modules/transcripts/versions.server";
import { personalWorkspaceId, switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { configuredStorage } from "~/services/storage/index.server";
import { sharedFile } from "../shared-files";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;
beforeAll(async () => {
  app = await appHandler();
});

const JFK = sharedFile("testdata/audio/jfk.wav");
const TEXTS = [
  "Ask not what your country can do",
  "for you, ask what you can do",
  "for your country. We paid $4,500 to Maria Gonzalez.",
];

/** A finished transcript in `workspaceId` whose original (the shared JFK file) is really stored. */
async function recordingWithTranscript(userId: string, workspaceId?: string) {
  const storageKey = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  // putFile moves the file it stores: a copy, never the shared original.
  const local = path.join(process.env.DATA_DIR!, `${crypto.randomUUID()}.wav`);
  fs.copyFileSync(JFK, local);
  await configuredStorage().putFile(storageKey, local);
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: workspaceId ?? (await personalWorkspaceId(userId)),
      title: "Deposition",
      fileName: "jfk.wav",
      storageKey,
      sizeBytes: fs.statSync(JFK).size,
      mimeType: "audio/wav",
      durationSeconds: 11,
      status: "COMPLETED",
      segments: {
        create: TEXTS.map((text, position) => ({
          position,
          start: position * 3.5,
          end: position * 3.5 + 3.5,
          text,
          speaker: "Speaker 1",
        })),
      },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
}

/** A team workspace (made directly: seats and billing are not what this tests) with its owner and members by role. */
async function team() {
  const owner = await signedInUser("BUSINESS_PRO");
  const database = await db();
  const workspace = await database.workspace.create({
    data: { name: `Firm ${crypto.randomUUID().slice(0, 6)}`, kind: "TEAM", billingOwnerId: owner.id },
  });
  await database.workspaceMember.create({ data: { workspaceId: workspace.id, userId: owner.id, role: "OWNER" } });
  const members: Record<string, Awaited<ReturnType<typeof signedInUser>>> = {};
  for (const role of ["ADMIN", "REVIEWER", "MEMBER", "VIEWER"] as const) {
    const user = await signedInUser();
    await database.workspaceMember.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
    members[role] = user;
  }
  return { owner, workspace, members };
}

const sha256OfFile = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("versions and sign-off", () => {
  test("version 1 is the machine transcript, hashed with the original's plaintext SHA-256", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const { versions, draft } = await transcriptVersions(user.id, recording.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      number: 1,
      author: null,
      previousHash: null,
      signedOff: null,
      segmentCount: 3,
    });
    expect(versions[0].mediaSha256).toBe(sha256OfFile(JFK));
    expect(draft).toMatchObject({ changedSinceLatestVersion: false, changedSinceSignOff: false });
    const stored = await (await db()).recording.findUniqueOrThrow({ where: { id: recording.id } });
    expect(stored.mediaSha256).toBe(sha256OfFile(JFK));
  });

  test("who may sign off: reviewers, admins and owners; members and viewers get the policy's sentence", async () => {
    const { owner, workspace, members } = await team();
    for (const [role, user] of [
      ["MEMBER", members.MEMBER],
      ["VIEWER", members.VIEWER],
    ] as const) {
      const recording = await recordingWithTranscript(owner.id, workspace.id);
      await expect(signOffVersion(user.id, recording.id, 1)).rejects.toMatchObject({
        status: 403,
        message: `Your role in this workspace (${role.toLowerCase()}) does not allow verifying and signing off transcripts.`,
      });
    }
    for (const user of [members.REVIEWER, members.ADMIN, owner]) {
      const recording = await recordingWithTranscript(owner.id, workspace.id);
      const signed = await signOffVersion(user.id, recording.id, 1);
      expect(signed).toMatchObject({ number: 1, signedOffById: user.id, signedOffByName: "Ada L" });
    }
    // Someone outside the workspace does not learn the recording exists.
    const stranger = await signedInUser();
    const recording = await recordingWithTranscript(owner.id, workspace.id);
    await expect(signOffVersion(stranger.id, recording.id, 1)).rejects.toMatchObject({ status: 404 });
    // On a personal workspace the owner signs off.
    const solo = await signedInUser();
    const own = await recordingWithTranscript(solo.id);
    expect(await signOffVersion(solo.id, own.id, "current")).toMatchObject({ number: 1 });
    const audit = await (
      await db()
    ).auditEvent.findFirst({
      where: { action: "transcript.signed-off", targetId: own.id },
    });
    expect(audit).toMatchObject({ actorId: solo.id });
  });

  test("a signed-off version is locked; an edit makes a draft changed since sign-off, signed off as a new version with a word diff", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    await signOffVersion(user.id, recording.id, 1);
    await expect(signOffVersion(user.id, recording.id, 1)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Version 1 was signed off by Ada L at .*; it is locked\.$/),
    });
    await runEditorAction(user.id, recording.id, {
      intent: "edit-segment",
      segmentId: recording.segments[0].id,
      text: "Ask not what your nation can do",
    });
    let { versions, draft } = await transcriptVersions(user.id, recording.id);
    expect(draft).toMatchObject({ changedSinceSignOff: true, changedSinceLatestVersion: true, signedOffVersion: 1 });
    // Version 1 still reads as signed off: the edit did not touch it.
    expect(versions[0].signedOff?.by.name).toBe("Ada L");
    // The old text cannot be signed off any more, since it is not what the transcript says.
    await expect(signOffVersion(user.id, recording.id, 1)).rejects.toMatchObject({ status: 409 });

    const signed = await signOffVersion(user.id, recording.id, "current");
    expect(signed.number).toBe(2);
    ({ versions, draft } = await transcriptVersions(user.id, recording.id));
    expect(draft).toMatchObject({ changedSinceSignOff: false, latestVersion: 2, signedOffVersion: 2 });
    expect(versions[0].previousHash).toBe(versions[1].hash);
    expect(versions[0].author?.id).toBe(user.id);
    const parts = versions[0].diff!.runs.flatMap((run) => run.parts);
    expect(parts).toEqual(
      expect.arrayContaining([
        { op: "remove", text: "country" },
        { op: "add", text: "nation" },
      ]),
    );
    expect(await signedOffVersionOf(recording.id)).toMatchObject({
      number: 2,
      contentHash: versions[0].contentHash,
      signedOffBy: { id: user.id, name: "Ada L" },
      mediaSha256: sha256OfFile(JFK),
    });
  });
});

describe("verification", () => {
  async function signedTwice() {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    await signOffVersion(user.id, recording.id, 1);
    await runEditorAction(user.id, recording.id, {
      intent: "edit-segment",
      segmentId: recording.segments[1].id,
      text: "for you, ask what you can do now",
    });
    await signOffVersion(user.id, recording.id, "current");
    return { user, recording };
  }

  test("an untouched record holds", async () => {
    const { user, recording } = await signedTwice();
    const result = await verifyTranscriptRecord(user.id, recording.id);
    expect(result).toMatchObject({ holds: true, firstFailingVersion: null, media: { status: "holds" } });
    expect(result.versions.map((check) => check.holds)).toEqual([true, true]);
  });

  test("a segment changed directly in a version's stored copy names that version", async () => {
    const { user, recording } = await signedTwice();
    const database = await db();
    const version = await database.transcriptVersion.findUniqueOrThrow({
      where: { recordingId_number: { recordingId: recording.id, number: 1 } },
    });
    await database.transcriptVersion.update({
      where: { id: version.id },
      data: { content: version.content.replace("$4,500", "$45,000") },
    });
    const result = await verifyTranscriptRecord(user.id, recording.id);
    expect(result).toMatchObject({ holds: false, firstFailingVersion: 1 });
    expect(result.versions[0].problem).toBe("The text of version 1 does not match its content hash.");
    expect(result.versions[1].holds).toBe(true);
  });

  test("a transcript segment changed in the database, not through the editor, names the latest version", async () => {
    const { user, recording } = await signedTwice();
    await (
      await db()
    ).transcriptSegment.update({
      where: { id: recording.segments[2].id },
      data: { text: "for your country. We paid $45,000 to Maria Gonzalez." },
    });
    const result = await verifyTranscriptRecord(user.id, recording.id);
    expect(result).toMatchObject({
      holds: false,
      firstFailingVersion: 2,
      unrecordedChanges: { version: 2, starts: [7] },
    });
    // An edit through the editor is recorded, and is not tampering.
    const clean = await signedTwice();
    await runEditorAction(clean.user.id, clean.recording.id, {
      intent: "edit-segment",
      segmentId: clean.recording.segments[2].id,
      text: "for your country.",
    });
    expect(await verifyTranscriptRecord(clean.user.id, clean.recording.id)).toMatchObject({ holds: true });
  });

  test("changed media bytes fail the media check", async () => {
    const { user, recording } = await signedTwice();
    const tampered = path.join(process.env.DATA_DIR!, "tampered.wav");
    const bytes = fs.readFileSync(JFK);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(tampered, bytes);
    const tamperedSha256 = sha256OfFile(tampered);
    await configuredStorage().putFile(recording.storageKey, tampered);
    const result = await verifyTranscriptRecord(user.id, recording.id);
    expect(result).toMatchObject({
      holds: false,
      firstFailingVersion: null,
      media: { status: "fails", expected: sha256OfFile(JFK), actual: tamperedSha256 },
    });
  });
});

describe("the review queue", () => {
  test("flags the amount and the name; verifying moves the progress; an edit clears the segment's verification", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const review = await transcriptReview(user.id, recording.id);
    expect(review.flags.map((flag) => [flag.reason, flag.span])).toEqual([
      ["number", "$4,500"],
      ["name", "Maria Gonzalez."],
    ]);
    expect(review).toMatchObject({ segmentCount: 3, verifiedCount: 0 });
    const [, second, third] = recording.segments;
    await setSegmentsVerified(user.id, recording.id, [second.id, third.id], true);
    const after = await transcriptReview(user.id, recording.id);
    expect(after.verifiedCount).toBe(2);
    expect(after.flags.every((flag) => flag.resolved)).toBe(true);
    expect(after.verifications[0]).toMatchObject({ segmentId: second.id, verifiedBy: { id: user.id, name: "Ada L" } });

    await runEditorAction(user.id, recording.id, {
      intent: "edit-segment",
      segmentId: third.id,
      text: "for your country.",
    });
    const edited = await transcriptReview(user.id, recording.id);
    expect(edited.verifiedCount).toBe(1);
    expect(edited.verifications.map((entry) => entry.segmentId)).toEqual([second.id]);
  });

  test("text where the stored VAD regions heard no speech is flagged, and only where the VAD ran", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const silences = async () =>
      (await transcriptReview(user.id, recording.id)).flags
        .filter((flag) => flag.reason === "silence")
        .map((flag) => [flag.segmentId, flag.span]);
    // Transcripts made without the VAD (or before it was stored) have no regions: nothing is claimed.
    expect(await silences()).toEqual([]);
    // Speech heard in the first and last segments only: the middle one (3.5–7 s, no word times) was not heard.
    await (
      await db()
    ).recording.update({
      where: { id: recording.id },
      data: {
        speechRegions: [
          [0.2, 3.0],
          [7.4, 10.4],
        ],
      },
    });
    expect(await silences()).toEqual([[recording.segments[1].id, TEXTS[1]]]);
  });

  test("a member may not verify; a segment of another transcript is a 404 and changes nothing", async () => {
    const { owner, workspace, members } = await team();
    const recording = await recordingWithTranscript(owner.id, workspace.id);
    await expect(
      setSegmentsVerified(members.MEMBER.id, recording.id, [recording.segments[0].id], true),
    ).rejects.toMatchObject({ status: 403 });
    const other = await recordingWithTranscript(owner.id, workspace.id);
    await expect(
      setSegmentsVerified(members.REVIEWER.id, recording.id, [recording.segments[0].id, other.segments[0].id], true),
    ).rejects.toMatchObject({ status: 404 });
    expect((await transcriptReview(owner.id, recording.id)).verifiedCount).toBe(0);
  });
});

describe("the page's forms, without JavaScript", () => {
  const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

  test("the page shows the flags, accepts one, signs off, and verifies the record by a plain link", async () => {
    const user = await signedInUser();
    const recording = await recordingWithTranscript(user.id);
    const page = await (
      await app(`/transcription/${recording.id}?flag=2`, { headers: { Cookie: user.cookie } })
    ).text();
    expect(page).toContain("0 of 3 segments verified");
    expect(page).toContain("Flag 2 of 2: Name not in the glossary or speaker list");

    const accepted = await app(
      `/transcription/${recording.id}`,
      form({ intent: "verify-segment", segmentId: recording.segments[2].id, verified: "true" }, user.cookie),
    );
    expect(accepted.status).toBe(303);
    const { versions, draft } = await transcriptVersions(user.id, recording.id);
    const signed = await app(
      `/transcription/${recording.id}`,
      form({ intent: "sign-off", contentHash: draft.contentHash }, user.cookie),
    );
    expect(signed.status).toBe(303);
    expect(signed.headers.get("Location")).toBe(`/transcription/${recording.id}#versions-title`);
    const verified = await (
      await app(`/transcription/${recording.id}?verify`, { headers: { Cookie: user.cookie } })
    ).text();
    expect(verified).toContain("1 of 3 segments verified");
    expect(verified).toContain("The record holds");
    expect(verified).toContain(versions[0].hash);
    expect(verified).toContain("Version 1 was signed off by Ada L");

    // A sign-off of text that changed while the reviewer read it is refused, not signed.
    const stale = await app(
      `/transcription/${recording.id}`,
      form({ intent: "sign-off", contentHash: "0".repeat(64) }, user.cookie),
    );
    expect(stale.status).toBe(409);
    const bad = await app(`/transcription/${recording.id}`, form({ intent: "verify-segment" }, user.cookie));
    expect(bad.status).toBe(400);

    // A correction from the review panel is the editor's edit, and goes back to the flag.
    const corrected = await app(
      `/transcription/${recording.id}`,
      form(
        { intent: "correct-segment", segmentId: recording.segments[2].id, correction: "for your country.", flag: "2" },
        user.cookie,
      ),
    );
    expect(corrected.headers.get("Location")).toBe(`/transcription/${recording.id}?flag=2#review-current`);
    const after = await (await app(`/transcription/${recording.id}`, { headers: { Cookie: user.cookie } })).text();
    expect(after).toContain("0 of 3 segments verified");
    expect(after).toContain("The text has changed since sign-off.");
  });
});

/** A 60-segment hearing with one amount in each segment: 60 number flags. */
async function longHearing(userId: string) {
  return (await db()).recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Long hearing",
      fileName: "long.wav",
      storageKey: `recordings/${userId}/${crypto.randomUUID()}.wav`,
      sizeBytes: 1,
      mimeType: "audio/wav",
      durationSeconds: 300,
      status: "COMPLETED",
      // One amount per segment: a number flag each.
      segments: {
        create: Array.from({ length: 60 }, (_, position) => ({
          position,
          start: position * 5,
          end: position * 5 + 4,
          text: `we paid $${position + 1}00 for it`,
          speaker: "Speaker 1",
        })),
      },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
}

describe("a long review queue, a window at a time", () => {
  test("the page sends the counts, the current flag and 50 of the list, and pages through it by plain links", async () => {
    const user = await signedInUser();
    const recording = await longHearing(user.id);
    const { flags } = await transcriptReview(user.id, recording.id);
    expect(flags.length).toBe(60);
    const get = async (query: string) =>
      (await app(`/transcription/${recording.id}${query}`, { headers: { Cookie: user.cookie } })).text();

    const around55 = await get("?flag=55");
    expect(around55).toContain("Flag 55 of 60: Number, date or amount to check");
    expect(around55).toContain("Number, date or amount to check: 60");
    expect(around55).toContain("Flags 51–60 of 60");
    expect(around55).toContain('id="flag-51"');
    expect(around55).not.toContain('id="flag-50"');
    expect(around55).toContain(`href="/transcription/${recording.id}?flag=55&amp;flags=1#review-flags"`);
    expect(around55).not.toContain("Next 50");

    const firstWindow = await get("?flag=55&flags=1");
    expect(firstWindow).toContain("Flag 55 of 60");
    expect(firstWindow).toContain("Flags 1–50 of 60");
    expect(firstWindow).toContain('id="flag-1"');
    expect(firstWindow).not.toContain('id="flag-51"');
    expect(firstWindow).toContain(`href="/transcription/${recording.id}?flag=55&amp;flags=2#review-flags"`);
    // Asked for by a link, the list is open without JavaScript.
    expect(firstWindow).toMatch(/<details id="review-flags"[^>]* open=""/);
  });
});

describe("/api/v1", () => {
  const call = (token: string, url: string, method = "GET", body?: unknown) =>
    app(url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test("the review comes a page at a time, filtered by reason and by whether it is resolved", async () => {
    const user = await signedInUser();
    const recording = await longHearing(user.id);
    await setSegmentsVerified(user.id, recording.id, [recording.segments[3].id, recording.segments[40].id], true);
    const token = (await createApiKey(user.id, "Review", ["read"])).key;
    const page = async (query: string) => {
      const response = await call(token, `/api/v1/recordings/${recording.id}/review${query}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const numbers = (body: Record<string, unknown>) => (body.flags as { number: number }[]).map((flag) => flag.number);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

    const first = await page("");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      segmentCount: 60,
      verifiedCount: 2,
      flagCount: 60,
      openCount: 58,
      reasons: [{ reason: "number", label: "Number, date or amount to check", count: 60 }],
      matching: 60,
      nextOffset: null,
    });
    expect(numbers(first.body)).toEqual(range(1, 60));

    const second = await page("?offset=25&limit=25");
    expect(numbers(second.body)).toEqual(range(26, 50));
    expect(second.body.nextOffset).toBe(50);
    expect(numbers((await page("?offset=50&limit=25")).body)).toEqual(range(51, 60));

    const resolved = await page("?open=false");
    expect(resolved.body).toMatchObject({ matching: 2, flagCount: 60 });
    expect(numbers(resolved.body)).toEqual([4, 41]);
    const open = await page("?open=true&limit=10");
    expect(open.body).toMatchObject({ matching: 58, nextOffset: 10 });
    expect(numbers(open.body)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect((await page("?reason=silence")).body).toMatchObject({ matching: 0, flags: [], nextOffset: null });

    for (const [query, message] of [
      ["?limit=0", "limit is at least 1."],
      ["?limit=501", "limit can be at most 500."],
      ["?offset=-1", "offset is at least 0."],
      ["?reason=loud", "reason must be one of:"],
      ["?open=yes", "open must be true or false."],
    ]) {
      const refused = await page(query);
      expect(refused.status, query).toBe(422);
      expect(JSON.stringify(refused.body), query).toContain(message);
    }
  });

  test("review, verifications, versions, sign-off and verify, with the pages' policy", async () => {
    const { owner, workspace, members } = await team();
    const recording = await recordingWithTranscript(owner.id, workspace.id);
    const keyOf = async (userId: string) => {
      await switchWorkspace(userId, workspace.id);
      return (await createApiKey(userId, "Review", ["read", "write"])).key;
    };
    const reviewer = await keyOf(members.REVIEWER.id);
    const member = await keyOf(members.MEMBER.id);
    const base = `/api/v1/recordings/${recording.id}`;

    const review = await call(reviewer, `${base}/review`);
    expect(review.status).toBe(200);
    const body = (await review.json()) as { flags: { reason: string; segmentId: string }[]; verifiedCount: number };
    expect(body.flags.map((flag) => flag.reason)).toEqual(["number", "name"]);

    const refused = await call(member, `${base}/review/verifications`, "POST", {
      segmentIds: [body.flags[0].segmentId],
    });
    expect(refused.status).toBe(403);
    const verified = await call(reviewer, `${base}/review/verifications`, "POST", {
      segmentIds: [body.flags[0].segmentId],
    });
    expect(await verified.json()).toEqual({ count: 1 });
    expect((await call(reviewer, `${base}/review/verifications`, "POST", { segmentIds: [] })).status).toBe(422);

    const listed = (await (await call(reviewer, `${base}/versions`)).json()) as {
      versions: { number: number; hash: string; contentHash: string }[];
    };
    expect(listed.versions.map((version) => version.number)).toEqual([1]);
    expect((await call(member, `${base}/versions/1/sign-off`, "POST")).status).toBe(403);
    expect((await call(reviewer, `${base}/versions/abc/sign-off`, "POST")).status).toBe(422);
    expect((await call(reviewer, `${base}/versions/7/sign-off`, "POST")).status).toBe(404);
    const signed = await call(reviewer, `${base}/versions/1/sign-off`, "POST");
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({
      number: 1,
      signedOff: { by: { id: members.REVIEWER.id, name: "Ada L" } },
    });
    expect((await call(reviewer, `${base}/versions/1/sign-off`, "POST")).status).toBe(409);

    // A member edits; the draft is changed since sign-off; a saved version is version 2.
    await runEditorAction(members.MEMBER.id, recording.id, {
      intent: "edit-segment",
      segmentId: recording.segments[0].id,
      text: "Ask not",
    });
    const saved = await call(member, `${base}/versions`, "POST");
    expect(saved.status).toBe(201);
    expect(await saved.json()).toEqual({ number: 2, created: true });
    const verify = (await (await call(member, `${base}/verify`)).json()) as {
      holds: boolean;
      media: { status: string };
    };
    expect(verify).toMatchObject({ holds: true, media: { status: "holds" } });
    const outsider = await signedInUser();
    expect((await call((await createApiKey(outsider.id, "x", ["read"])).key, `${base}/verify`)).status).toBe(404);
  });
});
