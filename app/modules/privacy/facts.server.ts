// What the privacy page and the policy say about keeping data, read from the same settings the code enforces:
// where files are stored, the retention ceilings, how long links and grace periods last, and which outside services
// (if any) receive a user's audio or text under this server's configuration.
import { getEnv } from "~/config/env.server";
import { SESSION_TTL_MS } from "~/modules/platform/session.server";
import { ACCOUNT_GRACE_DAYS, DAY_MS, EXPORT_LINK_DAYS } from "./retention";

export interface Processor {
  what: string;
  /** null: done on this server. */
  sentTo: string | null;
}

const hostOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).host : "an outside service";
  } catch {
    return "an outside service";
  }
};

export function privacyFacts() {
  const env = getEnv();
  const openai = hostOf(env.OPENAI_BASE_URL);
  const processors: Processor[] = [
    {
      what: "Speech recognition (your audio)",
      sentTo: env.TRANSCRIBE_ENGINE === "openai" ? openai : null,
    },
    {
      what: "Translation (your transcript's text)",
      sentTo:
        env.TRANSLATE_ENGINE === "apertium"
          ? null
          : env.TRANSLATE_ENGINE === "deepl"
            ? "DeepL (api.deepl.com)"
            : env.TRANSLATE_ENGINE === "libretranslate"
              ? hostOf(env.LIBRETRANSLATE_URL)
              : openai,
    },
    { what: "Summaries (your transcript's text)", sentTo: env.SUMMARY_ENGINE === "openai" ? openai : null },
    {
      what: "Support chat answers (your chat messages)",
      sentTo: env.CHAT_ASSISTANT_ENGINE === "openai" ? openai : null,
    },
    {
      what: "Email (your address and the message)",
      sentTo: env.SMTP_URL ? hostOf(env.SMTP_URL) : env.SES_REGION ? `Amazon SES (${env.SES_REGION})` : null,
    },
    { what: "Card payments (billing details, never card numbers)", sentTo: env.STRIPE_SECRET_KEY ? "Stripe" : null },
  ];
  const s3 = env.STORAGE_URL?.startsWith("s3:");
  return {
    storage: s3 ? "in an S3-compatible object store run for this service" : "on this server's own disk",
    encryption: s3
      ? env.S3_SSE
        ? `encrypted by the object store (S3 server-side encryption, ${env.S3_SSE})`
        : "not encrypted by this service (the object store's own settings apply)"
      : env.STORAGE_ENCRYPTION
        ? "encrypted (AES-256-GCM) as they arrive: no plain copy is written while an upload is received and checked"
        : "not encrypted",
    // As the transcription job reads it (jobSource): an S3 object is downloaded, a stored file is read in place.
    transcription: s3
      ? "a copy of it is downloaded into a working folder on the server that transcribes it and decoded there"
      : "it is read where it is stored (decrypted as it is read, when it is encrypted), and the decoded speech the " +
        "engine works on is written to a working folder on the server that transcribes it",
    maxAudioDays: env.RETENTION_MAX_AUDIO_DAYS ?? null,
    maxRecordingDays: env.RETENTION_MAX_RECORDING_DAYS ?? null,
    exportLinkDays: EXPORT_LINK_DAYS,
    accountGraceDays: ACCOUNT_GRACE_DAYS,
    sessionDays: Math.round(SESSION_TTL_MS / DAY_MS),
    processors,
  };
}

export type PrivacyFacts = ReturnType<typeof privacyFacts>;
