import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { sharedFile } from "../tests/shared-files";
import {
  catalogueEntry,
  downloadModel,
  isVerifiedModel,
  MODEL_CATALOGUE,
  type ModelFile,
  progressReporter,
  WHISPER_MODELS,
} from "./models";

const CONTENT = crypto.randomBytes(300_000);
const SHA1 = crypto.createHash("sha1").update(CONTENT).digest("hex");

/** What the server did, request by request: the Range header asked for and the status sent. */
let requests: { range: string | undefined; status: number }[] = [];
/** Serve only this many bytes of the next full response, then destroy the socket (a cut connection). */
let cutNextAt: number | null = null;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
    const start = range ? Number(range[1]) : 0;
    const status = range ? 206 : 200;
    requests.push({ range: request.headers.range, status });
    const body = CONTENT.subarray(start);
    response.writeHead(status, {
      "content-length": body.length,
      ...(range ? { "content-range": `bytes ${start}-${CONTENT.length - 1}/${CONTENT.length}` } : {}),
    });
    if (cutNextAt !== null) {
      const cut = cutNextAt;
      cutNextAt = null;
      response.write(body.subarray(0, cut), () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  requests = [];
  cutNextAt = null;
});

const model = (checksum: string): ModelFile => ({
  kind: "whisper",
  name: "test",
  fileName: "model.bin",
  url: `${base}/model.bin`,
  algorithm: "sha1",
  checksum,
});
const tempDirectory = () => fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-models-"));

describe("downloadModel", () => {
  test("keeps the file only when the published checksum matches, and reports progress", async () => {
    const directory = tempDirectory();
    const progress: [number, number | null][] = [];
    const target = await downloadModel(model(SHA1), directory, {
      log: () => {},
      onProgress: (received, total) => progress.push([received, total]),
    });
    expect(fs.readFileSync(target).equals(CONTENT)).toBe(true);
    expect(progress.at(-1)).toEqual([CONTENT.length, CONTENT.length]);
    expect(progress.length).toBeGreaterThan(1);
    // A second run verifies the existing file instead of downloading it again.
    const lines: string[] = [];
    await downloadModel(model(SHA1), directory, { log: (line) => lines.push(line) });
    expect(lines).toEqual(["model.bin: already present and verified"]);
    expect(requests).toHaveLength(1);
  });

  test("a cut connection is resumed with a Range request from where it stopped", async () => {
    const directory = tempDirectory();
    cutNextAt = 100_000;
    const lines: string[] = [];
    const target = await downloadModel(model(SHA1), directory, { log: (line) => lines.push(line) });
    expect(fs.readFileSync(target).equals(CONTENT)).toBe(true);
    expect(requests[0]).toEqual({ range: undefined, status: 200 });
    // The second request asks only for what is missing: from what arrived before the cut (at most 100 000 bytes).
    const resumedFrom = Number(/^bytes=(\d+)-$/.exec(requests[1].range ?? "")?.[1]);
    expect(resumedFrom).toBeGreaterThan(0);
    expect(resumedFrom).toBeLessThanOrEqual(100_000);
    expect(requests[1].status).toBe(206);
    expect(lines[0]).toMatch(/^model\.bin: .*; resuming \(attempt 2 of 4\)$/);
    expect(fs.existsSync(`${target}.part`)).toBe(false);
  });

  test("a part left by an earlier run is resumed, not fetched again", async () => {
    const directory = tempDirectory();
    fs.writeFileSync(path.join(directory, "model.bin.part"), CONTENT.subarray(0, 123_456));
    await downloadModel(model(SHA1), directory, { log: () => {} });
    expect(requests).toEqual([{ range: "bytes=123456-", status: 206 }]);
    expect(fs.readFileSync(path.join(directory, "model.bin")).equals(CONTENT)).toBe(true);
  });

  test("a mismatch is an error and leaves nothing behind", async () => {
    const directory = tempDirectory();
    await expect(downloadModel(model("0".repeat(40)), directory, { log: () => {} })).rejects.toThrow(
      /checksum mismatch/,
    );
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  test("a server that cannot be reached (no network) fails at once, without retries", async () => {
    const directory = tempDirectory();
    const unreachable = { ...model(SHA1), url: "http://127.0.0.1:1/model.bin" };
    const lines: string[] = [];
    await expect(downloadModel(unreachable, directory, { log: (line) => lines.push(line) })).rejects.toThrow(
      "fetch failed",
    );
    expect(lines).toEqual([]);
  });
});

describe("isVerifiedModel", () => {
  test("true only for the published checksum; a marker spares the next read until the file changes", () => {
    const directory = tempDirectory();
    const file = path.join(directory, "model.bin");
    fs.writeFileSync(file, CONTENT);
    expect(isVerifiedModel(file, model("0".repeat(40)))).toBe(false);
    expect(fs.existsSync(`${file}.verified`)).toBe(false);
    expect(isVerifiedModel(file, model(SHA1))).toBe(true);
    expect(fs.existsSync(`${file}.verified`)).toBe(true);
    // Same size, different bytes, new time: the marker no longer matches and the file is read again.
    const changed = Buffer.from(CONTENT);
    changed[0] ^= 0xff;
    fs.writeFileSync(file, changed);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(isVerifiedModel(file, model(SHA1))).toBe(false);
    expect(isVerifiedModel(path.join(directory, "absent.bin"), model(SHA1))).toBe(false);
  });
});

describe("the catalogue", () => {
  test("whisper's sizes with SHA-1s, the default and the VAD model, each file once", () => {
    for (const name of ["tiny", "base", "small", "large-v3-turbo", "base-q5_1", "large-v3-turbo-q5_0"])
      expect(WHISPER_MODELS[name]).toMatchObject({ fileName: `ggml-${name}.bin`, algorithm: "sha1" });
    for (const entry of MODEL_CATALOGUE)
      expect(entry.checksum).toMatch(entry.algorithm === "sha1" ? /^[0-9a-f]{40}$/ : /^[0-9a-f]{64}$/);
    expect(new Set(MODEL_CATALOGUE.map((entry) => entry.fileName)).size).toBe(MODEL_CATALOGUE.length);
    expect(catalogueEntry("silero_vad.onnx")?.kind).toBe("vad");
    // The shared copy of the VAD model is the published file.
    expect(isVerifiedModel(sharedFile("models/silero_vad.onnx"), catalogueEntry("silero_vad.onnx")!)).toBe(true);
  });
});

describe("progressReporter", () => {
  test("without a terminal: a line every 10%", () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const report = progressReporter("ggml-base.bin", stream);
    for (let received = 0; received <= 1000; received += 50) report(received, 1000);
    expect(written).toHaveLength(11);
    expect(written[5]).toBe("ggml-base.bin 50% (0.0 MB of 0.0 MB)\n");
  });
});
