import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SpokenLanguageSelect, TranslateToSelect } from "~/components/recordings/language-select";
import { showToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { formatDuration } from "~/modules/recordings/recording-format";
import { formatTimestamp } from "~/utils/timestamps";
import { AudioRecorder, RecorderError, RECORDER_ERRORS, type AudioSource } from "./audio-recorder";
import { translateLive } from "./translate-live";

interface LiveSegment {
  start: number;
  end: number;
  text: string;
}

interface LiveState {
  received: number;
  segments: LiveSegment[];
  provisional: string;
  seconds: number;
  transcriptionError: string | null;
}

type Phase = "idle" | "starting" | "recording" | "saving";

const SOURCES: { value: AudioSource; label: string }[] = [
  { value: "microphone", label: "Microphone only" },
  { value: "system", label: "System audio only" },
  { value: "both", label: "Microphone and system audio" },
];

const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

class ChunkRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: string } | null;
  return body?.error ?? `${response.status}: ${response.statusText || "Request failed"}`;
}

/**
 * The dashboard's 'Record Live' tab. Chunks go to the server once a second, in order and retried; the server
 * answers with the live text, which is translated segment by segment when Live Translation is on. Stop saves the
 * recording and opens its page, where the full transcription runs.
 */
export function LiveRecorder({
  spokenLanguages,
  translationTargets,
  secondsLeft,
}: {
  spokenLanguages: { value: string; label: string }[];
  translationTargets: { value: string; label: string }[];
  secondsLeft: number | null;
}) {
  const navigate = useNavigate();
  const [source, setSource] = useState<AudioSource>("microphone");
  const [liveTranscription, setLiveTranscription] = useState(true);
  const [liveTranslation, setLiveTranslation] = useState(false);
  const [language, setLanguage] = useState("auto");
  const [translateTo, setTranslateTo] = useState(
    (translationTargets.find((target) => target.value === "es") ?? translationTargets[0])?.value ?? "",
  );
  const [phase, setPhase] = useState<Phase>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [segments, setSegments] = useState<LiveSegment[]>([]);
  const [translations, setTranslations] = useState<string[]>([]);
  const [provisional, setProvisional] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [download, setDownload] = useState<{ url: string; name: string } | null>(null);

  const recorderRef = useRef<AudioRecorder | null>(null);
  const sessionRef = useRef<string | null>(null);
  const queueRef = useRef<Promise<void>>(Promise.resolve());
  const indexRef = useRef(0);
  const segmentCountRef = useRef(0);
  const failedRef = useRef(false);

  useEffect(() => {
    if (phase !== "recording") return;
    const startedAt = Date.now();
    const timer = setInterval(() => setElapsed((Date.now() - startedAt) / 1000), 250);
    return () => clearInterval(timer);
  }, [phase]);

  // Leaving the page stops the microphone.
  useEffect(() => () => recorderRef.current?.release(), []);
  useEffect(() => () => (download ? URL.revokeObjectURL(download.url) : undefined), [download]);

  const fail = (message: string) => {
    failedRef.current = true;
    setError(message);
    showToast({ type: "error", title: "Recording", description: message });
  };

  const keepForDownload = () => {
    const recording = recorderRef.current?.recording();
    if (recording && recording.size > 0) {
      const extension = recording.type.includes("mp4") ? "m4a" : recording.type.includes("mpeg") ? "mp3" : "webm";
      setDownload({ url: URL.createObjectURL(recording), name: `live-recording.${extension}` });
    }
  };

  const receive = (state: LiveState) => {
    if (state.transcriptionError) setNotice(state.transcriptionError);
    setProvisional(state.provisional);
    if (state.segments.length === 0) return;
    const first = segmentCountRef.current;
    segmentCountRef.current += state.segments.length;
    setSegments((previous) => [...previous, ...state.segments]);
    if (!liveTranslation || !translateTo) return;
    state.segments.forEach((segment, offset) => {
      void translateLive(segment.text, translateTo, language === "auto" ? undefined : language).then((result) =>
        setTranslations((previous) => {
          const next = [...previous];
          next[first + offset] = result.text;
          return next;
        }),
      );
    });
  };

  /** Posts one chunk; network errors and 5xx are retried, a refusal (4xx) is final. */
  const postChunk = async (sessionId: string, index: number, chunk: Blob) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(
          `/api/live-sessions/${sessionId}/chunks?index=${index}&since=${segmentCountRef.current}`,
          {
            method: "POST",
            credentials: "include",
            headers: { "Content-Type": chunk.type || "application/octet-stream" },
            body: chunk,
          },
        );
        if (response.ok) return receive((await response.json()) as LiveState);
        if (response.status < 500 && response.status !== 429)
          throw new ChunkRefused(await errorOf(response), response.status);
      } catch (error) {
        if (error instanceof ChunkRefused) throw error;
      }
      if (attempt >= RETRY_DELAYS_MS.length) throw new Error("The connection to the server was lost.");
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  };

  const start = async () => {
    setError(null);
    setNotice(null);
    setSegments([]);
    setTranslations([]);
    setProvisional("");
    setDownload(null);
    setElapsed(0);
    segmentCountRef.current = 0;
    indexRef.current = 0;
    failedRef.current = false;
    setPhase("starting");
    const recorder = new AudioRecorder();
    recorderRef.current = recorder;
    try {
      const { stream, notice: fallback } = await recorder.init(source);
      if (fallback) {
        setNotice(fallback);
        showToast({ type: "message", title: "Recording the microphone", description: fallback });
      }
      const response = await fetch("/api/live-sessions", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          mimeType: recorder.mimeType,
          language,
          liveTranscription,
          ...(liveTranslation && translateTo ? { translateTo } : {}),
        }),
      });
      if (!response.ok) {
        recorder.release();
        throw new Error(await errorOf(response));
      }
      const { id } = (await response.json()) as { id: string };
      sessionRef.current = id;
      recorder.start(
        stream,
        (chunk) => {
          const index = indexRef.current++;
          queueRef.current = queueRef.current.then(async () => {
            if (failedRef.current) return;
            try {
              await postChunk(id, index, chunk);
            } catch (error) {
              fail(error instanceof Error ? error.message : RECORDER_ERRORS.failed);
              void stop();
            }
          });
        },
        (message) => {
          fail(message);
          keepForDownload();
          setPhase("idle");
        },
      );
      setPhase("recording");
    } catch (error) {
      setPhase("idle");
      fail(error instanceof Error ? error.message : RECORDER_ERRORS.failed);
    }
  };

  const stop = async () => {
    const recorder = recorderRef.current;
    const sessionId = sessionRef.current;
    try {
      if (!recorder) throw new RecorderError(RECORDER_ERRORS.noRecording);
      await recorder.stop();
    } catch (error) {
      // Stopping twice (Stop, then a failed chunk) is harmless: the first stop saves.
      if (error instanceof RecorderError && error.message === RECORDER_ERRORS.alreadyStopped) return;
      fail(error instanceof Error ? error.message : RECORDER_ERRORS.failed);
      return;
    }
    setPhase("saving");
    await queueRef.current;
    if (failedRef.current || !sessionId) {
      keepForDownload();
      setPhase("idle");
      return;
    }
    try {
      const response = await fetch(`/api/live-sessions/${sessionId}/finish`, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(await errorOf(response));
      const { recording } = (await response.json()) as { recording: { id: string } };
      showToast({ type: "success", title: "Recording saved", description: "The full transcription has started." });
      navigate(`/transcription/${recording.id}`);
    } catch (error) {
      fail(error instanceof Error ? error.message : RECORDER_ERRORS.failed);
      keepForDownload();
      setPhase("idle");
    }
  };

  const discard = async () => {
    recorderRef.current?.release();
    failedRef.current = true;
    setPhase("idle");
    const sessionId = sessionRef.current;
    sessionRef.current = null;
    if (sessionId)
      await fetch(`/api/live-sessions/${sessionId}`, { method: "DELETE", credentials: "include" }).catch(() => null);
    showToast({ type: "message", title: "Recording discarded" });
  };

  const busy = phase !== "idle";
  const noMinutes = secondsLeft !== null && secondsLeft <= 0;

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="live-source" className="block text-sm font-medium">
            Audio source
          </label>
          <Select
            id="live-source"
            value={source}
            onValueChange={(value) => setSource(value as AudioSource)}
            disabled={busy}
            options={SOURCES}
          />
        </div>
        <div>
          <label htmlFor="live-language" className="block text-sm font-medium">
            Source language
          </label>
          <SpokenLanguageSelect
            id="live-language"
            name="language"
            options={spokenLanguages}
            value={language}
            onChange={setLanguage}
            disabled={busy}
          />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2 pt-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={liveTranscription}
              onChange={(event) => setLiveTranscription(event.target.checked)}
              disabled={busy}
              className="h-4 w-4"
            />
            Live Transcription
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={liveTranslation}
              onChange={(event) => setLiveTranslation(event.target.checked)}
              disabled={busy || !liveTranscription || translationTargets.length === 0}
              className="h-4 w-4"
            />
            Live Translation
          </label>
        </div>
        <div>
          <label htmlFor="live-translate" className="block text-sm font-medium">
            Translate to
          </label>
          <TranslateToSelect
            id="live-translate"
            name="translateTo"
            targets={translationTargets}
            value={translateTo}
            onChange={setTranslateTo}
            disabled={busy || !liveTranslation}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {phase === "recording" ? (
          <>
            <button type="button" onClick={() => void stop()} className={buttonClass("primary")}>
              Stop Recording
            </button>
            <button type="button" onClick={() => void discard()} className={buttonClass("secondary")}>
              Discard
            </button>
            <span className="flex items-center gap-2 text-sm font-medium" role="timer" aria-label="Recording time">
              <span
                aria-hidden="true"
                className="h-3 w-3 animate-pulse rounded-full bg-red-600 motion-reduce:animate-none"
              />
              Recording {formatDuration(elapsed)}
            </span>
          </>
        ) : (
          <button
            type="button"
            onClick={() => void start()}
            disabled={busy || noMinutes}
            className={buttonClass("primary")}
          >
            {phase === "starting" ? "Starting…" : phase === "saving" ? "Saving…" : "Start Recording"}
          </button>
        )}
        {noMinutes ? <span className="text-sm text-slate-700">No minutes left this month.</span> : null}
      </div>

      {notice ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{notice}</p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
          {download ? (
            <>
              {" "}
              <a href={download.url} download={download.name} className="font-medium underline">
                Download the recording
              </a>{" "}
              so nothing is lost, and upload it later.
            </>
          ) : null}
        </p>
      ) : null}

      {liveTranscription && (busy || segments.length > 0) ? (
        <div className={`grid gap-4 ${liveTranslation ? "sm:grid-cols-2" : ""}`}>
          <section aria-labelledby="live-text-title" className="rounded-xl border border-slate-200 bg-white p-4">
            <h3 id="live-text-title" className="text-sm font-semibold">
              Live transcription
            </h3>
            <div aria-live="polite" data-testid="live-transcript" className="mt-2 min-h-16 space-y-1 text-sm">
              {segments.map((segment, index) => (
                <p key={index}>
                  <span className="mr-2 font-mono text-xs text-slate-500">{formatTimestamp(segment.start)}</span>
                  {segment.text}
                </p>
              ))}
              {provisional ? <p className="text-slate-500 italic">{provisional}</p> : null}
              {segments.length === 0 && !provisional ? (
                <p className="text-slate-500">{phase === "saving" ? "Finishing…" : "Listening…"}</p>
              ) : null}
            </div>
          </section>
          {liveTranslation ? (
            <section
              aria-labelledby="live-translation-title"
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <h3 id="live-translation-title" className="text-sm font-semibold">
                Live translation
              </h3>
              <div
                aria-live="polite"
                data-testid="live-translation"
                lang={translateTo}
                className="mt-2 min-h-16 space-y-1 text-sm"
              >
                {translations.map((text, index) => (text ? <p key={index}>{text}</p> : null))}
              </div>
            </section>
          ) : null}
        </div>
      ) : null}
      <p className="text-xs text-slate-600">
        Live text comes from the server's speech engine a few seconds behind you. When you stop, the whole recording is
        saved and transcribed in full like an upload, and its minutes count toward your plan.
      </p>
    </div>
  );
}
