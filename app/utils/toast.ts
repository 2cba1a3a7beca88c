// Shared by the client's Toaster and the server's flash cookie. No zod here: the schema lives in
// toast.server.ts, so the validation library stays out of every page's JavaScript.
export interface Toast {
  id: string;
  type: "message" | "success" | "error";
  title: string;
  description?: string;
}
export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;

/** Spec section 9: one toast at a time, shown for 5000 ms, in a viewport at most 420 px wide. */
export const TOAST_DURATION_MS = 5000;
