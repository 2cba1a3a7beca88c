import { describe, expect, test } from "vitest";
import {
  ACCOUNT_FAILURES_PER_HOUR,
  backoffMs,
  clearLoginFailures,
  FREE_FAILURES,
  type LoginClient,
  loginClient,
  loginWaitMs,
  MAX_WAIT_MS,
  recordLoginFailure,
  trustDeviceHeader,
} from "./login-throttle.server";

const client = (ip: string, trustedFor: string[] = []): LoginClient => ({ ip, deviceId: `device-${ip}`, trustedFor });

describe("sign-in slow-down", () => {
  test("free tries, then a wait that doubles up to 15 minutes", () => {
    expect(backoffMs(FREE_FAILURES - 1, FREE_FAILURES)).toBe(0);
    expect(backoffMs(FREE_FAILURES, FREE_FAILURES)).toBe(1000);
    expect(backoffMs(FREE_FAILURES + 3, FREE_FAILURES)).toBe(8000);
    expect(backoffMs(FREE_FAILURES + 40, FREE_FAILURES)).toBe(MAX_WAIT_MS);
  });

  test("the wait runs from the latest failure, is per client, and a success clears only that client", async () => {
    const account = "user:unit@example.com";
    const now = 1_000_000;
    for (let failure = 0; failure < FREE_FAILURES + 2; failure++)
      await recordLoginFailure(account, client("1.1.1.1"), now);
    expect(await loginWaitMs(account, client("1.1.1.1"), now)).toBe(4000);
    expect(await loginWaitMs(account, client("1.1.1.1"), now + 4000)).toBe(0);
    expect(await loginWaitMs(account, client("2.2.2.2"), now)).toBe(0);
    await clearLoginFailures(account, client("1.1.1.1"));
    expect(await loginWaitMs(account, client("1.1.1.1"), now)).toBe(0);
  });

  test("past the account's ceiling every new client waits, a browser that signed in before does not", async () => {
    const account = "user:ceiling@example.com";
    const now = 2_000_000;
    for (let failure = 0; failure < ACCOUNT_FAILURES_PER_HOUR.user; failure++) {
      await recordLoginFailure(account, client(`10.0.0.${failure}`), now);
    }
    expect(await loginWaitMs(account, client("9.9.9.9"), now)).toBe(1000);
    const known = await loginClient(new Request("http://x/"), { clientIp: "9.9.9.9" });
    const cookie = (await trustDeviceHeader(account, known)).split(";")[0]!;
    const returning = await loginClient(new Request("http://x/", { headers: { Cookie: cookie } }), {
      clientIp: "9.9.9.9",
    });
    expect(returning.deviceId).toBe(known.deviceId);
    expect(await loginWaitMs(account, returning, now)).toBe(0);
    // The account-wide failures are forgotten after an hour.
    expect(await loginWaitMs(account, client("9.9.9.9"), now + 60 * 60 * 1000)).toBe(0);
  });

  test("share links: past the link's ceiling only addresses that guessed wrong wait, from their own latest failure", async () => {
    const account = "share:link-unit";
    const now = 3_000_000;
    const ceiling = ACCOUNT_FAILURES_PER_HOUR.share;
    for (let failure = 0; failure < 3 * ceiling; failure++) {
      await recordLoginFailure(account, client(`10.1.0.${failure}`), now + failure);
    }
    // A clean address is always checked, so the right password is never refused.
    expect(await loginWaitMs(account, client("9.9.9.9"), now + 3 * ceiling)).toBe(0);
    // The first guesser failed at `now`; the wait is the link-wide doubling, counted from that failure.
    expect(await loginWaitMs(account, client("10.1.0.0"), now)).toBe(backoffMs(3 * ceiling, ceiling));
    expect(await loginWaitMs(account, client("10.1.0.0"), now + MAX_WAIT_MS)).toBe(0);
  });

  test("a forged or foreign device cookie trusts nothing", async () => {
    const forged = await loginClient(
      new Request("http://x/", { headers: { Cookie: "voxlate_device=eyJpZCI6ImEifQ%3D%3D" } }),
    );
    expect(forged.trustedFor).toEqual([]);
    expect(forged.ip).toBe("unknown");
  });
});
