import { type Cookie, createCookie, type CookieOptions } from "react-router";
import { getEnv, sessionSecrets } from "~/config/env.server";

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

/**
 * Values of signed cookies already checked, by cookie name and Cookie header. A browser sends the same header on
 * every request, and checking a signature through WebCrypto (React Router's way) cost about 2 ms of the server's
 * CPU per signed-in page under load (bench/load.ts, profiled): the same answer for the same bytes and secrets.
 */
const checkedValues = new Map<string, unknown>();
const CHECKED_VALUES_KEPT = 10_000;

/** A cookie whose value is signed with SESSION_SECRET, so the browser cannot forge it. */
export function signedCookie(name: string, options: CookieOptions = {}): Cookie {
  const cookie = createCookie(name, { ...cookieDefaults(), secrets: sessionSecrets(), ...options });
  const parse: Cookie["parse"] = async (cookieHeader, parseOptions) => {
    if (!cookieHeader?.includes(`${name}=`) || parseOptions) return cookie.parse(cookieHeader, parseOptions);
    const key = `${name}\0${cookieHeader}`;
    if (!checkedValues.has(key)) {
      const value: unknown = await cookie.parse(cookieHeader);
      // Oldest first out: a Map keeps insertion order.
      if (checkedValues.size >= CHECKED_VALUES_KEPT) checkedValues.delete(checkedValues.keys().next().value!);
      checkedValues.set(key, value);
    }
    // A copy: a caller may change what it got.
    return structuredClone(checkedValues.get(key));
  };
  return Object.create(cookie, { parse: { value: parse } }) as Cookie;
}

/** Reads one cookie without signature checks, for values the visitor may set freely (consent choices). */
export function plainCookie(name: string, options: CookieOptions = {}) {
  return createCookie(name, { ...cookieDefaults(), ...options });
}
