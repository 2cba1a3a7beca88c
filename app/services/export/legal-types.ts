// The court-ready (legal) layout's inputs, shared by the export service, the domains and the UI: keep it free of
// server-only imports (ADR 046).

export const LEGAL_FORMATS = ["pdf", "docx"] as const;
export type LegalFormat = (typeof LEGAL_FORMATS)[number];
export const isLegalFormat = (format: string): format is LegalFormat =>
  (LEGAL_FORMATS as readonly string[]).includes(format);

export const EXPORT_LAYOUTS = ["standard", "legal"] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

/** The zone times are given in when the reader chooses none; the caption page says so. */
export const DEFAULT_LEGAL_TIME_ZONE = "UTC";

/** The caption page: what the proceedings were. Empty strings are fields nobody filled in. */
export interface LegalCaption {
  matter: string;
  caseNumber: string;
  /** The court, or the venue of a deposition or hearing. */
  court: string;
  /** The day of the proceedings, YYYY-MM-DD. */
  date: string;
  place: string;
  appearances: string[];
  /** When the recording began, "HH:MM" local time on `date` in `timeZone`; empty: unknown (times are offsets). */
  startTime: string;
  timeZone: string;
  /** The Q./A. layout's examination: who asks (`examiner`) and who answers (`witness`), by speaker name. */
  examination: { title: string; examiner: string; witness: string } | null;
}

export const EMPTY_LEGAL_CAPTION: LegalCaption = {
  matter: "",
  caseNumber: "",
  court: "",
  date: "",
  place: "",
  appearances: [],
  startTime: "",
  timeZone: DEFAULT_LEGAL_TIME_ZONE,
  examination: null,
};

/** The version a person signed off (issue 34, item 4), as the certificate states it. */
export interface SignedOffVersion {
  number: number;
  /** SHA-256 of the version's canonical text (ADR 045). */
  contentHash: string;
  /** The version's own hash in the chain: what `GET /recordings/{id}/versions` lists and `/verify` checks. */
  hash?: string;
  signedOffAt: Date;
  signedOffBy: { id: string | null; name: string };
}

/** What the certificate page states about the record. */
export interface LegalCertificateFacts {
  fileName: string;
  /** SHA-256 of the stored original, hex; null when the audio is gone (`mediaNote` says why). */
  mediaSha256: string | null;
  mediaNote: string | null;
  durationSeconds: number;
  engine: string;
  model: string | null;
  /** Null: nobody signed the transcript off, and the certificate says it is an unreviewed machine transcript. */
  version: SignedOffVersion | null;
  /**
   * The latest sign-off when the text has changed since it: the export is then a draft, and the certificate says so
   * instead of vouching for it.
   */
  changedSinceSignOff?: SignedOffVersion | null;
}

export interface LegalOptions {
  /** IANA time zone every clock time is given in. */
  timeZone: string;
  /** Whether the reader chose the zone (false: the default, and the caption page says so). */
  timeZoneChosen: boolean;
  /** Q./A. layout for the caption's examination (needs its examiner and witness). */
  questionsAndAnswers: boolean;
  /** A concordance of the transcript's words after the speaker index. */
  wordIndex: boolean;
  /** When the file was made (stated on the certificate). */
  exportedAt: Date;
}

/** True for an IANA zone name this runtime knows ("Europe/Berlin", "UTC"); what `tz` is checked with. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
