/** What the user types to confirm deleting their account. */
export const DELETE_CONFIRMATION = "DELETE";

export type AccountActionData = {
  intent: string;
  error?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};
