import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { UploadOptionsSchema } from "./recording-forms";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: UploadOptionsSchema });
};

describe("UploadOptionsSchema: the number of speakers", () => {
  test("absent or auto is null (estimated); 2–10 are numbers", () => {
    const absent = parse({});
    expect(absent.status === "success" && absent.value.speakerCount).toBeNull();
    const auto = parse({ speakerCount: "auto" });
    expect(auto.status === "success" && auto.value.speakerCount).toBeNull();
    for (const count of [2, 5, 10]) {
      const parsed = parse({ speakerCount: String(count) });
      expect(parsed.status === "success" && parsed.value.speakerCount).toBe(count);
    }
  });

  test("anything else is refused with the message the form shows", () => {
    for (const value of ["1", "11", "0", "two", "2.5"]) {
      const parsed = parse({ speakerCount: value });
      expect(parsed.status === "error" && parsed.error?.speakerCount).toEqual([
        "Choose the number of speakers from the list.",
      ]);
    }
  });
});
