// The browser's recorder for live recording and the landing demo: MediaRecorder over the microphone, system audio
// (getDisplayMedia) or both mixed, in the first format the browser supports of the spec's order, with chunks every
// second at 44100 Hz. Its errors are the spec's (section 8), word for word.

export type AudioSource = "microphone" | "system" | "both";

/** Spec section 9: webm opus, webm, mp4, mpeg. */
export const PREFERRED_MIME_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/mpeg"] as const;
export const CHUNK_MS = 1000;
export const SAMPLE_RATE = 44_100;

const SOURCE_WORDS: Record<AudioSource, string> = {
  microphone: "microphone",
  system: "system",
  both: "microphone and system",
};

export const RECORDER_ERRORS = {
  access: (source: AudioSource) => `Could not access ${SOURCE_WORDS[source]} audio. Please check permissions.`,
  notInitialized: "Audio recorder not initialized",
  noRecording: "No active recording",
  alreadyStopped: "Recording already stopped",
  failed: "Recording failed",
} as const;

export const SYSTEM_AUDIO_FALLBACK = "System audio could not be captured, so the microphone is being recorded instead.";

export class RecorderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RecorderError";
  }
}

export function supportedMimeType(): string | null {
  if (typeof MediaRecorder === "undefined") return null;
  return PREFERRED_MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

function microphone(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: { sampleRate: SAMPLE_RATE, channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
}

/** System audio through screen sharing; null when the browser or the user gives no audio track. */
async function systemAudio(): Promise<MediaStream | null> {
  try {
    // Browsers require video to offer audio; the video track is dropped at once.
    const shared = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
    shared.getVideoTracks().forEach((track) => track.stop());
    const audio = shared.getAudioTracks();
    return audio.length ? new MediaStream(audio) : null;
  } catch {
    return null;
  }
}

export class AudioRecorder {
  private streams: MediaStream[] = [];
  private context: AudioContext | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private stopped = false;
  mimeType = "";

  /**
   * Asks for the source. Returns a notice when system audio fell back to the microphone. Throws the spec's
   * access error when nothing could be captured.
   */
  async init(source: AudioSource): Promise<{ stream: MediaStream; notice: string | null }> {
    const mimeType = supportedMimeType();
    if (!mimeType || !navigator.mediaDevices?.getUserMedia) throw new RecorderError(RECORDER_ERRORS.access(source));
    this.mimeType = mimeType;
    let notice: string | null = null;
    let stream: MediaStream;
    try {
      if (source === "microphone") {
        stream = await microphone();
        this.streams = [stream];
      } else {
        const system = await systemAudio();
        if (!system) {
          notice = SYSTEM_AUDIO_FALLBACK;
          stream = await microphone();
          this.streams = [stream];
        } else if (source === "system") {
          stream = system;
          this.streams = [system];
        } else {
          const mic = await microphone();
          this.streams = [mic, system];
          stream = this.mix([mic, system]);
        }
      }
    } catch {
      this.release();
      throw new RecorderError(RECORDER_ERRORS.access(source));
    }
    return { stream, notice };
  }

  /** Both sources into one track, at the spec's sample rate. */
  private mix(streams: MediaStream[]): MediaStream {
    this.context = new AudioContext({ sampleRate: SAMPLE_RATE });
    const destination = this.context.createMediaStreamDestination();
    for (const stream of streams) this.context.createMediaStreamSource(stream).connect(destination);
    return destination.stream;
  }

  /** Starts recording `stream` (from init); each second's chunk goes to onChunk. */
  start(stream: MediaStream, onChunk: (chunk: Blob) => void, onFailure: (message: string) => void) {
    if (!this.mimeType || this.streams.length === 0) throw new RecorderError(RECORDER_ERRORS.notInitialized);
    this.chunks = [];
    this.stopped = false;
    const recorder = new MediaRecorder(stream, { mimeType: this.mimeType });
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      this.chunks.push(event.data);
      onChunk(event.data);
    };
    recorder.onerror = () => {
      this.release();
      onFailure(RECORDER_ERRORS.failed);
    };
    recorder.start(CHUNK_MS);
    this.recorder = recorder;
  }

  /** Stops and returns the whole recording (every chunk so far), also kept for a download if saving fails. */
  stop(): Promise<Blob> {
    const recorder = this.recorder;
    if (!recorder) return Promise.reject(new RecorderError(RECORDER_ERRORS.noRecording));
    if (this.stopped || recorder.state === "inactive")
      return Promise.reject(new RecorderError(RECORDER_ERRORS.alreadyStopped));
    this.stopped = true;
    return new Promise((resolve) => {
      recorder.addEventListener(
        "stop",
        () => {
          this.release();
          resolve(this.recording());
        },
        { once: true },
      );
      recorder.stop();
    });
  }

  recording(): Blob {
    return new Blob(this.chunks, { type: this.mimeType.split(";")[0] });
  }

  /** Stops every track (the browser's recording indicator goes off) and closes the mixer. */
  release() {
    for (const stream of this.streams) stream.getTracks().forEach((track) => track.stop());
    this.streams = [];
    void this.context?.close().catch(() => {});
    this.context = null;
  }
}
