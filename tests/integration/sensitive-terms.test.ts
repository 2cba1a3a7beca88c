// Sensitive glossary terms (issue 35 item 1, ADR 048): owners and admins tick glossary entries on the account page
// with a plain form post, through the production request handler on a real database. A sensitive term is always a
// glossary entry: a term that is not one is refused with a sentence, and saving the glossary without an entry
// unmarks it. The redaction suggestions find the marked terms.
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { suggestRedactions } from "~/modules/redaction/suggestions";
import { workspaceSensitiveTerms } from "~/modules/workspaces/glossary.server";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import { switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  app = await appHandler();
});

/** A team workspace with an owner, an admin and a member, each with the team as their current workspace. */
async function team() {
  const owner = await signedInUser("BUSINESS_PRO");
  const workspace = await createTeamWorkspace(owner.id, `Firm ${crypto.randomUUID().slice(0, 8)}`);
  const admin = await signedInUser();
  const member = await signedInUser();
  const database = await db();
  for (const [user, role] of [
    [admin, "ADMIN"],
    [member, "MEMBER"],
  ] as const) {
    await database.workspaceMember.create({ data: { workspaceId: workspace.id, userId: user.id, role } });
  }
  for (const user of [owner, admin, member]) await switchWorkspace(user.id, workspace.id);
  return { owner, admin, member, workspaceId: workspace.id };
}

const post = (user: User, fields: [string, string][]) =>
  app("/account", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: user.cookie },
    body: new URLSearchParams(fields),
  });

const saveGlossary = (user: User, terms: string) =>
  post(user, [
    ["intent", "glossary"],
    ["terms", terms],
  ]);

const markSensitive = (user: User, ...terms: string[]) =>
  post(user, [["intent", "sensitive-terms"], ...terms.map((term): [string, string] => ["sensitiveTerms", term])]);

async function stored(workspaceId: string) {
  return (await db()).workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { glossary: true, sensitiveTerms: true },
  });
}

/** The account page's checkbox for a glossary entry, as rendered on the server (no JavaScript). */
async function checkboxFor(user: User, term: string) {
  const page = await (await app("/account", { headers: { Cookie: user.cookie } })).text();
  return [...page.matchAll(/<input[^>]*>/g)]
    .map(([tag]) => tag)
    .find((tag) => tag.includes('name="sensitiveTerms"') && tag.includes(`value="${term}"`));
}

describe("sensitive glossary terms", () => {
  test("an admin marks glossary entries with a plain form; the page shows them ticked; suggestions find them", async () => {
    const { owner, admin, workspaceId } = await team();
    expect((await saveGlossary(owner, "Okafor\nLLP\nProject Falcon")).status).toBe(302);
    expect(await checkboxFor(admin, "Okafor")).not.toMatch(/checked/);

    // Matched in any case, kept in the glossary's order and spelling.
    expect((await markSensitive(admin, "project falcon", "Okafor")).status).toBe(302);
    expect(await stored(workspaceId)).toEqual({
      glossary: ["Okafor", "LLP", "Project Falcon"],
      sensitiveTerms: ["Okafor", "Project Falcon"],
    });
    expect(await checkboxFor(admin, "Okafor")).toMatch(/checked/);
    expect(await checkboxFor(admin, "LLP")).not.toMatch(/checked/);

    const sensitiveTerms = await workspaceSensitiveTerms(workspaceId);
    const suggestions = suggestRedactions({
      segments: [{ id: "s1", text: "The project falcon numbers went to the LLP." }],
      names: [],
      sensitiveTerms,
    });
    expect(suggestions.map(({ category, text }) => [category, text])).toEqual([["SENSITIVE", "project falcon"]]);

    // No box ticked unmarks them all.
    expect((await markSensitive(admin)).status).toBe(302);
    expect((await stored(workspaceId)).sensitiveTerms).toEqual([]);
  });

  test("a term that is not a glossary entry, or too long, is refused with a sentence and nothing changes", async () => {
    const { owner, workspaceId } = await team();
    await saveGlossary(owner, "Okafor\nLLP");
    expect((await markSensitive(owner, "LLP")).status).toBe(302);

    const notAnEntry = await markSensitive(owner, "Okafor", "Globex");
    expect(notAnEntry.status).toBe(400);
    expect(await notAnEntry.text()).toContain("“Globex” is not in the glossary: add it to the glossary first");

    const tooLong = await markSensitive(owner, "x".repeat(61));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Each term can be at most 60 characters");

    expect((await stored(workspaceId)).sensitiveTerms).toEqual(["LLP"]);
  });

  test("a member may not mark terms, and is not offered the form", async () => {
    const { owner, member, workspaceId } = await team();
    await saveGlossary(owner, "Okafor\nLLP");
    expect((await markSensitive(owner, "Okafor")).status).toBe(302);

    const page = await (await app("/account", { headers: { Cookie: member.cookie } })).text();
    expect(page).not.toContain('name="sensitiveTerms"');
    expect(page).toMatch(/Okafor<span[^>]*>\(sensitive\)<\/span>/);

    const refused = await markSensitive(member, "LLP");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("does not allow");
    expect((await stored(workspaceId)).sensitiveTerms).toEqual(["Okafor"]);
  });

  test("saving the glossary without an entry unmarks it; an entry that stays keeps its mark in its new spelling", async () => {
    const { owner, workspaceId } = await team();
    await saveGlossary(owner, "Okafor\nLLP\nProject Falcon");
    expect((await markSensitive(owner, "Okafor", "Project Falcon")).status).toBe(302);

    expect((await saveGlossary(owner, "LLP\nproject falcon")).status).toBe(302);
    expect(await stored(workspaceId)).toEqual({
      glossary: ["LLP", "project falcon"],
      sensitiveTerms: ["project falcon"],
    });

    // Adding the entry back does not bring its old mark back.
    await saveGlossary(owner, "LLP\nproject falcon\nOkafor");
    expect((await stored(workspaceId)).sensitiveTerms).toEqual(["project falcon"]);
  });
});
