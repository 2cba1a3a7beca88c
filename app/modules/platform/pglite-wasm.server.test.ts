import { describe, expect, test } from "vitest";
import { withSetting } from "./pglite-wasm.server";

describe("withSetting", () => {
  const binary = Buffer.from("\0\x01abc\0shared_buffers=128MB\0wal_buffers=4MB\0", "latin1");

  test("replaces the NUL-terminated string in place, keeping the binary's length", () => {
    const patched = withSetting(binary, "shared_buffers=128MB\0", "shared_buffers=16MB");
    expect(patched?.toString("latin1")).toBe("\0\x01abc\0shared_buffers=16MB\0\0wal_buffers=4MB\0");
    expect(binary.toString("latin1")).toContain("128MB"); // the original is left alone
  });

  test("gives up when the string is missing, repeated, or the replacement does not fit", () => {
    expect(withSetting(binary, "shared_buffers=64MB\0", "shared_buffers=16MB")).toBeUndefined();
    expect(withSetting(Buffer.concat([binary, binary]), "shared_buffers=128MB\0", "x")).toBeUndefined();
    expect(withSetting(binary, "shared_buffers=128MB\0", "shared_buffers=1024MB")).toBeUndefined();
  });
});
