/** The blog's articles (spec route table). Full article bodies are written as content files in the marketing issue. */
export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  date: string;
}

export const BLOG_POSTS: BlogPost[] = [
  { slug: "we-have-a-new-domain", title: "We have a new domain: Voxlate", description: "Our new name and address, and what changes for you (nothing you need to do).", date: "2026-01-08" },
  { slug: "unlimited-ai-transcription", title: "Unlimited transcription on Business Pro", description: "What unlimited means, who it is for, and how fair use works.", date: "2026-01-20" },
  { slug: "speech-to-text-vs-competitors", title: "Voxlate vs other speech-to-text services", description: "File limits, languages, exports and price compared.", date: "2026-02-02" },
  { slug: "transcription-accuracy", title: "What decides transcription accuracy", description: "Microphones, accents, crosstalk and background noise: how each affects the result.", date: "2026-02-16" },
  { slug: "real-time-translation-for-global-teams", title: "Real-time translation for global teams", description: "Running multilingual meetings with live transcripts and translation.", date: "2026-03-02" },
  { slug: "content-creator-guide", title: "The content creator's guide to transcription", description: "Subtitles, show notes and repurposing from one recording.", date: "2026-03-16" },
  { slug: "accessibility-and-transcripts", title: "Transcripts and accessibility", description: "Why written versions of audio matter for deaf and hard-of-hearing audiences.", date: "2026-03-30" },
  { slug: "future-of-voice-technology-2025", title: "The future of voice technology", description: "Where speech recognition went in 2025 and what comes next.", date: "2026-04-13" },
  { slug: "whisper-ai-accuracy", title: "How accurate is Whisper?", description: "Word error rates by model size and language, measured plainly.", date: "2026-04-27" },
  { slug: "whisper-ai-guide", title: "A practical guide to Whisper models", description: "Choosing between tiny, base, small, medium and large.", date: "2026-05-11" },
  { slug: "transcription-for-legal-professionals", title: "Transcription for legal professionals", description: "Client meetings, depositions and consent to record.", date: "2026-05-25" },
  { slug: "transcription-for-hr", title: "Transcription for HR teams", description: "Interviews and investigations, recorded fairly and kept safely.", date: "2026-06-08" },
  { slug: "transcription-for-business-meetings", title: "Better business meetings with transcripts", description: "Decisions and action items nobody has to write down by hand.", date: "2026-06-22" },
  { slug: "srt-export-guide", title: "The SRT export guide", description: "What an SRT file holds and how to use it in video editors.", date: "2026-07-06" },
  { slug: "voxlate-vs-otter", title: "Voxlate vs Otter", description: "An honest comparison of features, limits and price.", date: "2026-07-20" },
  { slug: "voxlate-vs-turboscribe", title: "Voxlate vs TurboScribe", description: "An honest comparison of features, limits and price.", date: "2026-08-03" },
  { slug: "video-transcription", title: "How to transcribe a video", description: "Getting the audio out of a video and into a transcript.", date: "2026-08-17" },
  { slug: "audio-to-text-converter", title: "Audio to text: a converter that keeps timestamps", description: "From any recording to editable text in a few steps.", date: "2026-08-31" },
  { slug: "best-transcription-apps", title: "The best transcription apps", description: "What to look for, and how the popular apps compare.", date: "2026-09-14" },
  { slug: "transcription-for-students", title: "Transcription for students", description: "Turning lectures into notes you can search.", date: "2026-09-28" },
];

export function findPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
