// SCIM's discovery endpoints (RFC 7644 section 4): what this server supports, so an identity provider's setup
// ("Test connection" in Okta, Entra ID's validator) knows which operations and filters to use.
import { scimBaseUrl } from "./scim-tokens.server";
import { MAX_PAGE, SCIM_SCHEMAS, ScimError } from "./scim.server";

const meta = (resourceType: string, path: string) => ({ resourceType, location: `${scimBaseUrl()}${path}` });

export function serviceProviderConfig() {
  return {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "Bearer token",
        description: "A SCIM token made on the workspace's provisioning page in Voxlate.",
        primary: true,
      },
    ],
    meta: meta("ServiceProviderConfig", "/ServiceProviderConfig"),
  };
}

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

const USER_SCHEMA = {
  id: SCIM_SCHEMAS.user,
  name: "User",
  description: "A member of the workspace",
  attributes: [
    attribute("userName", "string", { required: true, uniqueness: "server", mutability: "immutable" }),
    attribute("name", "complex", {
      subAttributes: [
        attribute("givenName", "string"),
        attribute("familyName", "string"),
        attribute("formatted", "string", { mutability: "readOnly" }),
      ],
    }),
    attribute("displayName", "string", { mutability: "readOnly" }),
    attribute("emails", "complex", {
      multiValued: true,
      mutability: "immutable",
      subAttributes: [attribute("value", "string"), attribute("type", "string"), attribute("primary", "boolean")],
    }),
    attribute("active", "boolean"),
    attribute("groups", "complex", {
      multiValued: true,
      mutability: "readOnly",
      subAttributes: [attribute("value", "string"), attribute("display", "string")],
    }),
  ],
  meta: meta("Schema", `/Schemas/${SCIM_SCHEMAS.user}`),
};

const GROUP_SCHEMA = {
  id: SCIM_SCHEMAS.group,
  name: "Group",
  description: "A group of the workspace's members; it may carry a Voxlate role",
  attributes: [
    attribute("displayName", "string", { required: true, uniqueness: "server" }),
    attribute("members", "complex", {
      multiValued: true,
      subAttributes: [attribute("value", "string", { mutability: "immutable" }), attribute("display", "string")],
    }),
  ],
  meta: meta("Schema", `/Schemas/${SCIM_SCHEMAS.group}`),
};

const list = <T>(resources: T[]) => ({
  schemas: [SCIM_SCHEMAS.list],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export function schemas(id?: string) {
  const all = [USER_SCHEMA, GROUP_SCHEMA].map((schema) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
    ...schema,
  }));
  if (!id) return list(all);
  const one = all.find((schema) => schema.id === id);
  if (!one) throw new ScimError(404, `Schema ${id} not found.`);
  return one;
}

export function resourceTypes(id?: string) {
  const all = [
    { name: "User", endpoint: "/Users", schema: SCIM_SCHEMAS.user, description: "Members" },
    { name: "Group", endpoint: "/Groups", schema: SCIM_SCHEMAS.group, description: "Groups of members" },
  ].map((type) => ({
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
    id: type.name,
    ...type,
    meta: meta("ResourceType", `/ResourceTypes/${type.name}`),
  }));
  if (!id) return list(all);
  const one = all.find((type) => type.id.toLowerCase() === id.toLowerCase());
  if (!one) throw new ScimError(404, `Resource type ${id} not found.`);
  return one;
}
