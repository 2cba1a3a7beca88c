// The support chat end to end, with JavaScript (project "js") and without ("no-js"): a visitor asks the
// assistant, escalates, and an admin answers from the console.
import crypto from "node:crypto";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { hashPassword } from "~/modules/accounts/password.server";
import {
  acceptCookies,
  appDatabase,
  createRecording,
  createUser,
  expect,
  holdAppScripts,
  signInAs,
  test,
} from "./fixtures";

const ADMIN = { email: `console-${crypto.randomUUID()}@voxlate.test`, password: "console-password-1" };

/** Creates the console's admin through the app's socket, as `npm run admin:create` would. */
async function createAdmin() {
  const database = await appDatabase();
  await database.prisma.admin.upsert({
    where: { email: ADMIN.email },
    create: { email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) },
    update: {},
  });
}

const withJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

async function openChat(page: Page) {
  await page.getByRole("link", { name: "Support chat", exact: true }).click();
  const chat = page.getByRole("region", { name: "Voxlate support" });
  await expect(chat).toBeVisible();
  // With JavaScript, opening loads the composer's Conform half, which takes the box's place (its box is Conform's
  // field "content"): wait for it, so what a test types goes into the box that stays.
  if (withJs(test.info())) {
    await expect(chat.getByLabel("Your message")).toHaveAttribute("id", "support-chat-form-content");
  }
}

async function ask(page: Page, question: string) {
  const chat = page.getByRole("region", { name: "Voxlate support" });
  await chat.getByLabel("Your message").fill(question);
  await chat.getByRole("button", { name: "Send", exact: true }).click();
  // Sent and answered: the box is empty again and the thread shows the question.
  await expect(chat.getByLabel("Your message")).toHaveValue("");
  await expect(chat.getByRole("list").getByText(question, { exact: true }).first()).toBeVisible();
  return chat;
}

async function adminPage(browser: Browser, testInfo: TestInfo, baseURL: string | undefined) {
  await createAdmin();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: withJs(testInfo) });
  // A fresh browser that never answered the cookie banner: the console must not show it (it covered the buttons).
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  return page;
}

test("a question the help centre answers gets an answer with its source, and no escalation", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await page.goto("/business");
  await openChat(page);
  const chat = await ask(page, "How large can an uploaded file be?");
  await expect(chat.getByText(/Business Pro accepts files up to 500 MB/).first()).toBeVisible();
  await expect(chat.getByRole("link", { name: "How large can an uploaded file be?" })).toHaveAttribute(
    "href",
    "/help#how-large-can-an-uploaded-file-be",
  );
  await expect(chat.getByText("Waiting for a person")).toHaveCount(0);

  // The conversation persists across page loads.
  await page.goto("/pricing-does-not-exist");
  await openChat(page);
  await expect(
    page
      .getByRole("region", { name: "Voxlate support" })
      .getByRole("list")
      .getByText("How large can an uploaded file be?")
      .first(),
  ).toBeVisible();
});

test("an unknown question escalates; the admin finds it, replies, the visitor sees it, and the admin resolves", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const token = `Zephyr${crypto.randomInt(1e6, 1e7)}`;
  await acceptCookies(page, baseURL);
  await page.goto("/business");
  await openChat(page);
  const chat = await ask(page, `Do you offer a discount for the ${token} choir?`);
  await expect(chat.getByText("Waiting for a person from our support team")).toBeVisible();

  const admin = await adminPage(browser, testInfo, baseURL);
  // By search…
  await admin.getByRole("searchbox", { name: "Search conversations" }).fill(token);
  await admin.getByRole("button", { name: "Refresh" }).click();
  const item = admin.getByRole("link", { name: /Anonymous User/ });
  await expect(item).toHaveCount(1);
  await expect(item.getByText("Escalated", { exact: true })).toBeVisible();
  await expect(item).toContainText("/business");
  await expect(item).toContainText("1 new");
  await expect(item).toContainText(/Low confidence answer \(\d+%\)/);
  // …and by the Escalated filter.
  await admin.getByRole("combobox", { name: "Status" }).selectOption("escalated");
  if (!withJs(testInfo)) await admin.getByRole("button", { name: "Refresh" }).click();
  await expect(admin).toHaveURL(/status=escalated/);
  await expect(item).toHaveCount(1);

  await item.click();
  const conversation = admin.getByRole("region", { name: /Conversation …/ });
  await expect(conversation.getByRole("heading", { name: /Conversation …/ })).toBeVisible();
  // The hand-off says what it means, not "100% confidence · Needs Review".
  await expect(
    conversation.getByText(
      /^The assistant handed this over: it could not answer from the help centre \(the best help entry matched \d+% of the question\)\.$/,
    ),
  ).toBeVisible();
  await expect(conversation.getByText("Needs Review")).toHaveCount(0);
  await expect(conversation.getByText(/^\d+% confidence$/)).toHaveCount(0);
  // Opening it cleared the unread count.
  await expect(item).not.toContainText("new");

  const reply = `Yes, choirs get 20% off: email us. (${token})`;
  await conversation.getByPlaceholder("Type your response...").fill(reply);
  await conversation.getByRole("button", { name: "Send Reply" }).click();
  await expect(conversation.getByRole("list", { name: "Messages" }).getByText(reply)).toBeVisible();
  await expect(conversation.getByRole("button", { name: "Close Chat" })).toBeVisible();

  // The visitor sees the reply: by itself with JavaScript (polling), after a reload without.
  if (!withJs(testInfo)) {
    await page.reload();
    await openChat(page);
  }
  const visitorChat = page.getByRole("region", { name: "Voxlate support" });
  await expect(visitorChat.getByText(reply)).toBeVisible();
  // A person has answered: the visitor is no longer told to wait for one.
  await expect(visitorChat.getByText("Waiting for a person")).toHaveCount(0);

  await conversation.getByPlaceholder("Type your response...").fill("Closing this now. Thanks!");
  await conversation.getByRole("button", { name: "Send & Resolve" }).click();
  await expect(
    conversation.getByRole("list", { name: "Messages" }).getByText("Closing this now. Thanks!"),
  ).toBeVisible();
  await expect(conversation.getByText("Resolved", { exact: true })).toBeVisible();
  await expect(conversation.getByRole("button", { name: "Close Chat" })).toHaveCount(0);
  await conversation.getByText(/Audit trail/).click();
  await expect(conversation.getByText(`Resolved by ${ADMIN.email}`)).toBeVisible();
  await admin.context().close();
});

test("asking for a person escalates, and Close Chat resolves it and clears the selection", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const token = `Quokka${crypto.randomInt(1e6, 1e7)}`;
  await acceptCookies(page, baseURL);
  await page.goto("/");
  await openChat(page);
  // What the visitor typed is what they send, not a sentence written for them.
  const typed = `My ${token} order arrived without its transcript`;
  const chat = page.getByRole("region", { name: "Voxlate support" });
  await chat.getByLabel("Your message").fill(typed);
  await chat.getByRole("button", { name: "Talk to a person" }).click();
  await expect(chat.getByText(/passed this conversation to our support team/).last()).toBeVisible();
  await expect(chat.getByRole("list").getByText(typed, { exact: true })).toBeVisible();
  await expect(chat.getByText("talk to a person, please")).toHaveCount(0);
  await expect(chat.getByLabel("Your message")).toHaveValue("");
  await expect(chat.getByText("Waiting for a person from our support team")).toBeVisible();

  const admin = await adminPage(browser, testInfo, baseURL);
  await admin.goto(`/admin/chat?search=${token}`);
  await admin.getByRole("link", { name: /Anonymous User/ }).click();
  await expect(admin.getByText("Escalated: Asked for a person").first()).toBeVisible();
  await admin.getByRole("button", { name: "Close Chat" }).click();
  await expect(admin.getByRole("heading", { name: "Select a Conversation" })).toBeVisible();
  await expect(admin).not.toHaveURL(/session=/);
  await expect(admin.getByRole("link", { name: /Anonymous User/ })).toContainText("Resolved");
  await admin.context().close();
});

test("what a visitor types before the page's scripts have loaded stays in the box, and is sent", async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(!withJs(testInfo), "Without JavaScript the form posts what is in the box (tested above)");
  // The app's scripts are held back until the visitor has typed: the chat opens by its #link, as without them.
  const letScriptsLoad = await holdAppScripts(page);
  await acceptCookies(page, baseURL);
  await page.goto("/business", { waitUntil: "commit" });
  await page.getByRole("link", { name: "Support chat", exact: true }).click();
  const chat = page.getByRole("region", { name: "Voxlate support" });
  const box = chat.getByLabel("Your message");
  await box.fill("Typed while the page was still loading");
  letScriptsLoad();
  // Hydrated: the composer now asks the server for JSON.
  await expect(chat.locator('input[name="response"]')).toHaveCount(1);
  await expect(box).toHaveValue("Typed while the page was still loading");
  await chat.getByRole("button", { name: "Send", exact: true }).click();
  await expect(chat.getByRole("list").getByText("Typed while the page was still loading").first()).toBeVisible();
});

test("an empty message is refused beside the box: by the form's schema with JavaScript, by the server without", async ({
  page,
  baseURL,
}, testInfo) => {
  await acceptCookies(page, baseURL);
  await page.goto("/business");
  await openChat(page);
  const chat = page.getByRole("region", { name: "Voxlate support" });
  const box = chat.getByLabel("Your message");
  const send = chat.getByRole("button", { name: "Send", exact: true });
  if (withJs(testInfo)) {
    // Opening the chat loads the composer's Conform half (its box is Conform's field "content").
    await expect(box).toHaveAttribute("id", "support-chat-form-content");
    await expect(send).toBeDisabled();
    // Enter on a blank box runs the action's own schema in the browser: nothing is sent, the message shows inline.
    await box.fill("   ");
    await box.press("Enter");
    await expect(chat.getByRole("alert")).toHaveText("Type a message first.");
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAttribute("aria-describedby", "support-chat-form-content-error");
    // Checked again as the visitor types, and then sent.
    await box.fill("What does the Free plan include?");
    await expect(chat.getByRole("alert")).toHaveCount(0);
    await send.click();
    await expect(box).toHaveValue("");
    await expect(chat.getByRole("list").getByText("What does the Free plan include?").first()).toBeVisible();
    // Sent: the emptied box is not an error.
    await expect(chat.getByRole("alert")).toHaveCount(0);
    await expect(box).not.toHaveAttribute("aria-invalid", "true");
  } else {
    // `required` stops an empty box in the browser; spaces reach the server, which sends the page back with a toast.
    await box.fill("   ");
    await send.click();
    await expect(page).toHaveURL(/\/business#support-chat$/);
    await expect(page.getByText("Type a message first.")).toBeVisible();
  }
});

test("the console loads no analytics, even in a browser that accepted them on the site", async ({ page, baseURL }) => {
  const analyticsScripts = page.locator('script[src*="googletagmanager"], script[src*="analytics-under-test"]');
  await acceptCookies(page, baseURL);
  await page.goto("/");
  expect(await analyticsScripts.count()).toBeGreaterThan(0);
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(analyticsScripts).toHaveCount(0);
});

test("reply buttons are disabled for blank text; the console sets and clears the adminAuthenticated flag", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(
    !withJs(testInfo),
    "Buttons change state only when scripts run; the server rejects blank replies without them.",
  );
  const database = await appDatabase();
  const session = await database.prisma.chatSession.create({
    data: { contextPage: "/help", messages: { create: [{ role: "USER", content: "Blank-reply check" }] } },
  });
  const admin = await adminPage(browser, testInfo, baseURL);
  expect(await admin.evaluate(() => localStorage.getItem("adminAuthenticated"))).toBe("true");
  await admin.goto(`/admin/chat?session=${session.id}`);
  const send = admin.getByRole("button", { name: "Send Reply" });
  const resolve = admin.getByRole("button", { name: "Send & Resolve" });
  await expect(send).toBeDisabled();
  await expect(resolve).toBeDisabled();
  await admin.getByPlaceholder("Type your response...").fill("   ");
  await expect(send).toBeDisabled();
  await admin.getByPlaceholder("Type your response...").fill("Hello");
  await expect(send).toBeEnabled();
  await expect(resolve).toBeEnabled();

  // A new visitor message shows up within the 5 s refresh, without a reload.
  await database.prisma.chatMessage.create({
    data: { sessionId: session.id, role: "USER", content: "Are you there?" },
  });
  await expect(admin.getByRole("list", { name: "Messages" }).getByText("Are you there?")).toBeVisible();

  await admin.getByRole("button", { name: "Logout" }).click();
  await expect(admin).toHaveURL(/\/admin\/login$/);
  expect(await admin.evaluate(() => localStorage.getItem("adminAuthenticated"))).toBeNull();
  await admin.context().close();
});

test("without JavaScript a blank admin reply is refused with the spec's message", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(withJs(testInfo), "With scripts the buttons stay disabled instead.");
  const session = await (await appDatabase()).prisma.chatSession.create({ data: { contextPage: "/" } });
  const admin = await adminPage(browser, testInfo, baseURL);
  await admin.goto(`/admin/chat?session=${session.id}`);
  await expect(admin.getByText("No messages in this conversation")).toBeVisible();
  // `required` stops an empty box in the browser; spaces get through and the server refuses them.
  await admin.getByPlaceholder("Type your response...").fill("   ");
  await admin.getByRole("button", { name: "Send Reply" }).click();
  await expect(admin.getByRole("alert")).toContainText("Failed to send response");
  await admin.context().close();
});

test("the widget and the console have no axe violations", async ({ page, browser, baseURL }, testInfo) => {
  test.skip(!withJs(testInfo), "axe runs inside the page.");
  const AxeBuilder = (await import("@axe-core/playwright")).default;
  await acceptCookies(page, baseURL);
  await page.goto("/");
  await openChat(page);
  await ask(page, "What does the Free plan include?");
  const widget = await new AxeBuilder({ page })
    .include("#support-chat")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(widget.violations.map((violation) => violation.id)).toEqual([]);

  const admin = await adminPage(browser, testInfo, baseURL);
  await admin
    .getByRole("link", { name: /Anonymous User/ })
    .first()
    .click();
  const consoleResults = await new AxeBuilder({ page: admin })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    consoleResults.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  await admin.context().close();
});

test("asked about export formats, the assistant names every format the export offers, VTT and JSON too", async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL);
  await page.goto("/help");
  await openChat(page);
  const chat = await ask(page, "Which export formats are available?");
  const answer = chat.getByRole("listitem").filter({ hasText: "Help assistant" }).last();
  await expect(answer).toContainText("PDF, DOCX, TXT, SRT, VTT or JSON");
  await expect(answer).toContainText("Choose VTT");
  await expect(answer).toContainText("Choose JSON");
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible element the locator finds whose box the chat button's box touches. */
async function coveredBy(page: Page, launcher: Box, what: string, selector: string) {
  const boxes = await page.locator(selector).evaluateAll((elements) =>
    elements
      .filter(
        (element) => (element as HTMLElement).offsetParent !== null || getComputedStyle(element).position === "fixed",
      )
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height, name: element.outerHTML.slice(0, 80) };
      })
      .filter((box) => box.width > 0 && box.height > 0),
  );
  return boxes.filter((box) => overlaps(launcher, box)).map((box) => `${what}: ${box.name}`);
}

for (const width of [390, 1280]) {
  test(`at ${width} px the chat button covers no cookie button, form field, footer link or transcript text`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const launcher = page.getByRole("link", { name: "Support chat", exact: true });
    // A first visit: the banner is up. The landing page has its footer; sign-in has form fields.
    for (const path of ["/", "/signin", "/business"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Accept All" })).toBeVisible();
      const button = (await launcher.boundingBox())!;
      expect(button, path).not.toBeNull();
      const covered = [
        ...(await coveredBy(page, button, "cookie banner", '[aria-label="Cookie consent"] :is(a, button)')),
        ...(await coveredBy(page, button, "field", "input:not([type=hidden]), textarea, select, main button")),
        ...(await coveredBy(page, button, "footer link", "footer a")),
      ];
      expect(covered, `${path} at ${width} px`).toEqual([]);
      // Scrolled to the end too: the footer's links.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const atEnd = (await launcher.boundingBox())!;
      expect(await coveredBy(page, atEnd, "footer link", "footer a"), `${path} scrolled`).toEqual([]);
    }
    // Signed in, on a transcript: its text, its forms and the app's footer.
    const user = await createUser();
    const recording = await createRecording(user.id, {
      title: "Covered or not",
      status: "COMPLETED",
      transcriptLanguage: "en",
      segments: { create: [{ position: 0, start: 0, end: 4, text: "Every word of this line stays readable." }] },
    });
    await signInAs(page, user);
    await page.goto(`/transcription/${recording.id}`);
    await expect(page.getByText("Every word of this line stays readable.").first()).toBeVisible();
    const button = (await launcher.boundingBox())!;
    const covered = [
      ...(await coveredBy(page, button, "cookie banner", '[aria-label="Cookie consent"] :is(a, button)')),
      ...(await coveredBy(page, button, "page content", "main :is(p, li, h1, h2, input, textarea, select, button, a)")),
    ];
    expect(covered, `transcript at ${width} px`).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await coveredBy(page, (await launcher.boundingBox())!, "footer link", "footer a")).toEqual([]);
  });
}

test("the console names a signed-in visitor and says what the assistant's hand-off means", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const user = await createUser({ firstName: `Rosalind${crypto.randomInt(1e5, 1e6)}` });
  await acceptCookies(page, baseURL);
  await signInAs(page, user);
  await page.goto("/dashboard");
  await openChat(page);
  await ask(page, "Can I talk to a person about my invoice?");
  await expect(page.getByText("Waiting for a person from our support team")).toBeVisible();

  const admin = await adminPage(browser, testInfo, baseURL);
  await admin.getByRole("searchbox", { name: "Search conversations" }).fill(user.email);
  await admin.getByRole("button", { name: "Refresh" }).click();
  const item = admin.getByRole("link", { name: new RegExp(`${user.firstName} Tester · ${user.email}`) });
  await expect(item).toHaveCount(1);
  await item.click();
  const conversation = admin.getByRole("region", { name: /Conversation …/ });
  await expect(conversation).toContainText(`${user.firstName} Tester · ${user.email}`);
  const messages = conversation.getByRole("list", { name: "Messages" });
  await expect(messages.locator('[data-role="user"]').first()).toContainText(`${user.firstName} Tester`);
  await expect(messages.getByText("Visitor", { exact: true })).toHaveCount(0);
  await expect(
    messages.getByText("The assistant handed this over: the visitor asked for a person.", { exact: true }),
  ).toBeVisible();
  await expect(conversation.getByText(/confidence/)).toHaveCount(0);
});
