/**
 * Copy for the landing page. Every claim here must be true of what runs: no invented figures, customers or
 * certifications, and prices only from `plans.ts`.
 */
import { PLANS } from "./plans";

const FREE_MINUTES = PLANS.find((plan) => plan.id === "FREE")?.minutesPerMonth ?? 0;

export const FREE_PLAN_LINE = `${FREE_MINUTES} free minutes every month. No credit card.`;

export interface Point {
  title: string;
  text: string;
}

/** Spec section 3 "Testimonial". Ours are illustrative personas, not quotes from real customers. */
export interface Testimonial {
  content: string;
  name: string;
  role: string;
}

export const PERSONA_CAPTION = "Illustrative examples of how people use Voxlate.";

/** The short strip under the hero. */
export const LANDING_HIGHLIGHTS: Point[] = [
  { title: "Lawyers and advisors", text: "Client meetings on record, with who said what." },
  { title: "Educators and students", text: "Lectures turned into notes you can search." },
  { title: "Consultants and researchers", text: "Interviews turned into quotes with timestamps." },
  { title: "Teams", text: "Calls written down and translated for colleagues." },
];

export type FeatureTab = "upload" | "record";

export function parseFeatureTab(value: string | null): FeatureTab {
  return value === "record" ? "record" : "upload";
}

export const FEATURE_TABS: Record<FeatureTab, { label: string; lead: string; points: Point[] }> = {
  upload: {
    label: "Upload Audio",
    lead: "Drop in a recording you already have and get a transcript you can search, edit and share.",
    points: [
      {
        title: "MP3, WAV, M4A and WEBM",
        text: "Files up to 500 MB each on Business Pro, 200 MB on Premium and 50 MB on Free.",
      },
      { title: "Drag and drop", text: "Drop a file on the dashboard, or choose it from your computer." },
      {
        title: "Progress as it happens",
        text: "Follow the upload and transcription; we email you when long files are done.",
      },
      { title: "Timestamps", text: "Every line carries its time, so you can jump to that moment in the recording." },
      { title: "Speaker labels", text: "See who said each line, on Business Pro." },
      { title: "Export", text: "Download as PDF, DOCX, TXT or SRT subtitles." },
    ],
  },
  record: {
    label: "Record Live",
    lead: "Record straight in your browser and read along while you speak.",
    points: [
      {
        title: "Microphone, system audio or both",
        text: "Record your voice, the sound of a call on your computer, or both together, where your browser supports it.",
      },
      { title: "Live transcription", text: "The text appears while you are still recording." },
      { title: "Live translation", text: "Follow along in another language as the recording runs." },
      { title: "Nothing lost", text: "The full recording is saved and transcribed when you stop." },
      {
        title: "Needs JavaScript",
        text: "Recording uses your browser's microphone features and asks for your permission first.",
      },
    ],
  },
};

export interface Profession extends Point {
  to: string;
}

export const PROFESSIONS: Profession[] = [
  {
    title: "Lawyers",
    text: "Keep a written record of client meetings and hearings, with timestamps to check every word.",
    to: "/business",
  },
  {
    title: "Advisors",
    text: "Document advice given in meetings and find what was agreed without replaying the call.",
    to: "/business",
  },
  {
    title: "Consultants",
    text: "Turn interviews and workshops into quotes and summaries for your reports.",
    to: "/business",
  },
  {
    title: "Educators",
    text: "Give students a searchable transcript of every lecture, translated when they need it.",
    to: "/education",
  },
  {
    title: "Students",
    text: "Record a class, then study from the text and jump to the moment you missed.",
    to: "/students",
  },
  {
    title: "Teams",
    text: "Keep a written record of every call and translate it for colleagues who work in other languages.",
    to: "/business",
  },
];

export const SECURITY_POINTS: Point[] = [
  {
    title: "Hashed passwords",
    text: "Passwords are stored only as Argon2 hashes; verification codes and reset tokens are hashed too.",
  },
  { title: "Locked-down cookies", text: "Session cookies are httpOnly, SameSite=Lax and Secure in production." },
  { title: "Your recordings are yours", text: "Every recording is checked against its owner on every request." },
  { title: "Guarded sign-in", text: "Sign-in attempts are rate-limited against password guessing." },
  {
    title: "Strict security headers",
    text: "Pages are served with a strict Content Security Policy and other security headers, which limit what can run.",
  },
  { title: "Delete anytime", text: "Delete your account and all its data yourself, anytime, from the account page." },
  {
    title: "Optional cookies only with consent",
    text: "Analytics, marketing and functional cookies are used only if you allow them.",
  },
];

export const DEMO_STEPS: Point[] = [
  { title: "1. Add audio", text: "Drop a file on the dashboard, or press record." },
  { title: "2. Transcribe", text: "Follow the progress; we email you when long files are done." },
  { title: "3. Use it", text: "Edit, translate, summarise and export." },
];

/** Four personas for the rotating testimonials (spec section 9: 4 items, every 5 s). */
export const LANDING_TESTIMONIALS: Testimonial[] = [
  {
    name: "A family lawyer",
    role: "Legal & Compliance",
    content:
      "Records client meetings, then reads the transcript with speaker labels and timestamps to check exactly what was agreed before writing up the file note.",
  },
  {
    name: "A university lecturer",
    role: "Education & Research",
    content:
      "Uploads each lecture and exports the transcript for students, who search it while revising; a translated copy helps those who study in another language.",
  },
  {
    name: "A management consultant",
    role: "Consulting & Professional Services",
    content:
      "Transcribes stakeholder interviews, pulls quotes with their timestamps into reports and uses the summary as a starting point for the follow-up email.",
  },
  {
    name: "A podcast producer",
    role: "Media & Entertainment",
    content:
      "Exports each episode as SRT subtitles and translates them, keeping the timing of every line, to reach listeners in other languages.",
  },
];

export const TESTIMONIAL_INTERVAL_MS = 5000;

export interface ComparisonRow {
  feature: string;
  voxlate: string;
  typical: string;
}

export const COMPARISON_ROWS: ComparisonRow[] = [
  { feature: "Largest upload", voxlate: "500 MB per file on Business Pro", typical: "Often limited" },
  { feature: "Audio formats", voxlate: "MP3, WAV, M4A and WEBM", typical: "Varies" },
  { feature: "Export formats", voxlate: "PDF, DOCX, TXT and SRT", typical: "Often limited" },
  { feature: "Works without JavaScript", voxlate: "Yes, except live recording", typical: "Varies" },
  { feature: "Free plan", voxlate: `${FREE_MINUTES} minutes a month, no credit card`, typical: "Varies" },
  { feature: "Translation keeping timestamps", voxlate: "Yes, line by line", typical: "Often limited" },
];

export const COMPARISON_NOTE =
  "Comparison from public product pages, checked November 2026; other services change their plans often.";

/** Plain-text answers: also used for the FAQPage structured data. */
export const LANDING_FAQ: { question: string; answer: string }[] = [
  {
    question: "How accurate are Voxlate transcripts?",
    answer:
      "Accuracy depends on the audio and on the speech engine. On clear audio with the Whisper engine, transcripts are highly accurate; background noise, a distant microphone, people talking over each other and unusual names all lower it. The transcript page shows which engine produced each transcript. Check names, numbers and dates against the recording before you rely on them.",
  },
  {
    question: "Which languages does Voxlate support?",
    answer:
      "It depends on the speech engine the server runs: Whisper transcribes 99 languages; the offline fallback engine transcribes English only. The upload form lists the languages this server offers. You can leave the spoken language on auto-detect or choose it yourself, and translate a finished transcript line by line into the languages the translator offers, keeping its timestamps.",
  },
  {
    question: "What do I get on the free plan?",
    answer: `The Free plan includes ${FREE_MINUTES} minutes of transcription every month, with timestamps and export in every format we offer, subtitles included. No credit card is needed, and minutes are only counted when a transcript succeeds.`,
  },
  {
    question: "Can I use Voxlate for business?",
    answer:
      "Yes. Lawyers, advisors, consultants and teams use Voxlate to keep a written record of meetings and calls. Business Pro adds unlimited transcription, speaker labels, a summary and uploads up to 500 MB per file. Only upload recordings you have the right to process, and check transcripts against the audio before using them for legal, medical or financial decisions.",
  },
  {
    question: "How does Voxlate compare with human transcription?",
    answer:
      "Voxlate works automatically, so a transcript is ready as soon as processing finishes, without booking anyone, and you can correct it yourself. A professional human transcriber is still the better choice when you need a certified or strictly verbatim transcript, or when the audio is very poor. Many people use Voxlate for the first draft and review it against the recording.",
  },
  {
    question: "Is my data secure?",
    answer:
      "Your recordings are visible only to you: every recording is checked against its owner on every request. Passwords are stored as Argon2 hashes, session cookies are httpOnly, SameSite=Lax and Secure in production, sign-in is rate-limited and pages use a strict Content Security Policy. You can delete your account and all its data anytime from the account page.",
  },
];
