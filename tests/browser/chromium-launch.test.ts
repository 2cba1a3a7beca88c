import fs from "node:fs";
import { chromium } from "@playwright/test";
import { describe, expect, test } from "vitest";
import { CHROMIUM_LAUNCH, PLAYWRIGHT_DISABLED_FEATURES } from "../../playwright.config";

/** The features named by each --disable-features on the command line of the browser Playwright started, in order. */
async function disabledFeatureSwitches(args: string[]): Promise<string[][]> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_LAUNCH.executablePath, args });
  try {
    const commandLine = fs.readFileSync(`/proc/${server.process().pid}/cmdline`, "utf8").split("\0");
    return commandLine
      .filter((arg) => arg.startsWith("--disable-features="))
      .map((arg) => arg.slice("--disable-features=".length).split(","));
  } finally {
    await server.close();
  }
}

describe("the browser the end-to-end tests launch", () => {
  test("PLAYWRIGHT_DISABLED_FEATURES is the list Playwright itself passes", async () => {
    const switches = await disabledFeatureSwitches(["--headless", "--no-sandbox"]);
    expect(switches).toHaveLength(1);
    expect([...switches[0]!].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());
  });

  test("its own --disable-features comes last, so Chromium keeps it, and keeps Playwright's features off too", async () => {
    const switches = await disabledFeatureSwitches(CHROMIUM_LAUNCH.args);
    expect(switches).toHaveLength(2);
    expect(switches.at(-1)).toEqual(
      expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, "PreloadTopChromeWebUI", "WebUIOmniboxAimPopup"]),
    );
  });
});
