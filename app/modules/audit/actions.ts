// What the audit trail records (ADR 036-audit), and how each entry reads on /data-privacy and the workspace's audit
// page. Isomorphic: the pages import the labels. The names of ADR 029's access log are kept, so its copied rows read
// the same.

export const AUDIT_ACTIONS = {
  // Account: sign-ins (every method) and their failures.
  "sign-in": "Signed in",
  "sign-in.failed": "Failed sign-in",
  "new-device": "Signed in from a new browser",
  // Sessions (ADR 040-sessions): account events, shown in each workspace the account is a member of.
  "sign-out": "Signed out",
  "session.revoked": "Signed out another browser",
  "sessions.revoked-others": "Signed out everywhere else",
  // Second factors (ADR 038-two).
  "two-factor.enabled": "Turned on two-factor sign-in",
  "two-factor.disabled": "Turned off two-factor sign-in",
  "recovery-codes.created": "Made new recovery codes",
  "recovery-code.used": "Used a recovery code",
  // Passkeys (ADR 039); signing in with one is a "sign-in" whose method says passkey.
  "passkey.added": "Added a passkey",
  "passkey.renamed": "Renamed a passkey",
  "passkey.removed": "Removed a passkey",
  // Single sign-on (ADR 041-sso): settings, sign-ins, accounts it made or linked, and callbacks it refused.
  "sso.settings-changed": "Changed the single sign-on settings",
  "sso.sign-in": "Signed in with single sign-on",
  "sso.account-created": "Single sign-on created an account",
  "sso.account-linked": "Single sign-on linked an existing account",
  "sso.refused": "Refused a single sign-on",
  "second-factors.reset": "Reset a member's second factors",
  // Transcripts and recordings.
  "transcript.viewed": "Opened a transcript",
  "transcript.edited": "Edited a transcript",
  // Review and sign-off (ADR 045).
  "transcript.version-cut": "Saved a version of a transcript",
  "transcript.signed-off": "Signed off a transcript",
  "transcript.segments-verified": "Marked transcript segments verified",
  "recording.renamed": "Renamed a recording",
  "speaker.renamed": "Renamed a speaker",
  "transcript.exported": "Downloaded a transcript",
  "transcript.caption-saved": "Saved a transcript's caption",
  // Redaction (ADR 048): the category and the segment, never the words hidden.
  "redaction.suggested": "Found redaction suggestions",
  "redaction.accepted": "Accepted redactions",
  "redaction.rejected": "Rejected redaction suggestions",
  "redaction.added": "Redacted a passage by hand",
  "redaction.removed": "Removed a redaction",
  "redaction.reviewed": "Reviewed a transcript's redactions",
  "recordings.exported": "Downloaded recordings as a ZIP",
  "audio.downloaded": "Downloaded a recording's audio",
  "audio.deleted": "Deleted a recording's audio",
  "recording.deleted": "Deleted a recording",
  "recordings.deleted": "Deleted all recordings",
  // Share links.
  "share-link.created": "Created a share link",
  "share-link.revoked": "Revoked a share link",
  "share-link.viewed": "Someone opened a share link",
  // API keys.
  "api-key.created": "Created an API key",
  "api-key.revoked": "Revoked an API key",
  "api-key.used": "An API key was used",
  // Workspaces: members, roles, invitations, seats and policies (walls), recorded by the code that changes them.
  "workspace.created": "Created a workspace",
  "workspace.deleted": "Deleted a workspace",
  "member.role-changed": "Changed a member's role",
  "member.removed": "Removed a member",
  "invitation.sent": "Invited someone",
  "invitation.revoked": "Withdrew an invitation",
  "invitation.accepted": "Accepted an invitation",
  "seats.changed": "Changed the number of seats",
  "billing.owner-changed": "Took over paying for the workspace",
  "policy.changed": "Changed a workspace policy",
  // Provisioning by the workspace's identity provider (SCIM, ADR 042): the actor is the token, named in the detail.
  "scim-token.created": "Created a SCIM token",
  "scim-token.revoked": "Revoked a SCIM token",
  "scim.user-created": "Provisioning added a member",
  "scim.user-linked": "Provisioning linked a member",
  "scim.user-updated": "Provisioning updated a member",
  "scim.user-deactivated": "Provisioning deactivated a member",
  "scim.user-reactivated": "Provisioning reactivated a member",
  "scim.user-deleted": "Provisioning removed a member",
  "scim.group-created": "Provisioning created a group",
  "scim.group-updated": "Provisioning changed a group",
  "scim.group-deleted": "Provisioning deleted a group",
  "scim.group-role-changed": "Changed the role a group gives",
  // Data rights (ADR 029).
  "export.requested": "Asked for an export of all data",
  "export.ready": "Data export ready",
  "export.downloaded": "Downloaded the data export",
  "retention.changed": "Changed the retention policy",
  "retention.applied": "Retention policy deleted data",
  "account.deletion-scheduled": "Asked for the account to be deleted",
  "account.deletion-cancelled": "Account deletion cancelled",
  "account.deleted": "Deleted the account",
  "plan.changed": "Plan changed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(AUDIT_ACTIONS, value);

export const auditActionLabel = (action: string) => (isAuditAction(action) ? AUDIT_ACTIONS[action] : action);

/**
 * What concerns an account rather than one workspace (recorded once, with no workspace): a workspace's log shows
 * these for its members, from the day they joined (ADR 040-sessions), instead of a copy per workspace.
 */
export const ACCOUNT_SECURITY_ACTIONS = [
  "sign-in",
  "sign-in.failed",
  "new-device",
  "sign-out",
  "session.revoked",
  "sessions.revoked-others",
  "two-factor.enabled",
  "two-factor.disabled",
  "recovery-codes.created",
  "recovery-code.used",
  "passkey.added",
  "passkey.renamed",
  "passkey.removed",
] as const satisfies readonly AuditAction[];

/** What an entry is about. */
export const AUDIT_TARGET_KINDS = [
  "user",
  "recording",
  "share-link",
  "api-key",
  "export",
  "workspace",
  "member",
  "invitation",
  "folder",
  "passkey",
  "scim-token",
  "group",
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/**
 * An API key's calls are logged once per key, method and path in this long (the page says so): often enough to see
 * which key reached what from where, without a row for each call of a script that polls.
 */
export const API_KEY_LOG_WINDOW_MS = 60 * 60_000;

/**
 * A transcript's views and edits are logged once per person and transcript in this long: a reload is not a second
 * look, and the editor's autosave is not a new edit (its revisions keep every change).
 */
export const REPEAT_LOG_WINDOW_MS = 10 * 60_000;

/** An entry's facts (its JSON detail) as one line: "format: pdf · language: es". Erased or empty: "". */
export function auditDetailText(detail: string | null): string {
  if (!detail) return "";
  try {
    const facts = JSON.parse(detail) as Record<string, unknown>;
    return Object.entries(facts)
      .map(([key, value]) => `${key}: ${typeof value === "boolean" ? (value ? "yes" : "no") : String(value)}`)
      .join(" · ");
  } catch {
    return "";
  }
}

/** The device column: the User-Agent, cut short (the full one is in the CSV and the API). */
export const shortDevice = (userAgent: string | null, max = 60) =>
  !userAgent ? "" : userAgent.length > max ? `${userAgent.slice(0, max - 1)}…` : userAgent;
