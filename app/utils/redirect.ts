const BASE = "https://voxlate.invalid";

/**
 * A same-site path to send the visitor to, or the fallback. Every redirect target that comes from a request goes
 * through here (ADR 017). It refuses absolute and protocol-relative URLs, backslashes and every control character:
 * browsers strip tabs and newlines from a Location, so "/\t/evil.example" would otherwise become "//evil.example".
 * What is left must resolve to this site.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || /[\\\u0000-\u001f\u007f-\u009f\s]/.test(to)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (resolved.origin !== BASE) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Adds ?redirectTo=… to an auth URL, so the visitor still lands where they were going after signing in. */
export function withRedirect(path: string, redirectTo: string): string {
  if (!redirectTo) return path;
  return `${path}${path.includes("?") ? "&" : "?"}redirectTo=${encodeURIComponent(redirectTo)}`;
}
