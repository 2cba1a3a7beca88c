// Single sign-on end to end, with JavaScript and without (ADR 041-sso): the owner sets up the team's identity provider
// on its settings page and requires it; a member's password is then refused with a pointer to SSO; a colleague signs
// in with "Sign in with SSO", goes through a REAL OpenID provider (oidc-provider, started here) and comes back signed
// in, their account made just in time with the team's default role.
import crypto from "node:crypto";
import { grantSeats } from "~/modules/workspaces/seats.server";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import { e2eServer } from "../../playwright.config";
import { startOidcProvider, type TestOidcProvider } from "../oidc-provider";
import { acceptCookies, appDatabase, createUser, expect, signIn, signInAs, test } from "./fixtures";
import { logOut } from "./user-menu";

let provider: TestOidcProvider;

test.beforeAll(async () => {
  const { baseURL } = e2eServer(test.info().parallelIndex);
  provider = await startOidcProvider({ redirectUri: `${baseURL}/auth/sso/callback` });
});
test.afterAll(async () => provider?.close());

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("an owner sets up and requires single sign-on; a colleague signs in through the identity provider", async ({
  page,
}) => {
  const owner = await createUser({ firstName: "Olivia" });
  const database = (await appDatabase()).prisma;
  await database.user.update({ where: { id: owner.id }, data: { plan: "BUSINESS_PRO", planSource: "MANUAL" } });
  const team = await createTeamWorkspace(owner.id, `Ruiz & Partners ${crypto.randomUUID().slice(0, 6)}`);
  await grantSeats(team.id, 3);
  const member = await createUser({ firstName: "Max" });
  await database.workspaceMember.create({ data: { workspaceId: team.id, userId: member.id, role: "MEMBER" } });
  const domain = `ruiz-${crypto.randomUUID().slice(0, 8)}.com`;

  await signInAs(page, owner);
  await page.goto(`/workspaces/${team.id}/members`);
  await page.getByRole("link", { name: "Single sign-on" }).click();
  await expect(page.getByRole("heading", { name: /single sign-on/, level: 1 })).toBeVisible();
  await page.getByLabel("Issuer URL").fill(provider.issuer);
  await page.getByLabel("Client id").fill(provider.clientId);
  await page.getByLabel("Client secret").fill(provider.clientSecret);
  await page.getByLabel("Email domains").fill(domain);
  await page.getByLabel("Role of people who join by signing in").selectOption("REVIEWER");
  await page.getByLabel("Turn single sign-on on").check();
  await page.getByLabel("Require single sign-on").check();
  await page.getByRole("button", { name: "Save single sign-on" }).click();
  await expect(page.getByText(`People with ${domain} addresses now sign in`).first()).toBeVisible();
  await expect(page.getByText("A secret is saved (it is never shown)")).toBeVisible();
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await logOut(page);

  // The member's password is right, and refused: the team requires single sign-on.
  await signIn(page, member);
  await expect(page.getByText(`${team.name} requires single sign-on`).first()).toBeVisible();
  // Still the sign-in page (with the redirectTo the log-out left there, when it arrived late).
  await expect(page).toHaveURL(/\/signin(\?|$)/);

  // A colleague the provider knows, and Voxlate does not yet.
  const subject = `sub-${crypto.randomUUID()}`;
  const email = `rosa-${subject.slice(4, 10)}@${domain}`;
  provider.accounts.set(subject, { email, email_verified: true, given_name: "Rosa", family_name: "Ruiz" });
  provider.signInAs(subject);
  await page.goto("/signin");
  await page.getByRole("link", { name: "Sign in with SSO" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with SSO" })).toBeVisible();
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome to Voxlate!").first()).toBeVisible();

  const joined = await database.user.findUniqueOrThrow({
    where: { email },
    select: { firstName: true, workspaceMemberships: { select: { workspaceId: true, role: true } } },
  });
  expect(joined).toEqual({ firstName: "Rosa", workspaceMemberships: [{ workspaceId: team.id, role: "REVIEWER" }] });
});

test("a work email whose domain has no single sign-on is told so on the form", async ({ page }) => {
  await page.goto("/signin/sso");
  await page.getByLabel("Work email").fill("someone@no-sso-anywhere.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(
    page.getByText("No workspace signs in with single sign-on for no-sso-anywhere.com").first(),
  ).toBeVisible();
});
