import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { downloadModel, type ModelFile } from "./models";

const CONTENT = crypto.randomBytes(300_000);
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((_request, response) => response.end(CONTENT));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const model = (checksum: string): ModelFile => ({
  fileName: "model.bin",
  url: `${base}/model.bin`,
  algorithm: "sha1",
  checksum,
});

describe("downloadModel", () => {
  test("keeps the file only when the published checksum matches", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-models-"));
    const good = crypto.createHash("sha1").update(CONTENT).digest("hex");
    const target = await downloadModel(model(good), directory, () => {});
    expect(fs.readFileSync(target).equals(CONTENT)).toBe(true);
    // A second run verifies the existing file instead of downloading it again.
    const lines: string[] = [];
    await downloadModel(model(good), directory, (line) => lines.push(line));
    expect(lines).toEqual(["model.bin: already present and verified"]);
  });

  test("a mismatch is an error and leaves nothing behind", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-models-"));
    await expect(downloadModel(model("0".repeat(40)), directory, () => {})).rejects.toThrow(/checksum mismatch/);
    expect(fs.readdirSync(directory)).toEqual([]);
  });
});
