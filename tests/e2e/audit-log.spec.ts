// A workspace's audit log (issue 32 item 5, ADR 036-audit): an owner reads it at 390 px, filters it with the GET form
// (with and without JavaScript) and downloads the CSV with the same filters; a member is refused with a sentence.
import fs from "node:fs";
import { appendAuditEvent } from "~/modules/audit/audit.server";
import { axeViolations } from "./axe";
import { acceptCookies, appDatabase, createUser, expect, signInAs, test } from "./fixtures";
import { chooseOption } from "./select";

test("an owner filters the workspace's log and downloads it as CSV; a member is refused", async ({ page, baseURL }) => {
  const [owner, member] = await Promise.all([createUser(), createUser()]);
  const workspace = await (
    await appDatabase()
  ).prisma.workspace.create({
    data: {
      name: "Hale & Partners",
      kind: "TEAM",
      members: {
        create: [
          { userId: owner.id, role: "OWNER" },
          { userId: member.id, role: "MEMBER" },
        ],
      },
    },
  });
  await appendAuditEvent({
    action: "transcript.viewed",
    actorId: member.id,
    workspaceId: workspace.id,
    target: { kind: "recording", id: "rec_e2e", label: "Client intake" },
    ip: "192.0.2.44",
    userAgent: "Mozilla/5.0 (Macintosh) Firefox/140.0",
  });
  await appendAuditEvent({
    action: "share-link.created",
    actorId: owner.id,
    workspaceId: workspace.id,
    target: { kind: "share-link", id: "link_e2e", label: "Board minutes (abc123…)" },
    detail: { expiry: "7d" },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookies(page, baseURL);
  await signInAs(page, owner);
  await page.goto(`/workspaces/${workspace.id}/audit`);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const table = page.getByRole("table", { name: /Audit log of Hale & Partners/ });
  await expect(table).toContainText("Opened a transcript");
  await expect(table).toContainText("Client intake");
  await expect(table).toContainText("192.0.2.44");
  await expect(table).toContainText("Created a share link");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // axe runs inside the page: with JavaScript only (the markup it checks is the server's either way).
  if (test.info().project.use.javaScriptEnabled !== false) {
    expect(await axeViolations(page)).toEqual([]);
  }

  const filters = page.getByRole("form", { name: "Filter the log" });
  await chooseOption(filters.getByLabel("Action"), "share-link.created");
  await filters.getByRole("button", { name: "Show entries" }).click();
  await expect(page).toHaveURL(/action=share-link\.created/);
  await expect(table).toContainText("Board minutes (abc123…)");
  await expect(table).toContainText("expiry: 7d");
  await expect(table).not.toContainText("Client intake");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv).toContain("share-link.created,Created a share link");
  expect(csv).not.toContain("Client intake");

  await signInAs(page, member);
  const refused = await page.goto(`/workspaces/${workspace.id}/audit`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByText(/does not allow/)).toBeVisible();
});
