// The provisioning page (ADR 042), with JavaScript on and off: an owner creates a SCIM token, sees it once, the
// identity provider uses it, and the owner revokes it; a group from the identity provider is given a role.
import crypto from "node:crypto";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";

test("an owner creates a SCIM token, the identity provider calls with it, and the owner revokes it", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  const owner = await createUser();
  const database = await appDatabase();
  await database.prisma.user.update({ where: { id: owner.id }, data: { plan: "BUSINESS_PRO", planSource: "MANUAL" } });
  const workspace = await createTeamWorkspace(owner.id, `Provisioned firm ${crypto.randomUUID().slice(0, 6)}`);
  await signInAs(page, owner);

  await page.goto(`/workspaces/${workspace.id}/members`);
  await page.getByRole("link", { name: "Provisioning" }).click();
  await expect(page.getByRole("heading", { name: `${workspace.name}: provisioning`, level: 1 })).toBeVisible();
  await expect(page.getByText("Provisioning is off")).toBeVisible();
  const baseUrl = await page.getByTestId("scim-base-url").innerText();

  await page.getByLabel("Token name").fill("Okta");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = await page.getByRole("textbox", { name: "SCIM token" }).inputValue();
  expect(token).toMatch(/^vxs_/);

  const users = await fetch(`${baseUrl}/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(users.status).toBe(200);
  expect(await users.json()).toMatchObject({ totalResults: 0 });
  const group = await fetch(`${baseUrl}/Groups`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/scim+json" },
    body: JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:Group"], displayName: "Partners" }),
  });
  expect(group.status).toBe(201);

  // The token is not shown again; the group can be given a role.
  await page.goto(`/workspaces/${workspace.id}/provisioning`);
  await expect(page.getByText("Provisioning is on")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "SCIM token" })).toHaveCount(0);
  await page.getByLabel("Role given by Partners").selectOption("ADMIN");
  await page.getByRole("button", { name: "Save the role of Partners" }).click();
  // The save's own toast: the select shows ADMIN as soon as it is chosen, before anything is saved.
  await expect(page.getByText("Group role saved").first()).toBeVisible();
  await expect(page.getByLabel("Role given by Partners")).toHaveValue("ADMIN");

  await page.getByRole("button", { name: "Revoke Okta" }).click();
  // The revocation's toast, and the token listed without its Revoke button (the page's help text says "revoked" too).
  await expect(page.getByText("SCIM token revoked").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke Okta" })).toHaveCount(0);
  const refused = await fetch(`${baseUrl}/Users`, { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status).toBe(401);
});
