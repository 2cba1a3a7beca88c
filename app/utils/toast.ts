import { z } from "zod";

export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["message", "success", "error"]).default("message"),
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
});

export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

/** Spec section 9: one toast at a time, shown for 5000 ms, in a viewport at most 420 px wide. */
export const TOAST_DURATION_MS = 5000;
