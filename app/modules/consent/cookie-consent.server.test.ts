import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { ConsentFormSchema, readCookieConsent, storeCookieConsent } from "./cookie-consent.server";

async function consentAfter(form: Record<string, string>) {
  // As the action reads the banner's post (ADR 011).
  const submission = parseWithZod(new URLSearchParams(form), { schema: ConsentFormSchema });
  if (submission.status !== "success") throw new Error(`refused: ${JSON.stringify(submission.error)}`);
  const setCookies = await storeCookieConsent(submission.value);
  const cookie = setCookies.map((header) => header.split(";")[0]).join("; ");
  return {
    setCookies,
    consent: await readCookieConsent(new Request("http://localhost/", { headers: { Cookie: cookie } })),
  };
}

describe("cookie consent", () => {
  test("no stored choice grants everything by default and leaves the banner up (spec section 4)", async () => {
    expect(await readCookieConsent(new Request("http://localhost/"))).toEqual({
      status: undefined,
      preferences: { necessary: true, analytics: true, marketing: true, functional: true },
    });
  });

  test("Accept All stores accepted with everything on, under the two voxlate_ keys", async () => {
    const { setCookies, consent } = await consentAfter({ intent: "accept" });
    expect(setCookies.map((header) => header.split("=")[0])).toEqual([
      "voxlate_cookie_consent",
      "voxlate_cookie_preferences",
    ]);
    expect(setCookies.every((header) => header.includes("Max-Age=31536000") && header.includes("SameSite=Lax"))).toBe(
      true,
    );
    expect(consent).toEqual({
      status: "accepted",
      preferences: { necessary: true, analytics: true, marketing: true, functional: true },
    });
  });

  test("Decline stores rejected with only necessary on", async () => {
    const { consent } = await consentAfter({ intent: "decline" });
    expect(consent).toEqual({
      status: "rejected",
      preferences: { necessary: true, analytics: false, marketing: false, functional: false },
    });
  });

  test("Save Preferences stores customized with the chosen toggles", async () => {
    const { consent } = await consentAfter({ intent: "save", functional: "on" });
    expect(consent).toEqual({
      status: "customized",
      preferences: { necessary: true, analytics: false, marketing: false, functional: true },
    });
  });

  test("a forged or garbled cookie counts as no choice", async () => {
    const request = new Request("http://localhost/", { headers: { Cookie: "voxlate_cookie_consent=not-base64-json" } });
    expect((await readCookieConsent(request)).status).toBeUndefined();
  });

  test("an unknown intent is rejected", () => {
    expect(ConsentFormSchema.safeParse({ intent: "maybe" }).success).toBe(false);
  });
});
