// How guessable a password is, by zxcvbn's estimate over its offline dictionaries (the most common passwords, English
// words and names, keyboard patterns). Isomorphic: the server's door (password.server.ts, requireAcceptablePassword)
// and the strength meter in the browser ask the same question, so the meter never praises what the server refuses.
// The dictionaries are about 1.6 MB: the browser loads this module only when someone types a new password.
import { ZxcvbnFactory, type Score } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

/** A password ranked this high on the common-passwords list (1 is "123456") is refused however it is scored. */
export const COMMON_PASSWORD_RANK = 10_000;

export const STRENGTH_LABELS: Record<Score, string> = {
  0: "Too easy to guess",
  1: "Weak",
  2: "Fair",
  3: "Good",
  4: "Strong",
};

export const COMMON_PASSWORD_MESSAGE = "This is one of the most common passwords. Choose another one.";
export const PERSONAL_PASSWORD_MESSAGE =
  "Your name or email address is the first thing anyone would try. Choose another password.";
export const GUESSABLE_PASSWORD_MESSAGE =
  "This password is too easy to guess. Add another word or two, or mix in less obvious characters.";

let factory: ZxcvbnFactory | undefined;
let mostCommon: Set<string> | undefined;
const zxcvbn = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }));

export interface PasswordStrength {
  score: Score;
  label: string;
  /** Why it is refused, or null when it may be used. */
  refusal: string | null;
  /** zxcvbn's advice, in English sentences. */
  warning: string | null;
  suggestions: string[];
}

/**
 * The estimate for `password`. `userInputs` are the person's own name and email, which zxcvbn treats as words an
 * attacker would try first.
 */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const inputs = userInputs
    .filter(Boolean)
    .flatMap((input) => [input, input.split("@")[0], ...input.split(/[@.\s_-]+/)]);
  const result = zxcvbn().check(password, inputs);
  // The list is ranked, most common first. zxcvbn scores a whole-password match against whichever dictionary ranks it
  // lowest (English words, say), so ask the list itself too; a l33t variant ("P@ssw0rd") is found through the matcher.
  mostCommon ??= new Set(common.dictionary["passwords-common"].slice(0, COMMON_PASSWORD_RANK));
  const wholeCommon =
    mostCommon.has(password.toLowerCase()) ||
    result.sequence.some(
      (match) =>
        match.pattern === "dictionary" &&
        match.dictionaryName === "passwords-common" &&
        match.i === 0 &&
        match.j === password.length - 1 &&
        (match.rank as number) <= COMMON_PASSWORD_RANK,
    );
  const lowered = password.toLowerCase();
  const personal = inputs.some((input) => input.toLowerCase() === lowered);
  const refusal = wholeCommon
    ? COMMON_PASSWORD_MESSAGE
    : personal
      ? PERSONAL_PASSWORD_MESSAGE
      : result.score === 0
        ? GUESSABLE_PASSWORD_MESSAGE
        : null;
  return {
    score: result.score,
    label: STRENGTH_LABELS[result.score],
    refusal,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
