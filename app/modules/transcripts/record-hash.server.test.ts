import { describe, expect, test } from "vitest";
import {
  canonicalJson,
  canonicalTranscript,
  checkVersions,
  sha256Hex,
  signOffHash,
  type StoredVersion,
  transcriptOfContent,
  versionHash,
} from "./record-hash.server";

const segments = [
  { start: 0, end: 1.2345, speaker: "Attorney", text: "State your name." },
  { start: 1.5, end: 3, speaker: null, text: 'Jane "J" Doe — née Ünal' },
];

function chain(texts: string[], media = "m".repeat(64)): StoredVersion[] {
  const versions: StoredVersion[] = [];
  texts.forEach((text, index) => {
    const content = canonicalTranscript([{ start: 0, end: 1, speaker: "A", text }]);
    const fields = {
      recordingId: "rec1",
      number: index + 1,
      contentHash: sha256Hex(content),
      mediaSha256: media,
      previousHash: versions.at(-1)?.hash ?? null,
      createdAt: new Date(Date.UTC(2026, 10, 27, 12, index)),
    };
    const hash = versionHash(fields);
    const signedOffAt = new Date(Date.UTC(2026, 10, 27, 13, index));
    versions.push({
      ...fields,
      content,
      hash,
      signedOffAt,
      signedOffById: "u1",
      signedOffByName: "Rita Reviewer",
      signOffHash: signOffHash({ hash, signedOffAt, signedOffById: "u1", signedOffByName: "Rita Reviewer" }),
    });
  });
  return versions;
}

describe("canonical JSON and the transcript's content", () => {
  test("keys are sorted, no whitespace, strings escaped as JSON, integers only", () => {
    expect(canonicalJson({ b: 1, a: [null, "x\n", true], c: { z: 0, y: "é" } })).toBe(
      '{"a":[null,"x\\n",true],"b":1,"c":{"y":"é","z":0}}',
    );
    expect(() => canonicalJson(1.5)).toThrow(/integer/);
  });

  test("the content is the segments in order with times in whole milliseconds", () => {
    const content = canonicalTranscript(segments);
    expect(content).toBe(
      '[{"end":1235,"position":0,"speaker":"Attorney","start":0,"text":"State your name."},' +
        '{"end":3000,"position":1,"speaker":null,"start":1500,"text":"Jane \\"J\\" Doe — née Ünal"}]',
    );
    // Known answer: anyone can recompute it with sha256sum.
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(transcriptOfContent(content)[0]).toMatchObject({ end: 1.235, text: "State your name." });
  });

  test("the same text hashes the same; any change of a word, a speaker or a time changes the hash", () => {
    const hash = sha256Hex(canonicalTranscript(segments));
    expect(sha256Hex(canonicalTranscript(structuredClone(segments)))).toBe(hash);
    for (const change of [{ text: "State your name" }, { speaker: "Witness" }, { end: 1.236 }])
      expect(sha256Hex(canonicalTranscript([{ ...segments[0], ...change }, segments[1]]))).not.toBe(hash);
  });
});

describe("the chain of versions", () => {
  test("an untouched chain holds", () => {
    expect(checkVersions(chain(["a", "b", "c"]), "m".repeat(64)).every((check) => check.holds)).toBe(true);
  });

  test("changed content names its version", () => {
    const versions = chain(["a", "b", "c"]);
    versions[1].content = versions[1].content.replace('"b"', '"B"');
    const checks = checkVersions(versions, "m".repeat(64));
    expect(checks.map((check) => check.holds)).toEqual([true, false, true]);
    expect(checks[1].problem).toMatch(/text of version 2/);
  });

  test("content rewritten with its content hash breaks the version's hash; a rebuilt hash breaks the next link", () => {
    const versions = chain(["a", "b", "c"]);
    versions[0].content = canonicalTranscript([{ start: 0, end: 1, speaker: "A", text: "forged" }]);
    versions[0].contentHash = sha256Hex(versions[0].content);
    expect(checkVersions(versions, "m".repeat(64))[0].problem).toMatch(/Version 1's hash/);
    versions[0].hash = versionHash(versions[0]);
    expect(checkVersions(versions, "m".repeat(64))[0].problem).toMatch(/sign-off of version 1/);
    versions[0].signOffHash = signOffHash({
      ...versions[0],
      signedOffAt: versions[0].signedOffAt!,
      signedOffByName: "Rita Reviewer",
    });
    const checks = checkVersions(versions, "m".repeat(64));
    expect(checks[0].holds).toBe(true);
    expect(checks[1].problem).toMatch(/does not link to version 1/);
  });

  test("a changed signer, a missing version and a different media hash are caught", () => {
    const signer = chain(["a", "b"]);
    signer[1].signedOffByName = "Someone Else";
    expect(checkVersions(signer, "m".repeat(64))[1].problem).toMatch(/sign-off of version 2/);
    const gap = chain(["a", "b", "c"]).filter((version) => version.number !== 2);
    expect(checkVersions(gap, "m".repeat(64))[1].problem).toMatch(/Version 2 is missing/);
    expect(checkVersions(chain(["a"]), "n".repeat(64))[0].problem).toMatch(/different SHA-256/);
  });
});
