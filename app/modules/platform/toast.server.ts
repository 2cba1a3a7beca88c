import { redirect } from "react-router";
import { signedCookie } from "./cookies.server";
import { z } from "zod";
import type { Toast, ToastInput } from "~/utils/toast";

const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["message", "success", "error"]).default("message"),
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
}) satisfies z.ZodType<Toast, ToastInput>;

// A flash cookie: set before a redirect, read (and cleared) by the next page, so it works without JavaScript.
const toastCookie = () => signedCookie("voxlate_toast", { maxAge: 60 });

export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie().serialize(ToastSchema.parse(toast));
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, and the header that clears it once shown. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const parsed = ToastSchema.safeParse(await toastCookie().parse(request.headers.get("Cookie")));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) }),
  };
}
