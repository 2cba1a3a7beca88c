// The signed-in app shell (navigation, usage meter, user and Log out, legal footer), with JavaScript (project "js")
// and without ("no-js"). axe runs over the same pages in accessibility.js-only.spec.ts.
import type { Page, TestInfo } from "@playwright/test";
import { formatUsage } from "~/modules/usage/usage";
import { sharedFile } from "../shared-files";
import { axeViolations } from "./axe";
import {
  acceptCookies,
  appDatabase,
  createUser,
  expect,
  signInAs,
  test,
  type TestUser,
  waitForJobResult,
} from "./fixtures";
import { chooseOption } from "./select";
import { logOut, openUserMenu, userMenuButton } from "./user-menu";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const HELLO_WORLD = sharedFile("testdata/audio/hello-world.wav");
const NAV_LINKS = ["Dashboard", "Recordings", "Workspaces", "Account", "Data & privacy", "Plan"];
const LEGAL_LINKS = ["Privacy", "Terms", "Cookies", "Security", "Cookie settings"];

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

/** A new user, signed in by the session fixture (the sign-in form has its own tests), on the dashboard. */
async function signedInOnDashboard(page: Page, overrides: Partial<TestUser> = {}) {
  const user = await createUser(overrides);
  await signInAs(page, user);
  await page.goto("/dashboard");
  return user;
}

/** A finished recording made straight in the database, so that its page exists without a transcription run. */
async function storedRecording(email: string): Promise<string> {
  const { prisma } = await appDatabase();
  const { id: userId } = await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const recording = await prisma.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Weekly sync",
      fileName: "weekly-sync.wav",
      storageKey: `e2e/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 61,
      status: "COMPLETED",
      language: "en",
      transcriptLanguage: "en",
      segments: { create: [{ position: 0, start: 0, end: 2, text: "Hello from the weekly sync." }] },
    },
  });
  return recording.id;
}

const appNav = (page: Page) => page.getByRole("navigation", { name: "App" });
const meter = (page: Page) => page.getByRole("region", { name: "Minutes this month" });

test("every signed-in page sits in the shell: navigation with the current page marked, user, Log out, legal footer (slow: eight pages, each checked in full)", async ({
  page,
}, testInfo) => {
  // Eight pages, each loaded and checked in full: 24 s with JavaScript on a slow 2-core machine, 31 s on a slower one.
  test.setTimeout(60_000);
  const user = await signedInOnDashboard(page, { firstName: "Robin" });
  const recordingId = await storedRecording(user.email);

  const pages: [path: string, heading: string | RegExp, current: string, state: "page" | "true"][] = [
    ["/dashboard", "Welcome, Robin", "Dashboard", "page"],
    ["/recordings", "Recordings", "Recordings", "page"],
    [`/transcription/${recordingId}`, "Weekly sync", "Recordings", "true"],
    ["/workspaces", "Workspaces", "Workspaces", "page"],
    ["/account", "Your account", "Account", "page"],
    ["/data-privacy", "Your data and privacy", "Data & privacy", "page"],
    ["/plan-selection", "Choose your plan", "Plan", "page"],
    ["/plans", "Choose your plan", "Plan", "true"],
  ];
  for (const [path, heading, current, state] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
    for (const label of NAV_LINKS) {
      const link = appNav(page).getByRole("link", { name: label, exact: true });
      if (label === current) await expect(link, `${path}: ${label}`).toHaveAttribute("aria-current", state);
      else await expect(link, `${path}: ${label}`).not.toHaveAttribute("aria-current");
    }
    const banner = page.getByRole("banner");
    await expect(banner.getByText("Robin Tester").filter({ visible: true })).toBeVisible();
    await expect(banner.getByText(user.email).filter({ visible: true })).toBeVisible();
    // Log out: in the user menu with JavaScript, a button in the header without.
    if (withJs(testInfo)) await expect(userMenuButton(page)).toBeVisible();
    else await expect(banner.getByRole("button", { name: "Log out" })).toBeVisible();
    // The shell replaces the marketing header and footer: one banner, one main, one footer (contentinfo).
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
    for (const label of LEGAL_LINKS) await expect(legal.getByRole("link", { name: label })).toBeVisible();
    await expect(meter(page)).toContainText("Free plan");
  }

  // The links lead where they say.
  await page.goto("/dashboard");
  for (const [label, path, heading] of [
    ["Recordings", "/recordings", "Recordings"],
    ["Workspaces", "/workspaces", "Workspaces"],
    ["Account", "/account", "Your account"],
    ["Data & privacy", "/data-privacy", "Your data and privacy"],
    ["Plan", "/plan-selection", "Choose your plan"],
    ["Dashboard", "/dashboard", "Welcome, Robin"],
  ]) {
    await appNav(page).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(appNav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of service" })).toBeVisible();

  // Log out is a POST form: it signs out and lands on the marketing site.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Robin" })).toBeVisible();
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/dashboard");
  expect(new URL(page.url()).pathname).toBe("/signin");
});

test("the user menu leads to Account and Plan and billing, and logs out: a menu with JavaScript, links without", async ({
  page,
}, testInfo) => {
  await signedInOnDashboard(page, { firstName: "Kim" });
  const banner = page.getByRole("banner");
  if (withJs(testInfo)) {
    // Closed, the header shows the user and the menu's button, not the entries.
    const button = userMenuButton(page);
    await expect(button).toContainText("Kim Tester");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(banner.getByRole("button", { name: "Log out" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Plan and billing" })).toHaveCount(0);

    // By keyboard: Enter opens it on the first entry, the arrows move, Escape closes it and gives the focus back.
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem")).toHaveText(["Account", "Plan and billing", "Log out"]);
    await expect(menu.getByRole("menuitem", { name: "Account" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Plan and billing" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await openUserMenu(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
  } else {
    await expect(banner.getByRole("link", { name: "Account", exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Plan and billing" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Log out" })).toBeVisible();
  }

  const follow = async (label: string) => {
    await openUserMenu(page);
    if (withJs(testInfo)) await page.getByRole("menuitem", { name: label }).click();
    else await banner.getByRole("link", { name: label, exact: true }).click();
  };
  await follow("Plan and billing");
  await expect(page).toHaveURL(/\/account#billing$/);
  await expect(page.getByRole("region", { name: "Plan and billing" })).toBeInViewport();
  await page.goto("/recordings");
  await follow("Account");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  expect(new URL(page.url()).pathname).toBe("/signin");
});

test("the plans page has the shell when signed in and the site header and footer when signed out", async ({ page }) => {
  await page.goto("/plan-selection");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(appNav(page)).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  await signedInOnDashboard(page);
  await page.goto("/plan-selection");
  await expect(appNav(page)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Continue with Free" })).toBeVisible();
});

test("the usage meter shows the plan and counts the minutes of a real upload once it is transcribed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await signedInOnDashboard(page);
  await expect(meter(page)).toContainText("Free plan");
  await expect(meter(page)).toContainText("0 s used · 5 min left");
  await expect(meter(page)).toContainText("5 minutes a month · resets");
  await expect(meter(page).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/plan-selection");

  await page.getByLabel(/Choose an audio file|Drop an audio file/).setInputFiles(HELLO_WORLD);
  await chooseOption(page.getByLabel("Spoken language"), "en");
  await page.getByRole("button", { name: "Upload and transcribe" }).click();
  await expect(page).toHaveURL(/\/transcription\/\w+$/, { timeout: 30_000 });

  // With JavaScript the page follows the job and reloads its data, the shell's included; without, Refresh does.
  const transcript = page.getByRole("heading", { name: "Transcript", exact: true });
  await waitForJobResult(transcript, page.getByRole("link", { name: "Refresh" }), 60_000);

  const { prisma } = await appDatabase();
  const { id: userId } = await prisma.user.findUniqueOrThrow({ where: { email: user.email }, select: { id: true } });
  const { _sum } = await prisma.usageCharge.aggregate({ where: { userId }, _sum: { seconds: true } });
  const charged = _sum.seconds ?? 0;
  expect(charged).toBeGreaterThan(0);
  const expected = `${formatUsage(charged)} used · ${formatUsage(5 * 60 - charged)} left`;
  await expect(meter(page)).toContainText(expected);
  await page.goto("/dashboard");
  await expect(meter(page)).toContainText(expected);
});

test.describe("at 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation collapses to a menu that opens and navigates", async ({ page }, testInfo) => {
    const user = await signedInOnDashboard(page, { firstName: "Sam" });
    const menuButton = page.locator("summary", { hasText: "Menu" });
    await expect(appNav(page)).toBeHidden();
    await expect(meter(page)).toBeHidden();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeHidden();

    await menuButton.click();
    await expect(appNav(page)).toBeVisible();
    await expect(appNav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(meter(page)).toContainText("Free plan");
    await expect(page.getByRole("banner").getByText("Sam Tester").filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("banner").getByText(user.email).filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

    await appNav(page).getByRole("link", { name: "Recordings" }).click();
    await expect(page).toHaveURL(/\/recordings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Recordings" })).toBeVisible();
    // A new page without JavaScript; closed by the menu's script with it.
    await expect(appNav(page)).toBeHidden();

    await menuButton.click();
    await expect(appNav(page).getByRole("link", { name: "Recordings" })).toHaveAttribute("aria-current", "page");
    if (withJs(testInfo)) {
      // Escape closes it and gives focus back to its button.
      await page.keyboard.press("Escape");
      await expect(appNav(page)).toBeHidden();
      await expect(menuButton).toBeFocused();
      await menuButton.click();
    }
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the signed-in pages fit without sideways scrolling, menu open or closed", async ({ page }) => {
    const user = await signedInOnDashboard(page);
    const recordingId = await storedRecording(user.email);
    for (const path of [
      "/dashboard",
      "/recordings",
      `/transcription/${recordingId}`,
      "/workspaces",
      "/account",
      "/data-privacy",
      "/plans",
    ]) {
      await page.goto(path);
      for (const open of [false, true]) {
        if (open) await page.locator("summary", { hasText: "Menu" }).click();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path}, menu ${open ? "open" : "closed"}`).toBeLessThanOrEqual(0);
      }
    }
  });
});

test("keyboard users reach the navigation and see where the focus is", async ({ page }) => {
  await signedInOnDashboard(page);
  const recordings = appNav(page).getByRole("link", { name: "Recordings" });
  for (
    let presses = 0;
    presses < 15 && !(await recordings.evaluate((link) => link === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(recordings).toBeFocused();
  const outline = await recordings.evaluate((link) => getComputedStyle(link).outlineStyle);
  expect(outline).toBe("solid");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/recordings$/);
});

test("the workspace switcher: the current workspace and role, and a plain form to switch to another", async ({
  page,
}) => {
  const user = await signedInOnDashboard(page);
  const sidebar = page.locator("aside").first();
  // One membership: a label only.
  await expect(sidebar.getByTestId("current-workspace")).toHaveText("Personal");
  await expect(sidebar.getByRole("button", { name: /Team Chambers/ })).toHaveCount(0);

  const { prisma } = await appDatabase();
  await prisma.workspace.create({
    data: { name: "Team Chambers", kind: "TEAM", members: { create: { userId: user.id, role: "VIEWER" } } },
  });
  await page.goto("/recordings");
  await sidebar.getByText("Personal", { exact: true }).click(); // opens the <details>, with or without JavaScript
  await sidebar.getByRole("button", { name: /Team Chambers/ }).click();
  await expect(page).toHaveURL(/\/recordings$/);
  await expect(sidebar.getByTestId("current-workspace")).toHaveText("Team Chambers");
  await expect(sidebar.getByText("Viewer", { exact: true })).toBeVisible();
  await sidebar.getByTestId("current-workspace").click();
  await expect(sidebar.getByRole("button", { name: /Personal/ })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "All workspaces" })).toHaveAttribute("href", "/workspaces");
});
