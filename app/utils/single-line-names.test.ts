// Names shown on one line (issue 30, item 5): every form's schema for one turns line breaks and tabs into a space and
// refuses the other control characters, through the one shared rule (singleLineName).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { GlossarySchema } from "~/modules/accounts/glossary";
import { FirstNameSchema, LastNameSchema } from "~/modules/accounts/registration";
import { CreateApiKeySchema } from "~/modules/developers/api-key-forms";
import { CreateFolderSchema, FolderNameSchema, TagNameSchema } from "~/modules/library/library-forms";
import { TitleSchema } from "~/modules/recordings/recording-forms";
import { CreateShareSchema } from "~/modules/sharing/share-forms";
import { SpeakerNameSchema } from "~/modules/speakers/speaker-forms";

const NAMES: [string, z.ZodType][] = [
  ["speaker name", SpeakerNameSchema],
  ["recording title", TitleSchema],
  ["folder name", FolderNameSchema],
  ["tag", TagNameSchema],
  ["API key name", CreateApiKeySchema.shape.name],
  ["share link label", CreateShareSchema.shape.label],
  ["first name", FirstNameSchema],
  ["last name", LastNameSchema],
];

describe("single-line names", () => {
  test.each(NAMES)("a %s: CR, LF and tabs become one space, trimmed", (_, schema) => {
    expect(schema.parse(" Ada\r\nLovelace\t")).toBe("Ada Lovelace");
    expect(schema.parse("Ada\n\n\r\nLovelace")).toBe("Ada Lovelace");
    expect(schema.parse("Ada\u2028Lovelace")).toBe("Ada Lovelace");
  });

  test.each(NAMES)("a %s: other control characters are refused with a sentence", (_, schema) => {
    for (const control of ["\u0000", "\u0007", "\u007f", "\u0085", "\u009b"]) {
      const result = schema.safeParse(`Ada${control}Lovelace`);
      expect(result.success, JSON.stringify(control)).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/cannot contain control characters\.$/);
    }
  });

  test("a name that is only line breaks is missing, not a blank name; an optional one is absent", () => {
    expect(SpeakerNameSchema.safeParse("\r\n\t").error?.issues[0]?.message).toBe("Give the speaker a name.");
    expect(TitleSchema.safeParse("\n").error?.issues[0]?.message).toBe("Give the recording a name.");
    expect(CreateShareSchema.shape.label.parse(" \r\n")).toBeUndefined();
    expect(CreateShareSchema.shape.label.parse(undefined)).toBeUndefined();
  });

  test("through Conform, as the forms parse them: the refusal is the form's own sentence", () => {
    const parse = (fields: Record<string, string>) =>
      parseWithZod(new URLSearchParams(fields), { schema: CreateFolderSchema });
    expect(parse({ intent: "create-folder", name: "  \r\n " }).reply().error).toEqual({
      name: ["Give the folder a name."],
    });
    expect(parse({ intent: "create-folder", name: "Clients\r\n2026" })).toMatchObject({
      status: "success",
      value: { name: "Clients 2026" },
    });
  });

  test("the limits still count the name as stored", () => {
    expect(SpeakerNameSchema.safeParse(`${"a".repeat(30)}\r\n${"b".repeat(29)}`).success).toBe(true);
    expect(SpeakerNameSchema.safeParse("a".repeat(61)).error?.issues[0]?.message).toBe(
      "Speaker names can be at most 60 characters.",
    );
    expect(TagNameSchema.safeParse("a,b").error?.issues[0]?.message).toBe("Tags cannot contain commas or #.");
  });

  test("glossary terms are one a line and refuse other control characters", () => {
    expect(GlossarySchema.parse({ intent: "glossary", terms: "Voxlate\r\nPGlite\tzod" }).terms).toEqual([
      "Voxlate",
      "PGlite zod",
    ]);
    expect(GlossarySchema.safeParse({ intent: "glossary", terms: "Vox\u0085late" }).error?.issues[0]?.message).toBe(
      "Glossary terms cannot contain control characters.",
    );
  });
});
