import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { s3Handlers } from "../../../tests/mocks/s3";
import { mockServer } from "../../../tests/mocks/server";
import { parseS3Url, s3Storage } from "./s3.server";

const ENDPOINT = "https://s3.test.example";

beforeAll(() => {
  vi.stubEnv("AWS_ACCESS_KEY_ID", "test-key");
  vi.stubEnv("AWS_SECRET_ACCESS_KEY", "test-secret");
});

function setup() {
  const bucket = s3Handlers(ENDPOINT, "voxlate");
  mockServer.use(...bucket.handlers);
  const storage = s3Storage({
    bucket: "voxlate",
    prefix: "uploads",
    endpoint: ENDPOINT,
    region: "us-east-1",
    forcePathStyle: true,
  });
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-s3-"));
  return { bucket, storage, directory };
}

const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("s3Storage", () => {
  test("a large file goes up in parts and comes back whole, by range, and to a file; delete removes it", async () => {
    const { bucket, storage, directory } = setup();
    const content = crypto.randomBytes(20 * 1024 * 1024 + 123);
    const local = path.join(directory, "upload");
    fs.writeFileSync(local, content);

    await storage.putFile("recordings/u1/r1.wav", local);
    expect(fs.existsSync(local)).toBe(false);
    expect(bucket.objects.get("uploads/recordings/u1/r1.wav")?.equals(content)).toBe(true);
    expect(bucket.uploads.size).toBe(0); // the multipart upload was completed

    expect(await storage.size("recordings/u1/r1.wav")).toBe(content.length);
    expect(
      (await collect(await storage.read("recordings/u1/r1.wav", { start: 100, end: 199 }))).equals(
        content.subarray(100, 200),
      ),
    ).toBe(true);
    const copy = path.join(directory, "copy");
    await storage.download("recordings/u1/r1.wav", copy);
    expect(fs.readFileSync(copy).equals(content)).toBe(true);

    await storage.delete("recordings/u1/r1.wav");
    expect(bucket.objects.size).toBe(0);
  });

  test("a small file is a single PUT", async () => {
    const { bucket, storage, directory } = setup();
    const local = path.join(directory, "small");
    fs.writeFileSync(local, "hello");
    await storage.putFile("a.txt", local);
    expect(bucket.objects.get("uploads/a.txt")?.toString()).toBe("hello");
  });

  test("server-side encryption (S3_SSE) is asked for on every new object, single PUT and multipart", async () => {
    const bucket = s3Handlers(ENDPOINT, "voxlate");
    mockServer.use(...bucket.handlers);
    const storage = s3Storage({
      bucket: "voxlate",
      prefix: "",
      endpoint: ENDPOINT,
      region: "us-east-1",
      forcePathStyle: true,
      serverSideEncryption: "aws:kms",
      kmsKeyId: "alias/voxlate",
    });
    const writes: { method: string; sse: string | null; kms: string | null }[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      // The request that starts each object: a PUT without a part number, or the POST that opens a multipart upload.
      if ((request.method === "PUT" && !url.searchParams.has("partNumber")) || url.searchParams.has("uploads"))
        writes.push({
          method: request.method,
          sse: request.headers.get("x-amz-server-side-encryption"),
          kms: request.headers.get("x-amz-server-side-encryption-aws-kms-key-id"),
        });
    };
    mockServer.events.on("request:start", listener);
    try {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-s3-"));
      fs.writeFileSync(path.join(directory, "small"), "hello");
      await storage.putFile("small.txt", path.join(directory, "small"));
      fs.writeFileSync(path.join(directory, "large"), crypto.randomBytes(9 * 1024 * 1024));
      await storage.putFile("large.bin", path.join(directory, "large"));
    } finally {
      mockServer.events.removeListener("request:start", listener);
    }
    expect(writes).toEqual([
      { method: "PUT", sse: "aws:kms", kms: "alias/voxlate" },
      { method: "POST", sse: "aws:kms", kms: "alias/voxlate" },
    ]);
  });

  test("STORAGE_URL s3://bucket/prefix", () => {
    expect(parseS3Url("s3://voxlate-audio/prod/uploads/")).toEqual({ bucket: "voxlate-audio", prefix: "prod/uploads" });
    expect(parseS3Url("s3://voxlate-audio")).toEqual({ bucket: "voxlate-audio", prefix: "" });
    expect(() => parseS3Url("s3:///nothing")).toThrow(/s3:\/\/bucket/);
  });
});
