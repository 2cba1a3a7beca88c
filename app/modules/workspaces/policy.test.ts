// The role × action table in ADR 033-workspaces is the policy in words: every cell must be what `can` answers, and
// the table must name every role and every action, so the record and the code cannot drift apart.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { can, refusalSentence, WORKSPACE_ACTION_NAMES, WORKSPACE_ROLES, type WorkspaceAction } from "./policy";

const ADR = path.resolve(import.meta.dirname, "../../../docs/decisions/033-workspaces-and-roles.md");

function matrixFromAdr() {
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
  const lines = fs.readFileSync(ADR, "utf8").split("\n");
  const header = lines.findIndex((line) => /^\|\s*action\s*\|/.test(line));
  expect(header, "the ADR has a table whose first column is 'action'").toBeGreaterThan(-1);
  const roles = cells(lines[header]).slice(1);
  const rows: { action: string; answers: string[] }[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [action, ...answers] = cells(line);
    rows.push({ action: action.replace(/`/g, ""), answers });
  }
  return { roles, rows };
}

describe("the policy matches ADR 033-workspaces", () => {
  const { roles, rows } = matrixFromAdr();

  test("the table has a column for every role and a row for every action, each once", () => {
    expect(roles).toEqual(WORKSPACE_ROLES.map((role) => role.toLowerCase()));
    expect(rows.map((row) => row.action).sort()).toEqual([...WORKSPACE_ACTION_NAMES].sort());
  });

  for (const { action, answers } of rows)
    for (const [index, role] of WORKSPACE_ROLES.entries())
      test(`${role.toLowerCase()} × ${action}: ${answers[index]}`, () => {
        expect(["yes", "no"]).toContain(answers[index]);
        expect(can(role, action as WorkspaceAction)).toBe(answers[index] === "yes");
      });
});

describe("the roles as the issue describes them", () => {
  const allowed = (role: (typeof WORKSPACE_ROLES)[number]) => WORKSPACE_ACTION_NAMES.filter((a) => can(role, a));

  test("the owner may do everything", () => expect(allowed("OWNER")).toEqual(WORKSPACE_ACTION_NAMES));
  test("a viewer reads and exports only", () => expect(allowed("VIEWER")).toEqual(["view", "export"]));
  test("a reviewer is a member who may also verify and sign off", () =>
    expect(allowed("REVIEWER").sort()).toEqual([...allowed("MEMBER"), "verify"].sort()));
  test("an admin may do everything but billing and seats, and deleting the workspace", () =>
    expect(WORKSPACE_ACTION_NAMES.filter((a) => !can("ADMIN", a))).toEqual(["manage-billing", "delete-workspace"]));
  test("a refusal is a sentence naming the role and the action", () =>
    expect(refusalSentence("VIEWER", "delete")).toBe(
      "Your role in this workspace (viewer) does not allow deleting recordings.",
    ));
});
