// bench/upload: throughput of a large upload through the real app (streamed multipart POST and tus resumable
// upload) against `cp` of the same file on the same disk, and how much the server's memory grows meanwhile.
// Usage: npm run build && nice -n 19 node --import tsx bench/upload.ts [--size-mb 500]   (prints Markdown; no assertions)
// --encryption: instead, the cost of encryption at rest: the same uploads, alternating, to a server that stores
// files in plain (STORAGE_ENCRYPTION=false) and one that encrypts them (the default), time until 201 compared.
// --pace-mb-s N (with --encryption): the client sends at most N MiB/s, as over a network (119 for 1 Gbit/s),
// instead of as fast as loopback allows.
// --only multipart|tus (with --encryption): just that method (for profiling one).
// --size-mb N: the file is N MiB in total (header included). Business Pro's limit is 500 MiB, so 500 is the largest
// the app accepts with the default UPLOAD_MAX_BYTES.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import { Readable, Transform } from "node:stream";
import os from "node:os";
import path from "node:path";
import { defaultOptions, type HttpStack, Upload } from "tus-js-client";
import { cpuSeconds, idleRssKb, numberFlag, processTreeUsage, startAppServer, watchRss } from "./app-server";

const MiB = 1024 * 1024;
const SAMPLE_RATE = 44_100;
const CHANNELS = 2;
const TUS_CHUNK_BYTES = 64 * MiB;
const CP_RUNS = 3;
const RSS_TARGET_MB = 64;
const THROUGHPUT_TARGET = 0.5;

/** The 44-byte header of a PCM s16le WAV with `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * CHANNELS * 2, 28);
  header.writeUInt16LE(CHANNELS * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * Writes a 44.1 kHz stereo WAV of exactly `totalBytes` (a 440 Hz tone with random low bits, so it is not a run of
 * repeated bytes), 4 MiB at a time: the file is never held in memory.
 */
async function writeWav(file: string, totalBytes: number) {
  const frameBytes = CHANNELS * 2;
  const dataBytes = Math.floor((totalBytes - 44) / frameBytes) * frameBytes;
  // One second of the tone: 440 whole periods, so consecutive seconds join without a click.
  const table = new Int16Array(SAMPLE_RATE * CHANNELS);
  for (let frame = 0; frame < SAMPLE_RATE; frame++) {
    const value = Math.round(8000 * Math.sin((2 * Math.PI * 440 * frame) / SAMPLE_RATE));
    table[frame * CHANNELS] = value;
    table[frame * CHANNELS + 1] = value;
  }
  const out = fs.createWriteStream(file);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  await write(wavHeader(dataBytes));
  let sample = 0;
  for (let written = 0; written < dataBytes;) {
    const bytes = Math.min(4 * MiB, dataBytes - written);
    const chunk = Buffer.alloc(bytes);
    crypto.randomFillSync(chunk);
    const samples = new Int16Array(chunk.buffer, chunk.byteOffset, bytes / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = table[(sample + i) % table.length] + (samples[i] & 0x3f) - 32;
    sample = (sample + samples.length) % table.length;
    await write(chunk);
    written += bytes;
  }
  out.end();
  await once(out, "close");
  return (await fs.promises.stat(file)).size;
}

/** --pace-mb-s: the client's sending rate in bytes a second, or 0 for as fast as it can. */
const PACE_BYTES_PER_SECOND = process.argv.includes("--pace-mb-s") ? numberFlag("--pace-mb-s", 0) * MiB : 0;

/** When an upload started and how much of it has been sent: the clock its pieces are paced by. */
interface PaceClock {
  started: number;
  sent: number;
}

/**
 * Passes bytes on no faster than PACE_BYTES_PER_SECOND since `clock.started`, holding each piece until the
 * upload's total so far is due (one clock for all of a tus upload's parts). Without --pace-mb-s, it holds nothing.
 */
function paced(clock: PaceClock): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      clock.sent += chunk.length;
      const wait = PACE_BYTES_PER_SECOND
        ? clock.started + (clock.sent / PACE_BYTES_PER_SECOND) * 1000 - performance.now()
        : 0;
      if (wait > 0) setTimeout(() => callback(null, chunk), wait);
      else callback(null, chunk);
    },
  });
}

interface UploadTiming {
  transferMs: number;
  totalMs: number;
  status: number;
  body: string;
}

/** POSTs `head` + the file + `tail` from a read stream (never in memory) with an exact Content-Length. */
async function postFile(
  url: URL,
  headers: Record<string, string>,
  file: string,
  head = Buffer.alloc(0),
  tail = Buffer.alloc(0),
): Promise<UploadTiming> {
  const size = (await fs.promises.stat(file)).size;
  const started = performance.now();
  let transferEnd = 0;
  return new Promise<UploadTiming>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: { ...headers, "Content-Length": head.length + size + tail.length },
    });
    request.on("error", reject);
    request.on("finish", () => (transferEnd = performance.now()));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const end = performance.now();
        if (!transferEnd) {
          request.destroy();
          transferEnd = end;
        }
        resolve({
          transferMs: transferEnd - started,
          totalMs: end - started,
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    (async () => {
      if (head.length) request.write(head);
      const clock = { started: performance.now(), sent: 0 };
      for await (const chunk of fs.createReadStream(file, { highWaterMark: MiB }).pipe(paced(clock))) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await once(request, "drain");
      }
      request.end(tail);
    })().catch(reject);
  });
}

/** POST /api/recordings as multipart/form-data, written by hand around the file, as a browser sends a form. */
async function multipartUpload(origin: string, cookie: string, file: string): Promise<UploadTiming> {
  const boundary = `----voxlate-bench-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nauto\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers = {
    Cookie: cookie,
    Accept: "application/json",
    "Content-Type": `multipart/form-data; boundary=${boundary}`,
  };
  return postFile(new URL("/api/recordings", origin), headers, file, head, tail);
}

// The platform's ceiling: a bare Node HTTP server that only pipes the body to a file (no parsing, no app), in its
// own process like the app. The app's upload cannot beat this; the gap between the two is the app's own cost.
const RAW_SINK = `
const http = require("node:http"), fs = require("node:fs");
const server = http.createServer((request, response) => {
  request.pipe(fs.createWriteStream(process.argv[1])).on("finish", () => response.end("ok"));
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

async function rawSinkUpload(file: string, target: string): Promise<UploadTiming & { serverCpuS: number }> {
  const sink = spawn(process.execPath, ["-e", RAW_SINK, target], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const [line] = (await once(sink.stdout!, "data")) as [Buffer];
    const port = Number(line.toString().trim());
    const cpuBefore = cpuSeconds(sink.pid!);
    const result = await postFile(
      new URL(`http://127.0.0.1:${port}/`),
      { "Content-Type": "application/octet-stream" },
      file,
    );
    return { ...result, serverCpuS: cpuSeconds(sink.pid!) - cpuBefore };
  } finally {
    sink.kill();
    fs.rmSync(target, { force: true });
  }
}

/**
 * tus upload with tus-js-client from an fs.ReadStream (it reads each chunk from the file by path). The transfer
 * ends when the last PATCH request's body is flushed to the socket; tus-js-client's own onProgress is throttled
 * (100 ms, no trailing call), so its 100% may only come with the final response, after the server's checks.
 */
async function tusUpload(
  origin: string,
  cookie: string,
  file: string,
): Promise<UploadTiming & { progressFullMs: number | null; patches: number }> {
  const inner = defaultOptions.httpStack as HttpStack;
  const size = (await fs.promises.stat(file)).size;
  let lastPatchFlushed = 0;
  let patches = 0;
  let progressFull: number | null = null;
  const clock: PaceClock = { started: 0, sent: 0 };
  // Wraps the default Node stack to see when each PATCH body has been handed to the socket.
  const timingStack: HttpStack = {
    getName: () => "TimingNodeHttpStack",
    createRequest(method, url) {
      const request = inner.createRequest(method, url);
      const send = request.send.bind(request);
      // Paced, each part's slice of the file goes through one clock for the whole upload.
      request.send = (body) => {
        const result = send(PACE_BYTES_PER_SECOND && body instanceof Readable ? body.pipe(paced(clock)) : body);
        if (method === "PATCH") {
          patches++;
          (request.getUnderlyingObject() as http.ClientRequest).once(
            "finish",
            () => (lastPatchFlushed = performance.now()),
          );
        }
        return result;
      };
      return request;
    },
  };
  const started = performance.now();
  clock.started = started;
  return new Promise((resolve, reject) => {
    let status = 0;
    let body = "";
    // tus-js-client reads an fs.ReadStream's file by its path, a slice per part (the parts are paced in send).
    const upload = new Upload(fs.createReadStream(file), {
      endpoint: new URL("/api/uploads", origin).toString(),
      chunkSize: TUS_CHUNK_BYTES,
      uploadSize: size,
      retryDelays: [],
      headers: { Cookie: cookie },
      metadata: { filename: path.basename(file), filetype: "audio/wav", language: "auto" },
      httpStack: timingStack,
      onProgress(sent, total) {
        if (sent === total && progressFull === null) progressFull = performance.now();
      },
      onAfterResponse(request, response) {
        if (request.getMethod() === "PATCH") {
          status = response.getStatus();
          body = response.getHeader("Upload-Recording-Id") ?? "";
        }
      },
      onSuccess() {
        const end = performance.now();
        resolve({
          transferMs: lastPatchFlushed - started,
          totalMs: end - started,
          status,
          body: `recording ${body}`,
          progressFullMs: progressFull === null ? null : progressFull - started,
          patches,
        });
      },
      onError: reject,
    });
    upload.start();
  });
}

function timeCp(source: string, target: string): number {
  const started = performance.now();
  execFileSync("cp", [source, target]);
  const ms = performance.now() - started;
  fs.rmSync(target, { force: true });
  return ms;
}

/** Median of a few numbers. */
const ONLY = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const METHODS = (["multipart", "tus"] as const).filter((method) => !ONLY || method === ONLY);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Encryption at rest: the same file uploaded, alternately, to a plain and an encrypting server (each its own
 * process and data dir), RUNS times per method; stored files are removed between runs so the disk does not fill.
 */
async function encryptionOverhead(file: string, warmupFile: string, size: number) {
  const RUNS = numberFlag("--runs", 3);
  // One cookie-signing secret for both servers: this process signs the bench user's cookie once (sessionSecrets).
  process.env.SESSION_SECRET ??= crypto.randomBytes(48).toString("base64url");
  const plain = await startAppServer("upload-plain", { STORAGE_ENCRYPTION: "false" });
  const encrypted = await startAppServer("upload-encrypted", { STORAGE_ENCRYPTION: "true" });
  try {
    const servers = { plain, encrypted };
    for (const server of Object.values(servers)) {
      for (const warmUp of [
        multipartUpload(server.origin, server.cookie, warmupFile),
        tusUpload(server.origin, server.cookie, warmupFile),
      ]) {
        const result = await warmUp;
        if (result.status !== 201 && result.status !== 204)
          throw new Error(`Warm-up upload failed (${result.status}): ${result.body}\n${server.log()}`);
      }
    }
    type Row = { totalMs: number[]; serverCpuS: number[]; serverFaults: number[] };
    const rows: Record<string, Record<keyof typeof servers, Row>> = {};
    for (let run = 0; run < RUNS; run++) {
      for (const method of METHODS) {
        for (const name of (run % 2 ? ["encrypted", "plain"] : ["plain", "encrypted"]) as (keyof typeof servers)[]) {
          const server = servers[name];
          const before = processTreeUsage(server.pid);
          const result =
            method === "multipart"
              ? await multipartUpload(server.origin, server.cookie, file)
              : await tusUpload(server.origin, server.cookie, file);
          if (result.status !== 201 && result.status !== 204)
            throw new Error(`${method} upload failed (${result.status}): ${result.body}\n${server.log()}`);
          const row = ((rows[method] ??= {} as Record<keyof typeof servers, Row>)[name] ??= {
            totalMs: [],
            serverCpuS: [],
            serverFaults: [],
          });
          row.totalMs.push(result.totalMs);
          const after = processTreeUsage(server.pid);
          row.serverCpuS.push(after.seconds - before.seconds);
          row.serverFaults.push(after.minorFaults - before.minorFaults);
          fs.rmSync(path.join(server.dataDir, "uploads"), { recursive: true, force: true });
        }
      }
    }
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `Encryption at rest: ${(size / MiB).toFixed(0)} MiB WAV, ${RUNS} runs per method and server, alternating, ` +
        `${PACE_BYTES_PER_SECOND ? `sent at ${PACE_BYTES_PER_SECOND / MiB} MiB/s` : "sent as fast as loopback allows"}. ` +
        `Node ${process.version}, ${os.cpus().length} cores.\n`,
    );
    console.log(
      "| Method | Plain: until 201 (s, median; runs) | Encrypted: until 201 (s, median; runs) | Overhead | Server CPU plain → encrypted (s, median) | Server page faults plain → encrypted (median) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const [method, row] of Object.entries(rows)) {
      const plainMs = median(row.plain.totalMs);
      const encryptedMs = median(row.encrypted.totalMs);
      console.log(
        `| ${method} | ${seconds(plainMs)} (${row.plain.totalMs.map(seconds).join(", ")}) | ${seconds(encryptedMs)} (${row.encrypted.totalMs.map(seconds).join(", ")}) | ` +
          `${(((encryptedMs - plainMs) / plainMs) * 100).toFixed(1)}% | ${median(row.plain.serverCpuS).toFixed(2)} → ${median(row.encrypted.serverCpuS).toFixed(2)} | ` +
          `${median(row.plain.serverFaults)} → ${median(row.encrypted.serverFaults)} |`,
      );
    }
  } finally {
    await Promise.all([plain.stop(), encrypted.stop()]);
  }
}

async function main() {
  const sizeMb = numberFlag("--size-mb", 500);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-upload-bench-"));
  let stopServer: (() => Promise<void>) | undefined;
  try {
    const file = path.join(workDir, "bench-upload.wav");
    const started = performance.now();
    const size = await writeWav(file, Math.round(sizeMb * MiB));
    const generateMs = performance.now() - started;
    const warmupFile = path.join(workDir, "warm-up.wav");
    await writeWav(warmupFile, 2 * SAMPLE_RATE * CHANNELS * 2 + 44);

    if (process.argv.includes("--encryption")) {
      await encryptionOverhead(file, warmupFile, size);
      return;
    }

    const cpRuns = Array.from({ length: CP_RUNS }, () => timeCp(file, path.join(workDir, "copy.wav")));
    const cpMs = [...cpRuns].sort((a, b) => a - b)[Math.floor(CP_RUNS / 2)];

    const app = await startAppServer("upload");
    stopServer = app.stop;
    const { origin, cookie } = app;
    const startupMs = app.startupMs;

    // Warm-up: one small upload each way, so route modules, the parser and ffprobe are loaded before the baseline.
    for (const warmUp of [multipartUpload(origin, cookie, warmupFile), tusUpload(origin, cookie, warmupFile)]) {
      const result = await warmUp;
      if (result.status !== 201 && result.status !== 204)
        throw new Error(`Warm-up upload failed (${result.status}): ${result.body}\n${app.log()}`);
    }
    const pid = app.pid;
    const idleKb = await idleRssKb(pid);

    const measure = async <T extends UploadTiming>(run: () => Promise<T>) => {
      const before = await idleRssKb(pid);
      const watch = watchRss(pid);
      const serverCpu = cpuSeconds(pid);
      const clientCpu = process.cpuUsage();
      const result = await run();
      const clientUsed = process.cpuUsage(clientCpu);
      return {
        ...result,
        before,
        ...watch.stop(),
        serverCpuS: cpuSeconds(pid) - serverCpu,
        clientCpuS: (clientUsed.user + clientUsed.system) / 1e6,
      };
    };
    const rawSink = await rawSinkUpload(file, path.join(workDir, "raw-sink.wav"));
    const multipart = await measure(() => multipartUpload(origin, cookie, file));
    if (multipart.status !== 201)
      throw new Error(`Multipart upload failed (${multipart.status}): ${multipart.body}\n${app.log()}`);
    const resumable = await measure(() => tusUpload(origin, cookie, file));
    if (resumable.status !== 204)
      throw new Error(`tus upload failed (${resumable.status}): ${resumable.body}\n${app.log()}`);

    const mb = size / 1e6;
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const rate = (ms: number) => (mb / (ms / 1000)).toFixed(0);
    const megabytes = (kb: number) => (kb / 1024).toFixed(1);
    const duration = (size - 44) / (SAMPLE_RATE * CHANNELS * 2);
    console.log(
      `File: ${(size / MiB).toFixed(0)} MiB (${size} bytes), 44.1 kHz stereo 16-bit WAV (${(duration / 60).toFixed(1)} min), generated in ${seconds(generateMs)} s. ` +
        `Node ${process.version}, ${os.cpus().length} cores, temp dir ${os.tmpdir()}. Server started in ${seconds(startupMs)} s; idle RSS after warm-up ${megabytes(idleKb)} MB.\n`,
    );
    console.log(
      "MB = 10^6 bytes in rates. Ratio = cp time ÷ upload transfer time (target ≥ 0.5). Transfer ends when the last request byte is flushed to the socket. " +
        "RSS growth = peak server RSS (100 ms samples of /proc/<pid>/status) − its idle RSS in the second before that upload (target ≤ 64 MB); " +
        "VmHWM is the kernel's exact peak, reset (clear_refs) at the start of each upload. CPU: seconds used from start to 201/onSuccess (server: its own threads, not ffprobe/ffmpeg; client: this process).\n",
    );
    console.log(
      "| Method | Transfer (s) | MB/s | Ratio to cp | Total until 201/onSuccess (s) | After transfer: server checks (s) | Server CPU (s) | Client CPU (s) | Idle RSS before (MB) | Peak RSS growth (MB) | VmHWM growth (MB) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    console.log(
      `| cp (median of ${CP_RUNS}: ${cpRuns.map((ms) => seconds(ms)).join(", ")} s) | ${seconds(cpMs)} | ${rate(cpMs)} | 1.00 | – | – | – | – | – | – | – |`,
    );
    console.log(
      `| bare Node HTTP server piping the body to a file (the platform's ceiling) | ${seconds(rawSink.transferMs)} | ${rate(rawSink.transferMs)} | ${(cpMs / rawSink.transferMs).toFixed(2)} | ${seconds(rawSink.totalMs)} | – | ${rawSink.serverCpuS.toFixed(2)} | – | – | – | – |`,
    );
    for (const [label, result] of [
      ["multipart POST /api/recordings", multipart],
      [`tus /api/uploads (${TUS_CHUNK_BYTES / MiB} MiB chunks, ${resumable.patches} PATCH)`, resumable],
    ] as const) {
      const ratio = cpMs / result.transferMs;
      const growthKb = result.peakKb - result.before;
      console.log(
        `| ${label} | ${seconds(result.transferMs)} | ${rate(result.transferMs)} | ${ratio.toFixed(2)}${ratio >= THROUGHPUT_TARGET ? "" : " (below 0.5)"} | ${seconds(result.totalMs)} | ${seconds(result.totalMs - result.transferMs)} | ` +
          `${result.serverCpuS.toFixed(2)} | ${result.clientCpuS.toFixed(2)} | ` +
          `${megabytes(result.before)} | ${megabytes(growthKb)}${growthKb / 1024 <= RSS_TARGET_MB ? "" : " (above 64)"} | ${result.hwmKb === null ? "n/a" : megabytes(result.hwmKb - result.before)} |`,
      );
    }
    console.log(
      `\nApp against the bare server (transfer time, same client, same file): multipart ${(rawSink.transferMs / multipart.transferMs).toFixed(2)}, tus ${(rawSink.transferMs / resumable.transferMs).toFixed(2)} (1.00 = no cost of its own).`,
    );
    console.log(
      `\nPeak server RSS over the idle RSS after warm-up: multipart ${megabytes(multipart.peakKb - idleKb)} MB, tus ${megabytes(resumable.peakKb - idleKb)} MB ` +
        `(${multipart.samples} and ${resumable.samples} samples). tus-js-client's onProgress reached 100% at ${resumable.progressFullMs === null ? "never" : `${seconds(resumable.progressFullMs)} s`} (throttled; it may only fire with the final response).`,
    );
  } finally {
    await stopServer?.();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
// tus-js-client's and the database pool's sockets would otherwise hold the process open.
process.exit(0);
