import { setupServer } from "msw/node";
import { handlers } from "./handlers";

/** Intercepts outbound HTTP in tests. Local addresses (the app, S3 stand-ins, SMTP) pass through. */
export const mockServer = setupServer(...handlers);

export function isLocalAddress(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]", "::1"].includes(url.hostname);
}
