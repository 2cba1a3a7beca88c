/** Copy for the audience landing pages, keyed by route id. */
export interface Audience {
  title: string;
  eyebrow: string;
  lead: string;
  points: { title: string; text: string }[];
}

export const AUDIENCES: Record<string, Audience> = {
  "content-creators": {
    eyebrow: "For content creators",
    title: "Subtitles and show notes from every episode",
    lead: "Turn podcasts and videos into searchable transcripts and SRT subtitles, and reach viewers in other languages.",
    points: [
      { title: "SRT subtitles", text: "Export timed subtitles that video editors and platforms accept." },
      { title: "Repurpose", text: "Pull quotes, show notes and blog drafts from the transcript." },
      { title: "Reach further", text: "Translate captions while keeping every timestamp." },
    ],
  },
  education: {
    eyebrow: "For educators and students",
    title: "Lectures you can search and study",
    lead: "Record a class or upload a lecture and get a transcript with timestamps to review, quote and share.",
    points: [
      { title: "Study notes", text: "Jump from any line of the transcript to that moment in the recording." },
      { title: "Accessibility", text: "Give every student a written version of spoken material." },
      { title: "Languages", text: "Translate material for students who learn in another language." },
    ],
  },
  "sales-marketing": {
    eyebrow: "For sales and marketing",
    title: "Every customer call, written down",
    lead: "Transcribe calls, demos and interviews so the whole team can find what customers actually said.",
    points: [
      { title: "Customer voice", text: "Quote customers exactly in briefs, case studies and proposals." },
      { title: "Follow-ups", text: "Summaries with action items after every call." },
      { title: "Global teams", text: "Translate transcripts for colleagues in other markets." },
    ],
  },
  "personal-productivity": {
    eyebrow: "For personal productivity",
    title: "Think out loud, read it later",
    lead: "Voice memos, ideas and meetings become text you can search, edit and keep.",
    points: [
      { title: "Voice notes", text: "Record on the go; read and edit the text at your desk." },
      { title: "Meetings", text: "Keep a record of what was agreed, with who said it." },
      { title: "Export anywhere", text: "Download as DOCX, PDF or plain text." },
    ],
  },
};
