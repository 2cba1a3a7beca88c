import { describe, expect, test } from "vitest";
import { signedCookie } from "./cookies.server";

describe("signedCookie", () => {
  test("a checked value is answered again for the same header, and a changed signature is still refused", async () => {
    const cookie = signedCookie("test_signed");
    const header = (await cookie.serialize({ userId: "u1" })).split(";")[0];
    const first = (await cookie.parse(`other=1; ${header}`)) as { userId: string };
    expect(first).toEqual({ userId: "u1" });
    // The caller's copy: changing it does not change the next answer.
    first.userId = "changed";
    expect(await cookie.parse(`other=1; ${header}`)).toEqual({ userId: "u1" });

    const [value, signature] = header.split(".");
    const forged = `${value}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect(await cookie.parse(`other=1; ${forged}`)).toBeNull();
    expect(await cookie.parse(`other=1; ${forged}`)).toBeNull();
    expect(await cookie.parse("other=1")).toBeNull();
    // Another cookie of the same secrets does not take this one's answer.
    expect(await signedCookie("test_other").parse(`other=1; ${header}`)).toBeNull();
  });
});
