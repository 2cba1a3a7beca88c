// What the help centre (and so the support assistant) says about export formats, made from the export registry
// (EXPORT_FORMATS): a format added there is named in every answer, and the compiler asks for its sentence here.
import { EXPORT_FORMATS, type ExportFormat } from "./types";

/** What each format is for, as the help centre says it ("Choose PDF for …"). */
const FORMAT_USE: Record<ExportFormat, string> = {
  pdf: "PDF for a fixed copy to file, print or send",
  docx: "DOCX to edit in a word processor, for example to turn a transcript into meeting notes or a report",
  txt: "TXT for plain text you can paste into any tool",
  srt: "SRT for subtitles in video editors and on video platforms",
  vtt: "VTT (WebVTT) for subtitles in web pages and HTML5 video players",
  json: "JSON for the whole transcript as data (segments, word times, confidence, speakers and notes) for your own software",
};

/** "PDF, DOCX, TXT, SRT, VTT or JSON". */
export function exportFormatList(conjunction: "or" | "and" = "or"): string {
  const names = EXPORT_FORMATS.map((format) => format.toUpperCase());
  return `${names.slice(0, -1).join(", ")} ${conjunction} ${names.at(-1)}`;
}

/** The values of the help centre's placeholders, e.g. "export it as {{EXPORT_FORMATS}}". */
export const EXPORT_FORMAT_PLACEHOLDERS: Record<string, string> = {
  EXPORT_FORMATS: exportFormatList("or"),
  EXPORT_FORMATS_AND: exportFormatList("and"),
  EXPORT_FORMAT_CHOICES: EXPORT_FORMATS.map((format) => `Choose ${FORMAT_USE[format]}.`).join(" "),
};
