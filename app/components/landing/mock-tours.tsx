import { useEffect, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";

// Animated previews of the product for the landing page's feature tabs (spec section 4's cycle). They are
// illustrations, labelled as such; they move only with JavaScript, can be paused, and stand still for people who
// ask for reduced motion (they step through with the buttons instead).

export const UPLOAD_TOUR_STEPS = [
  "dashboard",
  "clicking",
  "selecting",
  "uploading",
  "transcribing",
  "complete",
  "summary",
] as const;
export type UploadTourStep = (typeof UPLOAD_TOUR_STEPS)[number];

const STEP_MS: Record<UploadTourStep, number> = {
  dashboard: 1500,
  clicking: 900,
  selecting: 1400,
  uploading: 0, // advances when the bar reaches 100
  transcribing: 1800,
  complete: 2600,
  summary: 3200,
};
const UPLOAD_TICK_MS = 120;
const UPLOAD_STEP_PERCENT = 5;

const STEP_LABELS: Record<UploadTourStep, string> = {
  dashboard: "The dashboard",
  clicking: "Clicking Upload Audio",
  selecting: "Choosing a file",
  uploading: "Uploading",
  transcribing: "Transcribing",
  complete: "Transcript ready",
  summary: "Summary",
};

const SAMPLE_LINES = [
  { time: "0:00", speaker: "Speaker 1", text: "Thanks for joining the quarterly review." },
  { time: "0:05", speaker: "Speaker 2", text: "Shall we start with the sales numbers?" },
  { time: "0:10", speaker: "Speaker 1", text: "Revenue grew by twelve percent this quarter." },
];

export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const listener = (event: MediaQueryListEvent) => setReduced(event.matches);
    query.addEventListener("change", listener);
    return () => query.removeEventListener("change", listener);
  }, []);
  return reduced;
}

/** The next state of the upload tour: uploading climbs 0→100 in steps of 5, then the cycle moves on and wraps. */
export function nextUploadTourState(state: { step: UploadTourStep; percent: number }): {
  step: UploadTourStep;
  percent: number;
} {
  if (state.step === "uploading" && state.percent < 100)
    return { step: "uploading", percent: Math.min(100, state.percent + UPLOAD_STEP_PERCENT) };
  const index = UPLOAD_TOUR_STEPS.indexOf(state.step);
  const step = UPLOAD_TOUR_STEPS[(index + 1) % UPLOAD_TOUR_STEPS.length];
  return { step, percent: step === "uploading" || step === "dashboard" ? 0 : 100 };
}

function TourControls({
  playing,
  onToggle,
  onPrevious,
  onNext,
  reduced,
  label,
}: {
  playing: boolean;
  onToggle: () => void;
  onPrevious: () => void;
  onNext: () => void;
  reduced: boolean;
  label: string;
}) {
  const button = "rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium hover:bg-slate-50";
  return (
    <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
      <button type="button" onClick={onPrevious} className={button}>
        Previous step
      </button>
      {reduced ? null : (
        <button type="button" onClick={onToggle} className={button} aria-pressed={!playing}>
          {playing ? `Pause ${label}` : `Play ${label}`}
        </button>
      )}
      <button type="button" onClick={onNext} className={button}>
        Next step
      </button>
    </div>
  );
}

function MockFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm">
      <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-3 py-2" aria-hidden="true">
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="ml-2 text-xs text-slate-500">{title}</span>
      </div>
      <div className="min-h-56 p-4 text-sm">{children}</div>
    </div>
  );
}

/** The upload flow: dashboard → clicking → selecting → uploading 0–100 → transcribing → complete → summary. */
export function UploadTour({ summaryLabel }: { summaryLabel: string }) {
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  const [state, setState] = useState<{ step: UploadTourStep; percent: number }>({ step: "complete", percent: 100 });
  const [playing, setPlaying] = useState(true);
  const moving = hydrated && playing && !reduced;

  // With scripts the tour starts from the beginning; without them it shows the finished transcript.
  useEffect(() => {
    if (hydrated && !reduced) setState({ step: "dashboard", percent: 0 });
  }, [hydrated, reduced]);

  useEffect(() => {
    if (!moving) return;
    const delay = state.step === "uploading" ? UPLOAD_TICK_MS : STEP_MS[state.step];
    const timer = setTimeout(() => setState(nextUploadTourState), delay);
    return () => clearTimeout(timer);
  }, [moving, state]);

  const go = (direction: 1 | -1) => {
    const index = UPLOAD_TOUR_STEPS.indexOf(state.step);
    const step = UPLOAD_TOUR_STEPS[(index + direction + UPLOAD_TOUR_STEPS.length) % UPLOAD_TOUR_STEPS.length];
    setState({ step, percent: step === "dashboard" ? 0 : step === "uploading" ? 50 : 100 });
  };

  const { step, percent } = state;
  const label = step === "summary" ? summaryLabel : STEP_LABELS[step];
  return (
    <figure
      aria-roledescription="animated illustration"
      aria-label="Illustration: uploading a recording"
      className="mx-auto mt-8 max-w-xl"
    >
      <MockFrame title="voxlate.app/dashboard">
        <p
          className="mb-3 text-xs font-semibold tracking-wide text-brand-700 uppercase"
          aria-live={moving ? "off" : "polite"}
        >
          {label}
        </p>
        {step === "dashboard" || step === "clicking" ? (
          <div className="rounded-lg border-2 border-dashed border-slate-300 p-6 text-center">
            <p className="font-semibold">Drop an audio file here</p>
            <span
              className={`mt-3 inline-block rounded-md px-4 py-2 text-white transition ${step === "clicking" ? "bg-brand-800 scale-95 ring-4 ring-brand-200" : "bg-brand-600"}`}
            >
              Upload Audio
            </span>
          </div>
        ) : null}
        {step === "selecting" ? (
          <ul className="space-y-1 rounded-lg border border-slate-200 p-3">
            <li className="rounded bg-brand-50 px-2 py-1 font-medium">team-meeting.mp3 · 18.4 MB</li>
            <li className="px-2 py-1 text-slate-500">interview.m4a · 42.1 MB</li>
            <li className="px-2 py-1 text-slate-500">lecture.wav · 96.0 MB</li>
          </ul>
        ) : null}
        {step === "uploading" ? (
          <div className="space-y-2">
            <p>
              Uploading team-meeting.mp3… <span data-testid="tour-percent">{percent}%</span>
            </p>
            <div className="h-2 w-full overflow-hidden rounded bg-slate-200">
              <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
            </div>
          </div>
        ) : null}
        {step === "transcribing" ? (
          <p className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none"
            />
            Transcribing team-meeting.mp3…
          </p>
        ) : null}
        {step === "complete" ? (
          <ol className="space-y-2">
            {SAMPLE_LINES.map((line) => (
              <li key={line.time}>
                <span className="font-mono text-brand-700">{line.time}</span>{" "}
                <span className="font-semibold">{line.speaker}</span> {line.text}
              </li>
            ))}
          </ol>
        ) : null}
        {step === "summary" ? (
          <div className="space-y-2">
            <p>A quarterly review: revenue grew 12%, and the budget is discussed after the product update.</p>
            <ul className="list-disc pl-5">
              <li>
                <span className="font-mono text-brand-700">0:10</span> Revenue grew by twelve percent.
              </li>
              <li>
                <span className="font-mono text-brand-700">0:21</span> Action item: discuss the budget after the product
                update.
              </li>
            </ul>
          </div>
        ) : null}
      </MockFrame>
      {hydrated ? (
        <TourControls
          playing={playing}
          onToggle={() => setPlaying(!playing)}
          onPrevious={() => go(-1)}
          onNext={() => go(1)}
          reduced={reduced}
          label="tour"
        />
      ) : null}
      <figcaption className="mt-2 text-center text-xs text-slate-500">
        An illustration with sample text, not a live recording.
      </figcaption>
    </figure>
  );
}

const MOCK_LINES: Record<"en" | "es", string[]> = {
  en: ["Good morning, everyone.", "Let's look at this week's numbers.", "Sales are up on last week."],
  es: ["Buenos días a todos.", "Veamos las cifras de esta semana.", "Las ventas suben respecto a la semana pasada."],
};

/** The live-recording mock: its checkboxes and selects change what the preview shows. */
export function LiveRecordingMock() {
  const hydrated = useHydrated();
  const reduced = usePrefersReducedMotion();
  const [transcription, setTranscription] = useState(true);
  const [translation, setTranslation] = useState(true);
  const [source, setSource] = useState("auto");
  const [target, setTarget] = useState("es");
  const [audio, setAudio] = useState("microphone");
  const [shown, setShown] = useState(MOCK_LINES.en.length);
  const [playing, setPlaying] = useState(true);
  const moving = hydrated && playing && !reduced;

  useEffect(() => {
    if (hydrated && !reduced) setShown(0);
  }, [hydrated, reduced]);

  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(
      () => setShown((count) => (count >= MOCK_LINES.en.length ? 0 : count + 1)),
      shown >= MOCK_LINES.en.length ? 2600 : 1400,
    );
    return () => clearTimeout(timer);
  }, [moving, shown]);

  const spoken = source === "es" ? "es" : "en";
  const translated = target === "none" || target === spoken ? null : (target as "en" | "es");
  const field = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1";
  return (
    <figure
      aria-roledescription="interactive illustration"
      aria-label="Illustration: recording live"
      className="mx-auto mt-8 max-w-xl"
    >
      <MockFrame title="voxlate.app/dashboard · Record Live">
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="text-xs font-medium">
            Audio source
            <select
              value={audio}
              onChange={(event) => setAudio(event.target.value)}
              disabled={!hydrated}
              className={field}
            >
              <option value="microphone">Microphone only</option>
              <option value="system">System audio only</option>
              <option value="both">Both</option>
            </select>
          </label>
          <label className="text-xs font-medium">
            Source language
            <select
              value={source}
              onChange={(event) => setSource(event.target.value)}
              disabled={!hydrated}
              className={field}
            >
              <option value="auto">Auto-detect</option>
              <option value="en">English</option>
              <option value="es">Spanish</option>
            </select>
          </label>
          <label className="text-xs font-medium">
            Translate to
            <select
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              disabled={!hydrated}
              className={field}
            >
              <option value="none">None</option>
              <option value="en">English</option>
              <option value="es">Spanish</option>
            </select>
          </label>
        </div>
        <div className="mt-3 flex gap-4 text-xs">
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={transcription}
              onChange={(event) => setTranscription(event.target.checked)}
              disabled={!hydrated}
            />
            Live Transcription
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={translation}
              onChange={(event) => setTranslation(event.target.checked)}
              disabled={!hydrated}
            />
            Live Translation
          </label>
        </div>
        <p className="mt-3 flex items-center gap-2 text-xs font-medium">
          <span
            aria-hidden="true"
            className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none"
          />
          Recording (
          {audio === "both" ? "microphone and system audio" : audio === "system" ? "system audio" : "microphone"})
        </p>
        <div className={`mt-2 grid gap-3 ${transcription && translation && translated ? "sm:grid-cols-2" : ""}`}>
          {transcription ? (
            <div className="rounded-md bg-slate-50 p-2">
              {MOCK_LINES[spoken].slice(0, shown).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : (
            <p className="text-slate-500">Live text is off; the recording is transcribed when you stop.</p>
          )}
          {transcription && translation && translated ? (
            <div className="rounded-md bg-brand-50 p-2" lang={translated}>
              {MOCK_LINES[translated].slice(0, shown).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : null}
        </div>
      </MockFrame>
      {hydrated ? (
        <TourControls
          playing={playing}
          onToggle={() => setPlaying(!playing)}
          onPrevious={() => setShown((count) => Math.max(0, count - 1))}
          onNext={() => setShown((count) => Math.min(MOCK_LINES.en.length, count + 1))}
          reduced={reduced}
          label="preview"
        />
      ) : null}
      <figcaption className="mt-2 text-center text-xs text-slate-500">
        An illustration with sample text. Try the real thing in the live demo below.
      </figcaption>
    </figure>
  );
}
