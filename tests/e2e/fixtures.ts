import { test as base, type ConsoleMessage, expect, type Locator, type Page } from "@playwright/test";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Prisma } from "~/generated/prisma/client";
import { connectDatabase, disconnectDatabase, type Database } from "~/modules/platform/database.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { createUserSession } from "~/modules/platform/session.server";
import { ANALYTICS_HOSTS, E2E_DATA_DIR, e2eServer } from "../../playwright.config";
import { poll } from "../poll";
import { sharedFile } from "../shared-files";
import { configuredStorage } from "~/services/storage/index.server";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

// Tests reach the running app as a CLI command would: its database through the socket it serves, its outbox, and its
// cookie secret (DATA_DIR/session-secret), all in its data dir.
process.env.DATA_DIR = E2E_DATA_DIR;

/** The running app's database, opened once per test file. */
export function appDatabase(): Promise<Database> {
  return connectDatabase({ role: "cli", dataDir: E2E_DATA_DIR, url: undefined, migrate: false });
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
}

/** A verified user with a password, written straight to the database. */
export async function createUser(overrides: Partial<Omit<TestUser, "id">> = {}): Promise<TestUser> {
  const user = {
    email: `user-${crypto.randomUUID()}@example.com`,
    password: "correct-horse-battery",
    firstName: "Casey",
    ...overrides,
  };
  const { id } = await (
    await appDatabase()
  ).prisma.user.create({
    data: {
      email: user.email,
      firstName: user.firstName,
      lastName: "Tester",
      passwordHash: await hashPassword(user.password),
      emailVerifiedAt: new Date(),
    },
    select: { id: true },
  });
  return { ...user, id };
}

/** A recording written straight to the database, with no stored audio (for pages that do not play it). */
export async function createRecording(
  userId: string,
  data: Partial<Omit<Prisma.RecordingUncheckedCreateInput, "userId">> = {},
) {
  return (await appDatabase()).prisma.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Recording",
      fileName: "recording.wav",
      storageKey: `e2e/${crypto.randomUUID()}.wav`,
      sizeBytes: 1000,
      mimeType: "audio/wav",
      durationSeconds: 20,
      ...data,
    },
  });
}

/**
 * A finished recording of the shared jfk.wav, its audio in the running app's storage (so the page plays it),
 * with `segments` as its transcript: for the pages that play, edit and review a transcript.
 */
export async function createJfkRecording(
  userId: string,
  segments: Omit<Prisma.TranscriptSegmentCreateWithoutRecordingInput, "position">[],
  data: Partial<Omit<Prisma.RecordingUncheckedCreateInput, "userId">> = {},
) {
  const audio = sharedFile("testdata/audio/jfk.wav");
  const storageKey = `recordings/${userId}/${crypto.randomUUID()}.wav`;
  // Stored as an upload is (encrypted at rest); putFile moves its file, so it gets a copy, never the shared one.
  const local = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-audio-")), "jfk.wav");
  fs.copyFileSync(audio, local);
  await configuredStorage().putFile(storageKey, local);
  return (await appDatabase()).prisma.recording.create({
    data: {
      userId,
      workspaceId: await personalWorkspaceId(userId),
      title: "Inaugural address",
      fileName: "jfk.wav",
      storageKey,
      sizeBytes: fs.statSync(audio).size,
      mimeType: "audio/wav",
      durationSeconds: 11,
      status: "COMPLETED",
      language: "en",
      transcriptLanguage: "en",
      ...data,
      segments: { create: segments.map((segment, position) => ({ ...segment, position })) },
    },
    include: { segments: { orderBy: { position: "asc" } } },
  });
}

/**
 * Signs in through the real form, as a visitor would. Only the tests of signing in use it; every other test starts
 * signed in with `signInAs`.
 */
export async function signIn(page: Page, user: Pick<TestUser, "email" | "password">, path = "/signin") {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Signs the user in without the form: the app's own createUserSession writes a session to the running app's
 * database and signs its cookie with the app's secret, and the browser gets that cookie, as it would from signing
 * in. No route serves this, so there is nothing to switch off in production. The page stays where it is.
 */
export async function signInAs(page: Page, user: Pick<TestUser, "id">) {
  await appDatabase();
  const baseURL = e2eServer(test.info().parallelIndex).baseURL;
  const userAgent = await page.evaluate(() => navigator.userAgent).catch(() => "Playwright");
  const setCookie = await createUserSession(user.id, new Request(baseURL, { headers: { "User-Agent": userAgent } }));
  const pair = setCookie.split(";")[0];
  const equals = pair.indexOf("=");
  await page
    .context()
    .addCookies([
      { name: pair.slice(0, equals), value: pair.slice(equals + 1), url: baseURL, httpOnly: true, sameSite: "Lax" },
    ]);
}

/**
 * Holds the app's scripts back until the returned function is called, so a test can use the page as it arrived from
 * the server, before hydration. Open the page with `waitUntil: "commit"`: module scripts hold DOMContentLoaded back.
 */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let letScriptsLoad!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (letScriptsLoad = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  return letScriptsLoad;
}

/** Stores a cookie choice up front so the banner does not cover what a test clicks. */
export async function acceptCookies(page: Page, baseURL: string | undefined) {
  const url = new URL(baseURL ?? "http://localhost");
  await page.context().addCookies(
    ["voxlate_cookie_consent", "voxlate_cookie_preferences"].map((name) => ({
      name,
      value: encodeURIComponent(
        Buffer.from(
          JSON.stringify(
            name.endsWith("consent")
              ? "accepted"
              : { necessary: true, analytics: true, marketing: true, functional: true },
          ),
        ).toString("base64"),
      ),
      domain: url.hostname,
      path: "/",
    })),
  );
}

const EXPECTED_CONSOLE_ERROR = "expected console error";

/**
 * Names an error this test expects the page to log (a console error or an uncaught exception, matched against
 * "console: <text>" or "uncaught: <message>"). Any other fails the test.
 */
export function expectConsoleError(pattern: RegExp) {
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: pattern.source });
}

/**
 * Chromium logs every response of 400 or more as "Failed to load resource". A 4xx that the app answers on purpose (a
 * form's validation, a missing page, a refused request) is the behaviour under test; a missing script, style, image
 * or font is a broken page, and so is any 5xx.
 */
function isIntendedRefusal(message: ConsoleMessage): boolean {
  if (isAnalyticsScript(message.location().url) && message.text().startsWith("Failed to load resource:")) return true;
  if (!/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return false;
  return !/\.(js|mjs|css|png|jpe?g|svg|webp|ico|woff2?)(\?|$)/.test(message.location().url);
}

/**
 * The analytics scripts a page loads while analytics are allowed (by a stored choice, or by default before one), on
 * the hosts CHROMIUM_LAUNCH resolves to nothing (ANALYTICS_HOSTS). Their failed loads are expected; a test that looks
 * at what they do routes them itself. Routing them in every context instead made each test slower by about an
 * eighth: with a route, every request of the context goes through Playwright, with the browser's cache off.
 */
function isAnalyticsScript(url: string): boolean {
  return URL.canParse(url) && ANALYTICS_HOSTS.includes(new URL(url).hostname);
}

/** Every page of the test's browser context: an error it logs fails the test, unless the test named it. */
export const test = base.extend({
  // Each worker has its own app server (playwright.config.ts). Playwright reads a fixture's needs from its first
  // parameter, so it must be a destructuring pattern even when empty.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex).baseURL),
  context: async ({ context }, use, testInfo) => {
    const errors: string[] = [];
    context.on("console", (message) => {
      if (message.type() === "error" && !isIntendedRefusal(message)) errors.push(`console: ${message.text()}`);
    });
    context.on("weberror", (error) => errors.push(`uncaught: ${error.error().message}`));
    await use(context);
    const expected = testInfo.annotations
      .filter((annotation) => annotation.type === EXPECTED_CONSOLE_ERROR)
      .map((annotation) => new RegExp(annotation.description!));
    const unexpected = errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
    expect(unexpected, "errors the page logged that the test did not name (expectConsoleError)").toEqual([]);
  },
});

test.afterAll(() => disconnectDatabase());

/**
 * Types into a field with the password strength meter under it. With JavaScript the meter appears once its scorer
 * has loaded and pushes everything below it down, so this waits for it: a click aimed at a button below could
 * otherwise land where the button was (a lost "Change password" click in CI, on a busy machine). Once the scorer has
 * loaded, the meter follows each keystroke at once.
 */
export async function fillNewPassword(field: Locator, password: string) {
  await field.fill(password);
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(
    field.locator("xpath=ancestor::form[1]").getByRole("meter", { name: "Password strength" }),
  ).toBeVisible();
}

/**
 * With JavaScript, waits until Radix has taken over the widget that holds `part` (its root carries `data-enhanced`).
 * The swap replaces the server's markup, so an input that straddles it is lost: a press on the old element and the
 * release on the new one make no click (a loaded run lost a help-centre click so). Without JavaScript the server's
 * markup stays, and there is nothing to wait for.
 */
export async function waitForEnhancement(part: Locator) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(part.page().locator("[data-enhanced]", { has: part })).toHaveCount(1);
}

export { expect };

/**
 * Waits until `target`, the result of a background job, shows. With JavaScript the page follows the job itself;
 * without, it offers Refresh, which is pressed until `target` shows. Each press waits for the refreshed page to arrive
 * before looking again. Pressed again on the page being left, Refresh started a navigation that landed after the test
 * had moved on: a CI run opened a link and ended on a late refresh of the page it had left (2026-11-28).
 */
export async function waitForJobResult(target: Locator, refresh: Locator, timeoutMs: number) {
  if (test.info().project.use.javaScriptEnabled !== false) return expect(target).toBeVisible({ timeout: timeoutMs });
  const page = target.page();
  await expect(async () => {
    if (await target.isVisible()) return;
    await Promise.all([
      page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() }),
      refresh.click(),
    ]);
    await page.waitForLoadState();
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: timeoutMs, intervals: [1_000] });
}

/** The newest message in the running app's outbox to this address with a matching subject. */
export async function waitForEmail(to: string, subject: RegExp, after = 0) {
  const { readOutbox } = await import("~/modules/platform/email.server");
  const path = await import("node:path");
  const found = await poll(
    async () =>
      (await readOutbox(path.join(E2E_DATA_DIR, "mail")))
        .filter((mail) => mail.to === to && subject.test(mail.subject) && Date.parse(mail.sentAt) >= after)
        .at(-1),
    Boolean,
    { timeoutMs: 15_000, description: `an email to ${to} matching ${subject}` },
  );
  return found!;
}

export function codeFrom(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
}
