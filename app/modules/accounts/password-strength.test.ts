import { describe, expect, test } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  GUESSABLE_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
  passwordStrength,
} from "./password-strength";

const ADA = ["ada.lovelace@firm.test", "Ada", "Lovelace"];

describe("passwordStrength", () => {
  test.each(["123456", "password", "qwerty", "iloveyou", "monkey", "P@ssw0rd", "letmein2", "Sunshine"])(
    "refuses %s: one of the most common passwords (zxcvbn's list, l33t and case included)",
    (password) => {
      expect(passwordStrength(password, ADA).refusal).toBe(COMMON_PASSWORD_MESSAGE);
    },
  );

  test.each(["aaaaaa", "abcdef", "sixsix"])("refuses %s: zxcvbn scores it 0", (password) => {
    const strength = passwordStrength(password, ADA);
    expect(strength.score).toBe(0);
    expect(strength.refusal).toBe(GUESSABLE_PASSWORD_MESSAGE);
  });

  test.each(["ada.lovelace", "Lovelace", "ADA.LOVELACE@FIRM.TEST"])(
    "refuses %s: the person's own name or address",
    (password) => {
      expect(passwordStrength(password, ADA).refusal).toBe(PERSONAL_PASSWORD_MESSAGE);
    },
  );

  test("someone else's address is only a weak password, not a refused one", () => {
    expect(passwordStrength("ada.lovelace", ["grace@firm.test"]).refusal).toBeNull();
  });

  test.each([
    ["kdjfhe", 1, "Weak"],
    ["correct horse battery staple", 4, "Strong"],
    ["Tr0ub4dor&3", 4, "Strong"],
  ])("accepts %s, scored %i (%s)", (password, score, label) => {
    const strength = passwordStrength(password, ADA);
    expect(strength).toMatchObject({ score, label, refusal: null });
  });

  test("the spec's six characters stay enough when they are not guessable", () => {
    expect(passwordStrength("zq7!kP", ADA).refusal).toBeNull();
  });
});
