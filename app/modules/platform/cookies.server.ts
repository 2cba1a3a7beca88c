import { createCookie, type CookieOptions } from "react-router";
import { getEnv, sessionSecrets } from "./env.server";

/** httpOnly, SameSite=Lax and (in production) Secure: the defaults for every cookie this app sets. */
export function cookieDefaults(): CookieOptions {
  const env = getEnv();
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
  };
}

/** A cookie whose value is signed with SESSION_SECRET, so the browser cannot forge it. */
export function signedCookie(name: string, options: CookieOptions = {}) {
  return createCookie(name, { ...cookieDefaults(), secrets: sessionSecrets(), ...options });
}

/** Reads one cookie without signature checks, for values the visitor may set freely (consent choices). */
export function plainCookie(name: string, options: CookieOptions = {}) {
  return createCookie(name, { ...cookieDefaults(), ...options });
}
