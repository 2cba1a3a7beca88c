// SCIM 2.0 provisioning per team workspace (ADR 042), through the production build's /scim/v2 routes on a real
// database, with requests shaped as Okta and Microsoft Entra ID send them (Okta: path-less `replace` of
// {"active": false}, `members[value eq "…"]` removes; Entra ID: capitalised ops, "False" as a string, dotted
// attribute names in path-less values, `emails[type eq "work"].value`). The case named "security suite: …" is the
// cross-workspace check the security suite relies on: another workspace's token never sees or changes these users.
import crypto from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { createApiKey } from "~/modules/developers/api-keys.server";
import { db } from "~/modules/platform/database.server";
import { setGroupRole } from "~/modules/provisioning/scim.server";
import {
  createScimToken,
  revokeScimToken,
  scimRateKey,
  SCIM_TOKEN_RATE,
} from "~/modules/provisioning/scim-tokens.server";
import { grantSeats } from "~/modules/workspaces/seats.server";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import { switchWorkspace } from "~/modules/workspaces/workspaces.server";
import { createUserSession } from "~/modules/platform/session.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";

let app: Awaited<ReturnType<typeof appHandler>>;

beforeAll(async () => {
  app = await appHandler();
});

const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const USER = "urn:ietf:params:scim:schemas:core:2.0:User";

/** A Business Pro owner with a team workspace of `seats` seats and a SCIM token for it. */
async function provisionedTeam(seats = 5) {
  const owner = await signedInUser("BUSINESS_PRO");
  const workspace = await createTeamWorkspace(owner.id, `Firm ${crypto.randomUUID().slice(0, 8)}`);
  if (seats !== 1) await grantSeats(workspace.id, seats);
  const { token } = await createScimToken(owner.id, workspace.id, "Okta");
  return { owner, workspace, token };
}

function scim(token: string | null, path: string, method = "GET", body?: unknown) {
  return app(`/scim/v2${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { "Content-Type": "application/scim+json" } : {}),
      Accept: "application/scim+json",
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** What the tests read of SCIM's answers: users, groups, lists and errors. */
interface ScimBody {
  [attribute: string]: unknown;
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  name: { givenName: string; familyName: string };
  groups: { value: string }[];
  members?: { value: string }[];
  totalResults: number;
  Resources: ScimBody[];
  detail: string;
}

async function scimJson(response: Response) {
  expect(response.headers.get("Content-Type")).toContain("application/scim+json");
  return (await response.json()) as ScimBody;
}

const address = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@firm.example`;

/** The body Okta posts to create a user (its SCIM 2.0 test app's shape). */
const oktaUser = (email: string) => ({
  schemas: [USER],
  userName: email,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ primary: true, value: email, type: "work" }],
  displayName: "Ada Lovelace",
  locale: "en-US",
  externalId: `00u${crypto.randomUUID().slice(0, 12)}`,
  groups: [],
  active: true,
});

/** The body Entra ID posts (userName is the UPN; the work address is in `emails`). */
const entraUser = (email: string) => ({
  schemas: [USER, "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
  externalId: crypto.randomUUID(),
  userName: email,
  active: true,
  displayName: "Grace Hopper",
  emails: [{ primary: true, type: "work", value: email }],
  meta: { resourceType: "User" },
  name: { formatted: "Grace Hopper", familyName: "Hopper", givenName: "Grace" },
  title: "Rear admiral",
});

const memberOf = async (workspaceId: string, userId: string) =>
  (await db()).workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId, userId } } });

const accountOf = async (email: string) => (await db()).user.findUniqueOrThrow({ where: { email } });

describe("authentication and discovery", () => {
  test("no token, a wrong token and a revoked token are 401 in SCIM's error shape", async () => {
    const { owner, workspace, token } = await provisionedTeam();
    for (const presented of [null, "vxs_not-a-token"]) {
      const response = await scim(presented, "/Users");
      expect(response.status).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
      const body = await scimJson(response);
      expect(body).toMatchObject({ schemas: [ERROR], status: "401" });
      expect(body.detail).toMatch(/token/i);
    }
    expect((await scim(token, "/Users")).status).toBe(200);
    const [row] = await (await db()).scimToken.findMany({ where: { workspaceId: workspace.id } });
    await revokeScimToken(owner.id, workspace.id, row!.id);
    expect((await scim(token, "/Users")).status).toBe(401);
  });

  test("the token is stored only as its SHA-256", async () => {
    const { workspace, token } = await provisionedTeam();
    const rows = await (await db()).scimToken.findMany({ where: { workspaceId: workspace.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test("ServiceProviderConfig, ResourceTypes and Schemas describe what is supported", async () => {
    const { token } = await provisionedTeam();
    const config = await scimJson(await scim(token, "/ServiceProviderConfig"));
    expect(config).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
    });
    const types = await scimJson(await scim(token, "/ResourceTypes"));
    expect(types.Resources.map((type) => type.endpoint)).toEqual(["/Users", "/Groups"]);
    const schemas = await scimJson(await scim(token, "/Schemas"));
    expect(schemas.totalResults).toBe(2);
    expect((await scim(token, `/Schemas/${USER}`)).status).toBe(200);
  });

  test("each token's calls are rate limited", async () => {
    const { workspace, token } = await provisionedTeam();
    const [row] = await (await db()).scimToken.findMany({ where: { workspaceId: workspace.id } });
    const windowEnd = (Math.floor(Date.now() / SCIM_TOKEN_RATE.windowMs) + 1) * SCIM_TOKEN_RATE.windowMs;
    // The test server's multiplier is read from the environment, as the app reads it.
    const limit = Math.ceil(SCIM_TOKEN_RATE.limit * Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1));
    await (
      await db()
    ).$executeRawUnsafe(
      `INSERT INTO rate_limit_counters (key, points, expire) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET points = $2, expire = $3`,
      scimRateKey(row!.id),
      limit,
      windowEnd,
    );
    const limited = await scim(token, "/Users");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await scimJson(limited)).toMatchObject({ schemas: [ERROR], status: "429" });
  });
});

describe("users, as Okta provisions them", () => {
  test("lookup, create, conflict, read, filter, and a refused filter", async () => {
    const { workspace, token } = await provisionedTeam();
    const email = address("ada");
    const lookup = await scimJson(
      await scim(token, `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}&startIndex=1&count=100`),
    );
    expect(lookup).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const created = await scim(token, "/Users", "POST", oktaUser(email));
    expect(created.status).toBe(201);
    const user = await scimJson(created);
    expect(created.headers.get("Location")).toMatch(new RegExp(`/scim/v2/Users/${user.id}$`));
    expect(user).toMatchObject({ userName: email, active: true, name: { givenName: "Ada", familyName: "Lovelace" } });
    const account = await accountOf(email);
    expect(account.passwordHash).toBeNull();
    expect((await memberOf(workspace.id, account.id))?.role).toBe("MEMBER");

    const again = await scim(token, "/Users", "POST", oktaUser(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(await scimJson(again)).toMatchObject({ schemas: [ERROR], status: "409", scimType: "uniqueness" });

    expect((await scimJson(await scim(token, `/Users/${user.id}`))).userName).toBe(email);
    const found = await scimJson(
      await scim(token, `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`),
    );
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0].id).toBe(user.id);
    const byExternal = await scimJson(
      await scim(token, `/Users?filter=${encodeURIComponent(`externalId eq "${user.externalId}"`)}`),
    );
    expect(byExternal.Resources.map((resource: { id: string }) => resource.id)).toEqual([user.id]);

    const refused = await scim(token, `/Users?filter=${encodeURIComponent('name.familyName co "Love"')}`);
    expect(refused.status).toBe(400);
    expect(await scimJson(refused)).toMatchObject({ schemas: [ERROR], status: "400", scimType: "invalidFilter" });
    expect((await scim(token, "/Users/nobody")).status).toBe(404);
  });

  test("deactivating ends the member's sessions and API keys at once; reactivating gives the role back", async () => {
    const { workspace, token } = await provisionedTeam();
    const email = address("leaver");
    const user = await scimJson(await scim(token, "/Users", "POST", oktaUser(email)));
    const account = await accountOf(email);
    await (
      await db()
    ).workspaceMember.update({
      where: { workspaceId_userId: { workspaceId: workspace.id, userId: account.id } },
      data: { role: "REVIEWER" },
    });
    const cookie = (await createUserSession(account.id, new Request("http://localhost/"))).split(";")[0]!;
    await switchWorkspace(account.id, workspace.id);
    const { key } = await createApiKey(account.id, "script", ["read"]);
    expect((await app("/api/v1/recordings", { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await app("/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);

    const patched = await scim(token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(patched.status).toBe(200);
    expect((await scimJson(patched)).active).toBe(false);

    expect(await memberOf(workspace.id, account.id)).toBeNull();
    expect(await (await db()).session.count({ where: { userId: account.id } })).toBe(0);
    expect((await app("/dashboard", { headers: { Cookie: cookie } })).status).toBe(302);
    const refusedKey = await app("/api/v1/recordings", { headers: { Authorization: `Bearer ${key}` } });
    expect(refusedKey.status).toBe(401);
    const keyRow = await (await db()).apiKey.findFirstOrThrow({ where: { userId: account.id } });
    expect(keyRow.revokedAt).not.toBeNull();
    // Signing in again (SSO, a reset password) reaches no door of the workspace: a deactivated member is no member.
    const again = (await createUserSession(account.id, new Request("http://localhost/"))).split(";")[0]!;
    expect((await app(`/workspaces/${workspace.id}/members`, { headers: { Cookie: again } })).status).toBe(404);
    expect((await app(`/workspaces/${workspace.id}/audit`, { headers: { Cookie: again } })).status).toBe(404);
    await expect(switchWorkspace(account.id, workspace.id)).rejects.toThrow("Workspace not found.");
    // The deactivated person is still a SCIM user, shown inactive.
    const listed = await scimJson(await scim(token, `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`));
    expect(listed.Resources[0]).toMatchObject({ id: user.id, active: false });

    const back = await scim(token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect((await scimJson(back)).active).toBe(true);
    expect((await memberOf(workspace.id, account.id))?.role).toBe("REVIEWER");
    // A revoked key stays revoked.
    expect((await app("/api/v1/recordings", { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
  });

  test("a full workspace refuses a new user and a reactivation, and says why", async () => {
    const { token } = await provisionedTeam(2);
    const first = await scimJson(await scim(token, "/Users", "POST", oktaUser(address("first"))));
    const full = await scim(token, "/Users", "POST", oktaUser(address("second")));
    expect(full.status).toBe(409);
    expect((await scimJson(full)).detail).toMatch(/Every seat in .* is taken \(2 of 2 seats\)/);
    // A deactivated member frees their seat…
    await scim(token, `/Users/${first.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect((await scim(token, "/Users", "POST", oktaUser(address("third")))).status).toBe(201);
    // …and cannot come back while the seats are full.
    const refused = await scim(token, `/Users/${first.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect(refused.status).toBe(409);
  });

  test("existing accounts: a member is linked by address, an outsider is not pulled in, an owner is never changed", async () => {
    const { owner, workspace, token } = await provisionedTeam();
    const colleague = await signedInUser();
    await (
      await db()
    ).workspaceMember.create({ data: { workspaceId: workspace.id, userId: colleague.id, role: "ADMIN" } });
    const colleagueEmail = (await (await db()).user.findUniqueOrThrow({ where: { id: colleague.id } })).email;
    const linked = await scimJson(
      await scim(token, `/Users?filter=${encodeURIComponent(`userName eq "${colleagueEmail}"`)}`),
    );
    expect(linked.totalResults).toBe(1);
    expect(linked.Resources[0]).toMatchObject({ userName: colleagueEmail, active: true });
    // Okta then writes its externalId; the person's own name is theirs.
    const put = await scimJson(
      await scim(token, `/Users/${linked.Resources[0].id}`, "PUT", {
        ...oktaUser(colleagueEmail),
        name: { givenName: "X", familyName: "Y" },
      }),
    );
    expect(put.name).toMatchObject({ givenName: "Ada", familyName: "L" });
    expect(put.externalId).toMatch(/^00u/);
    expect((await memberOf(workspace.id, colleague.id))?.role).toBe("ADMIN");

    const outsider = await signedInUser();
    const outsiderEmail = (await (await db()).user.findUniqueOrThrow({ where: { id: outsider.id } })).email;
    const refused = await scim(token, "/Users", "POST", oktaUser(outsiderEmail));
    expect(refused.status).toBe(409);
    expect((await scimJson(refused)).detail).toMatch(/invite them/);
    expect(await memberOf(workspace.id, outsider.id)).toBeNull();

    const ownerEmail = (await (await db()).user.findUniqueOrThrow({ where: { id: owner.id } })).email;
    const ownerRow = await scimJson(
      await scim(token, `/Users?filter=${encodeURIComponent(`userName eq "${ownerEmail}"`)}`),
    );
    const ownerId = ownerRow.Resources[0].id;
    const deactivate = await scim(token, `/Users/${ownerId}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(deactivate.status).toBe(403);
    expect((await scim(token, `/Users/${ownerId}`, "DELETE")).status).toBe(403);
    expect((await memberOf(workspace.id, owner.id))?.role).toBe("OWNER");
    // The owner's personal workspace and sessions are untouched.
    expect(await (await db()).session.count({ where: { userId: owner.id } })).toBeGreaterThan(0);
  });

  test("DELETE removes the membership; the account stays", async () => {
    const { workspace, token } = await provisionedTeam();
    const email = address("gone");
    const user = await scimJson(await scim(token, "/Users", "POST", oktaUser(email)));
    const deleted = await scim(token, `/Users/${user.id}`, "DELETE");
    expect(deleted.status).toBe(204);
    const account = await accountOf(email);
    expect(await memberOf(workspace.id, account.id)).toBeNull();
    expect((await scim(token, `/Users/${user.id}`)).status).toBe(404);
  });
});

describe("users, as Entra ID provisions them", () => {
  test("capitalised ops, string booleans, dotted path-less values, and the address kept", async () => {
    const { workspace, token } = await provisionedTeam();
    const email = address("grace");
    const user = await scimJson(await scim(token, "/Users", "POST", entraUser(email)));
    expect(user).toMatchObject({ userName: email, active: true });
    const account = await accountOf(email);

    const renamed = await scimJson(
      await scim(token, `/Users/${user.id}`, "PATCH", {
        schemas: [PATCH_OP],
        Operations: [
          { op: "Replace", path: "name.familyName", value: "Murray Hopper" },
          { op: "Replace", value: { "name.givenName": "Amazing Grace", title: "Admiral" } },
          { op: "Replace", path: 'emails[type eq "work"].value', value: email.toUpperCase() },
          { op: "Add", path: "externalId", value: "entra-42" },
        ],
      }),
    );
    expect(renamed).toMatchObject({
      name: { givenName: "Amazing Grace", familyName: "Murray Hopper" },
      externalId: "entra-42",
    });

    const disabled = await scim(token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect((await scimJson(disabled)).active).toBe(false);
    expect(await memberOf(workspace.id, account.id)).toBeNull();

    const moved = await scim(token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "Replace", path: "userName", value: address("elsewhere") }],
    });
    expect(moved.status).toBe(400);
    expect(await scimJson(moved)).toMatchObject({ scimType: "mutability" });

    const unknownOp = await scim(token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "Move", path: "active" }],
    });
    expect(unknownOp.status).toBe(400);
    expect((await scim(token, `/Users/${user.id}`, "PATCH", "{not json")).status).toBe(400);
  });
});

describe("groups", () => {
  test("a group's role is its members' role; membership changes from Okta and Entra ID apply it", async () => {
    const { owner, workspace, token } = await provisionedTeam();
    const ada = await scimJson(await scim(token, "/Users", "POST", oktaUser(address("ada"))));
    const bob = await scimJson(await scim(token, "/Users", "POST", entraUser(address("bob"))));
    const adaAccount = await accountOf(ada.userName);
    const bobAccount = await accountOf(bob.userName);

    const created = await scim(token, "/Groups", "POST", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"],
      displayName: "Partners",
      members: [{ value: ada.id, display: ada.userName }],
    });
    expect(created.status).toBe(201);
    const group = await scimJson(created);
    expect(group.members!.map((member: { value: string }) => member.value)).toEqual([ada.id]);
    expect((await scim(token, "/Groups", "POST", { displayName: "partners" })).status).toBe(409);

    await setGroupRole(owner.id, workspace.id, group.id, "ADMIN");
    expect((await memberOf(workspace.id, adaAccount.id))?.role).toBe("ADMIN");

    // Entra ID adds a member.
    await scim(token, `/Groups/${group.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "Add", path: "members", value: [{ value: bob.id }] }],
    });
    expect((await memberOf(workspace.id, bobAccount.id))?.role).toBe("ADMIN");

    // Okta removes one and renames the group.
    await scim(token, `/Groups/${group.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [
        { op: "remove", path: `members[value eq "${ada.id}"]` },
        { op: "replace", value: { id: group.id, displayName: "Senior partners" } },
      ],
    });
    expect((await memberOf(workspace.id, adaAccount.id))?.role).toBe("MEMBER");
    const filtered = await scimJson(
      await scim(
        token,
        `/Groups?filter=${encodeURIComponent('displayName eq "Senior partners"')}&excludedAttributes=members`,
      ),
    );
    expect(filtered.totalResults).toBe(1);
    expect(filtered.Resources[0].members).toBeUndefined();
    expect((await scimJson(await scim(token, `/Users/${bob.id}`))).groups[0]).toMatchObject({ value: group.id });

    expect((await scim(token, `/Groups/${group.id}`, "DELETE")).status).toBe(204);
    expect((await memberOf(workspace.id, bobAccount.id))?.role).toBe("MEMBER");
    expect((await scim(token, `/Groups/${group.id}`)).status).toBe(404);
  });
});

describe("audit", () => {
  test("every SCIM event joins the workspace's trail with the token's name as the actor", async () => {
    const { workspace, token } = await provisionedTeam();
    const user = await scimJson(await scim(token, "/Users", "POST", oktaUser(address("audited"))));
    await scim(token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    await scim(token, "/Groups", "POST", { displayName: "Everyone", members: [] });
    await scim(token, `/Users/${user.id}`, "DELETE");
    const events = await (
      await db()
    ).auditEvent.findMany({ where: { workspaceId: workspace.id }, orderBy: { seq: "asc" } });
    const actions = events.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "scim-token.created",
        "scim.user-created",
        "scim.user-deactivated",
        "scim.group-created",
        "scim.user-deleted",
      ]),
    );
    for (const event of events.filter((entry) => entry.action.startsWith("scim."))) {
      expect(event.actorId).toBeNull();
      expect(JSON.parse(event.detail!).scimToken).toBe("Okta");
    }
    const deactivated = events.find((event) => event.action === "scim.user-deactivated")!;
    expect(JSON.parse(deactivated.detail!)).toMatchObject({ sessionsEnded: 0, apiKeysRevoked: 0 });
  });
});

describe("security suite: another workspace's token", () => {
  test("never sees or changes this workspace's users and groups", async () => {
    const ours = await provisionedTeam();
    const theirs = await provisionedTeam();
    const email = address("ours");
    const user = await scimJson(await scim(ours.token, "/Users", "POST", oktaUser(email)));
    const group = await scimJson(
      await scim(ours.token, "/Groups", "POST", { displayName: "Ours", members: [{ value: user.id }] }),
    );
    const account = await accountOf(email);

    const list = await scimJson(await scim(theirs.token, "/Users?count=200"));
    expect(list.Resources.map((resource: { id: string }) => resource.id)).not.toContain(user.id);
    const byName = await scimJson(
      await scim(theirs.token, `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`),
    );
    expect(byName.totalResults).toBe(0);
    const byId = await scimJson(await scim(theirs.token, `/Users?filter=${encodeURIComponent(`id eq "${user.id}"`)}`));
    expect(byId.totalResults).toBe(0);
    expect((await scim(theirs.token, `/Users/${user.id}`)).status).toBe(404);
    const patch = await scim(theirs.token, `/Users/${user.id}`, "PATCH", {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(patch.status).toBe(404);
    expect((await scim(theirs.token, `/Users/${user.id}`, "PUT", { ...oktaUser(email), active: false })).status).toBe(
      404,
    );
    expect((await scim(theirs.token, `/Users/${user.id}`, "DELETE")).status).toBe(404);
    expect((await scim(theirs.token, `/Groups/${group.id}`)).status).toBe(404);
    expect((await scim(theirs.token, `/Groups/${group.id}`, "DELETE")).status).toBe(404);
    // Putting our user in their group is refused: the id is unknown there.
    const theirGroup = await scim(theirs.token, "/Groups", "POST", {
      displayName: "Theirs",
      members: [{ value: user.id }],
    });
    expect(theirGroup.status).toBe(400);
    // And creating our member's address in their workspace does not pull the account in.
    expect((await scim(theirs.token, "/Users", "POST", oktaUser(email))).status).toBe(409);

    expect((await memberOf(ours.workspace.id, account.id))?.role).toBe("MEMBER");
    expect(await memberOf(theirs.workspace.id, account.id)).toBeNull();
    expect((await scimJson(await scim(ours.token, `/Groups/${group.id}`))).members).toHaveLength(1);
  });
});

describe("the provisioning page", () => {
  test("owners create a token shown once; members are refused; it works without JavaScript", async () => {
    const { owner, workspace } = await provisionedTeam();
    const page = await app(`/workspaces/${workspace.id}/provisioning`, { headers: { Cookie: owner.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/scim/v2");

    const created = await app(`/workspaces/${workspace.id}/provisioning`, {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "token-create", name: "Entra ID" }).toString(),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("Cache-Control")).toContain("no-store");
    const token = /id="created-scim-token"[^>]*value="(vxs_[^"]+)"/.exec(await created.text())?.[1];
    expect(token).toBeTruthy();
    expect((await scim(token!, "/Users")).status).toBe(200);

    const member = await signedInUser();
    await (
      await db()
    ).workspaceMember.create({ data: { workspaceId: workspace.id, userId: member.id, role: "MEMBER" } });
    expect((await app(`/workspaces/${workspace.id}/provisioning`, { headers: { Cookie: member.cookie } })).status).toBe(
      403,
    );
    const outsider = await signedInUser();
    expect(
      (await app(`/workspaces/${workspace.id}/provisioning`, { headers: { Cookie: outsider.cookie } })).status,
    ).toBe(404);
  });
});

describe("/api/v1", () => {
  test("tokens are listed, created and revoked, and group roles set, by an owner's key in its own workspace", async () => {
    const { owner, workspace, token: oktaToken } = await provisionedTeam();
    await switchWorkspace(owner.id, workspace.id);
    const { key } = await createApiKey(owner.id, "admin script", ["read", "write"]);
    const api = (path: string, method = "GET", body?: unknown) =>
      app(`/api/v1/workspaces/${workspace.id}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    const created = await api("/scim-tokens", "POST", { name: "Entra ID" });
    expect(created.status).toBe(201);
    const made = (await created.json()) as { id: string; token: string; name: string };
    expect(made).toMatchObject({ name: "Entra ID", revokedAt: null });
    expect((await scim(made.token, "/Users")).status).toBe(200);

    const listed = (await (await api("/scim-tokens")).json()) as { data: { id: string }[]; baseUrl: string };
    expect(listed.data.map((token) => token.id)).toContain(made.id);
    expect(listed.baseUrl).toMatch(/\/scim\/v2$/);
    expect(JSON.stringify(listed)).not.toContain(made.token);
    expect((await api("/scim-tokens", "POST", { name: "" })).status).toBe(422);

    const ada = await scimJson(await scim(oktaToken, "/Users", "POST", oktaUser(address("ada"))));
    const group = await scimJson(
      await scim(oktaToken, "/Groups", "POST", { displayName: "Reviewers", members: [{ value: ada.id }] }),
    );
    const role = await api(`/scim-groups/${group.id}`, "PATCH", { role: "reviewer" });
    expect(role.status).toBe(200);
    expect(await role.json()).toMatchObject({ role: "reviewer", members: 1, membersChanged: 1 });
    expect((await memberOf(workspace.id, (await accountOf(ada.userName)).id))?.role).toBe("REVIEWER");
    expect((await api(`/scim-groups/${group.id}`, "PATCH", { role: "owner" })).status).toBe(422);

    expect((await api(`/scim-tokens/${made.id}`, "DELETE")).status).toBe(204);
    expect((await scim(made.token, "/Users")).status).toBe(401);

    // Another workspace's id is not this key's (404), and a member's key is refused by the policy (403).
    const other = await provisionedTeam();
    const elsewhere = await app(`/api/v1/workspaces/${other.workspace.id}/scim-tokens`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(elsewhere.status).toBe(404);
    const member = await signedInUser();
    await (
      await db()
    ).workspaceMember.create({ data: { workspaceId: workspace.id, userId: member.id, role: "MEMBER" } });
    await switchWorkspace(member.id, workspace.id);
    const { key: memberKey } = await createApiKey(member.id, "member script", ["read"]);
    const refused = await app(`/api/v1/workspaces/${workspace.id}/scim-tokens`, {
      headers: { Authorization: `Bearer ${memberKey}` },
    });
    expect(refused.status).toBe(403);
  });
});
