import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { acceptCookies, createUser, expect, expectConsoleError, signIn, test } from "./fixtures";
import { logOut } from "./user-menu";
import { E2E_DATA_DIR } from "../../playwright.config";
import { tsxCommand } from "../cli-command";

// Every page of the spec's route table that a signed-out visitor can open, with its heading.
const SITE_PAGES: [path: string, heading: string | RegExp][] = [
  // CI has no whisper model: the offline fallback runs, and the hero promises English only (engine-claims.spec.ts).
  ["/", "Turn English speech into text"],
  ["/business", "Transcription for professionals and teams"],
  ["/plan-selection", "Choose your plan"],
  ["/plans", "Choose your plan"],
  ["/content-creators", "Subtitles and show notes from every episode"],
  ["/education", "Lectures you can search and study"],
  ["/students", "Lectures you can search and study"],
  ["/sales-marketing", "Every customer call, written down"],
  ["/personal-productivity", "Think out loud, read it later"],
  ["/email-templates", "Email templates"],
  ["/help", "Help center"],
  ["/faq", "Help center"],
  ["/howto", "How-to guides"],
  ["/privacy", "Privacy policy"],
  ["/terms", "Terms of service"],
  ["/security", "Security"],
  ["/cookies", "Cookie policy"],
  ["/cookie-policy", "Cookie policy"],
  ["/coming-soon", "On the way"],
  ["/blog", "Guides and news"],
  ["/blog/srt-export-guide", "The SRT export guide"],
];

const AUTH_PAGES: [path: string, heading: string][] = [
  ["/signin", "Welcome back"],
  ["/signup", "Create your account"],
  ["/auth", "Create your account"],
  ["/auth?tab=signin", "Welcome back"],
  ["/forgot-password", "Reset your password"],
  ["/reset-password?token=abc", "Reset your password"],
];

const PROTECTED = [
  "/dashboard",
  "/recordings",
  "/transcription/rec_123",
  "/workspaces",
  "/workspaces/ws_123/members",
  "/workspaces/ws_123/sso",
  "/workspaces/ws_123/security",
  "/account",
  "/account/two-factor",
  "/account/passkeys",
  "/data-privacy",
];

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test.describe("the route table, signed out", () => {
  for (const [path, heading] of SITE_PAGES) {
    test(`${path} renders with the site header and footer`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "Voxlate" })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toBeVisible();
    });
  }

  for (const [path, heading] of AUTH_PAGES) {
    test(`${path} shows the auth page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    });
  }

  for (const [from, to] of [
    ["/signup-business", "/signup"],
    ["/landing", "/business"],
    ["/businessplan", "/plan-selection"],
  ]) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      const response = await page.goto(from);
      expect(new URL(page.url()).pathname).toBe(to);
      expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    });
  }

  for (const path of PROTECTED) {
    test(`${path} sends a signed-out visitor to /signin and back`, async ({ page }) => {
      await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/signin");
      expect(url.searchParams.get("redirectTo")).toBe(path);
    });
  }

  test("/help and /faq are the same page; so are /education and /students", async ({ page }) => {
    await page.goto("/help");
    const help = await page.getByRole("main").innerText();
    await page.goto("/faq");
    expect(await page.getByRole("main").innerText()).toBe(help);
    await page.goto("/education");
    const education = await page.getByRole("main").innerText();
    await page.goto("/students");
    expect(await page.getByRole("main").innerText()).toBe(education);
  });

  test("the help center searches without JavaScript", async ({ page }) => {
    await page.goto("/help");
    await page.getByRole("searchbox", { name: "Search the help center" }).fill("cancel");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=cancel/);
    await expect(page.getByText("Can I cancel my subscription anytime?")).toBeVisible();
    await expect(page.getByText("Which files can I upload?")).toHaveCount(0);
  });

  test("the pricing toggle is weekly by default and switches to monthly", async ({ page }) => {
    await page.goto("/plans");
    await expect(page.getByText("$4.49")).toBeVisible();
    await expect(page.getByText("$7.49")).toBeVisible();
    await page.getByRole("link", { name: "Monthly" }).click();
    await expect(page.getByText("$9.99")).toBeVisible();
    await expect(page.getByText("$14.99")).toBeVisible();
    await expect(page.getByText("$19.99")).toBeVisible();
  });

  test("any other path is the not-found page with HTTP 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // One header, footer and main: the catch-all sits inside the site layout and must not draw its own.
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.locator("header")).toHaveCount(1);
    await expect(page.locator("footer")).toHaveCount(1);
  });

  test("an unexpected error shows 'Something went wrong' with HTTP 500, and Refresh Page reloads", async ({ page }) => {
    // The page's own 500, twice: the browser logs each response, and React Router the error it hydrates.
    expectConsoleError(/^console: Failed to load resource: the server responded with a status of 500/);
    expectConsoleError(/^console: Error: Unexpected Server Error$/);
    const response = await page.goto("/_test/error?from=test");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    const reload = page.waitForResponse((candidate) => candidate.url().endsWith("/_test/error?from=test"));
    await page.getByRole("button", { name: "Refresh Page" }).click();
    expect((await reload).status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  });
});

test.describe("signed in", () => {
  test("sign-in returns to redirectTo with 'Welcome back!', protected pages open, auth pages redirect", async ({
    page,
  }) => {
    const user = await createUser({ firstName: "Robin" });
    await page.goto("/account");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Welcome back!", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(user.email)).toBeVisible();

    for (const path of ["/dashboard", "/recordings", "/account", "/data-privacy"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Robin" })).toBeVisible();
    const missing = await page.goto("/transcription/not-mine");
    expect(missing?.status()).toBe(404);

    for (const path of ["/signin", "/signup", "/auth", "/forgot-password"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe("/dashboard");
    }

    await logOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await page.goto("/dashboard");
    expect(new URL(page.url()).pathname).toBe("/signin");
  });

  test("a wrong password shows the error and stays on the form", async ({ page }) => {
    const user = await createUser();
    await signIn(page, { ...user, password: "wrong-password" });
    await expect(page.getByRole("alert")).toContainText("Login Failed");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    expect(new URL(page.url()).pathname).toBe("/signin");
  });
});

test.describe("admin", () => {
  test("an admin made with `npm run admin:create` while the app runs can sign in and out", async ({ page }) => {
    const email = `admin-${Date.now()}@example.com`;
    const { stdout } = await promisify(execFile)(
      ...tsxCommand("scripts/admin-create.ts", ["--email", email, "--password", "a-very-long-password"]),
      { env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: "" } },
    );
    expect(stdout).toContain("embedded database served by process");

    await page.goto("/admin/chat");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel("Username").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

    await page.getByLabel("Username").fill(email);
    await page.getByLabel("Password").fill("a-very-long-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/chat$/);
    await expect(page.getByRole("heading", { name: "Select a Conversation" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search conversations" }).fill("no-such-conversation-anywhere");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("No conversations found")).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
