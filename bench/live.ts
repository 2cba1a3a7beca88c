// bench/live: live recording against the real app. A WebM/Opus recording (jfk.wav and the two-speaker dialogue,
// looped) is cut into one-second chunks and posted in real time, as the dashboard's recorder does. It prints how long
// after the words were spoken they appear as committed live text, the server's memory over the session, and the time
// from Stop to the saved recording.
// Usage: npm run build && nice -n 19 node --import tsx bench/live.ts [--seconds 120]   (prints Markdown; no assertions)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sharedFile } from "../tests/shared-files";
import { cpuSeconds, idleRssKb, numberFlag, startAppServer, watchRss } from "./app-server";

const CHUNK_MS = 1000;

/** The test speech looped to `seconds`, as WebM/Opus at 48 kHz like a browser's MediaRecorder, cut into 1 s chunks. */
function recordingChunks(seconds: number, workDir: string): Buffer[] {
  const list = path.join(workDir, "list.txt");
  const pieces = [sharedFile("testdata/audio/jfk.wav"), sharedFile("testdata/audio/dialogue-two-speakers.wav")];
  fs.writeFileSync(
    list,
    Array.from({ length: Math.ceil(seconds / 35) }, () => pieces.map((file) => `file '${file}'`).join("\n")).join("\n"),
  );
  const webm = path.join(workDir, "live.webm");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "concat",
    "-safe",
    "0",
    "-i",
    list,
    "-t",
    String(seconds),
    "-ar",
    "48000",
    "-ac",
    "1",
    "-c:a",
    "libopus",
    "-b:a",
    "32k",
    "-f",
    "webm",
    webm,
  ]);
  // Opus at a fixed bitrate: equal byte ranges are close to equal stretches of time.
  const bytes = fs.readFileSync(webm);
  const size = Math.ceil(bytes.length / seconds);
  return Array.from({ length: seconds }, (_, index) => bytes.subarray(index * size, (index + 1) * size)).filter(
    (chunk) => chunk.length > 0,
  );
}

/** The words of the reference transcripts over the same looped audio, for a rough word recall of the live text. */
function referenceWords(seconds: number): string[] {
  const jfk = JSON.parse(fs.readFileSync(sharedFile("testdata/audio/jfk.json"), "utf8")) as { transcript: string };
  const dialogue = JSON.parse(fs.readFileSync(sharedFile("testdata/audio/dialogue-two-speakers.json"), "utf8")) as {
    turns: { start: number; end: number; text: string }[];
  };
  const jfkSeconds = 11;
  const loop = jfkSeconds + dialogue.turns.at(-1)!.end;
  const words: string[] = [];
  for (let offset = 0; offset < seconds; offset += loop) {
    if (offset + jfkSeconds <= seconds) words.push(...tokens(jfk.transcript));
    for (const turn of dialogue.turns) if (offset + jfkSeconds + turn.end <= seconds) words.push(...tokens(turn.text));
  }
  return words;
}

const tokens = (text: string) => text.toLowerCase().match(/[a-z']+/g) ?? [];

/** Share of the reference's words (with repeats) that the text contains: a bag-of-words recall. */
function wordRecall(reference: string[], text: string[]): number {
  const counts = new Map<string, number>();
  for (const word of text) counts.set(word, (counts.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of reference) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      found++;
      counts.set(word, left - 1);
    }
  }
  return reference.length ? found / reference.length : 0;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
};

async function main() {
  const seconds = Math.round(numberFlag("--seconds", 120));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-live-bench-"));
  const app = await startAppServer("live");
  try {
    const chunks = recordingChunks(seconds, workDir);
    const idleKb = await idleRssKb(app.pid);
    const headers = { Cookie: app.cookie, "Content-Type": "application/json" };
    const started = await fetch(`${app.origin}/api/live-sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ mimeType: "audio/webm;codecs=opus", language: "en" }),
    });
    if (started.status !== 201)
      throw new Error(`Could not start (${started.status}): ${await started.text()}\n${app.log()}`);
    const { id } = (await started.json()) as { id: string };

    const watch = watchRss(app.pid);
    const cpuBefore = cpuSeconds(app.pid);
    const t0 = performance.now();
    const lags: number[] = [];
    let received = 0;
    const receive = (state: { segments: { start: number; end: number }[] }, now: number) => {
      for (const segment of state.segments) lags.push((now - t0) / 1000 - segment.end);
      received += state.segments.length;
    };
    for (const [index, chunk] of chunks.entries()) {
      // Chunk i holds audio [i, i+1) s; the recorder hands it over when second i+1 has passed.
      const due = t0 + (index + 1) * CHUNK_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const response = await fetch(`${app.origin}/api/live-sessions/${id}/chunks?index=${index}&since=${received}`, {
        method: "POST",
        headers: { Cookie: app.cookie },
        body: new Uint8Array(chunk),
      });
      if (!response.ok) throw new Error(`Chunk ${index} failed (${response.status}): ${await response.text()}`);
      receive(await response.json(), performance.now());
    }
    const beforeFinish = performance.now();
    const finished = await fetch(`${app.origin}/api/live-sessions/${id}/finish`, {
      method: "POST",
      headers,
      body: "{}",
    });
    const finishMs = performance.now() - beforeFinish;
    if (finished.status !== 201) throw new Error(`Finish failed (${finished.status}): ${await finished.text()}`);
    const { live } = (await finished.json()) as { live: { segments: { end: number; text: string }[] } };
    const recall = wordRecall(
      referenceWords(seconds),
      live.segments.flatMap((segment) => tokens(segment.text)),
    );
    const memory = watch.stop();
    const serverCpu = cpuSeconds(app.pid) - cpuBefore;

    console.log(
      `Live recording of ${seconds} s (${chunks.length} chunks, WebM/Opus 32 kb/s), pocketsphinx, Node ${process.version}, ${os.cpus().length} cores.\n`,
    );
    console.log(
      "Lag = when a committed segment reached the browser − when its last word was spoken (the end of its audio, in real time).\n",
    );
    console.log("| Measurement | Value |");
    console.log("|---|---:|");
    console.log(
      `| Segments committed while recording / in all (after Stop) | ${lags.length} / ${live.segments.length} |`,
    );
    if (lags.length) {
      console.log(
        `| Lag: median / 90th percentile / max (s) | ${percentile(lags, 0.5).toFixed(1)} / ${percentile(lags, 0.9).toFixed(1)} / ${Math.max(...lags).toFixed(1)} |`,
      );
    }
    console.log(
      `| Word recall of the live text against the reference transcripts (bag of words) | ${(recall * 100).toFixed(0)}% |`,
    );
    console.log(`| Stop → recording saved and queued (s) | ${(finishMs / 1000).toFixed(2)} |`);
    console.log(
      `| Server CPU during the session (s; its own threads, not ffmpeg or pocketsphinx) | ${serverCpu.toFixed(1)} |`,
    );
    console.log(
      `| Server RSS idle / peak / growth (MB) | ${(idleKb / 1024).toFixed(1)} / ${(memory.peakKb / 1024).toFixed(1)} / ${((memory.peakKb - idleKb) / 1024).toFixed(1)} |`,
    );
  } finally {
    await app.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
