// One form pattern (ADR 011): with JavaScript, Conform shows a field's error as the visitor leaves it or submits,
// without a round trip, marks the field invalid and moves focus to the first invalid field; without JavaScript,
// the server answers the post with the same messages beside the same fields.
import type { Locator, Page } from "@playwright/test";
import {
  acceptCookies,
  appDatabase,
  createRecording,
  createUser,
  expect,
  fillNewPassword,
  signInAs,
  test,
  waitForEmail,
} from "./fixtures";
import { sharedFile } from "../shared-files";
import { COMMON_PASSWORD_MESSAGE } from "~/modules/accounts/password-strength";

const SPOKEN = sharedFile("testdata/audio/jfk.mp3");

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

/** Counts the form posts the page sends: inline errors must not need one. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** The field is marked invalid and names its error, which says `message`. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const errorId = await field.getAttribute("aria-describedby");
  expect(errorId).toBeTruthy();
  await expect(field.page().locator(`[id="${errorId}"]`)).toHaveText(message);
}

test("sign-in: an invalid email is named beside the field", async ({ page, javaScriptEnabled }) => {
  const posts = countPosts(page);
  await page.goto("/signin");
  const email = page.getByLabel("Email");
  const password = page.getByLabel("Password");
  // "a@b" passes the browser's own email check; the schema refuses it (spec section 5).
  await email.fill("a@b");
  if (javaScriptEnabled) {
    await password.focus();
    await expectFieldError(email, "Please enter a valid email address");
    // Fixing it clears the error as the visitor types.
    await email.fill("someone@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    // Submitting with the password empty focuses it and names the error, still without a post.
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(password).toBeFocused();
    await expectFieldError(password, "Password is required");
    expect(posts).toEqual([]);
    return;
  }
  await password.fill("whatever");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectFieldError(page.getByLabel("Email"), "Please enter a valid email address");
  // The server refills what was typed, except the password.
  await expect(page.getByLabel("Email")).toHaveValue("a@b");
  await expect(page.getByLabel("Password")).toHaveValue("");
  expect(posts).toHaveLength(1);
});

test("sign-up: a short password is named at the password step", async ({ page, javaScriptEnabled }) => {
  const posts = countPosts(page);
  await page.goto("/signup");
  const steps: [string, string, string][] = [
    ["First name", "Grace", "Last name"],
    ["Last name", "Hopper", "Email"],
    ["Email", `grace-${Date.now()}@example.com`, "Password"],
  ];
  for (const [label, value, next] of steps) {
    await page.getByLabel(label, { exact: true }).fill(value);
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByLabel(next, { exact: true })).toBeVisible();
  }
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("abc");
  if (javaScriptEnabled) {
    await page.getByLabel("First name").focus();
    await expectFieldError(password, "Password must be at least 6 characters");
    // The next step waits for a valid password.
    await expect(page.getByLabel("Confirm password")).toHaveCount(0);
    await password.fill("abcdef");
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Confirm password")).toBeVisible();
    expect(posts).toEqual([]);
    return;
  }
  const postsBefore = posts.length;
  await page.getByRole("button", { name: "Continue" }).click();
  await expectFieldError(page.getByLabel("Password", { exact: true }), "Password must be at least 6 characters");
  await expect(page.getByLabel("Confirm password")).toHaveCount(0);
  expect(posts).toHaveLength(postsBefore + 1);
});

test("reset: the new password's errors are named beside its fields", async ({ page, javaScriptEnabled }) => {
  const user = await createUser();
  await page.goto("/forgot-password");
  const sentAfter = Date.now() - 1000;
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Reset Link Sent", { exact: true }).first()).toBeVisible();
  const mail = await waitForEmail(user.email, /Reset your Voxlate password/, sentAfter);
  const link = new URL(/https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);

  const posts = countPosts(page);
  const password = page.getByLabel("New password", { exact: true });
  const confirmation = page.getByLabel("Confirm new password");
  await fillNewPassword(password, "short");
  await confirmation.fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expectFieldError(password, "Password must be at least 6 characters");
  if (javaScriptEnabled) {
    await expect(password).toBeFocused();
    expect(posts).toEqual([]);
  } else {
    expect(posts).toHaveLength(1);
    // The link still works after a refused post.
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  }
  await fillNewPassword(password, "long-enough");
  await confirmation.fill("long-enougH");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expectFieldError(page.getByLabel("Confirm new password"), "Passwords do not match");

  // Long enough, but one of the most common passwords: the meter says so while typing, the server refuses it.
  await page.getByLabel("New password", { exact: true }).fill("iloveyou1");
  await page.getByLabel("Confirm new password").fill("iloveyou1");
  if (javaScriptEnabled) {
    await expect(page.getByRole("meter", { name: "Password strength" })).toHaveAttribute("aria-valuetext", "Weak");
    await expect(page.getByTestId("password-strength")).toContainText(COMMON_PASSWORD_MESSAGE);
  }
  await page.getByRole("button", { name: "Set new password" }).click();
  await expectFieldError(page.getByLabel("New password", { exact: true }), COMMON_PASSWORD_MESSAGE);
  if (javaScriptEnabled) {
    await page.getByLabel("New password", { exact: true }).fill("correct horse battery staple");
    await expect(page.getByRole("meter", { name: "Password strength" })).toHaveAttribute("aria-valuetext", "Strong");
  }
});

test("account: the delete confirmation and the new password are checked beside their fields", async ({
  page,
  javaScriptEnabled,
}) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Signed-in browsers" })).toBeVisible();
  const posts = countPosts(page);

  const passwordSection = page.getByRole("region", { name: "Password" });
  const newPassword = passwordSection.getByLabel("New password", { exact: true });
  await passwordSection.getByLabel("Current password").fill(user.password);
  await newPassword.fill("abc");
  await passwordSection.getByLabel("Confirm new password").fill("abc");
  if (javaScriptEnabled) {
    await passwordSection.getByLabel("Current password").focus();
    await expectFieldError(newPassword, "Password must be at least 6 characters");
  } else {
    await passwordSection.getByRole("button", { name: "Change password" }).click();
    await expectFieldError(
      page.getByRole("region", { name: "Password" }).getByLabel("New password", { exact: true }),
      "Password must be at least 6 characters",
    );
  }

  const danger = page.getByRole("region", { name: "Delete account" });
  const confirmation = danger.getByLabel("Type DELETE to confirm");
  await confirmation.fill("delete");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expectFieldError(confirmation, "Type DELETE to confirm");
  if (javaScriptEnabled) {
    // Focus on the first invalid field is checked on sign-in and reset; here the field was already marked on blur.
    expect(posts).toEqual([]);
  } else {
    expect(posts).toHaveLength(2);
    await expect(confirmation).toHaveValue("delete");
  }
});

test("transcript: a blank name is named beside the field, and a good one renames", async ({
  page,
  javaScriptEnabled,
}) => {
  const user = await createUser();
  const recording = await createRecording(user.id, {
    title: "Board meeting",
    fileName: "board.wav",
    storageKey: "recordings/none.wav",
    sizeBytes: 1,
    durationSeconds: 3,
    // A failed recording has no audio player to load; the rename form is the same for every status.
    status: "FAILED",
    failureReason: "The engine stopped.",
  });
  await signInAs(page, user);
  await page.goto(`/transcription/${recording.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Board meeting" })).toBeVisible();
  const posts = countPosts(page);

  // Spaces pass the browser's own `required` check; the schema trims them and refuses the name.
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("   ");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expectFieldError(page.getByLabel("Name", { exact: true }), "Give the recording a name.");
  if (javaScriptEnabled) {
    await expect(name).toBeFocused();
    expect(posts).toEqual([]);
  } else {
    // The server answered the post: the page is rendered again with the reply, and the title is unchanged.
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`/transcription/${recording.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Board meeting" })).toBeVisible();
  }

  await page.getByLabel("Name", { exact: true }).fill("Board meeting, March");
  if (javaScriptEnabled) await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Board meeting, March" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toHaveLength(javaScriptEnabled ? 1 : 2);
});

test("upload: a speaker count off the list is named beside its field; no file is the form's error", async ({
  page,
  javaScriptEnabled,
}) => {
  const user = await createUser();
  const database = (await appDatabase()).prisma;
  await database.user.update({ where: { email: user.email }, data: { plan: "BUSINESS_PRO" } });
  await signInAs(page, user);
  await page.goto("/dashboard");
  const posts = countPosts(page);
  const upload = page.getByRole("button", { name: "Upload and transcribe" });
  const formError = page.locator("#upload-error");
  const speakerCount = page.getByLabel("Number of speakers");
  if (javaScriptEnabled) {
    // No file: the form's own error, before any upload starts. (Without JavaScript the browser's `required` stops it.)
    await upload.click();
    await expect(formError).toHaveText("Choose an audio file to upload.");
    await expect(formError).toHaveRole("alert");
    // The Radix select has replaced the native one before the count below is forged.
    await expect(speakerCount).toHaveAttribute("data-enhanced", "");
  }
  await page.getByLabel(/Choose an audio file|Drop an audio file/).setInputFiles(SPOKEN);
  await expect(formError).toHaveCount(0);
  await page.getByLabel(/Label speakers/).check();
  // A count the list does not offer, as a forged post would send it: chosen in the native select; with JavaScript,
  // sent beside the Radix select's hidden input (React keeps that one's value), which the schema refuses as well.
  await page.locator('[name="speakerCount"]').evaluate((control) => {
    if (control instanceof HTMLSelectElement) return control.add(new Option("11", "11", true, true));
    const forged = Object.assign(document.createElement("input"), {
      type: "hidden",
      name: "speakerCount",
      value: "11",
    });
    control.after(forged);
  });
  await upload.click();
  await expectFieldError(page.getByLabel("Number of speakers"), "Choose the number of speakers from the list.");
  await expect(formError).toHaveCount(0);
  if (javaScriptEnabled) {
    expect(posts).toEqual([]);
  } else {
    // The server answered the multipart post with the reply: the page again, nothing stored.
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByLabel(/Label speakers/)).toBeVisible();
  }
  expect(await database.recording.count({ where: { user: { email: user.email } } })).toBe(0);
});
