// Who may do what in a workspace: the one place that decides it (ADR 033-workspaces, issue 32). Isomorphic and
// without the database, so pages can hide what a role may not do and the server can refuse it with the same answer.
// The table in docs/decisions/033-workspaces-and-roles.md is this matrix in words; a unit test reads it and checks
// every cell.

export const WORKSPACE_ROLES = ["OWNER", "ADMIN", "MEMBER", "REVIEWER", "VIEWER"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Every action a permission is asked for, with the words a refusal uses ("Your role … does not allow <words>."). */
export const WORKSPACE_ACTIONS = {
  view: "opening its recordings and transcripts",
  export: "exporting transcripts and audio",
  edit: "editing transcripts, titles, folders and tags",
  delete: "deleting recordings",
  share: "creating share links",
  upload: "uploading or recording audio",
  verify: "verifying and signing off transcripts",
  redact: "redacting transcripts and reviewing their redactions",
  "view-original": "reading the original of a redacted transcript",
  "manage-members": "inviting members and changing their roles",
  "manage-policy": "changing the workspace's policies and restricted folders",
  "manage-api": "managing its API keys and webhooks",
  "view-audit-log": "reading its audit log",
  "manage-billing": "managing its billing and seats",
  "delete-workspace": "deleting the workspace",
} as const;
export type WorkspaceAction = keyof typeof WORKSPACE_ACTIONS;
export const WORKSPACE_ACTION_NAMES = Object.keys(WORKSPACE_ACTIONS) as WorkspaceAction[];

const READ: WorkspaceAction[] = ["view", "export"];
const WORK: WorkspaceAction[] = [...READ, "edit", "delete", "share", "upload"];
// Redacting needs the original in view, and the original is for owners and admins only (ADR 048).
const ADMINISTER: WorkspaceAction[] = [
  "manage-members",
  "manage-policy",
  "manage-api",
  "view-audit-log",
  "redact",
  "view-original",
];

const ALLOWED: Record<WorkspaceRole, ReadonlySet<WorkspaceAction>> = {
  // the owner may do everything
  OWNER: new Set(WORKSPACE_ACTION_NAMES),
  // everything but billing and seats, and deleting the workspace
  ADMIN: new Set([...WORK, "verify", ...ADMINISTER]),
  MEMBER: new Set(WORK),
  // a member who may also verify and sign off
  REVIEWER: new Set([...WORK, "verify"]),
  // reads and exports only
  VIEWER: new Set(READ),
};

/** May a member with `role` do `action`? */
export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return ALLOWED[role].has(action);
}

/** Every action, and whether `role` may take it: what a page offers (the server still asks `can` on each request). */
export function permissionsOf(role: WorkspaceRole): Record<WorkspaceAction, boolean> {
  return Object.fromEntries(WORKSPACE_ACTION_NAMES.map((action) => [action, can(role, action)])) as Record<
    WorkspaceAction,
    boolean
  >;
}

/** The sentence a refusal (403) shows. */
export function refusalSentence(role: WorkspaceRole, action: WorkspaceAction): string {
  return `Your role in this workspace (${role.toLowerCase()}) does not allow ${WORKSPACE_ACTIONS[action]}.`;
}

/**
 * May a member with `actor` give `target` (a role a member has, or one being given) to someone? Members are managed
 * with `manage-members`; owners are made, demoted and removed only by owners (an admin who could make owners could
 * make themselves one). ADR 035-teams.
 */
export function canAssignRole(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  return can(actor, "manage-members") && (target !== "OWNER" || actor === "OWNER");
}

/** The sentence a refusal of canAssignRole shows. */
export function assignRoleRefusal(actor: WorkspaceRole, target: WorkspaceRole): string {
  return can(actor, "manage-members") && target === "OWNER"
    ? `Your role in this workspace (${actor.toLowerCase()}) does not allow making, changing or removing owners.`
    : refusalSentence(actor, "manage-members");
}
