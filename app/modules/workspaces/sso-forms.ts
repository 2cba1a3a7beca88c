// Single sign-on settings and the sign-in form's schemas (ADR 041-sso). Isomorphic: the settings page validates with
// them in the browser, the server with the same ones; the JSON shape (SsoSettingsInputSchema) is what
// /api/v1/workspaces/{id}/policies reads.
import { z } from "zod";
import { EmailSchema } from "~/modules/accounts/registration";

/** The roles an account made by its first single sign-on may get: never OWNER (owners are made by owners). */
export const SSO_DEFAULT_ROLES = ["ADMIN", "MEMBER", "REVIEWER", "VIEWER"] as const;

/**
 * Addresses anyone can get: a workspace claiming one would route strangers to its provider, and its provider could
 * vouch for their addresses. Refused as SSO domains.
 */
export const PUBLIC_EMAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "mail.com",
  "yandex.com",
  "zoho.com",
]);

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const SsoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, { error: "A domain can be at most 253 characters.", abort: true })
  .transform((value) => value.replace(/^@/, ""))
  .refine((value) => DOMAIN.test(value), { error: (issue) => `${String(issue.input)} is not an email domain.` })
  .refine((value) => !PUBLIC_EMAIL_DOMAINS.has(value), {
    error: (issue) =>
      `${String(issue.input)} is a public email service: only your organisation's own domains can be used.`,
  });

const MAX_DOMAINS = 20;

const IssuerSchema = z
  .string({ error: "Enter the issuer URL of your identity provider." })
  .trim()
  .min(1, "Enter the issuer URL of your identity provider.")
  .max(500, "An issuer URL can be at most 500 characters.")
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: "Enter the issuer as a full address, e.g. https://login.example.com/realms/staff.",
  });

/**
 * The settings as JSON (the policies endpoint): every field optional, and what is left out stays as it is. An empty
 * or missing clientSecret keeps the stored one; it is never returned.
 */
export const SsoSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    issuer: IssuerSchema,
    clientId: z.string().trim().min(1, "Enter the client id.").max(255, "A client id can be at most 255 characters."),
    clientSecret: z.string().max(1000, "A client secret can be at most 1000 characters."),
    domains: z.array(SsoDomainSchema).max(MAX_DOMAINS, `At most ${MAX_DOMAINS} domains.`),
    defaultRole: z.enum(SSO_DEFAULT_ROLES, { error: "Choose admin, member, reviewer or viewer." }),
    ssoRequired: z.boolean(),
  })
  .partial()
  .strict();
export type SsoSettingsInput = z.infer<typeof SsoSettingsInputSchema>;

/** The settings page's form: checkboxes and the domains as one line of text, turned into the JSON shape. */
export const SsoSettingsFormSchema = z
  .object({
    enabled: z.boolean().default(false),
    issuer: IssuerSchema,
    clientId: z.string({ error: "Enter the client id." }).trim().min(1, "Enter the client id.").max(255),
    clientSecret: z.string().max(1000).default(""),
    domains: z
      .string({ error: "Enter at least one email domain, e.g. example.com." })
      .max(MAX_DOMAINS * 254)
      .transform((value) => value.split(/[\s,;]+/).filter(Boolean))
      .pipe(z.array(SsoDomainSchema).min(1, "Enter at least one email domain.").max(MAX_DOMAINS)),
    defaultRole: z.enum(SSO_DEFAULT_ROLES, { error: "Choose admin, member, reviewer or viewer." }),
    ssoRequired: z.boolean().default(false),
  })
  .transform((form) => form satisfies SsoSettingsInput);

/** The sign-in page's "Sign in with SSO": the work email picks the workspace by its domain. */
export const SsoStartSchema = z.object({
  email: EmailSchema,
  redirectTo: z.string().max(2000).optional(),
});
