// The help centre as the /help page and the support assistant read it: the Markdown entries with the facts that
// live in code filled in (the export formats come from the export registry).
import { helpTopics, type HelpTopic, searchHelp } from "~/content/content.server";
import { EXPORT_FORMAT_PLACEHOLDERS } from "~/services/export/format-guide";

let topics: HelpTopic[] | undefined;

export function helpCentre(): HelpTopic[] {
  return (topics ??= helpTopics(EXPORT_FORMAT_PLACEHOLDERS));
}

/** The help centre's entries that contain every word of the query. */
export const searchHelpCentre = (query: string) => searchHelp(helpCentre(), query);
