import { signedCookie } from "~/modules/platform/cookies.server";

/** An existing account whose address is not verified yet: the email we sent the code to (15 minutes). */
const pendingCookie = () => signedCookie("voxlate_verify", { maxAge: 15 * 60 });

export async function readPendingLoginEmail(request: Request): Promise<string | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export function pendingLoginCookie(email: string | null): Promise<string> {
  return email ? pendingCookie().serialize(email) : pendingCookie().serialize("", { maxAge: 0 });
}
