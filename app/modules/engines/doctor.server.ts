// What this server runs and whether each part works: `npm run doctor` prints it, the admin console shows it. Each
// check is cheap and local (a file, a program, a probe write, `SELECT 1`); remote APIs are named, not contacted.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { catalogueEntry, isVerifiedModel } from "../../../scripts/models";
import { FALLBACK_ENGINE_NOTICE } from "~/content/engines";
import { type Database, getDatabase } from "~/modules/platform/database.server";
import { appOrigin, dataDir, getEnv } from "~/config/env.server";
import { configuredSummariser } from "~/modules/transcripts/summaries.server";
import { configuredMailTransport } from "~/services/email/index.server";
import { findProgram } from "~/services/process.server";
import { configuredStorage } from "~/services/storage/index.server";
import {
  configuredTranscriber,
  configuredVadModelPath,
  selectedEngineName,
  whisperModelStatus,
} from "~/services/transcription/index.server";
import { pocketsphinxModelFiles } from "~/services/transcription/pocketsphinx.server";
import { configuredTranslator } from "~/services/translation/index.server";
import { languageName } from "~/utils/languages";

/** ok: works. warn: works, but worse than it could (a fallback, a missing optional model). fail: does not work. */
export type CheckStatus = "ok" | "warn" | "fail";

export interface HealthCheck {
  /** "Transcription", "VAD", "Storage"… */
  part: string;
  /** What runs: the engine or transport, and its model. */
  runs: string;
  /** The model file, folder or address it uses, when it has one. */
  location: string | null;
  status: CheckStatus;
  /** What the check found, and what to do when it is not ok. */
  detail: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs a check; a check that throws is a failure with the error's message. */
async function check(
  part: string,
  fallback: { runs: string; location?: string | null },
  run: () => HealthCheck | Promise<HealthCheck>,
): Promise<HealthCheck> {
  try {
    return await run();
  } catch (error) {
    return { part, runs: fallback.runs, location: fallback.location ?? null, status: "fail", detail: message(error) };
  }
}

function transcription(): HealthCheck {
  const env = getEnv();
  const selected = selectedEngineName();
  const setting = `TRANSCRIBE_ENGINE=${env.TRANSCRIBE_ENGINE}`;
  const engine = configuredTranscriber().engine;
  const runs = `${engine.label}${engine.model ? `, model ${engine.model}` : ""}`;
  if (selected === "pocketsphinx") {
    const files = pocketsphinxModelFiles(env.POCKETSPHINX_MODEL_DIR);
    const missing = Object.values(files).filter((file) => !fs.existsSync(file));
    const program = findProgram("pocketsphinx_continuous");
    if (!program || missing.length) {
      return {
        part: "Transcription",
        runs,
        location: env.POCKETSPHINX_MODEL_DIR,
        status: "fail",
        detail: !program
          ? "pocketsphinx_continuous is not installed (Debian package pocketsphinx)."
          : `Model files missing: ${missing.join(", ")} (Debian package pocketsphinx-en-us).`,
      };
    }
    const whisper = whisperModelStatus();
    const why =
      env.TRANSCRIBE_ENGINE === "auto"
        ? whisper.check === "mismatch"
          ? `${whisper.path} does not match its published checksum (a cut or changed download); run \`npm run models:download\`.`
          : `no whisper model at ${whisper.path}; run \`npm run models:download\` on a machine with internet.`
        : `${setting}.`;
    return {
      part: "Transcription",
      runs,
      location: env.POCKETSPHINX_MODEL_DIR,
      status: "warn",
      detail: `${FALLBACK_ENGINE_NOTICE} (${why})`,
    };
  }
  if (selected === "whisper") {
    const model = whisperModelStatus();
    const detail = {
      verified: "Model present and matches its published checksum.",
      unlisted: "Model present (a custom file: no published checksum to check it against).",
      mismatch: "Model present but does not match its published checksum; run `npm run models:download`.",
      absent: "Model missing.",
    }[model.check];
    return {
      part: "Transcription",
      runs,
      location: model.path,
      status: model.check === "mismatch" ? "warn" : "ok",
      detail: `${setting}. ${detail}`,
    };
  }
  return {
    part: "Transcription",
    runs,
    location: env.OPENAI_BASE_URL,
    status: "ok",
    detail: `${setting}. Remote API: configured, not contacted.`,
  };
}

function vad(): HealthCheck {
  const file = configuredVadModelPath();
  const entry = catalogueEntry(path.basename(file));
  const runs = "Silero VAD (splits long recordings at pauses)";
  if (!fs.existsSync(file))
    return {
      part: "VAD",
      runs,
      location: file,
      status: "warn",
      detail:
        "Model missing: long recordings are split at their quietest moments instead. `npm run models:download` fetches it.",
    };
  if (entry && !isVerifiedModel(file, entry))
    return { part: "VAD", runs, location: file, status: "warn", detail: "Does not match its published checksum." };
  return {
    part: "VAD",
    runs,
    location: file,
    status: "ok",
    detail: entry ? "Present and matches its published checksum." : "Present (a custom file).",
  };
}

function diarization(): HealthCheck {
  return {
    part: "Diarization",
    runs: "Built in: voice statistics and clustering (no model file)",
    location: null,
    status: "ok",
    detail: "Labels speakers when the engine gives none.",
  };
}

function translation(): HealthCheck {
  const env = getEnv();
  const translator = configuredTranslator();
  if (env.TRANSLATE_ENGINE !== "apertium")
    return {
      part: "Translation",
      runs: translator.label,
      location: env.TRANSLATE_ENGINE === "libretranslate" ? (env.LIBRETRANSLATE_URL ?? null) : null,
      status: "ok",
      detail: "Remote API: configured, not contacted.",
    };
  const program = findProgram("apertium");
  const pairs = ["es", "ca", "gl", "fr", "pt", "it"].filter((code) => translator.supports("en", code));
  if (!program)
    return {
      part: "Translation",
      runs: translator.label,
      location: null,
      status: "fail",
      detail: "apertium is not installed (Debian package apertium).",
    };
  return {
    part: "Translation",
    runs: translator.label,
    location: program,
    status: pairs.length ? "ok" : "warn",
    detail: pairs.length
      ? `English to ${pairs.map(languageName).join(", ")} and back.`
      : "No language pairs installed (Debian packages apertium-en-es…).",
  };
}

function summariser(): HealthCheck {
  const env = getEnv();
  const summary = configuredSummariser();
  return {
    part: "Summaries",
    runs: summary.label,
    location: summary.name === "openai" ? env.OPENAI_BASE_URL : null,
    status: "ok",
    detail: summary.name === "openai" ? "Remote API: configured, not contacted." : "Offline, no model.",
  };
}

function chatAssistant(): HealthCheck {
  const env = getEnv();
  return {
    part: "Chat assistant",
    // From the settings: the assistant's module reads the help centre through Vite, which the CLI does not run.
    runs:
      env.CHAT_ASSISTANT_ENGINE === "openai"
        ? `${env.CHAT_ASSISTANT_MODEL} (OpenAI-compatible chat API) over the help centre`
        : "Help-centre search (offline, no model)",
    location: env.CHAT_ASSISTANT_ENGINE === "openai" ? env.OPENAI_BASE_URL : null,
    status: "ok",
    detail: env.CHAT_ASSISTANT_ENGINE === "openai" ? "Remote API: configured, not contacted." : "Offline, no model.",
  };
}

/** Writes, measures and deletes a small object through the storage interface, so S3 is checked the same way. */
async function storage(): Promise<HealthCheck> {
  const store = configuredStorage();
  const location = getEnv().STORAGE_URL ?? dataDir("uploads");
  const probe = path.join(os.tmpdir(), `voxlate-doctor-${crypto.randomUUID()}`);
  const key = `doctor/${path.basename(probe)}`;
  await fs.promises.writeFile(probe, "voxlate doctor probe\n");
  try {
    await store.putFile(key, probe);
    const size = await store.size(key);
    await store.delete(key);
    if (size !== 21) throw new Error(`Wrote 21 bytes but storage reports ${size}.`);
  } finally {
    await fs.promises.rm(probe, { force: true });
  }
  return {
    part: "Storage",
    runs: store.name,
    location,
    status: "ok",
    detail: "Writable (a probe was written and deleted).",
  };
}

async function email(): Promise<HealthCheck> {
  const env = getEnv();
  const transport = configuredMailTransport();
  if (transport.name !== "outbox")
    return {
      part: "Email",
      runs: transport.name === "smtp" ? "SMTP" : "Amazon SES",
      location: transport.name === "smtp" ? new URL(env.SMTP_URL!).host : (env.SES_REGION ?? null),
      status: "ok",
      detail: "Configured, not contacted.",
    };
  const directory = dataDir("mail");
  await fs.promises.mkdir(directory, { recursive: true });
  await fs.promises.access(directory, fs.constants.W_OK);
  return {
    part: "Email",
    runs: "Outbox (mail is written to files, not sent)",
    location: directory,
    status: "ok",
    detail: "Writable. Set SMTP_URL or SES_REGION to send mail.",
  };
}

function publicAddress(): HealthCheck {
  const origin = appOrigin();
  if (getEnv().APP_URL)
    return {
      part: "Public address",
      runs: "APP_URL",
      location: origin,
      status: "ok",
      detail: "Links in emails and share links use it.",
    };
  return {
    part: "Public address",
    runs: "APP_URL is not set",
    location: origin,
    status: "warn",
    detail: `Links in emails, share links and the API documentation point at ${origin}, which works only on this machine. Set APP_URL to the address people open Voxlate at.`,
  };
}

async function database(connect: () => Promise<Database>): Promise<HealthCheck> {
  const database = await connect();
  await database.sql.query("SELECT 1");
  return { part: "Database", runs: database.kind, location: database.location, status: "ok", detail: "Reachable." };
}

/**
 * Every check, in the order an operator reads them. `connect` opens the database (the CLI's); the app's loaders use
 * the one already open.
 */
export async function healthChecks({ connect = getDatabase }: { connect?: () => Promise<Database> } = {}): Promise<
  HealthCheck[]
> {
  const env = getEnv();
  return Promise.all([
    check("Transcription", { runs: `TRANSCRIBE_ENGINE=${env.TRANSCRIBE_ENGINE}` }, transcription),
    check("VAD", { runs: "Silero VAD" }, vad),
    check("Diarization", { runs: "Built in" }, diarization),
    check("Translation", { runs: `TRANSLATE_ENGINE=${env.TRANSLATE_ENGINE}` }, translation),
    check("Summaries", { runs: `SUMMARY_ENGINE=${env.SUMMARY_ENGINE}` }, summariser),
    check("Chat assistant", { runs: `CHAT_ASSISTANT_ENGINE=${env.CHAT_ASSISTANT_ENGINE}` }, chatAssistant),
    check("Storage", { runs: env.STORAGE_URL ?? "file" }, storage),
    check("Email", { runs: "mail transport" }, email),
    check("Public address", { runs: "APP_URL" }, publicAddress),
    check("Database", { runs: env.DATABASE_URL ? "postgres" : "pglite" }, () => database(connect)),
  ]);
}
