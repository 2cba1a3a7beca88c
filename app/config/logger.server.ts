// The app's one logger (ADR 044): JSON lines on stdout, one object per line, pretty when a person watches a terminal.
// Every line written while a request or a job runs carries its requestId (and the job's queue and id), through an
// AsyncLocalStorage set by the web server and the job worker. Keys that hold secrets, codes, tokens, passwords, cookies
// or transcript text are censored wherever they appear, to two levels below the line's own fields.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { singleton } from "./singleton.server";

/** What every line written inside a request or job carries. */
export interface LogContext {
  requestId?: string;
  /** The signed-in user, once the request's session has been read (identifyUser). */
  userId?: string;
  queue?: string;
  jobId?: string;
}

/** Field names never written: their values become "[redacted]". Matched exactly (case-sensitive), at any of 3 levels. */
const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "code",
  "secret",
  "clientSecret",
  "apiKey",
  "key",
  "otp",
  "cookie",
  "authorization",
  "set-cookie",
  "text",
  "transcript",
  "segments",
  "summary",
];

export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const joined = (prefix: string) => (safe.startsWith("[") ? `${prefix}${safe}` : `${prefix}.${safe}`);
  return [safe.startsWith("[") ? safe.slice(2, -2) : safe, joined("*"), joined("*.*")];
});

const context = singleton("log-context", () => new AsyncLocalStorage<LogContext>());

/** Runs `work` with `fields` added to every line it logs (and to the jobs it queues, for requestId). */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

/** The id of the request (or of the request that queued the job) running now, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** The fields of the request or job running now (for an error report). */
export function currentLogContext(): LogContext {
  return { ...context.getStore() };
}

/** Marks the rest of the running request as the user's: its later log lines and error reports carry their id. */
export function identifyUser(userId: string) {
  const store = context.getStore();
  if (store) store.userId = userId;
}

/** Longer than any message the app writes: what is past it is words the error quoted (a transcript, a note). */
export const MAX_MESSAGE_LENGTH = 300;

/** pino's error serializer, with the message (and the stack's copy of it) cut at MAX_MESSAGE_LENGTH. */
function errorWithShortMessage(error: unknown) {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error);
  const message = serialized.message ?? "";
  if (message.length <= MAX_MESSAGE_LENGTH) return serialized;
  const cut = `${message.slice(0, MAX_MESSAGE_LENGTH)}…[cut]`;
  return { ...serialized, message: cut, stack: serialized.stack?.split(message).join(cut) };
}

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL || "info";
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: errorWithShortMessage },
    mixin: () => ({ ...context.getStore() }),
  };
  // A person at a terminal reads colours and aligned times; a log collector reads JSON.
  if (process.stdout.isTTY) {
    return pino(
      options,
      pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", sync: true }),
    );
  }
  return pino(options);
}

/** The process's logger (one per process: server.ts and the React Router build share it). */
export const logger: Logger = singleton("logger", createLogger);

/** A logger whose lines say which part of the app wrote them (`component`), in place of the old "[jobs]" prefixes. */
export function loggerFor(component: string): Logger {
  return logger.child({ component });
}
