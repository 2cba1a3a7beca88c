// Error pages, with JavaScript (project "js") and without ("no-js"): a refusal shows its status title and the
// server's message inside the page's chrome, and the admin console has its own.
import crypto from "node:crypto";
import { hashPassword } from "~/modules/accounts/password.server";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

test("a recording that does not exist is a 404 saying 'Recording not found', inside the site's header and footer", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await signInAs(page, await createUser());

  const response = await page.goto("/transcription/no-such-recording");
  expect(response?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(main.getByText("Recording not found.", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  // The boundary sits inside the site layout and draws no second header, main or footer.
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.locator("header")).toHaveCount(1);
  await expect(page.locator("footer")).toHaveCount(1);

  await main.getByRole("link", { name: "Back to your recordings" }).click();
  await expect(page).toHaveURL(/\/recordings$/);
});

test("someone else's recording is the same 404, and nothing of it shows", async ({ page, baseURL }) => {
  const database = (await appDatabase()).prisma;
  const owner = await createUser();
  const { id: ownerId } = await database.user.findUniqueOrThrow({ where: { email: owner.email } });
  const recording = await database.recording.create({
    data: {
      userId: ownerId,
      workspaceId: await personalWorkspaceId(ownerId),
      title: "Board meeting (private)",
      fileName: "board.mp3",
      storageKey: `e2e/${crypto.randomUUID()}.mp3`,
      sizeBytes: 1000,
      mimeType: "audio/mpeg",
      durationSeconds: 11,
      status: "COMPLETED",
    },
  });
  await acceptCookies(page, baseURL);
  await signInAs(page, await createUser());

  const response = await page.goto(`/transcription/${recording.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("main").getByText("Recording not found.", { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Recording not found/);
  await expect(page.getByText("Board meeting (private)")).toHaveCount(0);
});

test("a plan refusal (403) shows the plan's message and the way to the plans", async ({ page, baseURL }) => {
  const database = (await appDatabase()).prisma;
  const user = await createUser();
  const { id: userId } = await database.user.update({ where: { email: user.email }, data: { plan: "BUSINESS_PRO" } });
  const recording = await database.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Weekly sync",
      fileName: "sync.mp3",
      storageKey: `e2e/${crypto.randomUUID()}.mp3`,
      sizeBytes: 1000,
      mimeType: "audio/mpeg",
      durationSeconds: 11,
      status: "COMPLETED",
      transcriptLanguage: "en",
      segments: { create: [{ position: 0, start: 0, end: 11, text: "We ship the release on Friday." }] },
    },
  });
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto(`/transcription/${recording.id}`);
  const summarise = page.getByRole("button", { name: "Summarise", exact: true });
  await expect(summarise).toBeVisible();

  // The plan ends while the page is open: the button is still there, and the server refuses it.
  await database.user.update({ where: { id: userId }, data: { plan: "FREE" } });
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.request().method() === "POST" && answer.url().includes(`/transcription/${recording.id}`),
    ),
    summarise.click(),
  ]);
  expect(response.status()).toBe(403);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Not available on your plan" })).toBeVisible();
  await expect(main.getByText("Summaries are part of the Business Pro plan.", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await main.getByRole("link", { name: "Compare plans" }).click();
  await expect(page).toHaveURL(/\/plan-selection$/);
});

test("an error in the admin console keeps the console's chrome, not the marketing site's", async ({ page }) => {
  const admin = { email: `console-${crypto.randomUUID()}@voxlate.test`, password: "console-password-1" };
  await (
    await appDatabase()
  ).prisma.admin.create({ data: { email: admin.email, passwordHash: await hashPassword(admin.password) } });
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);

  const response = await page.goto("/admin/chat?session=gone-conversation");
  expect(response?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(main.getByText("Conversation not found.", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Support console")).toBeVisible();
  // No marketing header or footer, no support widget, no cookie banner.
  await expect(page.getByRole("link", { name: "Pricing" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Support chat", exact: true })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);

  await main.getByRole("link", { name: "Back to the console" }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);
  await expect(page.getByRole("heading", { name: "Conversations" })).toBeAttached();
});
