import { describe, expect, test } from "vitest";
import { passesIbanChecksum, passesLuhn } from "./detectors";
import { type Suggestion, type SuggestionSource, suggestRedactions } from "./suggestions";

/** Every suggestion's text must be exactly the characters at its offsets in its segment. */
function expectExactOffsets(source: SuggestionSource, suggestions: Suggestion[]) {
  const texts = new Map(source.segments.map((segment) => [segment.id, segment.text]));
  for (const suggestion of suggestions) {
    expect(texts.get(suggestion.segmentId)?.slice(suggestion.startOffset, suggestion.endOffset)).toBe(suggestion.text);
  }
}

/** The suggestions for one segment of text, as [category, text] pairs, offsets checked. */
function suggest(text: string, options: Partial<Omit<SuggestionSource, "segments">> = {}) {
  const source: SuggestionSource = { segments: [{ id: "s1", text }], names: [], sensitiveTerms: [], ...options };
  const suggestions = suggestRedactions(source);
  expectExactOffsets(source, suggestions);
  return suggestions.map((suggestion) => [suggestion.category, suggestion.text]);
}

describe("email addresses and web addresses", () => {
  test("an email address is one EMAIL, not also a URL for its domain", () => {
    expect(suggest("Write to ada.lovelace@example.com, or to ops+legal@firm.co.uk.")).toEqual([
      ["EMAIL", "ada.lovelace@example.com"],
      ["EMAIL", "ops+legal@firm.co.uk"],
    ]);
  });

  test.each([
    ["The form is at https://example.com/intake?case=42.", "https://example.com/intake?case=42"],
    ["Go to www.firm.org/help, then log in.", "www.firm.org/help"],
    ["It's on the site (voxlate.app) somewhere.", "voxlate.app"],
    ["Their page example.co.uk has it", "example.co.uk"],
  ])("%s → URL %s, without the sentence's punctuation", (text, url) => {
    expect(suggest(text)).toEqual([["URL", url]]);
  });

  test.each(["We tested version 2.0 today", "The end.no more", "It costs 3.50 a month, e.g. for two"])(
    "no URL in %s",
    (text) => {
      expect(suggest(text)).toEqual([]);
    },
  );
});

describe("phone numbers", () => {
  test.each([
    ["my number is 555-867-5309 okay", "555-867-5309"],
    ["call me at +44 20 7946 0958.", "+44 20 7946 0958"],
    ["the office is (555) 123-4567", "(555) 123-4567"],
    ["or 555.123.4567 after six", "555.123.4567"],
    ["the desk is +1 (555) 123-4567", "+1 (555) 123-4567"],
    ["the office is +44 (0)20 7946 0958 please", "+44 (0)20 7946 0958"],
    ["landline 0161 496 0000", "0161 496 0000"],
    ["son portable 06 12 34 56 78", "06 12 34 56 78"],
    ["le bureau +33 1 23 45 67 89", "+33 1 23 45 67 89"],
    ["die Zentrale +49 30 12345678", "+49 30 12345678"],
    ["call 5558675309 tonight", "5558675309"],
  ])("%s → PHONE %s", (text, phone) => {
    expect(suggest(text)).toEqual([["PHONE", phone]]);
  });

  test.each([
    "It happened in 1981, or was it 1982",
    "We met at 10:30 and left at 11.45",
    "It cost $1,250,000 in the end",
    "It cost € 1 234 567 in the end",
    "it cost 1 234 567 euros",
    "The population was 1.234.567 then",
    "Pi is 3.14159265 roughly",
    "from 1990 2000 onwards",
    "the 2019-2020 season",
    "the zip is 62704-1234",
    "in 1990 555 people came",
    "order 5558675309 shipped",
    "fewer than 7 digits: 55-1234 is not enough, nor 55-12-34",
  ])("no PHONE in %s", (text) => {
    expect(suggest(text)).toEqual([]);
  });
});

describe("card numbers", () => {
  test("Luhn", () => {
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
  });

  test.each([
    ["card 4111 1111 1111 1111 expires soon", "4111 1111 1111 1111"],
    ["it's 4111-1111-1111-1111.", "4111-1111-1111-1111"],
    ["the Amex is 378282246310005", "378282246310005"],
    ["Mastercard 5555555555554444, thanks", "5555555555554444"],
  ])("%s → CARD %s", (text, card) => {
    expect(suggest(text)).toEqual([["CARD", card]]);
  });

  test("a number that fails Luhn is suggested as nothing (not as a card, not as a phone number)", () => {
    expect(suggest("card 4111 1111 1111 1112 expires soon")).toEqual([]);
  });
});

describe("IBANs", () => {
  test("mod 97", () => {
    expect(passesIbanChecksum("DE89370400440532013000")).toBe(true);
    expect(passesIbanChecksum("DE88370400440532013000")).toBe(false);
  });

  test.each([
    ["my IBAN is DE89 3704 0044 0532 0130 00 thanks", "DE89 3704 0044 0532 0130 00"],
    ["pay GB82 WEST 1234 5698 7654 32.", "GB82 WEST 1234 5698 7654 32"],
    ["compact NL91ABNA0417164300 works", "NL91ABNA0417164300"],
    ["ending in capitals DE89 3704 0044 0532 0130 00 OK", "DE89 3704 0044 0532 0130 00"],
  ])("%s → IBAN %s", (text, iban) => {
    expect(suggest(text)).toEqual([["IBAN", iban]]);
  });

  test.each(["my IBAN is DE88 3704 0044 0532 0130 00 thanks", "pay GB82 WEST 1234 5698 7654 33."])(
    "a wrong checksum is suggested as nothing: %s",
    (text) => {
      expect(suggest(text)).toEqual([]);
    },
  );
});

describe("US Social Security numbers", () => {
  test.each([
    ["my social is 123-45-6789.", "123-45-6789"],
    ["it's 123 45 6789 I think", "123 45 6789"],
  ])("%s → SSN %s", (text, ssn) => {
    expect(suggest(text)).toEqual([["SSN", ssn]]);
  });

  test.each(["000-12-3456", "666-12-3456", "912-34-5678", "123-00-4567", "123-45-0000"])(
    "%s is never issued: suggested as nothing, not as a phone number either",
    (ssn) => {
      expect(suggest(`my social is ${ssn}.`)).toEqual([]);
    },
  );
});

describe("dates of birth", () => {
  test.each([
    ["I was born on 4 March 1981 in a small town", "4 March 1981"],
    ["DOB 03/04/1981, and the policy number", "03/04/1981"],
    ["Her date of birth is March 4th, 1981.", "March 4th, 1981"],
    ["My birthday is the 4th of March.", "4th of March"],
    ["He gave 1981-03-04 as his birth date", "1981-03-04"],
    ["03/04/1981 is her date of birth", "03/04/1981"],
    ["D.O.B. 4 Mar 1981", "4 Mar 1981"],
  ])("%s → DOB %s (the date, not the cue)", (text, date) => {
    expect(suggest(text)).toEqual([["DOB", date]]);
  });

  test.each([
    "The meeting is on 4 March 2021.",
    "Send it by 03/04/2021 please",
    "I was born in a small village, and on 4 May 2020 we moved away",
    "He was born there. On 4 May 2020 the shop closed",
  ])("a date without a birth cue of its own is no DOB: %s", (text) => {
    expect(suggest(text).filter(([category]) => category === "DOB")).toEqual([]);
  });
});

describe("names, places and sensitive terms", () => {
  test("names from the speaker library match whole words in any case; generic labels do not", () => {
    const names = ["Sarah Johnson", "Speaker 2", "SPEAKER_01", "Interviewer"];
    expect(
      suggest("Speaker 2 asked Sarah Johnson, then sarah johnson answered the interviewer. Speaker 21 laughed.", {
        names,
      }).filter(([, text]) => /speaker|interviewer/i.test(text)),
    ).toEqual([]);
    expect(
      suggest("Speaker 2 asked Sarah Johnson, then sarah johnson answered. The johnsonian era.", { names }),
    ).toEqual([
      ["NAME", "Sarah Johnson"],
      ["NAME", "sarah johnson"],
    ]);
  });

  test("one part of a known name is suggested where it is used as a name, not as an ordinary word", () => {
    expect(suggest("Will you come? Will Turner did, and I will ask Will.", { names: ["Will Turner"] })).toEqual([
      ["NAME", "Will Turner"],
      ["NAME", "Will"],
    ]);
    expect(suggest("Sarah's sister came too.", { names: ["Sarah Johnson"] })).toEqual([["NAME", "Sarah"]]);
  });

  test("people and places found by the NLP library, without titles or trailing punctuation", () => {
    expect(suggest("I met Dr. Ahmed O'Brien in Berlin.")).toEqual([
      ["NAME", "Ahmed O'Brien"],
      ["PLACE", "Berlin"],
    ]);
    expect(suggest("We flew from Chicago to New York City, and Barack Obama's plane was there.")).toEqual([
      ["PLACE", "Chicago"],
      ["PLACE", "New York City"],
      ["NAME", "Barack Obama"],
    ]);
  });

  test("sensitive glossary terms: every whole-word occurrence in any case", () => {
    expect(
      suggest("Project Falcon is late; PROJECT FALCON again, not project falconry.", {
        sensitiveTerms: ["Project Falcon"],
      }),
    ).toEqual([
      ["SENSITIVE", "Project Falcon"],
      ["SENSITIVE", "PROJECT FALCON"],
    ]);
  });
});

describe("overlaps", () => {
  test("a checked number or address keeps its span over a phone number inside it", () => {
    expect(suggest("the file is at https://example.com/calls/555-867-5309 now")).toEqual([
      ["URL", "https://example.com/calls/555-867-5309"],
    ]);
  });

  test("a name the workspace knows keeps its span over the NLP library's guess", () => {
    // On its own the library reads "Georgia" as a place; the speaker library says who this is.
    expect(suggest("Then Georgia Brown spoke.")).toContainEqual(["PLACE", "Georgia"]);
    expect(suggest("Then Georgia Brown spoke.", { names: ["Georgia Brown"] })).toEqual([["NAME", "Georgia Brown"]]);
  });

  test("a sensitive term keeps its span over a guessed place", () => {
    expect(suggest("The Acme Berlin deal closed.", { sensitiveTerms: ["Acme Berlin"] })).toEqual([
      ["SENSITIVE", "Acme Berlin"],
    ]);
  });
});

test("a realistic transcript: suggestions in segment order, then offset order, each exactly its text", () => {
  const source: SuggestionSource = {
    segments: [
      { id: "a", text: "Thanks for coming in. Can you state your name for the record?" },
      { id: "b", text: "Sure, it's Maria Gonzalez. I was born on 12 June 1975 in Madrid." },
      { id: "c", text: "And a phone number where we can reach you?" },
      { id: "d", text: "My number is 555-867-5309, or email maria.g@example.com." },
      { id: "e", text: "The settlement goes to DE89 3704 0044 0532 0130 00, reference Project Falcon." },
      { id: "f", text: "" },
      { id: "g", text: "Okay. Speaker 1 will follow up on March 4th." },
    ],
    names: ["Maria Gonzalez", "Speaker 1", "Daniel Price"],
    sensitiveTerms: ["Project Falcon"],
  };
  const suggestions = suggestRedactions(source);
  expectExactOffsets(source, suggestions);
  expect(suggestions.map(({ segmentId, category, text }) => [segmentId, category, text])).toEqual([
    ["b", "NAME", "Maria Gonzalez"],
    ["b", "DOB", "12 June 1975"],
    ["b", "PLACE", "Madrid"],
    ["d", "PHONE", "555-867-5309"],
    ["d", "EMAIL", "maria.g@example.com"],
    ["e", "IBAN", "DE89 3704 0044 0532 0130 00"],
    ["e", "SENSITIVE", "Project Falcon"],
  ]);
  const maria = suggestions[0];
  expect([maria.startOffset, maria.endOffset]).toEqual([11, 25]);
});
