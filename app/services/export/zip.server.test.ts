import JSZip from "jszip";
import { describe, expect, test } from "vitest";
import { zipStream, type ZipEntry } from "./zip.server";

const ENTRY_BYTES = 256 * 1024;

describe("zipStream", () => {
  test("asks for an entry only when the reader wants more, and writes an archive an independent reader opens", async () => {
    let made = 0;
    async function* entries(): AsyncGenerator<ZipEntry> {
      for (let index = 0; index < 20; index++) {
        made++;
        const text = `entry ${index} `.repeat(ENTRY_BYTES / 8).slice(0, ENTRY_BYTES);
        yield { name: `file-${index}.txt`, body: Buffer.from(text), compress: index % 2 === 0 };
      }
    }
    const reader = zipStream(entries()).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // Streamed: reading the first bytes made one or two entries, not all twenty.
    expect(made).toBeLessThanOrEqual(2);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(made).toBe(20);
    const zip = await JSZip.loadAsync(Buffer.concat(chunks), { checkCRC32: true });
    expect(Object.keys(zip.files)).toHaveLength(20);
    expect(await zip.file("file-7.txt")!.async("string")).toMatch(/^entry 7 entry 7 /);
    expect((await zip.file("file-8.txt")!.async("uint8array")).length).toBe(ENTRY_BYTES);
  });

  test("cancelling the response stops asking for entries", async () => {
    let made = 0;
    let closed = false;
    async function* entries(): AsyncGenerator<ZipEntry> {
      try {
        for (;;) {
          made++;
          yield { name: `file-${made}.txt`, body: Buffer.from("x".repeat(1000)), compress: true };
        }
      } finally {
        closed = true;
      }
    }
    const reader = zipStream(entries()).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(made).toBeLessThanOrEqual(2);
  });
});
