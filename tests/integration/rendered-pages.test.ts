// Signed-in pages rendered once per state of their data (ADR 032), through the production build's own handler: a
// reload of an unchanged page is not rendered again, and any change to what the page shows renders it anew.
import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { db } from "~/modules/platform/database.server";
import { renderedPageCache } from "~/modules/platform/rendered-pages.server";
import { appHandler } from "./app-handler";
import { signedInUser } from "./helpers";
import { personalWorkspaceId } from "~/modules/workspaces/workspaces.server";

const newNonce = () => crypto.randomBytes(16).toString("base64");

async function dashboard(cookie: string) {
  const handle = await appHandler();
  const nonce = newNonce();
  const response = await handle("/dashboard", { headers: { Cookie: cookie } }, { cspNonce: nonce } as never);
  expect(response.status).toBe(200);
  return { html: await response.text(), nonce };
}

describe("rendered pages kept by their data", () => {
  test("a reload of an unchanged dashboard is sent from memory, with its own nonce; a change is rendered", async () => {
    const stats = renderedPageCache()!.stats;
    const { id, cookie } = await signedInUser();
    const rendersBefore = stats.renders;
    const hitsBefore = stats.hits;

    const first = await dashboard(cookie);
    const second = await dashboard(cookie);
    expect(stats.renders - rendersBefore).toBe(1);
    expect(stats.hits - hitsBefore).toBe(1);
    expect(second.html).toBe(first.html.split(first.nonce).join(second.nonce));
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);

    // A recording added behind the page's back (the worker, another tab, the API) is on the next load.
    const recording = await (
      await db()
    ).recording.create({
      data: {
        userId: id,
        workspaceId: await personalWorkspaceId(id),
        title: "Board meeting, March",
        fileName: "board.wav",
        storageKey: `rendered/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: 60,
        status: "PROCESSING",
        progress: 10,
      },
    });
    const added = await dashboard(cookie);
    expect(added.html).toContain("Board meeting, March");
    expect(stats.renders - rendersBefore).toBe(2);

    // So is its progress, as the job moves on.
    await (await db()).recording.update({ where: { id: recording.id }, data: { progress: 55 } });
    const progressed = await dashboard(cookie);
    expect(progressed.html).not.toBe(added.html.split(added.nonce).join(progressed.nonce));
    expect(progressed.html).toMatch(/55\s*%/);
    expect(stats.renders - rendersBefore).toBe(3);
  });

  test("two people never share a page: each has their own data", async () => {
    const stats = renderedPageCache()!.stats;
    const ada = await signedInUser();
    const grace = await signedInUser();
    await (await db()).user.update({ where: { id: grace.id }, data: { firstName: "Grace" } });
    const hitsBefore = stats.hits;
    const adas = await dashboard(ada.cookie);
    const graces = await dashboard(grace.cookie);
    expect(stats.hits).toBe(hitsBefore);
    expect(adas.html).toContain("Welcome, Ada");
    expect(graces.html).toContain("Welcome, Grace");
    expect(graces.html).not.toContain("Welcome, Ada");
  });
});
