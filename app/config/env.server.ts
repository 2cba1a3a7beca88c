import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { singleton } from "./singleton.server";

const booleanFromString = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/** Every setting the app reads. `.env.example` documents each one; keep the two in step. */
export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    /**
     * The public origin: every absolute link the app writes (emails, share links, the OpenAPI server, OAuth
     * callbacks). Unset: http://localhost and the port this server listens on, right only for a local install.
     */
    APP_URL: z.url().optional(),
    /**
     * Signs cookies. Several, comma-separated, allow rotation: the first signs, all verify.
     * Unset: a random secret is created once and kept in DATA_DIR/session-secret.
     */
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    /** Seals two-factor secrets in the database. Unset: generated once and kept in DATA_DIR/secrets-key. */
    SECRETS_KEY: z.string().min(32, "SECRETS_KEY must be at least 32 characters").optional(),
    /** postgres://… for a PostgreSQL server; unset means the embedded PGlite under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
    DATA_DIR: z.string().default("./data"),
    /**
     * How the other web processes reach this one (live recordings are held by the process that started them; others
     * forward to it). Default http://127.0.0.1:PORT, right for processes on one machine.
     */
    INTERNAL_URL: z.url().optional(),
    /**
     * Web processes on this machine, sharing PORT: a number, or "auto" for one per CPU core. One process renders on
     * one core. More than one needs DATABASE_URL (the embedded database is opened by one process). Default 1.
     */
    WEB_PROCESSES: z
      .string()
      .regex(/^(auto|[1-9]\d?)$/, "WEB_PROCESSES must be a number from 1 to 99, or auto")
      .default("1")
      .transform((value) => (value === "auto" ? os.availableParallelism() : Number(value))),
    /**
     * Memory for documents kept by the data they were rendered from, per web process (ADR 032); 0 renders every page
     * anew. Production only.
     */
    RENDERED_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
    /** Run job workers inside the web process. Standalone workers: `npm run worker`. */
    WORKER_IN_PROCESS: booleanFromString.default(true),
    /** smtp://user:pass@host:port or smtps://…; unset writes mail to DATA_DIR/mail (the outbox). */
    SMTP_URL: z.url().optional(),
    /** Send through Amazon SES in this region (when SMTP_URL is unset); AWS credentials as the SDK finds them. */
    SES_REGION: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, "SES_REGION must look like eu-west-1")
      .optional(),
    MAIL_FROM: z.string().default("Voxlate <no-reply@voxlate.local>"),
    /** Marks cookies Secure; defaults to on in production. Turn off only to serve production over plain http. */
    COOKIE_SECURE: booleanFromString.optional(),
    /** Express "trust proxy": set to the number of proxies in front of the app so rate limits see real IPs. */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    /** Google sign-in (OAuth 2.0 web client). Both unset: the Google button is hidden. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Stripe secret key (sk_…). Unset: no card payments; `npm run plan:set` grants plans instead. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** The signing secret (whsec_…) of the webhook endpoint APP_URL/api/billing/webhook. */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Tests only: where the Stripe SDK sends API calls instead of https://api.stripe.com (a local mock). */
    STRIPE_API_BASE: z.url().optional(),
    /** Multiplies every rate limit; raise it only for automated tests. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
    /** Google Analytics 4 measurement id (G-…); the tag loads only with analytics consent. */
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]+$/, "GA_MEASUREMENT_ID looks like G-XXXXXXX")
      .optional(),
    /** A third-party analytics script, loaded only for visitors whose consent allows analytics. */
    ANALYTICS_SCRIPT_URL: z.url().optional(),
    /**
     * Who writes the support assistant's answers from the retrieved help articles: "search" quotes the best
     * article (offline, no model); "openai" has an OpenAI-compatible chat model write the answer from them.
     */
    CHAT_ASSISTANT_ENGINE: z.enum(["search", "openai"]).default("search"),
    CHAT_ASSISTANT_MODEL: z.string().min(1).default("gpt-4o-mini"),
    /** Assistant answers whose retrieval confidence (0–1) is below this are flagged and handed to a person. */
    CHAT_REVIEW_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
    /** Any OpenAI-compatible API: OpenAI, Groq, Ollama (http://localhost:11434/v1), LocalAI… */
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    OPENAI_API_KEY: z.string().min(1).optional(),
    /**
     * The speech engine: "auto" (whisper when a verified whisper model is installed, else pocketsphinx),
     * "whisper" (whisper.cpp in-process), "pocketsphinx" (offline fallback, English, Debian package) or "openai"
     * (any OpenAI-compatible /audio/transcriptions).
     */
    TRANSCRIBE_ENGINE: z.enum(["auto", "pocketsphinx", "whisper", "openai"]).default("auto"),
    /** The whisper.cpp model `npm run setup` fetches and the engine looks for: tiny, base, small, large-v3-turbo… */
    WHISPER_MODEL: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]*$/, "WHISPER_MODEL is a model name such as base, small or large-v3-turbo-q5_0")
      .default("base"),
    /** A whisper.cpp ggml model file to use instead. Default: DATA_DIR/models/ggml-<WHISPER_MODEL>.bin. */
    WHISPER_MODEL_PATH: z.string().min(1).optional(),
    /** Threads whisper.cpp uses; default: the machine's cores. */
    WHISPER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** Model name sent to the OpenAI-compatible transcription API. */
    OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
    POCKETSPHINX_MODEL_DIR: z.string().min(1).default("/usr/share/pocketsphinx/model/en-us"),
    /** Silero VAD model (silero_vad.onnx) that splits long audio at pauses. Default: DATA_DIR/models/silero_vad.onnx. */
    VAD_MODEL_PATH: z.string().min(1).optional(),
    /** Translation: "apertium" (offline, Debian packages, few pairs), "libretranslate", "deepl" or "openai" (a chat model). */
    TRANSLATE_ENGINE: z.enum(["apertium", "libretranslate", "deepl", "openai"]).default("apertium"),
    LIBRETRANSLATE_URL: z.url().optional(),
    LIBRETRANSLATE_API_KEY: z.string().min(1).optional(),
    DEEPL_API_KEY: z.string().min(1).optional(),
    /** Chat model for TRANSLATE_ENGINE=openai (through OPENAI_BASE_URL). */
    TRANSLATE_MODEL: z.string().min(1).default("gpt-4o-mini"),
    /** Transcript summaries: "extractive" ranks the transcript's own sentences (offline, no model); "openai" asks a chat model. */
    SUMMARY_ENGINE: z.enum(["extractive", "openai"]).default("extractive"),
    SUMMARY_MODEL: z.string().min(1).default("gpt-4o-mini"),
    /** Largest upload in bytes (Business Pro's limit; the other plans' limits are lower). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(500 * 1024 * 1024),
    /** Uploads are refused (507) when they would leave less than this free on DATA_DIR's disk. Default 1 GiB. */
    MIN_FREE_DISK_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(1024 * 1024 * 1024),
    /**
     * Turns on scheduled backups (`npm run backup` by the job queue): each run writes a folder here and checks that it
     * restores. Unset: no scheduled backups.
     */
    BACKUP_DIR: z.string().min(1).optional(),
    /** When scheduled backups run: a cron expression in UTC. Default daily at 03:15. */
    BACKUP_SCHEDULE: z.string().min(1).default("15 3 * * *"),
    /** How many scheduled backups are kept in BACKUP_DIR; older ones are removed after a new one is verified. */
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    /** Where uploads are stored: file:/path (default DATA_DIR/uploads) or s3://bucket/prefix (S3_ENDPOINT etc.). */
    STORAGE_URL: z
      .string()
      .regex(/^(file|s3):/, "STORAGE_URL must start with file: or s3:")
      .optional(),
    /**
     * Encrypts recordings stored under file: (AES-256-GCM) with STORAGE_KEY: 32 bytes as base64 or hex
     * (`openssl rand -base64 32`). Unset: a key is generated once and kept in DATA_DIR/storage-key. Files written
     * before stay readable; `npm run storage:rotate-key` rewrites them with the current key.
     */
    STORAGE_KEY: z.string().min(1).optional(),
    /** Earlier storage keys, comma-separated: files written with them stay readable after STORAGE_KEY changes. */
    STORAGE_KEYS: z.string().min(1).optional(),
    /** Turn off only to measure its cost: new files under file: are then written in plain (old ones stay readable). */
    STORAGE_ENCRYPTION: booleanFromString.default(true),
    /** S3 server-side encryption of new objects: AES256 (S3-managed keys) or aws:kms; unset sends no header. */
    S3_SSE: z.enum(["AES256", "aws:kms", "aws:kms:dsse"]).optional(),
    /** The KMS key (id or ARN) for S3_SSE=aws:kms; unset uses the bucket's AWS-managed key. */
    S3_SSE_KMS_KEY_ID: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),
    /** Operator's ceiling on keeping audio: every user's audio goes this many days after its transcript, whatever they chose (unset: no ceiling). */
    RETENTION_MAX_AUDIO_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
    /**
     * How long the audit trail keeps who, from where and what detail (actor, address, device, target, detail): after
     * this many days those fields are erased as an account's deletion erases them, and the entry stays in the chain
     * with its action, time and workspace (ADR 036-audit). Unset: kept for good. At least 30 days.
     */
    AUDIT_DETAIL_RETENTION_DAYS: z.coerce.number().int().min(30).max(36500).optional(),
    /** Operator's ceiling on keeping whole recordings: each is deleted this many days after upload at the latest (unset: no ceiling). */
    RETENTION_MAX_RECORDING_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
    /**
     * The webhook retry policy's base delay: pg-boss waits about this·2^n seconds before the n-th retry. The default
     * spreads 11 retries over 24 hours (webhooks.server.ts); tests lower it to watch the real queue retry.
     */
    WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).default(21),
    /** Seconds a URL import may take, from the request to the last byte; tests lower it to see it give up. */
    URL_IMPORT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
    /** Exposes /_test/* routes that exist only to exercise error handling in end-to-end tests. */
    ENABLE_TEST_ROUTES: booleanFromString.default(false),
    /**
     * Tests only (ignored unless NODE_ENV=test): "1" lets URL imports and webhook deliveries reach loopback addresses,
     * so a test can run its own receiver. Read from process.env on each request (outbound-http.server.ts).
     */
    OUTBOUND_ALLOW_LOOPBACK: booleanFromString.default(false),
    /**
     * Single sign-on (ADR 041-sso): "1" lets workspaces use identity providers on private or loopback addresses and
     * over plain http (a self-hosted Keycloak on the firm's network). Off: issuers must be public https addresses.
     * Read from process.env on each sign-in (sso.server.ts).
     */
    SSO_ALLOW_PRIVATE_ISSUERS: booleanFromString.default(false),
    /** One log line per request (pino-http). Tests turn it off; other lines are still written. */
    LOG_REQUESTS: booleanFromString.default(true),
    /** The least important log lines written: fatal, error, warn, info (default), debug, trace or silent. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Serves /metrics in Prometheus' text format (ADR 044) to requests bearing this token (`Authorization: Bearer …`).
     * Unset: no /metrics. At least 24 characters (`openssl rand -hex 24`).
     */
    METRICS_TOKEN: z.string().min(24, "METRICS_TOKEN must be at least 24 characters").optional(),
    /** `npm run worker` serves its own /metrics (job durations, engine speed) on this port, with METRICS_TOKEN. */
    WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * Sends server and browser errors to Sentry or a compatible service (ADR 044): user ids, never email addresses or
     * transcript text. Unset: nothing is sent.
     */
    SENTRY_DSN: z.url().optional(),
    /** The environment name errors are filed under (Sentry's `environment`); default NODE_ENV. */
    SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  })
  .refine((env) => env.WEB_PROCESSES === 1 || env.DATABASE_URL, {
    path: ["WEB_PROCESSES"],
    message: "more than one web process needs DATABASE_URL: the embedded database can be opened by one process only",
  });

export type Env = z.infer<typeof EnvSchema>;

function readEnv(): Env {
  // An empty variable (FOO=) means "not set", as most deployment tools write it.
  const set = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

let read: { env: Env; reading: object } | undefined;

/**
 * The validated environment, read once per process (by each copy of this module: server.ts and the React Router build
 * bundle their own). A test process that runs many files forgets the process-wide values between them
 * (forgetSingletons, tests/setup/fresh-modules.ts), and with them this reading: the next call reads afresh.
 */
export function getEnv(): Env {
  const reading = singleton("environment-reading", () => ({}));
  if (read?.reading !== reading) read = { env: readEnv(), reading };
  return read.env;
}

/**
 * `make` as a function that calls it once per reading of the environment: for a provider made from the configuration.
 * Each copy of the app's modules (server.ts and the React Router build bundle their own) keeps its own, so that the
 * errors a provider throws are the classes its copy checks for. A throw leaves nothing kept: the next call tries again.
 */
export function madeFromEnv<Value>(make: (env: Env) => Value): () => Value {
  let made: { env: Env; value: Value } | undefined;
  return () => {
    const env = getEnv();
    if (made?.env !== env) made = { env, value: make(env) };
    return made.value;
  };
}

export function dataDir(...parts: string[]): string {
  return path.resolve(getEnv().DATA_DIR, ...parts);
}

// Not a setting: server.ts sets it in one of several web processes. A process-wide singleton, because the server and
// the React Router build each bundle their own copy of this module.
const ownInternalPort = () => singleton<{ port?: number }>("own-internal-port", () => ({}));

/**
 * One of several web processes on a machine shares PORT with the others, so it also listens on a port of its own
 * and says which here: its internal address then names that port.
 */
export function useOwnInternalPort(port: number) {
  ownInternalPort().port = port;
}

/** This process's address for the other web processes (INTERNAL_URL, else http://127.0.0.1:PORT). */
export function internalOrigin(): string {
  const env = getEnv();
  const origin = new URL(env.INTERNAL_URL ?? `http://127.0.0.1:${env.PORT}`);
  const { port } = ownInternalPort();
  if (port !== undefined) origin.port = String(port);
  return origin.origin;
}

const listeningPort = () => singleton<{ port?: number }>("listening-port", () => ({}));

/** The port the public server actually listens on (PORT=0 picks one), for appOrigin without APP_URL. */
export function useListeningPort(port: number) {
  listeningPort().port = port;
}

/**
 * The one public origin of every absolute link the app writes, without a trailing slash: APP_URL, else
 * http://localhost on the port this server listens on. Never a request's Host header: a link in a reset email must
 * not point wherever a forged request said.
 */
export function appOrigin(): string {
  const env = getEnv();
  if (env.APP_URL) return env.APP_URL.replace(/\/$/, "");
  return `http://localhost:${listeningPort().port ?? env.PORT}`;
}

export function isProduction(): boolean {
  return getEnv().NODE_ENV === "production";
}

/** A secret kept in DATA_DIR/<name>, generated on first use (0600; a second process reads the first one's). */
function generatedSecret(name: string, bytes: number): string {
  const file = dataDir(name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(bytes).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      // Another process wrote it first; read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * The storage encryption keys as text: the current one (STORAGE_KEY, else generated in DATA_DIR/storage-key) and
 * the older ones (STORAGE_KEYS) that files written before a rotation still name.
 */
export function storageKeyTexts(): { current: string; older: string[] } {
  const env = getEnv();
  return {
    current: env.STORAGE_KEY ?? generatedSecret(GENERATED_SECRET_FILES.STORAGE_KEY, 32),
    older: (env.STORAGE_KEYS ?? "")
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean),
  };
}

/**
 * Every secret a backup needs to be read back, as text, by the name of the setting that holds it: the storage keys
 * (recordings are encrypted with them), the key that seals two-factor secrets, and the cookie secrets.
 */
export function secretTexts(): {
  STORAGE_KEY: string;
  STORAGE_KEYS: string[];
  SECRETS_KEY: string;
  SESSION_SECRET: string[];
} {
  const storage = storageKeyTexts();
  return {
    STORAGE_KEY: storage.current,
    STORAGE_KEYS: storage.older,
    SECRETS_KEY: getEnv().SECRETS_KEY ?? generatedSecret(GENERATED_SECRET_FILES.SECRETS_KEY, 32),
    SESSION_SECRET: sessionSecrets(),
  };
}

/** Names of the files in DATA_DIR that keep the secrets generated on first use (a restore writes them back). */
export const GENERATED_SECRET_FILES = {
  STORAGE_KEY: "storage-key",
  SECRETS_KEY: "secrets-key",
  SESSION_SECRET: "session-secret",
} as const;

/**
 * The key that seals secrets the app must read back (two-factor secrets): SECRETS_KEY, else generated once in
 * DATA_DIR/secrets-key. Not the cookie secret: rotating that must not lock anyone out of their second factor.
 */
export function secretsKey(): Buffer {
  const text = getEnv().SECRETS_KEY ?? generatedSecret(GENERATED_SECRET_FILES.SECRETS_KEY, 32);
  return crypto.createHash("sha256").update(text).digest();
}

/** Cookie-signing secrets: from SESSION_SECRET, else one generated on first start and kept in the data dir. */
export const sessionSecrets: () => string[] = madeFromEnv((env) =>
  env.SESSION_SECRET
    ? env.SESSION_SECRET.split(",")
        .map((secret) => secret.trim())
        .filter(Boolean)
    : [generatedSecret(GENERATED_SECRET_FILES.SESSION_SECRET, 48)],
);
