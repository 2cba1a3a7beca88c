// The workspace's glossary (ADR 025-word; on the workspace since ADR 034-workspace): each transcription of a recording
// in the workspace copies it onto the recording. A personal workspace's is its owner's; a team shares one, which
// owners and admins edit (`manage-policy`: it changes every member's transcripts). They also mark entries sensitive
// (ADR 048): those are suggested for redaction wherever a transcript says them.
import { sensitiveGlossaryEntries } from "~/modules/accounts/glossary";
import { db } from "~/modules/platform/database.server";
import { can } from "./policy";
import { withWorkspaceLocked } from "./team-workspaces.server";
import { currentWorkspace, requireWorkspaceAction, WorkspaceError } from "./workspaces.server";

/** The current workspace's glossary, and whether this user may change it. */
export async function currentGlossary(userId: string) {
  const workspace = await currentWorkspace(userId);
  const row = await (
    await db()
  ).workspace.findUniqueOrThrow({ where: { id: workspace.id }, select: { glossary: true, sensitiveTerms: true } });
  return {
    terms: row.glossary,
    sensitiveTerms: row.sensitiveTerms,
    workspaceName: workspace.name,
    team: workspace.kind === "TEAM",
    canEdit: can(workspace.role, "manage-policy"),
  };
}

/**
 * Replaces the current workspace's glossary (403 with a sentence for a role that may not). An entry taken out is no
 * longer sensitive; one that stays keeps its mark, in its new spelling. The row is locked, so a glossary saved while
 * someone marks terms cannot leave a sensitive term outside it.
 */
export async function saveGlossary(userId: string, terms: string[]): Promise<void> {
  const { id } = await currentWorkspace(userId);
  await requireWorkspaceAction(userId, id, "manage-policy");
  await withWorkspaceLocked(id, async (tx) => {
    const { sensitiveTerms } = await tx.workspace.findUniqueOrThrow({
      where: { id },
      select: { sensitiveTerms: true },
    });
    await tx.workspace.update({
      where: { id },
      data: { glossary: terms, sensitiveTerms: sensitiveGlossaryEntries(terms, sensitiveTerms) },
    });
  });
}

/**
 * Marks which of the current workspace's glossary entries are sensitive (all others are not). Owners and admins; a
 * term that is not in the glossary is refused with a sentence that says which (the page offers only the entries, but
 * the glossary may have changed since it was loaded).
 */
export async function saveSensitiveTerms(userId: string, terms: string[]): Promise<void> {
  const { id } = await currentWorkspace(userId);
  await requireWorkspaceAction(userId, id, "manage-policy");
  await withWorkspaceLocked(id, async (tx) => {
    const { glossary } = await tx.workspace.findUniqueOrThrow({ where: { id }, select: { glossary: true } });
    const missing = terms.find((term) => !sensitiveGlossaryEntries(glossary, [term]).length);
    if (missing !== undefined) {
      throw new WorkspaceError(
        `“${missing}” is not in the glossary: add it to the glossary first, then mark it sensitive.`,
        400,
      );
    }
    await tx.workspace.update({ where: { id }, data: { sensitiveTerms: sensitiveGlossaryEntries(glossary, terms) } });
  });
}

/** The glossary entries of a workspace that are marked sensitive: what the redaction suggestions look for. */
export async function workspaceSensitiveTerms(workspaceId: string): Promise<string[]> {
  const row = await (await db()).workspace.findUnique({ where: { id: workspaceId }, select: { sensitiveTerms: true } });
  return row?.sensitiveTerms ?? [];
}

/** The glossary of the workspace a recording belongs to: what its transcription is primed with. */
export async function workspaceGlossary(workspaceId: string): Promise<string[]> {
  const row = await (await db()).workspace.findUnique({ where: { id: workspaceId }, select: { glossary: true } });
  return row?.glossary ?? [];
}
