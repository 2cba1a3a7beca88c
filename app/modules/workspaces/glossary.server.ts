// The workspace's glossary (ADR 025-word; on the workspace since ADR 034-workspace): each transcription of a recording
// in the workspace copies it onto the recording. A personal workspace's is its owner's; a team shares one, which
// owners and admins edit (`manage-policy`: it changes every member's transcripts).
import { db } from "~/modules/platform/database.server";
import { can } from "./policy";
import { currentWorkspace, requireWorkspaceAction } from "./workspaces.server";

/** The current workspace's glossary, and whether this user may change it. */
export async function currentGlossary(userId: string) {
  const workspace = await currentWorkspace(userId);
  const row = await (
    await db()
  ).workspace.findUniqueOrThrow({ where: { id: workspace.id }, select: { glossary: true } });
  return {
    terms: row.glossary,
    workspaceName: workspace.name,
    team: workspace.kind === "TEAM",
    canEdit: can(workspace.role, "manage-policy"),
  };
}

/** Replaces the current workspace's glossary (403 with a sentence for a role that may not). */
export async function saveGlossary(userId: string, terms: string[]): Promise<void> {
  const { id } = await currentWorkspace(userId);
  await requireWorkspaceAction(userId, id, "manage-policy");
  await (await db()).workspace.update({ where: { id }, data: { glossary: terms } });
}

/** The glossary of the workspace a recording belongs to: what its transcription is primed with. */
export async function workspaceGlossary(workspaceId: string): Promise<string[]> {
  const row = await (await db()).workspace.findUnique({ where: { id: workspaceId }, select: { glossary: true } });
  return row?.glossary ?? [];
}
