import { useEffect, useRef, useState } from "react";
import { ProgressBar } from "~/components/recordings/progress-bar";
import type { AudioRecorder } from "~/components/live/audio-recorder";
import { showToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { DEMO_MAX_SECONDS } from "~/content/demo";
import { useHydrated } from "~/utils/use-hydrated";
import { LiveDemoWithoutScript } from "./live-demo-without-script";
import { cn } from "~/utils/cn";

type Permission = "unknown" | "granted" | "not-granted";
type Phase = "idle" | "recording" | "processing" | "ready";

const PERMISSION_TEXT: Record<Permission, string> = {
  unknown: "Checking microphone access…",
  granted: "Microphone access: allowed",
  "not-granted": "Microphone access: not granted yet (your browser will ask)",
};

interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult:
    | ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

/** The browser's speech recognition, where it exists (Chrome, Edge, Safari). */
function browserRecognition(): SpeechRecognitionLike | null {
  const constructor =
    (
      window as unknown as {
        SpeechRecognition?: new () => SpeechRecognitionLike;
        webkitSpeechRecognition?: new () => SpeechRecognitionLike;
      }
    ).SpeechRecognition ??
    (window as unknown as { webkitSpeechRecognition?: new () => SpeechRecognitionLike }).webkitSpeechRecognition;
  return constructor ? new constructor() : null;
}

async function microphonePermission(): Promise<Permission> {
  try {
    const status = await navigator.permissions.query({ name: "microphone" as PermissionName });
    return status.state === "granted" ? "granted" : "not-granted";
  } catch {
    // Browsers without the Permissions API for the microphone: asking is the only way to know.
    return "not-granted";
  }
}

const PROCESSING_ERROR = {
  type: "error" as const,
  title: "Processing Error",
  description: "Could not process the demo recording. Please try again.",
};

/** The demo's choices, from the server's engines. */
export interface DemoLanguages {
  locales: { value: string; label: string }[];
  targets: { value: string; label: string }[];
}

/**
 * The landing page's live demo: up to 10 s from the microphone, transcribed by the browser's speech recognition
 * where it works, else by the server's engine on the clip, and translated through /api/translate-live. The clip
 * stays in the browser; the server deletes its copy after transcribing. It offers only the locales the server's
 * engine transcribes and the languages its translator produces (the landing loader's language claims).
 */
export function LiveDemo({ locales, targets }: DemoLanguages) {
  const hydrated = useHydrated();
  const [locale, setLocale] = useState("");
  const [target, setTarget] = useState("");
  const [permission, setPermission] = useState<Permission>("unknown");
  const [phase, setPhase] = useState<Phase>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [transcript, setTranscript] = useState("");
  const [interim, setInterim] = useState("");
  const [translation, setTranslation] = useState("");
  const [source, setSource] = useState<string | null>(null);
  const [clipUrl, setClipUrl] = useState<string | null>(null);
  const recorderRef = useRef<AudioRecorder | null>(null);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const finalTextRef = useRef("");
  const stopTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!hydrated) return;
    void microphonePermission().then(setPermission);
  }, [hydrated]);

  useEffect(() => {
    if (phase !== "recording") return;
    const startedAt = Date.now();
    const timer = setInterval(() => setElapsed(Math.min(DEMO_MAX_SECONDS, (Date.now() - startedAt) / 1000)), 100);
    return () => clearInterval(timer);
  }, [phase]);

  useEffect(() => () => (clipUrl ? URL.revokeObjectURL(clipUrl) : undefined), [clipUrl]);
  useEffect(
    () => () => {
      recorderRef.current?.release();
      recognitionRef.current?.abort();
    },
    [],
  );

  const reset = () => {
    if (stopTimerRef.current) clearTimeout(stopTimerRef.current);
    recorderRef.current?.release();
    recognitionRef.current?.abort();
    recognitionRef.current = null;
    finalTextRef.current = "";
    setPhase("idle");
    setElapsed(0);
    setTranscript("");
    setInterim("");
    setTranslation("");
    setSource(null);
    setClipUrl(null);
  };

  const translate = async (text: string) => {
    if (!target || !text.trim()) return;
    const { translateLive } = await import("~/components/live/translate-live");
    const result = await translateLive(text, target, locale.split("-")[0]);
    setTranslation(result.text);
  };

  /** The server's engine transcribes the clip when the browser could not. */
  const transcribeOnServer = async (clip: Blob) => {
    const response = await fetch(`/api/demo/transcribe?locale=${encodeURIComponent(locale)}`, {
      method: "POST",
      headers: { "Content-Type": clip.type || "application/octet-stream" },
      body: clip,
    });
    const body = (await response.json().catch(() => null)) as { text?: string; engine?: string; error?: string } | null;
    if (!response.ok || !body || typeof body.text !== "string")
      throw new Error(body?.error ?? `${response.status}: ${response.statusText}`);
    return body as { text: string; engine: string };
  };

  const finish = async () => {
    const recorder = recorderRef.current;
    if (!recorder) return;
    setPhase("processing");
    let clip: Blob;
    try {
      clip = await recorder.stop();
    } catch {
      setPhase("idle");
      showToast(PROCESSING_ERROR);
      return;
    }
    setClipUrl(URL.createObjectURL(clip));
    recognitionRef.current?.stop();
    // The browser's last result arrives shortly after stop.
    await new Promise((resolve) => setTimeout(resolve, 800));
    recognitionRef.current?.abort();
    recognitionRef.current = null;
    if (clip.size === 0) {
      // Stopped before the recorder produced any audio.
      setTranscript("Nothing was recorded. Speak for a moment before you stop.");
      setPhase("ready");
      showToast(PROCESSING_ERROR);
      return;
    }
    try {
      let text = finalTextRef.current.trim();
      if (text) {
        setSource("your browser's speech recognition");
      } else {
        const result = await transcribeOnServer(clip);
        text = result.text;
        setSource(`${result.engine} on our server`);
      }
      setInterim("");
      setTranscript(text || "(No speech was recognised.)");
      await translate(text);
      setPhase("ready");
    } catch (error) {
      setTranscript(error instanceof Error ? error.message : "");
      setPhase("ready");
      showToast(PROCESSING_ERROR);
    }
  };

  const start = async () => {
    reset();
    // The recorder's code loads with the first demo, keeping it out of the landing page's first load.
    const { AudioRecorder } = await import("~/components/live/audio-recorder");
    const recorder = new AudioRecorder();
    recorderRef.current = recorder;
    let stream: MediaStream;
    try {
      ({ stream } = await recorder.init("microphone"));
    } catch {
      setPermission("not-granted");
      showToast({
        type: "error",
        title: "Microphone Access Required",
        description: "Please allow microphone access to try the live demo.",
      });
      return;
    }
    setPermission("granted");
    const recognition = browserRecognition();
    if (recognition) {
      recognition.lang = locale;
      recognition.continuous = true;
      recognition.interimResults = true;
      recognition.onresult = (event) => {
        let interimText = "";
        for (let index = event.resultIndex; index < event.results.length; index++) {
          const result = event.results[index];
          if (result.isFinal) {
            finalTextRef.current += `${result[0].transcript} `;
            void translate(finalTextRef.current);
          } else interimText += result[0].transcript;
        }
        setTranscript(finalTextRef.current);
        setInterim(interimText);
      };
      // "network", "not-allowed", "language-not-supported"…: the server engine takes over after the clip.
      recognition.onerror = () => {
        recognitionRef.current = null;
      };
      try {
        recognition.start();
        recognitionRef.current = recognition;
      } catch {
        recognitionRef.current = null;
      }
    }
    try {
      recorder.start(
        stream,
        () => {},
        () => {
          reset();
          showToast(PROCESSING_ERROR);
        },
      );
    } catch {
      reset();
      showToast(PROCESSING_ERROR);
      return;
    }
    setPhase("recording");
    stopTimerRef.current = setTimeout(() => void finish(), DEMO_MAX_SECONDS * 1000);
  };

  const stopEarly = () => {
    if (stopTimerRef.current) clearTimeout(stopTimerRef.current);
    void finish();
  };

  if (!hydrated) return <LiveDemoWithoutScript />;

  const canStart = permission !== "unknown" && locale !== "" && (phase === "idle" || phase === "ready");
  const targetLabel = targets.find((language) => language.value === target)?.label;
  return (
    <div className="mx-auto mt-10 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm">
      <h3 className="text-lg font-semibold">Live demo</h3>
      <p className="mt-1 text-sm text-slate-600">
        Speak for up to {DEMO_MAX_SECONDS} seconds. Nothing is kept: the clip stays in your browser.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="demo-locale" className="block text-sm font-medium">
            Record in <span aria-hidden="true">*</span>
          </label>
          <Select
            id="demo-locale"
            required
            value={locale}
            onValueChange={setLocale}
            disabled={phase === "recording" || phase === "processing"}
            options={locales}
            first={{ value: "", label: "Choose a language" }}
          />
        </div>
        <div>
          <label htmlFor="demo-target" className="block text-sm font-medium">
            Translate to <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <Select
            id="demo-target"
            value={target}
            onValueChange={setTarget}
            disabled={phase === "recording" || phase === "processing"}
            options={targets}
            first={{ value: "", label: "No translation" }}
          />
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700" data-testid="demo-permission">
        {PERMISSION_TEXT[permission]}
      </p>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {phase === "recording" ? (
          <button type="button" onClick={stopEarly} className={buttonClass("secondary")}>
            Stop
          </button>
        ) : (
          <button type="button" onClick={() => void start()} disabled={!canStart} className={buttonClass("primary")}>
            Start Live Demo
          </button>
        )}
        {phase === "ready" ? (
          <>
            <button
              type="button"
              onClick={() => void audioRef.current?.play()}
              disabled={!clipUrl}
              className={buttonClass("secondary")}
            >
              Play Recording
            </button>
            <button type="button" onClick={reset} className={buttonClass("ghost")}>
              Try Again
            </button>
          </>
        ) : null}
        {phase === "processing" ? <span className="text-sm text-slate-700">Processing…</span> : null}
      </div>
      {!locale && phase === "idle" ? (
        <p className="mt-2 text-xs text-slate-600">Choose the language you will speak to start.</p>
      ) : null}

      {phase === "recording" ? (
        <div className="mt-4">
          <ProgressBar value={(elapsed / DEMO_MAX_SECONDS) * 100} label="Recording progress" />
          <p className="mt-1 text-xs text-slate-600">
            Recording… {Math.floor(elapsed)} of {DEMO_MAX_SECONDS} s
          </p>
        </div>
      ) : null}

      {clipUrl ? <audio ref={audioRef} src={clipUrl} className="hidden" /> : null}

      <div className={cn("mt-4 grid gap-4", target && "sm:grid-cols-2")}>
        <section aria-labelledby="demo-transcription-title" className="rounded-lg bg-slate-50 p-3">
          <h4 id="demo-transcription-title" className="text-sm font-semibold">
            Live transcription
          </h4>
          <p aria-live="polite" data-testid="demo-transcription" className="mt-1 min-h-10 text-sm">
            {transcript}
            {interim ? <span className="text-slate-500 italic"> {interim}</span> : null}
            {!transcript && !interim ? (
              <span className="text-slate-500">{phase === "recording" ? "Listening…" : "Your words appear here."}</span>
            ) : null}
          </p>
          {source ? <p className="mt-2 text-xs text-slate-600">Transcribed by {source}.</p> : null}
        </section>
        {target ? (
          <section aria-labelledby="demo-translation-title" className="rounded-lg bg-brand-50 p-3">
            <h4 id="demo-translation-title" className="text-sm font-semibold">
              Live translation{targetLabel ? ` (${targetLabel})` : ""}
            </h4>
            <p aria-live="polite" data-testid="demo-translation" lang={target} className="mt-1 min-h-10 text-sm">
              {translation}
            </p>
          </section>
        ) : null}
      </div>
    </div>
  );
}
