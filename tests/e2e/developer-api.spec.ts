import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => acceptCookies(page, baseURL));

test("an API key is created on the account page, shown once, works as a bearer key, and is revoked", async ({
  page,
}) => {
  await signInAs(page, await createUser());
  await page.goto("/account");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByRole("button", { name: "Create API key" }).click();
  await expect(keys.getByText("Give the key a name.")).toBeVisible();

  await keys.getByLabel("Key name").fill("CI pipeline");
  await keys.getByRole("checkbox", { name: "write" }).check();
  await keys.getByRole("button", { name: "Create API key" }).click();
  const shown = keys.getByLabel("API key", { exact: true });
  await expect(shown).toHaveValue(/^vxk_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await expect(keys.getByText("Scopes: read, write")).toBeVisible();
  await expect(keys.getByText(`${key.slice(0, 12)}…`)).toBeVisible();

  const listed = await page.request.get("/api/v1/recordings", { headers: { Authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ data: [], total: 0 });

  // Shown once: a fresh load lists the key by its prefix only.
  await page.goto("/account");
  await expect(page.getByLabel("API key", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  await page.getByRole("region", { name: "API keys" }).getByRole("button", { name: "Revoke CI pipeline" }).click();
  await expect(page.getByText("API key revoked", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "API keys" }).getByText(/revoked \d/)).toBeVisible();
  const refused = await page.request.get("/api/v1/recordings", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
});

test("a webhook's signing secret is shown once when the endpoint is added, and once again when it is rotated", async ({
  page,
}) => {
  await signInAs(page, await createUser());
  await page.goto("/account");
  const webhooks = page.getByRole("region", { name: "Webhooks" });
  // A public address written as an IP, so the check needs no DNS; nothing is delivered (there is no recording).
  await webhooks.getByLabel("Endpoint URL").fill("https://93.184.215.14/voxlate-hook");
  await webhooks.getByRole("button", { name: "Add endpoint" }).click();
  const shown = webhooks.getByLabel("Signing secret", { exact: true });
  await expect(shown).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const secret = await shown.inputValue();
  await expect(webhooks.getByText("Copy its signing secret now: it will not be shown again.")).toBeVisible();

  // Shown once: a fresh load lists the endpoint without its secret.
  await page.goto("/account");
  await expect(page.getByText("https://93.184.215.14/voxlate-hook")).toBeVisible();
  await expect(page.getByLabel("Signing secret", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain("whsec_");

  await page.getByRole("region", { name: "Webhooks" }).getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("region", { name: "Webhooks" }).getByLabel("Signing secret", { exact: true });
  await expect(rotated).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(await rotated.inputValue()).not.toBe(secret);
  await expect(page.getByText(/the old one no longer works/)).toBeVisible();
  const newSecret = await rotated.inputValue();
  await page.goto("/account");
  await expect(page.getByLabel("Signing secret", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(newSecret);
});

test("/developers renders the API reference on the server, with a link to the OpenAPI document", async ({ page }) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1, name: "Voxlate API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "GET /api/v1/recordings", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "POST /api/v1/recordings/import" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "RecordingDetail" })).toBeVisible();
  const openapi = await page.request.get("/api/v1/openapi.json");
  expect((await openapi.json()).openapi).toBe("3.1.0");
  await page.setViewportSize({ width: 390, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the account's API section links the documentation, and the access log lists each key's calls once an hour per path", async ({
  page,
}) => {
  const user = await createUser();
  await signInAs(page, user);
  await page.goto("/account");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Key name").fill("Nightly sync");
  await keys.getByRole("button", { name: "Create API key" }).click();
  const key = await keys.getByLabel("API key", { exact: true }).inputValue();
  const headers = { Authorization: `Bearer ${key}` };
  // Three calls to one path and one to another: two entries.
  for (let call = 0; call < 3; call++)
    expect((await page.request.get("/api/v1/recordings", { headers })).status()).toBe(200);
  expect((await page.request.get("/api/v1/recordings/none-such", { headers })).status()).toBe(404);

  const prefix = key.slice(0, 12);
  const entries = await (
    await appDatabase()
  ).prisma.auditEvent.findMany({
    where: { actorId: user.id, action: "api-key.used" },
    orderBy: { seq: "asc" },
  });
  expect(entries.map((entry) => [entry.targetLabel, entry.detail])).toEqual([
    [`Nightly sync (${prefix}…)`, JSON.stringify({ method: "GET", path: "/api/v1/recordings" })],
    [`Nightly sync (${prefix}…)`, JSON.stringify({ method: "GET", path: "/api/v1/recordings/none-such" })],
  ]);
  expect(entries[0].ipAddress).toBeTruthy();

  await page.goto("/data-privacy");
  const log = page.getByRole("region", { name: "Access log" });
  await expect(log.getByText("method: GET · path: /api/v1/recordings", { exact: true })).toBeVisible();
  await expect(log.getByText("An API key was used")).toHaveCount(2);
  await expect(page.getByText(/used \(once per key, method and path in an hour\)/)).toBeVisible();

  await page.goto("/account");
  await page.getByRole("region", { name: "API keys" }).getByRole("link", { name: "API documentation" }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Voxlate API" })).toBeVisible();
});
