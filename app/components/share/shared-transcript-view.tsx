import { getFormProps } from "@conform-to/react";
import { useRef, useState } from "react";
import { TranslationLinks } from "~/components/recordings/translation-links";
import { Form } from "react-router";
import { Logo } from "~/components/logo";
import { SupportChatLauncher } from "~/components/support-chat-launcher";
import { buttonClass } from "~/components/ui/button";
import { Field, FormErrors } from "~/components/ui/field";
import type { FormReply } from "~/components/ui/form-reply";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SharePasswordSchema } from "~/modules/sharing/share-forms";
import { formatDuration } from "~/modules/recordings/recording-format";
import { formatTimestamp } from "~/utils/timestamps";
import { EXPORT_FORMATS, EXPORT_LABELS } from "~/services/export/types";
import { LegalDownloadForm } from "~/components/legal/legal-export";
import { formatDate } from "~/utils/dates";
import { languageName } from "~/utils/languages";
import { cn } from "~/utils/cn";

interface Point {
  text: string;
  segmentId: string;
  start: number;
}

export interface SharedTranscriptData {
  title: string;
  durationSeconds: number;
  language: string | null;
  createdAt: Date | string;
  segments: { id: string; start: number; end: number; speaker: string | null; text: string }[];
  summary: {
    label: string;
    createdAt: Date | string;
    abstract: string;
    keyPoints: Point[];
    actionItems: Point[];
    predatesEdits: boolean;
  } | null;
  translation: {
    languages: { value: string; label: string }[];
    showLanguage: string | null;
    translated: Record<string, string>;
    staleSegmentIds: string[];
  };
  allowDownloads: boolean;
}

/** The top bar of a shared page: the product, and that this is someone's read-only transcript. */
export function SharedHeader() {
  return (
    <header className="flex h-14 items-center gap-3 border-b border-slate-200 px-4">
      <Logo />
      <span className="text-sm text-slate-600">Shared transcript · read only</span>
      <SupportChatLauncher className="ml-auto" />
    </header>
  );
}

/** The password form of a protected link; the title stays hidden until the password is given. */
export function SharePasswordForm({ reply }: { reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm("share-password", SharePasswordSchema, reply);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">This transcript is protected</h1>
      <p className="mt-2 text-slate-600">Enter the password you were given with the link.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        {/* A wrong password, or too many tries: the link's refusal, the form's error. */}
        <FormErrors form={form} />
        <Field
          label="Password"
          field={fields.password}
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
        />
        <button type="submit" className={buttonClass("primary")}>
          Open transcript
        </button>
      </Form>
    </div>
  );
}

/** The shared transcript: player, summary, translations and the segments with speakers and times. */
export function SharedTranscriptView({ token, data }: { token: string; data: SharedTranscriptData }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const base = `/s/${token}`;
  const seek = (seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    void audio.play();
  };
  const { translation, summary } = data;
  const stale = new Set(translation.staleSegmentIds);
  const timeLink = (id: string, start: number) => (
    <a
      href={`#segment-${id}`}
      onClick={(event) => {
        event.preventDefault();
        seek(start);
        document.getElementById(`segment-${id}`)?.scrollIntoView({ block: "center" });
      }}
      className="shrink-0 font-mono text-sm text-brand-700 underline"
      aria-label={`Play from ${formatTimestamp(start)}`}
    >
      {formatTimestamp(start)}
    </a>
  );
  const points = (title: string, list: Point[]) =>
    list.length ? (
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        <ul className="mt-2 space-y-2">
          {list.map((point, index) => (
            <li key={`${point.segmentId}-${index}`} className="flex gap-3 text-sm">
              {timeLink(point.segmentId, point.start)}
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      </div>
    ) : null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight break-words">{data.title}</h1>
      <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-slate-600">
        <span>{formatDuration(data.durationSeconds)}</span>
        {data.language ? <span>{languageName(data.language)}</span> : null}
        <span>Recorded {formatDate(data.createdAt)}</span>
      </p>

      <section aria-label="Player" className="sticky top-0 z-10 mt-6 bg-white/95 py-3 backdrop-blur">
        <audio
          ref={audioRef}
          controls
          preload="metadata"
          src={`${base}/audio`}
          onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
          className="w-full"
        >
          <a href={`${base}/audio`}>Play the audio</a>
        </audio>
        <p className="mt-1 text-xs text-slate-600">Click a time to play from there.</p>
      </section>

      {summary ? (
        <section aria-labelledby="summary-title" className="mt-6 rounded-xl border border-slate-200 p-6">
          <h2 id="summary-title" className="text-xl font-semibold">
            Summary
          </h2>
          <p className="mt-1 text-xs text-slate-600">
            {summary.label}, {formatDate(summary.createdAt, "dateTime")}.
          </p>
          {summary.predatesEdits ? (
            <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
              Written before later edits to the transcript: it may not match the text below.
            </p>
          ) : null}
          <div className="mt-3 space-y-4">
            {summary.abstract ? <p>{summary.abstract}</p> : null}
            {points("Key points", summary.keyPoints)}
            {points("Action items", summary.actionItems)}
          </div>
        </section>
      ) : null}

      {translation.languages.length ? (
        <nav aria-label="Translations" className="mt-6 flex flex-wrap gap-3 text-sm">
          <TranslationLinks
            languages={translation.languages}
            showLanguage={translation.showLanguage}
            label="Show a translation side by side:"
          />
        </nav>
      ) : null}

      <section aria-labelledby="transcript-title" className="mt-6">
        <h2 id="transcript-title" className="text-xl font-semibold">
          Transcript
        </h2>
        {data.segments.length === 0 ? (
          <p className="mt-4 text-slate-600">No speech was found in this recording.</p>
        ) : (
          <ol className="mt-4 space-y-2">
            {data.segments.map((segment) => {
              const current = currentTime >= segment.start && currentTime < segment.end;
              return (
                <li
                  key={segment.id}
                  id={`segment-${segment.id}`}
                  aria-current={current ? "true" : undefined}
                  className={cn(
                    "scroll-mt-32 rounded-lg border p-3",
                    current ? "border-brand-600 bg-brand-50" : "border-slate-200",
                  )}
                >
                  <div className="flex flex-wrap items-baseline gap-2 text-sm">
                    {timeLink(segment.id, segment.start)}
                    {segment.speaker ? <span className="font-semibold">{segment.speaker}</span> : null}
                  </div>
                  {translation.showLanguage ? (
                    <div className="mt-1 grid gap-2 sm:grid-cols-2">
                      <p>{segment.text}</p>
                      <div lang={translation.showLanguage} className="border-l-2 border-brand-200 pl-2 text-slate-800">
                        <p>{translation.translated[segment.id] ?? ""}</p>
                        {stale.has(segment.id) ? (
                          <p className="text-xs text-amber-800">Out of date: the original was edited after this.</p>
                        ) : null}
                      </div>
                    </div>
                  ) : (
                    <p className="mt-1">{segment.text}</p>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      {data.allowDownloads ? (
        <section aria-labelledby="download-title" className="mt-10 rounded-xl border border-slate-200 p-6">
          <h2 id="download-title" className="font-semibold">
            Download
          </h2>
          <form method="get" action={`${base}/export`} className="mt-3 space-y-3">
            <fieldset className="flex flex-wrap gap-4">
              <legend className="sr-only">Format</legend>
              {EXPORT_FORMATS.map((format, index) => (
                <label key={format} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="format" value={format} defaultChecked={index === 0} />
                  {EXPORT_LABELS[format]}
                </label>
              ))}
            </fieldset>
            {translation.showLanguage ? (
              <>
                <input type="hidden" name="language" value={translation.showLanguage} />
                <label className="flex items-center gap-2 text-sm">
                  Text
                  <select name="text" defaultValue="original" className="rounded-md border border-slate-300 px-2 py-1">
                    <option value="original">Original</option>
                    <option value="translation">{languageName(translation.showLanguage)}</option>
                    <option value="both">Both (bilingual)</option>
                  </select>
                </label>
              </>
            ) : null}
            <button type="submit" className={buttonClass("primary")}>
              Download
            </button>
          </form>
          <h3 className="mt-6 text-sm font-semibold">Court transcript (legal layout)</h3>
          <LegalDownloadForm action={`${base}/export`} />
        </section>
      ) : null}
    </div>
  );
}
