import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TranslationError } from "./errors";
import type { TranslationProvider } from "./translator";
import {
  CommandTimeoutError,
  ProcessError,
  ProgramNotInstalledError,
  runCommand,
  type CommandResult,
} from "../process.server";

/** Where Debian's apertium packages put their mode files (`eng-spa.mode`…). */
export const APERTIUM_MODES_DIR = "/usr/share/apertium/modes";

/**
 * ISO 639-1 pair → Apertium mode name, for the Debian language-pair packages we know of. Only the modes whose file
 * is installed are offered (apertium-en-es gives eng-spa and spa-eng).
 */
export const APERTIUM_MODES: Record<string, string> = {
  "en>es": "eng-spa",
  "es>en": "spa-eng",
  "en>ca": "eng-cat",
  "ca>en": "cat-eng",
  "en>gl": "en-gl",
  "gl>en": "gl-en",
  "en>eo": "en-eo",
  "eo>en": "eo-en",
  "eu>en": "eu-en",
  "is>en": "isl-eng",
  "mk>en": "mkd-eng",
};

/** Debian package that provides each pair, named in errors. */
const PACKAGES: Record<string, string> = {
  "eng-spa": "apertium-en-es",
  "spa-eng": "apertium-en-es",
  "eng-cat": "apertium-en-ca",
  "cat-eng": "apertium-en-ca",
  "en-gl": "apertium-en-gl",
  "gl-en": "apertium-en-gl",
  "en-eo": "apertium-en-eo",
  "eo-en": "apertium-en-eo",
  "eu-en": "apertium-eu-en",
  "isl-eng": "apertium-isl-eng",
  "mkd-eng": "apertium-mk-en",
};

/** Apertium handles about 6,600 words/s; the limit leaves wide room on top of process start-up. */
const WORDS_PER_SECOND = 1_000;
const BASE_TIMEOUT_MS = 30_000;

export interface ApertiumOptions {
  /** The program, default "apertium" on PATH. */
  command?: string;
  modesDir?: string;
}

function baseCode(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0];
}

/** Apertium reads one segment per line: line breaks (and NULs) inside a text become spaces. */
function oneLine(text: string): string {
  return text
    .replace(/[\r\n\u0085\u2028\u2029\f\v\0]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The `apertium` script reads its input through `/dev/stdin`, which cannot be opened when stdin is a socket (as Node's
 * piped stdio is), so the input goes through a temporary file named as the input argument instead.
 */
async function runApertium(
  command: string,
  mode: string,
  input: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  signal?.throwIfAborted();
  const directory = await mkdtemp(path.join(os.tmpdir(), "voxlate-apertium-"));
  try {
    const inputFile = path.join(directory, "input.txt");
    await writeFile(inputFile, input, "utf8");
    return await runApertiumFile(command, mode, inputFile, timeoutMs, signal);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function runApertiumFile(
  command: string,
  mode: string,
  inputFile: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  let result: CommandResult;
  try {
    result = await runCommand(command, ["-u", mode, inputFile], {
      timeoutMs,
      signal,
      // The script refuses to run without a UTF-8 locale.
      env: { ...process.env, LC_ALL: "C.UTF-8" },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ProgramNotInstalledError) {
      throw new TranslationError(
        "Apertium is not installed on the server (Debian packages apertium and apertium-en-es).",
      );
    }
    if (error instanceof CommandTimeoutError) {
      throw new TranslationError(`Apertium did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`);
    }
    if (error instanceof ProcessError) throw new TranslationError(`Apertium failed: ${error.message}`);
    throw new TranslationError(
      `Apertium could not be started: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const { code, stdout: output, stderr } = result;
  // The script exits 0 after printing its usage on some errors: no output with a message on stderr is a failure.
  if (code === 0 && (output.trim() || !stderr.trim())) return output;
  throw new TranslationError(
    `Apertium failed (exit ${code ?? "signal"}): ${stderr.trim().slice(-300) || "no message"}`,
  );
}

/** Offline rule-based translation with Apertium (`apertium -u MODE FILE`, one segment per line). */
export function apertiumProvider(options: ApertiumOptions = {}): TranslationProvider {
  const command = options.command ?? "apertium";
  const modesDir = options.modesDir ?? APERTIUM_MODES_DIR;

  const modeFor = (source: string, target: string): string | null => {
    const mode = APERTIUM_MODES[`${baseCode(source)}>${baseCode(target)}`];
    return mode && existsSync(path.join(modesDir, `${mode}.mode`)) ? mode : null;
  };

  const translateLines = async (mode: string, lines: string[], signal?: AbortSignal): Promise<string[]> => {
    const words = lines.reduce((sum, line) => sum + line.split(" ").length, 0);
    const timeoutMs = BASE_TIMEOUT_MS + (words / WORDS_PER_SECOND) * 1_000;
    const output = await runApertium(command, mode, `${lines.join("\n")}\n`, timeoutMs, signal);
    return output
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim());
  };

  return {
    name: "apertium",
    label: "Apertium (offline rule-based)",
    supports: (source, target) => modeFor(source, target) !== null,
    async translate(texts, source, target, translateOptions = {}) {
      if (!source)
        throw new TranslationError("Apertium needs the source language: choose the language of the recording.");
      const mode = modeFor(source, target);
      if (!mode) {
        const known = APERTIUM_MODES[`${baseCode(source)}>${baseCode(target)}`];
        throw new TranslationError(
          known
            ? `Apertium cannot translate ${source} to ${target} here: install the Debian package ${PACKAGES[known]}.`
            : `Apertium cannot translate ${source} to ${target}. Choose another language pair or translation engine.`,
        );
      }
      const lines = texts.map(oneLine);
      const results = lines.map(() => "");
      // Blank lines are not sent: empty text stays empty.
      const indexes = lines.flatMap((line, index) => (line ? [index] : []));
      if (indexes.length === 0) return results;
      let translated = await translateLines(
        mode,
        indexes.map((index) => lines[index]),
        translateOptions.signal,
      );
      if (translated.length !== indexes.length) {
        // Should not happen; if the line structure ever shifts, translate one segment per call so order is certain.
        translated = [];
        for (const index of indexes)
          translated.push((await translateLines(mode, [lines[index]], translateOptions.signal)).join(" "));
      }
      indexes.forEach((index, position) => (results[index] = translated[position]));
      return results;
    },
  };
}
