import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("db");

/**
 * The embedded database's buffer pool. PGlite 0.3 starts Postgres with `-c shared_buffers=128MB` written into its
 * WASM binary, with no option to change it, and Emscripten zero-fills the whole pool at start: 128 MB of resident
 * memory in every process that opens the database, whatever its size. 16 MB holds the working set of a small
 * office's data; pages beyond it come from the operating system's file cache.
 */
export const EMBEDDED_SHARED_BUFFERS = "16MB";

const STOCK_SETTING = "shared_buffers=128MB\0";

let compiled: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * PGlite's WASM module with the smaller buffer pool: a copy of the binary in which that one startup string is
 * replaced by one of the same length (the rest of the binary is untouched), compiled once per process.
 * Undefined when the string is not there (another PGlite version): PGlite then loads its own module.
 *
 * It is compiled with V8's baseline compiler only (Liftoff). By default V8 recompiles every function that runs often
 * with its optimising compiler, and Postgres's start-up and catalogue code runs often enough: about 100 MB more
 * resident memory, for no measurable gain in query time (the time of a query goes to the wire protocol and the
 * JavaScript around it; docs/performance.md). The flag is read when a module is compiled, so it is restored at
 * once and other WASM code (Prisma's query compiler) is still optimised.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= compilePgliteWasm();
  return compiled;
}

async function compilePgliteWasm(): Promise<WebAssembly.Module | undefined> {
  // The package does not export its .wasm file; it sits next to the entry point.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const wasmPath = path.join(path.dirname(entry), "pglite.wasm");
  const bytes = await fs.promises.readFile(wasmPath);
  const patched = withSetting(bytes, STOCK_SETTING, `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`);
  if (!patched) {
    log.warn(`${wasmPath} does not set ${STOCK_SETTING.slice(0, -1)}; using PGlite's own settings`);
    return undefined;
  }
  const alreadyBaselineOnly = process.execArgv.includes("--liftoff-only");
  v8.setFlagsFromString("--liftoff-only");
  try {
    return await WebAssembly.compile(patched);
  } finally {
    if (!alreadyBaselineOnly) v8.setFlagsFromString("--no-liftoff-only");
  }
}

/** The binary with the NUL-terminated string `from` replaced by `to` (padded with NULs), if `from` occurs once. */
export function withSetting(bytes: Buffer, from: string, to: string): Buffer<ArrayBuffer> | undefined {
  const at = bytes.indexOf(from);
  if (at < 0 || bytes.indexOf(from, at + 1) >= 0 || to.length >= from.length) return undefined;
  const copy = Buffer.from(bytes);
  copy.fill(0, at, at + from.length);
  copy.write(to, at, "latin1");
  return copy;
}
