import { test as base, expect, type Page } from "@playwright/test";
import crypto from "node:crypto";
import { openDatabase, type Database } from "~/modules/platform/database.server";
import { hashPassword } from "~/modules/accounts/password.server";
import { E2E_DATA_DIR } from "../../playwright.config";

/**
 * The running app owns the embedded database; tests reach it as a CLI command would, through the
 * socket the app serves. One connection per test file.
 */
let database: Promise<Database> | undefined;
export function appDatabase(): Promise<Database> {
  database ??= openDatabase({ role: "cli", dataDir: E2E_DATA_DIR, url: undefined, migrate: false });
  return database;
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
}

export async function createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = {
    email: `user-${crypto.randomUUID()}@example.com`,
    password: "correct-horse-battery",
    firstName: "Casey",
    ...overrides,
  };
  await (await appDatabase()).prisma.user.create({
    data: {
      email: user.email,
      firstName: user.firstName,
      lastName: "Tester",
      passwordHash: await hashPassword(user.password),
      emailVerifiedAt: new Date(),
    },
  });
  return user;
}

/** Signs in through the real form, as a visitor would. */
export async function signIn(page: Page, user: TestUser, path = "/signin") {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Stores a cookie choice up front so the banner does not cover what a test clicks. */
export async function acceptCookies(page: Page, baseURL: string | undefined) {
  const url = new URL(baseURL ?? "http://localhost");
  await page.context().addCookies(
    ["voxlate_cookie_consent", "voxlate_cookie_preferences"].map((name) => ({
      name,
      value: encodeURIComponent(
        Buffer.from(JSON.stringify(name.endsWith("consent") ? "accepted" : { necessary: true, analytics: true, marketing: true, functional: true })).toString("base64"),
      ),
      domain: url.hostname,
      path: "/",
    })),
  );
}

export const test = base;

test.afterAll(async () => {
  if (database) await (await database).close();
  database = undefined;
});

export { expect };

/** The newest message in the running app's outbox to this address with a matching subject. */
export async function waitForEmail(to: string, subject: RegExp, after = 0) {
  const { readOutbox } = await import("~/modules/platform/email.server");
  const path = await import("node:path");
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await readOutbox(path.join(E2E_DATA_DIR, "mail")))
      .filter((mail) => mail.to === to && subject.test(mail.subject) && Date.parse(mail.sentAt) >= after)
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function codeFrom(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
}
