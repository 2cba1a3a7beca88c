// The pattern detectors behind the redaction suggestions (ADR 048): contact details, payment and identity numbers and
// dates of birth, each checked the way its kind is (Luhn, mod 97, the SSA's rules), so a random number that only looks
// like one is not offered. Isomorphic and pure; suggestions.ts combines these with the names.
import type { RedactionCategory } from "./categories";

export interface Detection {
  start: number;
  end: number;
  category: RedactionCategory;
}

/** Letters and digits: a span must not start or end inside a word or number. */
const WORD = String.raw`[\p{L}\p{N}]`;

const detection = (start: number, end: number, category: RedactionCategory): Detection => ({ start, end, category });

// ---------------------------------------------------------------------------------------------------------------------
// Email addresses and web addresses

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

export function detectEmails(text: string): Detection[] {
  return [...text.matchAll(EMAIL)].map((match) => detection(match.index, match.index + match[0].length, "EMAIL"));
}

/**
 * Top-level domains a bare address ("example.com") may end in. Short English words ("it", "in", "me", "no", "at",
 * "be", "us", "to", "so") are left out: a missing space after a full stop ("ended it.no") would read as an address.
 */
const BARE_DOMAIN_TLDS = [
  "com",
  "org",
  "net",
  "edu",
  "gov",
  "mil",
  "int",
  "info",
  "biz",
  "io",
  "co",
  "ai",
  "app",
  "dev",
  "tv",
  "ly",
  "gg",
  "xyz",
  "online",
  "site",
  "tech",
  "shop",
  "uk",
  "de",
  "fr",
  "nl",
  "es",
  "eu",
  "ca",
  "au",
  "nz",
  "ch",
  "se",
  "dk",
  "fi",
  "ie",
  "pl",
  "pt",
  "jp",
  "cn",
  "br",
  "ru",
  "za",
  "mx",
];

const URL_WITH_SCHEME = /(?:https?:\/\/|(?<![\p{L}\p{N}./@-])www\.)[^\s<>"'`{}|\\^[\]]+/giu;
const BARE_DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@._%+/-])(?:${WORD}(?:[\p{L}\p{N}-]{0,61}${WORD})?\.)+(?:${BARE_DOMAIN_TLDS.join("|")})` +
    String.raw`(?![\p{L}\p{N}@-])(?:[/?#][^\s<>"'\x60{}|\\^[\]]*)?`,
  "giu",
);

/** Sentence punctuation after an address belongs to the sentence; a closing bracket only if it opened outside. */
function trimAddressEnd(address: string): string {
  let end = address.length;
  for (;;) {
    const last = address[end - 1];
    if (/[.,;:!?'"’”]/u.test(last)) end--;
    else if (last === ")" && !address.slice(0, end).includes("(")) end--;
    else return address.slice(0, end);
  }
}

export function detectUrls(text: string): Detection[] {
  const found: Detection[] = [];
  for (const pattern of [URL_WITH_SCHEME, BARE_DOMAIN]) {
    for (const match of text.matchAll(pattern)) {
      const address = trimAddressEnd(match[0]);
      // A scheme or "www." alone is not an address.
      if (!/[\p{L}\p{N}]\.[\p{L}\p{N}]/u.test(address)) continue;
      found.push(detection(match.index, match.index + address.length, "URL"));
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------------
// Card numbers, IBANs and US Social Security numbers

/** The Luhn checksum every payment card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A run of digits with single spaces or dashes between them, not inside a longer number or word. */
const DIGIT_RUN = /(?<![\p{L}\p{N}.,-])\d(?:[ -]?\d)*(?![\p{L}\p{N}]|[.,-]\d)/gu;

export function detectCards(text: string): Detection[] {
  const found: Detection[] = [];
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/\D/g, "");
    // Card numbers are 13 to 19 digits, and the networks' ranges start with 2 to 6 (Mastercard, Amex, Diners, JCB,
    // Visa, Mastercard, Discover, UnionPay, Maestro).
    if (digits.length < 13 || digits.length > 19 || !/^[2-6]/.test(digits)) continue;
    if (!passesLuhn(digits)) continue;
    found.push(detection(match.index, match.index + match[0].length, "CARD"));
  }
  return found;
}

/** Each country's IBAN length (ISO 13616 registry); a country not listed is checked by the checksum alone. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SC: 31, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28,
  TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
}; // prettier-ignore

/** ISO 7064 mod 97-10: the IBAN with its first four characters moved to the end, letters as 10–35, leaves 1. */
export function passesIbanChecksum(iban: string): boolean {
  const rearranged = (iban.slice(4) + iban.slice(0, 4)).toUpperCase();
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Country code, check digits, then the account in letters and digits, optionally in groups split by single spaces. */
const IBAN_CANDIDATE = /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}(?![\p{L}\p{N}])/giu;

export function detectIbans(text: string): Detection[] {
  const found: Detection[] = [];
  for (const match of text.matchAll(IBAN_CANDIDATE)) {
    const candidate = match[0];
    const expected = IBAN_LENGTHS[candidate.slice(0, 2).toUpperCase()];
    // The account ends where the country's length is reached; what follows (a word in capitals) is not part of it.
    let end = candidate.length;
    if (expected) {
      let characters = 0;
      end = 0;
      while (end < candidate.length && characters < expected) if (candidate[end++] !== " ") characters++;
      if (characters < expected || (end < candidate.length && candidate[end] !== " ")) continue;
    }
    const iban = candidate.slice(0, end).replace(/ /g, "");
    if (iban.length < 15 || !passesIbanChecksum(iban)) continue;
    found.push(detection(match.index, match.index + end, "IBAN"));
  }
  return found;
}

const SSN = /(?<![\p{L}\p{N}-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\p{L}\p{N}]|[-.]\d| \d)/gu;

/** The SSA never issues area 000, 666 or 900–999, group 00 or serial 0000. */
export function isIssuableSsn(area: string, group: string, serial: string): boolean {
  return area !== "000" && area !== "666" && !area.startsWith("9") && group !== "00" && serial !== "0000";
}

export function detectSsns(text: string): Detection[] {
  const found: Detection[] = [];
  for (const match of text.matchAll(SSN)) {
    if (!isIssuableSsn(match[1], match[3], match[4])) continue;
    found.push(detection(match.index, match.index + match[0].length, "SSN"));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * An optional "+" and digit groups, a group possibly in brackets ("(555)", "(0)"), joined by single spaces, dots or
 * dashes. It may not start right after a letter, digit or sign that makes it part of something else (a decimal, a
 * date, an amount), nor stop right before more of a number.
 */
const PHONE_CANDIDATE =
  /(?<![\p{L}\p{N}+.,/:$€£¥-])(?:\+ ?)?(?:\(\d{1,5}\)|\d{1,5})(?:[ .-]?(?:\(\d{1,5}\)|\d{1,5})){0,7}(?![\p{L}\p{N}]|[.,/:-]\d)/gu;

const MONEY_BEFORE = /[$€£¥₹]\s?$/u;
const MONEY_AFTER =
  /^\s?(?:[$€£¥₹%]|(?:dollars?|euros?|pounds?|cents?|pence|bucks|usd|eur|gbp|chf|yen|rupees?|percent|thousand|million|billion)\b)/iu;
const DATE_SHAPED = /^(?:\d{1,2}([.-])\d{1,2}\1(?:\d{4}|\d{2})|\d{4}([.-])\d{1,2}\2\d{1,2})$/;
const SSN_SHAPED = /^\d{3}([ -])\d{2}\1\d{4}$/;
/** A decimal ("3.14159265") or a count in thousands ("1.234.567", "12 345 678"). */
const PLAIN_NUMBER = /^(?:\d+\.\d+|[1-9]\d{0,2}(?:\.\d{3})+|[1-9]\d?(?: \d{3})+)$/;
/** Words that say a number is a phone number, for a run of digits with nothing else to tell. */
const PHONE_CUE =
  /\b(?:phone|number|call|calling|ring|cell|mobile|tel|telephone|fax|text|reach|dial|whatsapp|extension|ext)\b/iu;

function isPhoneNumber(text: string, start: number, candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  const international = candidate.startsWith("+") || /^00[1-9]/.test(candidate);
  // E.164 allows 15 digits after the "+"; a national number has at most 12 (with its trunk zero). Longer runs are
  // card, account or reference numbers.
  if (digits.length < 7 || digits.length > (international ? 15 : 12)) return false;
  if (DATE_SHAPED.test(candidate) || SSN_SHAPED.test(candidate) || PLAIN_NUMBER.test(candidate)) return false;
  if (MONEY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) return false;
  if (MONEY_AFTER.test(text.slice(start + candidate.length, start + candidate.length + 12))) return false;
  const groups = candidate.match(/\d+/g) ?? [];
  // Years in a row or a range ("1990 2000", "2019-2020"), or a year then a count ("in 1990 555 people"), are not a
  // number to dial; nor is a ZIP+4 code ("12345-6789").
  const year = /^(?:19|20)\d\d$/;
  if (!international && groups.every((group) => year.test(group))) return false;
  if (!international && /^[\d ]+$/.test(candidate) && year.test(groups[0] ?? "")) return false;
  if (/^\d{5}-\d{4}$/.test(candidate)) return false;
  // A single run of digits ("5558675309") is a phone number only where the words say so.
  if (!international && groups.length === 1) {
    return PHONE_CUE.test(text.slice(Math.max(0, start - 40), start));
  }
  return true;
}

export function detectPhones(text: string): Detection[] {
  const found: Detection[] = [];
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    if (!isPhoneNumber(text, match.index, match[0])) continue;
    found.push(detection(match.index, match.index + match[0].length, "PHONE"));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------------
// Dates of birth

/** A month's name, or its abbreviation with or without its full stop. */
const MONTH =
  "(?:january|february|march|april|may|june|july|august|september|october|november|december|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?)";
const DAY = String.raw`(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?!\d)`;
const YEAR = String.raw`(?:1[89]|20)\d\d(?!\d)`;

/** The ways a transcript writes a date: "4 March 1981", "4th of March", "March 4th, 1981", "March 1981", numbers. */
const DATE = new RegExp(
  String.raw`(?<![\p{L}\p{N}/.-])(?:` +
    [
      String.raw`${DAY} (?:of )?${MONTH}(?:,? ${YEAR})?`,
      String.raw`${MONTH} (?:the )?${DAY}(?:,? ${YEAR})?`,
      String.raw`${MONTH},? ${YEAR}`,
      String.raw`\d{1,2}([/.-])\d{1,2}\1(?:\d{4}|\d{2})`,
      String.raw`\d{4}-\d{1,2}-\d{1,2}`,
    ].join("|") +
    String.raw`)(?![\p{L}\p{N}]|[/.-]\d)`,
  "giu",
);

const BIRTH_CUE = String.raw`(?:born|birth\s?date|date\s+of\s+birth|birthday|b-day|d\.?o\.?b\.?)`;
/**
 * The cue and the date are close and in one clause: at most four words between them, no sentence end and no word that
 * starts another clause ("born in Leeds, and on 4 May 2020 we moved" is no date of birth).
 */
const GAP = String.raw`(?:[^.!?;\n]*?)`;
// The nearest cue before the date (the greedy start skips earlier ones), or the nearest after it.
const CUE_BEFORE_DATE = new RegExp(String.raw`^[\s\S]*\b${BIRTH_CUE}(?!\p{L})(${GAP})$`, "iu");
const CUE_AFTER_DATE = new RegExp(String.raw`^(${GAP})\b${BIRTH_CUE}(?!\p{L})`, "iu");
const CLAUSE_BREAK = /\b(?:and|but|then|when|while|until|since|after|before|later|moved|married)\b/iu;

function isCloseGap(gap: string): boolean {
  return gap.trim().split(/\s+/).filter(Boolean).length <= 4 && !CLAUSE_BREAK.test(gap);
}

/** A date is a date of birth only beside a birth cue; the span is the date, not the cue's words. */
export function detectDatesOfBirth(text: string): Detection[] {
  const found: Detection[] = [];
  for (const match of text.matchAll(DATE)) {
    const end = match.index + match[0].length;
    const before = CUE_BEFORE_DATE.exec(text.slice(Math.max(0, match.index - 60), match.index));
    const after = CUE_AFTER_DATE.exec(text.slice(end, end + 60));
    if ((before && isCloseGap(before[1])) || (after && isCloseGap(after[1]))) {
      found.push(detection(match.index, end, "DOB"));
    }
  }
  return found;
}
