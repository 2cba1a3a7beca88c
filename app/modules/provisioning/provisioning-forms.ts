// The provisioning page's forms (ADR 042), shared by the page in the browser and its action on the server (ADR 011),
// and the shape of `getScimSettings` that /api/v1/workspaces/{id}/policies will carry as `scim`.
import { z } from "zod";
import { WORKSPACE_ROLES } from "~/modules/workspaces/policy";
import { singleLineName } from "~/utils/text";

/** Roles the identity provider may give: every role but OWNER (owners are made by owners, in Voxlate). */
export const PROVISIONED_ROLES = WORKSPACE_ROLES.filter((role) => role !== "OWNER") as [
  "ADMIN",
  "MEMBER",
  "REVIEWER",
  "VIEWER",
];
export type ProvisionedRole = (typeof PROVISIONED_ROLES)[number];

/** Active tokens a workspace may hold at once: one per identity provider, with room to rotate. */
export const SCIM_TOKEN_LIMIT = 5;
export const SCIM_TOKEN_NAME_MAX = 60;

const ProvisionedRoleSchema = z.enum(PROVISIONED_ROLES, { error: "Choose a role: admin, member, reviewer or viewer." });
const id = z.string({ error: "Check the form." }).min(1, "Check the form.").max(100, "Check the form.");

export const CreateScimTokenSchema = z.object({
  intent: z.literal("token-create"),
  name: singleLineName({
    noun: "Token names",
    required: "Give the token a name, such as the identity provider's (Okta, Entra ID).",
    max: SCIM_TOKEN_NAME_MAX,
    tooLong: `Names can be at most ${SCIM_TOKEN_NAME_MAX} characters.`,
  }),
});
export const RevokeScimTokenSchema = z.object({ intent: z.literal("token-revoke"), tokenId: id });
export const DefaultRoleSchema = z.object({ intent: z.literal("default-role"), role: ProvisionedRoleSchema });
export const GroupRoleSchema = z.object({
  intent: z.literal("group-role"),
  groupId: id,
  // "" is "no role": the group only lists people.
  role: z.union([z.literal(""), ProvisionedRoleSchema]).transform((role) => (role === "" ? null : role)),
});

export const ProvisioningActionSchema = z.discriminatedUnion("intent", [
  CreateScimTokenSchema,
  RevokeScimTokenSchema,
  DefaultRoleSchema,
  GroupRoleSchema,
]);

/** What `getScimSettings(workspaceId)` answers: the `scim` member of the workspace's policies in /api/v1. */
export const ScimSettingsSchema = z.object({
  /** True while the workspace has at least one token that is not revoked. */
  enabled: z.boolean(),
  /** The SCIM base URL to give the identity provider. */
  baseUrl: z.string(),
  defaultRole: z.enum(PROVISIONED_ROLES),
  tokens: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
  groups: z.array(
    z.object({
      id: z.string(),
      displayName: z.string(),
      role: z.enum(PROVISIONED_ROLES).nullable(),
      members: z.number(),
    }),
  ),
});
export type ScimSettings = z.infer<typeof ScimSettingsSchema>;

/**
 * What PATCH /api/v1/workspaces/{id}/policies may change of `scim` (the lead folds it in): the default role, written
 * lower case like the API's other roles. Tokens and group roles have their own endpoints.
 */
export const ScimSettingsUpdateSchema = z
  .object({
    defaultRole: z.preprocess(
      (value) => (typeof value === "string" ? value.toUpperCase() : value),
      ProvisionedRoleSchema,
    ),
  })
  .partial();
export type ScimSettingsUpdate = z.infer<typeof ScimSettingsUpdateSchema>;
