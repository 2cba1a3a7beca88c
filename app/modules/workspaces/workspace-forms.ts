// The workspace switcher's form (ADR 034-workspace), parsed by POST /workspaces/switch. Isomorphic: the shell renders
// it.
import { z } from "zod";

export const SWITCH_WORKSPACE_PATH = "/workspaces/switch";

export const SwitchWorkspaceSchema = z.object({
  workspaceId: z
    .string({ error: "Choose a workspace." })
    .trim()
    .min(1, "Choose a workspace.")
    .max(64, "Choose a workspace."),
  redirectTo: z.string().max(2000).optional(),
});
