// Secrets the app must read back (a two-factor secret is needed to check each code, so it cannot be hashed), sealed
// with AES-256-GCM under the secrets key: a copy of the database alone does not give them away.
import crypto from "node:crypto";
import { secretsKey } from "~/config/env.server";

const VERSION = "v1";

export function sealSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretsKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text, or null when the value was not sealed by this key (or was changed). */
export function openSecret(value: string): string | null {
  const [version, iv, tag, sealed] = value.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", secretsKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
