/** Help-center articles. They are also the knowledge base the support assistant will answer from. */
export interface HelpArticle {
  topic: string;
  question: string;
  answer: string;
}

export const HELP_ARTICLES: HelpArticle[] = [
  {
    topic: "Getting started",
    question: "How do I create an account?",
    answer:
      "Choose Sign Up Now, fill in your name, email, password and industry, then enter the 6-digit code we email you. You start on the Free plan.",
  },
  {
    topic: "Getting started",
    question: "Does Voxlate work without JavaScript?",
    answer:
      "Yes. Every page and form works as plain HTML, so Voxlate runs on locked-down or slow browsers. With JavaScript you also get progress bars and live updates.",
  },
  {
    topic: "Uploads",
    question: "Which files can I upload?",
    answer: "MP3, WAV, M4A and WEBM audio, up to 500 MB on Business Pro. We check the file's content, not only its name.",
  },
  {
    topic: "Plans and billing",
    question: "What does the Free plan include?",
    answer: "5 minutes of transcription every month, with no credit card. Minutes are only counted when a transcript succeeds.",
  },
  {
    topic: "Plans and billing",
    question: "Can I cancel anytime?",
    answer: "Yes. You keep your data when you cancel, and paid plans come with a 7-day money-back guarantee.",
  },
  {
    topic: "Privacy and security",
    question: "Who can see my recordings?",
    answer: "Only you, when signed in. Every recording is checked against its owner on every request.",
  },
  {
    topic: "Privacy and security",
    question: "How do I change my cookie choices?",
    answer: "Use the Cookie settings link at the bottom of any page. Necessary cookies are always on; the others are your choice.",
  },
];
