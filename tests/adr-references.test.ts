// ADRs are renumbered when branches merge; a comment naming one by number and slug must still name a file that exists,
// or the reader lands on an unrelated decision.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const decisionFiles = fs.readdirSync(path.join(REPO_ROOT, "docs/decisions"));
const SOURCES = ["prisma/schema.prisma", "server.ts", "app", "scripts"];

function sourceFiles(relative: string): string[] {
  const absolute = path.join(REPO_ROOT, relative);
  if (fs.statSync(absolute).isFile()) return [relative];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|prisma)$/.test(name) && !name.includes("generated"))
    .map((name) => path.join(relative, name));
}

test("every 'ADR NNN-slug' reference names an existing decision record", () => {
  const dangling: string[] = [];
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), "utf8");
    for (const match of text.matchAll(/ADR (\d{3})-([a-z]+)/g)) {
      const [reference, number, slug] = match;
      if (!decisionFiles.some((name) => name.startsWith(`${number}-${slug}`))) dangling.push(`${file}: ${reference}`);
    }
  }
  expect(dangling).toEqual([]);
});

test("the index lists every decision record, and nothing else", () => {
  const index = fs.readFileSync(path.join(REPO_ROOT, "docs/decisions/README.md"), "utf8");
  const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)]
    .map((match) => match[1])
    .filter((name) => !name.startsWith("000-"))
    .sort();
  const records = decisionFiles.filter((name) => /^\d{3}-/.test(name) && !name.startsWith("000-")).sort();
  expect(listed).toEqual(records);
});

test("every repository path an ADR names in backticks exists", () => {
  const missing: string[] = [];
  for (const name of decisionFiles.filter((file) => file.endsWith(".md"))) {
    const text = fs.readFileSync(path.join(REPO_ROOT, "docs/decisions", name), "utf8");
    for (const [, named] of text.matchAll(/`((?:app|scripts|tests|prisma|docs|bench)\/[^`\s*<>…]+)`/g)) {
      const file = path.join(REPO_ROOT, named.replace(/\/$/, ""));
      if (![file, `${file}.ts`, `${file}.tsx`].some((candidate) => fs.existsSync(candidate)))
        missing.push(`${name}: ${named}`);
    }
  }
  expect(missing).toEqual([]);
});
