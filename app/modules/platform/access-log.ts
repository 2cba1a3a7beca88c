// What the access log records, and how each entry reads on /data-privacy. Isomorphic: the page imports the labels.

export const ACCESS_ACTIONS = {
  "sign-in": "Signed in",
  "new-device": "Signed in from a new browser",
  "export.requested": "Asked for an export of all data",
  "export.ready": "Data export ready",
  "export.downloaded": "Downloaded the data export",
  "audio.downloaded": "Downloaded a recording's audio",
  "transcript.exported": "Downloaded a transcript",
  "share-link.viewed": "Someone opened a share link",
  "audio.deleted": "Deleted a recording's audio",
  "recording.deleted": "Deleted a recording",
  "recordings.deleted": "Deleted all recordings",
  "retention.changed": "Changed the retention policy",
  "retention.applied": "Retention policy deleted data",
  "account.deletion-scheduled": "Asked for the account to be deleted",
  "account.deletion-cancelled": "Account deletion cancelled",
  "plan.changed": "Plan changed",
  "api-key.used": "An API key was used",
} as const;

/** An API key's calls are logged once per key, method and path in this long (the page says so). */
export const API_KEY_LOG_WINDOW_MS = 60_000;

export type AccessAction = keyof typeof ACCESS_ACTIONS;

export const accessActionLabel = (action: string) => ACCESS_ACTIONS[action as AccessAction] ?? action;
