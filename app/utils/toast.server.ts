import { redirect } from "react-router";
import { signedCookie } from "./cookies.server";
import { ToastSchema, type Toast, type ToastInput } from "./toast";

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
