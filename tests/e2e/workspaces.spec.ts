// Team workspaces (issue 32, ADR 035-teams), with JavaScript on and off: an owner on Business Pro creates a team and
// invites a colleague by email; the colleague opens the link from the mail, creates the invited account and lands in
// the team; the owner then sees them on the members page.
import crypto from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "@playwright/test";
import { grantSeats } from "~/modules/workspaces/seats.server";
import { createTeamWorkspace } from "~/modules/workspaces/team-workspaces.server";
import {
  acceptCookies,
  appDatabase,
  createUser,
  expect,
  fillNewPassword,
  signInAs,
  test,
  waitForEmail,
} from "./fixtures";

/** A browser with no session: the colleague the invitation was sent to. */
async function visitor(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await acceptCookies(page, baseURL);
  return page;
}

test("an owner creates a team and invites a colleague, who signs up from the email and joins", async ({
  page,
  browser,
  baseURL,
}) => {
  const javaScriptEnabled = test.info().project.use.javaScriptEnabled ?? true;
  await acceptCookies(page, baseURL);
  const owner = await createUser({ firstName: "Olivia" });
  // Business Pro, as an administrator grants it on a server without Stripe (npm run plan:set).
  await (
    await appDatabase()
  ).prisma.user.update({
    where: { id: owner.id },
    data: { plan: "BUSINESS_PRO", planSource: "MANUAL" },
  });
  await signInAs(page, owner);

  const teamName = `Ruiz & Partners ${crypto.randomUUID().slice(0, 6)}`;
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  await page.getByLabel("Team name").fill(teamName);
  await page.getByRole("button", { name: "Create team workspace" }).click();
  await expect(page).toHaveURL(/\/workspaces\/\w+\/members$/);
  await expect(page.getByRole("heading", { name: teamName, level: 1 })).toBeVisible();
  const membersUrl = new URL(page.url()).pathname;
  // One seat, the owner's: the administrator grants a second (npm run plan:set -- --workspace … --seats 2).
  await grantSeats(teamName, 2);

  const colleague = `colleague-${crypto.randomUUID()}@example.com`;
  const invitedAt = Date.now();
  await page.getByLabel("Email address").fill(colleague);
  await page.getByLabel("Role", { exact: true }).selectOption("REVIEWER");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(new RegExp(`${membersUrl}$`));
  const pending = page.getByRole("region", { name: "Invite people" });
  await expect(pending.getByText(colleague)).toBeVisible();
  await expect(pending.getByText(/^Reviewer ·/)).toBeVisible();

  const mail = await waitForEmail(colleague, /invited you to/, invitedAt);
  const link = /https?:\/\/\S+\/invitations\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, "the invitation email carries the link").toBeTruthy();

  const guest = await visitor(browser, baseURL, javaScriptEnabled);
  await guest.goto(link!);
  await expect(guest.getByRole("heading", { name: `Join ${teamName}` })).toBeVisible();
  await expect(guest.getByLabel("Email")).toHaveValue(colleague);
  await guest.getByLabel("First name").fill("Sam");
  await guest.getByLabel("Last name").fill("Okafor");
  await fillNewPassword(guest.getByLabel("Password"), "secret-123");
  await guest.getByRole("button", { name: "Create account and join" }).click();
  await expect(guest).toHaveURL(new RegExp(`${membersUrl}$`));
  await expect(guest.getByRole("heading", { name: teamName, level: 1 })).toBeVisible();
  await expect(guest.getByText("Your role: Reviewer", { exact: false })).toBeVisible();

  // The link worked once.
  await guest.goto(link!);
  await expect(guest.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();

  await page.goto(membersUrl);
  const members = page.getByRole("region", { name: "Members (2)" });
  await expect(members.getByText("Sam Okafor", { exact: true })).toBeVisible();
  await expect(members.getByText(colleague)).toBeVisible();
  await expect(page.getByRole("region", { name: "Seats" }).getByText("2 of 2 seats used")).toBeVisible();
  await guest.context().close();
});

test.describe("at 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the workspaces, members and invitation pages fit without sideways scrolling, with no axe violations", async ({
    page,
    baseURL,
  }) => {
    await acceptCookies(page, baseURL);
    const owner = await createUser();
    await (await appDatabase()).prisma.user.update({ where: { id: owner.id }, data: { plan: "BUSINESS_PRO" } });
    const workspace = await createTeamWorkspace(owner.id, `A rather long firm name ${crypto.randomUUID()}`);
    await signInAs(page, owner);
    // The invitation through the page's form: the app's queue sends the mail.
    const invitee = `a-long-address-${crypto.randomUUID()}@example.com`;
    const since = Date.now();
    await page.goto(`/workspaces/${workspace.id}/members`);
    await page.getByLabel("Email address").fill(invitee);
    await page.getByRole("button", { name: "Send invitation" }).click();
    const link = /https?:\/\/\S+\/invitations\/[\w-]+/.exec(
      (await waitForEmail(invitee, /invited you/, since)).text,
    )![0];
    const javaScriptEnabled = test.info().project.use.javaScriptEnabled !== false;
    const guest = await (
      await page
        .context()
        .browser()!
        .newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } })
    ).newPage();
    await acceptCookies(guest, baseURL);
    for (const [target, path] of [
      [page, "/workspaces"],
      [page, `/workspaces/${workspace.id}/members`],
      [guest, new URL(link).pathname],
    ] as const) {
      await target.goto(new URL(path, baseURL).toString());
      await expect(target.getByRole("heading", { level: 1 })).toBeVisible();
      // axe runs inside the page: with JavaScript only.
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page: target })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        expect(
          violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" "))}`),
          path,
        ).toEqual([]);
      }
      const overflow = await target.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await guest.context().close();
  });
});
