// What the passkey pages and ceremony endpoints accept (ADR 039): isomorphic, so the forms validate in the browser too.
import { z } from "zod";

export const PASSKEY_NAME_MAX = 60;

export const PasskeyNameSchema = z
  .string({ error: "Give the passkey a name, such as the device it is on." })
  .trim()
  .min(1, "Give the passkey a name, such as the device it is on.")
  .max(PASSKEY_NAME_MAX, `A passkey's name is at most ${PASSKEY_NAME_MAX} characters.`);

/** The account page's forms without JavaScript: rename and remove, one intent each. */
export const PasskeySettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("passkey-rename"), passkeyId: z.string().min(1).max(40), name: PasskeyNameSchema }),
  z.object({ intent: z.literal("passkey-remove"), passkeyId: z.string().min(1).max(40) }),
]);

const base64url = (what: string, max = 8192) =>
  z
    .string({ error: `The passkey's answer has no ${what}.` })
    .max(max, `The passkey's ${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `The passkey's ${what} is not base64url.`);

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;

/** navigator.credentials.get()'s answer, as @simplewebauthn/browser encodes it. */
export const AuthenticationResponseSchema = z.object({
  id: base64url("credential id", 1400).min(1, "The passkey's answer has no credential id."),
  rawId: base64url("credential id", 1400),
  type: z.literal("public-key", { error: "The answer is not a passkey's." }),
  response: z.object({
    clientDataJSON: base64url("client data"),
    authenticatorData: base64url("authenticator data"),
    signature: base64url("signature", 1400),
    userHandle: base64url("user handle", 200).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser encodes it. */
export const RegistrationResponseSchema = z.object({
  id: base64url("credential id", 1400).min(1, "The passkey's answer has no credential id."),
  rawId: base64url("credential id", 1400),
  type: z.literal("public-key", { error: "The answer is not a passkey's." }),
  response: z.object({
    clientDataJSON: base64url("client data"),
    attestationObject: base64url("attestation", 16_000),
    // Unknown transports (a newer browser) are dropped rather than refused: they are only hints.
    transports: z
      .array(z.string().max(20))
      .max(10)
      .optional()
      .transform((list) =>
        list?.filter((item): item is (typeof TRANSPORTS)[number] => TRANSPORTS.includes(item as never)),
      ),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** Why a sign-in asks for a passkey: on its own (passwordless), or after the password as the second factor. */
export const PasskeySignInPurposeSchema = z.enum(["sign-in", "second-factor"], {
  error: 'Say what the passkey is for: "sign-in" or "second-factor".',
});

export const PasskeySignInOptionsBodySchema = z.object({ purpose: PasskeySignInPurposeSchema });

export const PasskeySignInVerifyBodySchema = z.object({
  purpose: PasskeySignInPurposeSchema,
  response: AuthenticationResponseSchema,
  redirectTo: z.string().max(2000).optional(),
});

export const PasskeyRegisterVerifyBodySchema = z.object({
  name: PasskeyNameSchema,
  response: RegistrationResponseSchema,
});
