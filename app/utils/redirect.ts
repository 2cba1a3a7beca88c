/**
 * A same-site path to send the visitor to, or the fallback. Rejects absolute URLs,
 * protocol-relative "//evil.example" and backslash tricks, so redirectTo cannot leave the site.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  return to;
}
