import { useMemo, useRef, useState } from "react";
import { ProgressBar } from "./progress-bar";
import { featureAvailability } from "~/modules/billing/plan-features";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, FormAlert } from "~/components/ui/field";
import type { FormReply } from "~/components/ui/form-reply";
import { Select } from "~/components/ui/select";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { EngineNotice } from "./engine-notice";
import { SpokenLanguageSelect, TranslateToSelect } from "./language-select";
import { SPEAKER_COUNTS, tooLargeMessage, UPLOAD_INTENT, uploadFormSchema } from "~/modules/recordings/recording-forms";
import { formatBytes } from "~/modules/recordings/recording-format";
import { useHydrated } from "~/utils/use-hydrated";

const ACCEPT = "audio/*,video/mp4,video/webm,.mp3,.wav,.m4a,.webm,.mp4,.ogg,.flac";

interface Progress {
  loaded: number;
  total: number;
  bytesPerSecond: number;
}

/** How a choice points at what describes it: its errors when it has some, else its note. */
function wiring(id: string, errors: string[] | undefined, note?: string) {
  const invalid = Boolean(errors?.length);
  return { invalid, describedBy: invalid ? `${id}-error` : note, errorId: `${id}-error` };
}

/** A refused form's value of an option, to start the choice from (the server's reply refills the options). */
const refill = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * Upload with options. Without JavaScript it is a plain multipart form posted to /dashboard, whose refusals come back
 * in Conform's reply (ADR 011): the options' beside their fields, the file's in the form's error area. With
 * JavaScript, Conform checks the same schema in the browser, the file can be dropped on the box, and it is sent with
 * the resumable tus protocol, with a progress bar, speed and Cancel; the tus server's refusal shows in the same area.
 */
export function UploadForm({
  maxBytes,
  planName,
  speakerLabelsAllowed,
  spokenLanguages,
  translationTargets,
  fallbackNotice,
  folders = [],
  folderId = null,
  reply,
  refusal,
}: {
  maxBytes: number;
  planName: string;
  speakerLabelsAllowed: boolean;
  /** Languages the server's speech engine transcribes. */
  spokenLanguages: { value: string; label: string }[];
  /** Languages the server's translator can produce. */
  translationTargets: { value: string; label: string }[];
  /** Set when the offline fallback engine will transcribe the upload. */
  fallbackNotice: string | null;
  /** The workspace's folders the uploader sees, to file the recording in (restricted ones are marked). */
  folders?: { id: string; name: string; restricted: boolean }[];
  /** The folder chosen to start with (the library's folder the user came from). */
  folderId?: string | null;
  /** The server's reply to this form's post (options refused), without JavaScript. */
  reply?: FormReply;
  /** The server's refusal of the file (the page's refusal), without JavaScript. */
  refusal?: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadRef = useRef<import("tus-js-client").Upload | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  // What the tus upload was answered (its JSON `{ error }`), or that it was cancelled: not a check of the form.
  const [uploadOutcome, setUploadOutcome] = useState<string | null>(null);
  const schema = useMemo(
    () => uploadFormSchema({ maxBytes, tooLarge: tooLargeMessage(formatBytes(maxBytes), planName) }),
    [maxBytes, planName],
  );
  const [form, fields] = useSchemaForm("upload", schema, reply, {
    onSubmit(event, { formData }) {
      event.preventDefault();
      void send(formData);
    },
  });
  const shownError = uploadOutcome ?? (form.errors?.length ? form.errors.join(" ") : refusal);

  const chooseFiles = (files: FileList | null) => {
    const file = files?.[0];
    setUploadOutcome(null);
    setFileName(file ? `${file.name} (${formatBytes(file.size)})` : null);
    // The plan's limit is checked as soon as a file is chosen, not only on submit.
    if (file) form.validate();
  };

  const send = async (options: FormData) => {
    const file = inputRef.current?.files?.[0];
    if (!file) return;
    setUploadOutcome(null);
    setProgress({ loaded: 0, total: file.size, bytesPerSecond: 0 });
    // tus: sent in chunks, retried after a dropped connection, and resumed where it stopped (even after a reload).
    const { Upload } = await import("tus-js-client");
    const startedAt = performance.now();
    let recordingId: string | null = null;
    const upload = new Upload(file, {
      endpoint: "/api/uploads",
      chunkSize: 32 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        filetype: file.type,
        language: String(options.get("language") ?? "auto"),
        translateTo: String(options.get("translateTo") ?? ""),
        ...(options.get("speakerLabels") ? { speakerLabels: "on" } : {}),
        speakerCount: String(options.get("speakerCount") ?? "auto"),
        folderId: String(options.get("folderId") ?? ""),
      },
      onProgress(loaded, total) {
        const seconds = (performance.now() - startedAt) / 1000;
        setProgress({ loaded, total, bytesPerSecond: seconds > 0 ? loaded / seconds : 0 });
      },
      onAfterResponse(_request, response) {
        recordingId ??= response.getHeader("Upload-Recording-Id") ?? null;
      },
      // A refusal (4xx) is final; network errors and server hiccups are retried.
      onShouldRetry(error) {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onSuccess() {
        uploadRef.current = null;
        if (recordingId) navigate(`/transcription/${recordingId}`);
      },
      onError(error) {
        uploadRef.current = null;
        setProgress(null);
        const response = "originalResponse" in error ? error.originalResponse : null;
        const body = response ? (safeJson(response.getBody()) as { error?: string } | null) : null;
        setUploadOutcome(
          body?.error ??
            (response
              ? `${response.getStatus()}: Upload failed`
              : "The connection dropped and could not be resumed. Please try again."),
        );
      },
    });
    uploadRef.current = upload;
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  };

  const cancel = () => {
    void uploadRef.current?.abort(true);
    uploadRef.current = null;
    setProgress(null);
    setUploadOutcome("Upload cancelled.");
  };

  const languageWiring = wiring(
    "upload-language",
    fields.language.errors,
    fallbackNotice ? "upload-engine-notice" : undefined,
  );
  const translateWiring = wiring("upload-translate", fields.translateTo.errors, "upload-translate-note");
  const speakerCountWiring = wiring("upload-speaker-count", fields.speakerCount.errors, "upload-speaker-count-note");
  const percent = progress && progress.total ? Math.floor((progress.loaded / progress.total) * 100) : 0;

  return (
    <form
      id={form.id}
      method="post"
      action="/dashboard"
      encType="multipart/form-data"
      onSubmit={form.onSubmit}
      noValidate={form.noValidate}
      className="space-y-4"
      aria-describedby={shownError ? `upload-limits ${form.errorId}` : "upload-limits"}
    >
      <input type="hidden" name="intent" value={UPLOAD_INTENT} />
      <label
        htmlFor="upload-file"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (inputRef.current && event.dataTransfer.files.length) {
            inputRef.current.files = event.dataTransfer.files;
            chooseFiles(event.dataTransfer.files);
          }
        }}
        className={`block cursor-pointer rounded-xl border-2 border-dashed p-8 text-center transition-colors focus-within:ring-2 focus-within:ring-brand-600 ${dragging ? "border-brand-600 bg-brand-50" : "hover:border-brand-400 border-slate-300 bg-white"}`}
      >
        <span className="block text-lg font-semibold">
          {hydrated ? "Drop an audio file here, or choose one" : "Choose an audio file"}
        </span>
        <span id="upload-limits" className="mt-1 block text-sm text-slate-600">
          MP3, WAV, M4A or WEBM (also MP4, OGG, FLAC), up to {formatBytes(maxBytes)} on the {planName} plan.
        </span>
        <input
          ref={inputRef}
          id="upload-file"
          name="file"
          type="file"
          accept={ACCEPT}
          required
          onChange={(event) => chooseFiles(event.target.files)}
          className="mx-auto mt-4 block text-sm"
        />
        {fileName ? <span className="mt-2 block text-sm font-medium">{fileName}</span> : null}
      </label>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="upload-language" className="block text-sm font-medium">
            Spoken language
          </label>
          <SpokenLanguageSelect
            id="upload-language"
            name="language"
            options={spokenLanguages}
            defaultValue={refill(fields.language.initialValue)}
            invalid={languageWiring.invalid}
            describedBy={languageWiring.describedBy}
          />
          {fallbackNotice ? <EngineNotice id="upload-engine-notice" notice={fallbackNotice} /> : null}
          <FieldErrors id={languageWiring.errorId} errors={fields.language.errors} />
        </div>
        <div>
          <label htmlFor="upload-translate" className="block text-sm font-medium">
            Translate to
          </label>
          <TranslateToSelect
            id="upload-translate"
            name="translateTo"
            targets={translationTargets}
            defaultValue={refill(fields.translateTo.initialValue)}
            invalid={translateWiring.invalid}
            describedBy={translateWiring.describedBy}
          />
          {translateWiring.invalid ? null : (
            <p id="upload-translate-note" className="mt-1 text-xs text-slate-600">
              Runs after the transcript is ready, when the translator has that language pair.
            </p>
          )}
          <FieldErrors id={translateWiring.errorId} errors={fields.translateTo.errors} />
        </div>
        <div className="flex items-start gap-2 pt-6">
          <input
            id="upload-speakers"
            name="speakerLabels"
            type="checkbox"
            disabled={!speakerLabelsAllowed}
            // On wherever the plan includes it; a form sent back by the server keeps what was sent.
            defaultChecked={speakerLabelsAllowed && (reply ? fields.speakerLabels.initialValue === "on" : true)}
            className="mt-1 h-4 w-4"
          />
          <label htmlFor="upload-speakers" className="text-sm">
            <span className="font-medium">Label speakers</span>
            <span className="block text-slate-600">
              {speakerLabelsAllowed ? "Marks who speaks when." : featureAvailability("speakerLabels")}
            </span>
          </label>
        </div>
        <div>
          <label htmlFor="upload-speaker-count" className="block text-sm font-medium">
            Number of speakers
          </label>
          <Select
            id="upload-speaker-count"
            name="speakerCount"
            disabled={!speakerLabelsAllowed}
            aria-invalid={speakerCountWiring.invalid || undefined}
            aria-describedby={speakerCountWiring.describedBy}
            options={SPEAKER_COUNTS.map((count) => ({ value: count, label: count }))}
            first={{ value: "auto", label: "Detect automatically" }}
            defaultValue={refill(fields.speakerCount.initialValue) ?? "auto"}
          />
          {speakerCountWiring.invalid ? null : (
            <p id="upload-speaker-count-note" className="mt-1 text-xs text-slate-600">
              When speakers are labelled. Giving the number helps when voices sound alike.
            </p>
          )}
          <FieldErrors id={speakerCountWiring.errorId} errors={fields.speakerCount.errors} />
        </div>
        {folders.length ? (
          <div>
            <label htmlFor="upload-folder" className="block text-sm font-medium">
              Folder
            </label>
            <Select
              id="upload-folder"
              name="folderId"
              options={folders.map((folder) => ({
                value: folder.id,
                label: folder.restricted ? `${folder.name} (restricted)` : folder.name,
              }))}
              first={{ value: "", label: "No folder" }}
              defaultValue={refill(fields.folderId.initialValue) ?? folderId ?? ""}
            />
            <FieldErrors id="upload-folder-error" errors={fields.folderId.errors} />
          </div>
        ) : null}
      </div>

      {shownError ? <FormAlert id={form.errorId}>{shownError}</FormAlert> : null}

      {progress ? (
        <div className="space-y-2" aria-live="polite">
          <div className="flex justify-between text-sm">
            <span>
              Uploading… {percent}% ({formatBytes(progress.loaded)} of {formatBytes(progress.total)})
            </span>
            <span>{progress.bytesPerSecond ? `${formatBytes(progress.bytesPerSecond)}/s` : ""}</span>
          </div>
          <ProgressBar value={percent} label="Upload progress" />
          <button type="button" onClick={cancel} className={buttonClass("secondary")}>
            Cancel upload
          </button>
        </div>
      ) : (
        <button type="submit" className={buttonClass("primary")}>
          Upload and transcribe
        </button>
      )}
    </form>
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
