import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { NO_FILE, uploadFormSchema, UploadOptionsSchema } from "./recording-forms";

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

describe("uploadFormSchema: the dashboard's form in the browser", () => {
  const schema = uploadFormSchema({ maxBytes: 4, tooLarge: "Too large." });
  const parseForm = (file: File, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set("file", file);
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return parseWithZod(form, { schema });
  };

  test("no file, or one past the plan's limit, is the form's error, even beside an option's error", () => {
    const none = parseForm(new File([], ""), { speakerCount: "11" });
    expect(none.status === "error" && none.error).toEqual({
      "": [NO_FILE],
      speakerCount: ["Choose the number of speakers from the list."],
    });
    const large = parseForm(new File(["12345"], "long.wav"));
    expect(large.status === "error" && large.error).toEqual({ "": ["Too large."] });
  });

  test("a file within the limit and good options pass", () => {
    expect(parseForm(new File(["1234"], "short.wav"), { language: "en", speakerCount: "2" }).status).toBe("success");
  });
});
