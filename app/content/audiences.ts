/**
 * Copy for the audience landing pages, keyed by route id, and for /business.
 *
 * Every claim here must be true of what runs (see the help articles in `content/help`): no invented figures,
 * customers, quotes, certifications, integrations or apps, and no prices (link to /plans instead).
 */
import { PLANS } from "./plans";

const FREE_MINUTES = PLANS.find((plan) => plan.id === "FREE")?.minutesPerMonth ?? 0;

export interface AudiencePoint {
  title: string;
  text: string;
}

export interface AudienceFaq {
  question: string;
  /** Plain text. */
  answer: string;
}

export interface Audience {
  eyebrow: string;
  /** The page's h1. */
  title: string;
  /** One sentence: the hero's lead and the meta description. */
  lead: string;
  /** What this audience needs to get done, and how Voxlate fits each job (3-6 cards). */
  uses: { heading: string; intro: string; items: AudiencePoint[] };
  /** A short workflow, rendered as an ordered list. */
  steps: { heading: string; items: AudiencePoint[] };
  /** Good practice, such as consent to record and checking transcripts. */
  advice?: { heading: string; intro?: string; items: string[]; link?: { to: string; label: string } };
  faqs: { heading: string; items: AudienceFaq[] };
  closing: { heading: string; text: string };
}

const FREE_PLAN_ANSWER = `Yes. The Free plan includes ${FREE_MINUTES} minutes of transcription a month and needs no card.`;

export const AUDIENCES: Record<string, Audience> = {
  "content-creators": {
    eyebrow: "For content creators",
    title: "Subtitles and show notes from every episode",
    lead: "Turn the audio of your podcasts and videos into transcripts and SRT subtitles, and translate them to reach people in other languages.",
    uses: {
      heading: "One recording, many uses",
      intro:
        "Upload the audio of an episode and get a transcript with a timestamp on every line. From there you can make subtitles, write show notes and find the moments worth sharing.",
      items: [
        {
          title: "Subtitles for your videos",
          text: "Export the transcript as an SRT file and add it to your video editor, or upload it with your video to a platform that accepts SRT.",
        },
        {
          title: "Show notes and descriptions",
          text: "Start from the transcript instead of a blank page: list the topics, the names and links you mentioned, and the times where each part begins.",
        },
        {
          title: "Quotes and clips",
          text: "Find the line you want in the text, then use its timestamp to cut the clip in your editor.",
        },
        {
          title: "Subtitles in other languages",
          text: "Translate a transcript line by line. Each translated line keeps the timing of the original, so translated subtitles stay in sync.",
        },
        {
          title: "Articles and newsletters",
          text: "Export as DOCX or TXT and shape the episode into a blog post or newsletter in the editor you already write in.",
        },
        {
          title: "Interviews with guests",
          text: "On Business Pro, speaker labels show which lines are yours and which are your guest's, and a summary gives you an overview of the conversation.",
        },
      ],
    },
    steps: {
      heading: "From final edit to published episode",
      items: [
        {
          title: "Export the audio",
          text: "Export the sound of your final edit as MP3, WAV, M4A or WEBM, so the subtitle timings match the published video.",
        },
        {
          title: "Upload it",
          text: "Upload the file from your dashboard. Files can be up to 500 MB on Business Pro; other plans have lower limits.",
        },
        {
          title: "Check the transcript",
          text: "Read it against the audio, paying attention to names, brands and technical terms.",
        },
        {
          title: "Translate if you need to",
          text: "Translate the transcript into another language; every line keeps its timestamp.",
        },
        {
          title: "Export and publish",
          text: "Download SRT for subtitles, and DOCX or TXT for show notes and articles.",
        },
      ],
    },
    faqs: {
      heading: "Questions from creators",
      items: [
        {
          question: "Can I upload a video file?",
          answer:
            "Voxlate transcribes audio in MP3, WAV, M4A and WEBM formats. Save the sound of your video as one of these first; most video editors have an audio-only export. An audio file is also much smaller than the video, so it uploads faster.",
        },
        {
          question: "Which subtitle format do I get?",
          answer:
            "SRT, a plain-text subtitle format with numbered lines and their start and end times. Most video editors, video platforms and media players accept it. You can also export the transcript as PDF, DOCX or TXT.",
        },
        {
          question: "Do I need to check the subtitles before publishing?",
          answer:
            "Yes. An automatic transcript is a first draft. Clear speech close to the microphone gives the best results; music, people talking over each other and unusual names lower the quality. Watch the video with the subtitles on before you publish, and ask a fluent speaker to check translated subtitles.",
        },
        {
          question: "How do I fix a mistake in the subtitles?",
          answer:
            "Open the SRT export in a text editor and change only the text lines, leaving the numbers and timing lines as they are. For a name that was misheard several times, find and replace fixes it quickly.",
        },
        {
          question: "Can I try it on an episode first?",
          answer: `${FREE_PLAN_ANSWER} That is enough to test a short clip, including the SRT export. Longer episodes need a paid plan; you can compare plans on the plans page.`,
        },
      ],
    },
    closing: {
      heading: "Make subtitles for your next episode",
      text: "Create a free account, upload a short clip and see the SRT file for yourself.",
    },
  },

  education: {
    eyebrow: "For educators and students",
    title: "Lectures you can search and study",
    lead: "Record a class or upload a lecture and get a transcript with timestamps to review, quote and revise from.",
    uses: {
      heading: "How students and educators use Voxlate",
      intro:
        "Reading is often quicker than listening again. A transcript with timestamps lets you find a topic in the text and then go to that point in the recording.",
      items: [
        {
          title: "Revise from the text",
          text: "Read a lecture instead of replaying it, and use the timestamps to find the part of the recording you want to hear again.",
        },
        {
          title: "Notes you can search",
          text: "Export a transcript as DOCX or TXT, then search it, highlight it and add it to your own notes.",
        },
        {
          title: "A written version for students",
          text: "Educators can offer a transcript alongside a recorded lecture, for students who prefer to read or who find listening difficult.",
        },
        {
          title: "Study in another language",
          text: "Translate a transcript line by line for students who learn in another language. Each line keeps its timestamp, so it can be checked against the original.",
        },
        {
          title: "Research interviews",
          text: "Transcribe interviews for a dissertation or project and quote participants with the time they said it. On Business Pro, speaker labels show who said each line.",
        },
        {
          title: "Seminars and group work",
          text: "Keep a record of a discussion or a group meeting, so everyone works from the same notes.",
        },
      ],
    },
    steps: {
      heading: "From lecture to study notes",
      items: [
        {
          title: "Record or upload",
          text: "Record the lecture in your browser, or upload a recording as MP3, WAV, M4A or WEBM.",
        },
        {
          title: "Choose the language",
          text: "Pick the language that is spoken, or leave it on auto-detect. You get a transcript with a timestamp on every line.",
        },
        {
          title: "Check the important parts",
          text: "Compare definitions, names, formulas and figures with the recording before you learn them.",
        },
        {
          title: "Translate if it helps",
          text: "Translate the transcript into another language, keeping every timestamp.",
        },
        {
          title: "Export your notes",
          text: "Download the transcript as PDF, DOCX or TXT and add it to your study notes.",
        },
      ],
    },
    advice: {
      heading: "Before you record a class",
      intro: "Recording teaching involves other people, so a few rules of thumb help.",
      items: [
        "Ask the lecturer or teacher first, and follow your school's or university's rules on recording.",
        "Tell the group when you are recording, especially in seminars and discussions where other students speak.",
        "For research interviews, get each participant's consent in the way your ethics process requires, and keep a record of it.",
        "Keep course recordings and transcripts to yourself unless you have permission to share them.",
        "Automatic transcripts can contain mistakes. Check anything you quote in an assignment against the recording.",
      ],
    },
    faqs: {
      heading: "Questions from students and educators",
      items: [
        {
          question: "Can I record a lecture on my laptop?",
          answer:
            "Yes. Open Voxlate in your browser, allow it to use the microphone and start recording. Sit near the speaker: a microphone close to the voice gives a clearer transcript. Live recording needs JavaScript; uploading a file you recorded with another app works without it.",
        },
        {
          question: "Am I allowed to record my lectures?",
          answer:
            "That depends on your institution and the lecturer. Check your school's or university's recording policy and ask the lecturer before you record. If a lecture is already recorded and shared with you, check what you may do with it.",
        },
        {
          question: "Can a transcript replace captions or a note-taker?",
          answer:
            "It can help, but automatic transcripts contain mistakes and can miss technical terms. If a student has agreed support, such as a note-taker or live captions, use Voxlate alongside it rather than instead of it.",
        },
        {
          question: "Is the Free plan enough for a whole lecture?",
          answer: `The Free plan includes ${FREE_MINUTES} minutes of transcription a month with no card, which is enough to try Voxlate on part of a lecture. Whole lectures need a paid plan; you can compare plans on the plans page.`,
        },
        {
          question: "Who can see my recordings?",
          answer:
            "Only you, when you are signed in. Every recording and transcript is checked against its owner, and you can delete your account and all its data from the account page.",
        },
      ],
    },
    closing: {
      heading: "Turn your next lecture into notes",
      text: "Create a free account and try Voxlate on a short recording.",
    },
  },

  "sales-marketing": {
    eyebrow: "For sales and marketing",
    title: "Every customer call, written down",
    lead: "Transcribe calls, demos and customer interviews so you can find, check and quote what customers actually said.",
    uses: {
      heading: "Where a transcript helps",
      intro:
        "Notes taken during a call miss things. A transcript with timestamps keeps the customer's own words, so you can come back to them when you write the proposal, the brief or the follow-up.",
      items: [
        {
          title: "Listen instead of typing",
          text: "Record the call in your browser, or upload the recording afterwards, and give the customer your full attention.",
        },
        {
          title: "Follow-up emails",
          text: "On Business Pro, the summary gives you a starting point for the follow-up. Check it against the transcript before you send it.",
        },
        {
          title: "The customer's own words",
          text: "Quote customers exactly in briefs, proposals and case studies, with the timestamp to find the line again.",
        },
        {
          title: "Call reviews",
          text: "Read back through calls to see which questions and objections came up, and how they were answered.",
        },
        {
          title: "Interviews and research",
          text: "Transcribe customer interviews and work out themes from the text rather than from memory. On Business Pro, speaker labels show who said each line.",
        },
        {
          title: "Colleagues in other markets",
          text: "Translate a transcript line by line for colleagues who work in another language, keeping every timestamp.",
        },
      ],
    },
    steps: {
      heading: "From call to follow-up",
      items: [
        {
          title: "Say you are recording",
          text: "Tell the customer at the start of the call that you are recording and why, and check that they agree.",
        },
        {
          title: "Record or upload",
          text: "Record in your browser, or upload a recording you already have as MP3, WAV, M4A or WEBM. For online calls, recording with your meeting software and uploading the file often gives cleaner sound.",
        },
        {
          title: "Read the transcript",
          text: "Every line has a timestamp. On Business Pro, speaker labels show who said what and the summary gives an overview.",
        },
        {
          title: "Export and share",
          text: "Download PDF, DOCX or TXT, copy the key points into the tools your team already uses, and send the file to colleagues who need it.",
        },
      ],
    },
    advice: {
      heading: "Recording customers responsibly",
      items: [
        "Rules on recording calls differ between countries, and some require everyone's consent. Check what applies to you and your customer.",
        "Ask permission before you publish a customer's words in a case study or advert.",
        "Automatic transcripts and summaries can contain mistakes. Check names, figures and commitments against the recording before you pass them on.",
        "Delete recordings you no longer need.",
      ],
    },
    faqs: {
      heading: "Questions from sales and marketing teams",
      items: [
        {
          question: "Does Voxlate join my online meetings?",
          answer:
            "No. Voxlate does not connect to meeting or calendar software. Record the call in your browser while it happens, or record it with your meeting software and upload the audio file afterwards.",
        },
        {
          question: "Can colleagues see my recordings?",
          answer:
            "No. Each recording is visible only to the account that owns it, and each person should use their own account. To share a transcript, export it as PDF, DOCX or TXT and send the file.",
        },
        {
          question: "Can I tell the customer's words from mine?",
          answer:
            "On Business Pro, transcripts include speaker labels that show who said each line. They work best when people speak one at a time, so check important passages against the recording.",
        },
        {
          question: "Is it legal to record sales calls?",
          answer:
            "It depends on where you and the customer are. Many places require you to tell the other person, and some require their consent. Check the rules that apply, and say at the start of the call that you are recording.",
        },
        {
          question: "Can I try it on a real call first?",
          answer: `${FREE_PLAN_ANSWER} That is enough to try a short call; you can compare the paid plans on the plans page.`,
        },
      ],
    },
    closing: {
      heading: "Keep a record of your next customer call",
      text: "Create a free account and transcribe a short call to see how it reads.",
    },
  },

  "personal-productivity": {
    eyebrow: "For personal productivity",
    title: "Think out loud, read it later",
    lead: "Record ideas, voice memos and meetings, and keep them as text you can read, search and export.",
    uses: {
      heading: "Ways to use it",
      intro:
        "Speaking is often the quickest way to get a thought down. Voxlate turns it into text you can skim instead of audio you have to replay.",
      items: [
        {
          title: "Ideas while they are fresh",
          text: "Record in your browser and talk an idea through, then read the text later instead of listening again.",
        },
        {
          title: "First drafts by speaking",
          text: "Speak a first draft of an email, post or report, export it as DOCX or TXT and tidy it up in your usual editor.",
        },
        {
          title: "Voice memos you already have",
          text: "Upload memos recorded with another app as MP3, M4A, WAV or WEBM, and get them back as text with timestamps.",
        },
        {
          title: "Meeting notes",
          text: "Keep a written record of what was agreed. On Business Pro, speaker labels show who said what and a summary gives you the main points.",
        },
        {
          title: "Reading in another language",
          text: "Translate a transcript line by line into the language you read best, keeping every timestamp.",
        },
      ],
    },
    steps: {
      heading: "A simple routine",
      items: [
        { title: "Capture", text: "Record in your browser, or upload a memo you recorded elsewhere." },
        { title: "Transcribe", text: "Get the text back with a timestamp on every line." },
        { title: "Review", text: "Skim the text and check names, numbers and dates against the audio." },
        { title: "Keep it", text: "Export as TXT, DOCX or PDF and file it with the rest of your notes." },
      ],
    },
    faqs: {
      heading: "Common questions",
      items: [
        {
          question: "Do I need to install anything?",
          answer:
            "No. Voxlate runs in your web browser; there is no app to install. Every page works without JavaScript; only live recording needs it, along with your permission to use the microphone.",
        },
        {
          question: "Can I record meetings with other people?",
          answer:
            "Yes, but tell everyone first and check that they agree. Rules on recording conversations differ between countries and workplaces.",
        },
        {
          question: "How do I correct mistakes in a transcript?",
          answer:
            "Export it as DOCX or TXT and make your corrections in any word processor or text editor. Use the timestamps to find the moment in the recording and listen again before you change a name, number or date.",
        },
        {
          question: "Who can see my recordings?",
          answer:
            "Only you, when you are signed in. You can delete recordings at any time, and delete your account and all its data from the account page.",
        },
        {
          question: "Is the Free plan enough for voice notes?",
          answer: `The Free plan includes ${FREE_MINUTES} minutes of transcription a month with no card, which is enough for a few short memos. If you record more, compare the plans on the plans page.`,
        },
      ],
    },
    closing: {
      heading: "Say it now, read it later",
      text: "Create a free account and turn your next idea or memo into text.",
    },
  },
};

/** /business: the same sections, for lawyers, advisors, consultants and teams. */
export const BUSINESS: Audience = {
  eyebrow: "For business",
  title: "Transcription for professionals and teams",
  lead: "Voxlate gives lawyers, advisors, consultants and teams a written record of meetings, calls and interviews, with a timestamp on every line.",
  uses: {
    heading: "Where Voxlate fits",
    intro:
      "Professional work runs on conversations, and what was said often matters later. A transcript lets you check it without replaying the whole recording.",
    items: [
      {
        title: "Lawyers",
        text: "Keep a written record of client meetings, interviews and dictated notes, and check any line against the audio before you write up the file note.",
      },
      {
        title: "Advisors",
        text: "Document the advice you gave and what the client asked for, and find what was agreed without replaying the meeting.",
      },
      {
        title: "Consultants and researchers",
        text: "Turn stakeholder interviews and workshops into text, and take quotes with their timestamps into your reports.",
      },
      {
        title: "HR and people teams",
        text: "Keep a record of interviews and formal meetings, with everyone's agreement to record. On Business Pro, speaker labels show who said what.",
      },
      {
        title: "Teams across languages",
        text: "Translate transcripts line by line for colleagues who work in another language, keeping every timestamp.",
      },
      {
        title: "Long recordings",
        text: "Upload files of up to 500 MB each on Business Pro, as MP3, WAV, M4A or WEBM. Other plans have lower limits.",
      },
    ],
  },
  steps: {
    heading: "From meeting to file note",
    items: [
      {
        title: "Agree to record",
        text: "Tell everyone at the start that you are recording and why, and note their agreement.",
      },
      {
        title: "Record or upload",
        text: "Record in your browser, or upload the recording afterwards. Choose the spoken language, or leave it on auto-detect.",
      },
      {
        title: "Review the transcript",
        text: "Every line has a timestamp. On Business Pro, speaker labels show who said each line.",
      },
      {
        title: "Start from the summary",
        text: "On Business Pro, the summary gives an overview of the meeting. Check decisions, figures and names against the transcript.",
      },
      {
        title: "Export and file",
        text: "Download the transcript as PDF or DOCX and store it with the client or project file.",
      },
    ],
  },
  advice: {
    heading: "Privacy and good practice",
    intro:
      "Client conversations are confidential. This is how Voxlate handles your recordings, and what we suggest you do.",
    items: [
      "Recordings and transcripts are visible only to the account that owns them; each one is checked against its owner on every request.",
      "Passwords are stored only as Argon2 hashes, and session cookies are httpOnly and SameSite=Lax.",
      "You can delete recordings at any time, and delete your account and all its data from the account page.",
      "Get consent before you record a client, candidate or colleague, and follow your professional body's rules on recording and confidentiality.",
      "Only upload recordings you have the right to process, and check that Voxlate meets your organisation's requirements first.",
      "Automatic transcripts and summaries can contain mistakes. Check names, figures and dates against the recording before you rely on them.",
    ],
    link: { to: "/security", label: "Read how Voxlate protects your account" },
  },
  faqs: {
    heading: "Questions from professionals",
    items: [
      {
        question: "Can I use Voxlate for confidential client meetings?",
        answer:
          "Recordings are visible only to you, passwords are stored as Argon2 hashes, and you can delete your data at any time. Read the security and privacy pages, and check them against your firm's and regulator's requirements, before you upload client material.",
      },
      {
        question: "Is a Voxlate transcript an official record?",
        answer:
          "No. It is an automatic working record, not a certified or strictly verbatim transcript. Where you need one, for example for court, use a professional transcription service. Voxlate can give you a first draft to check against the audio.",
      },
      {
        question: "Can my team share recordings?",
        answer:
          "Each recording is visible only to the account that owns it, and each person should use their own account rather than share a login. To share a transcript, export it as PDF, DOCX or TXT and send the file.",
      },
      {
        question: "What does Business Pro add?",
        answer:
          "Speaker labels, a summary and uploads of up to 500 MB per file. Every plan includes timestamps and export as PDF, DOCX, TXT and SRT. Compare the plans on the plans page.",
      },
      {
        question: "Do we need to install software?",
        answer:
          "No. Voxlate runs in the browser, and every page works without JavaScript, which suits locked-down work computers. Only live recording needs JavaScript; without it, record with another app and upload the file.",
      },
    ],
  },
  closing: {
    heading: "Try it on your next meeting",
    text: `Start with the Free plan's ${FREE_MINUTES} minutes a month, then compare the plans when you are ready.`,
  },
};
