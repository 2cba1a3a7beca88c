import { describe, expect, it } from "vitest";
import { TurnBuffer } from "./turn-buffer.server";

function collect(stream: TurnBuffer) {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("TurnBuffer", () => {
  it("hands on what was written in one turn of the event loop as one chunk", async () => {
    const stream = new TurnBuffer();
    const chunks = collect(stream);
    for (const part of ["<html>", "<body>", "hello", "</body>"]) stream.write(part);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body>hello</body>"]);
  });

  it("still streams: a part written in a later turn arrives as its own chunk, before the end", async () => {
    const stream = new TurnBuffer();
    const chunks = collect(stream);
    stream.write("shell");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chunks).toEqual(["shell"]);
    stream.write("suspended ");
    stream.write("part");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chunks).toEqual(["shell", "suspended part"]);
    stream.end();
  });

  it("releases what it holds when the stream ends, and nothing after", async () => {
    const stream = new TurnBuffer();
    const chunks = collect(stream);
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write("a");
    stream.end("b");
    await ended;
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.join("")).toBe("ab");
  });
});
