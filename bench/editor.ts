// bench/editor: the transcript editor on a synthetic 2-hour transcript (1,400 segments, ~39k words): the page's
// server render, its time to interactive in Chromium (until the text is editable, i.e. React has hydrated and the
// editor's effects ran) on the editor's first page (50 segments), and replace-all through the editor's save route as
// that page sends it (naming the segments it shows), with p50/p95, against a 14-segment transcript in the same run,
// and the server's peak memory.
// Usage: npm run build && npm run bench:editor [-- --runs 7] [--save-html DIR (each page's HTML, to see what it carries)]
import { chromium } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_LAUNCH } from "../playwright.config";
import { numberFlag, startAppServer, watchRss, withAppDatabase } from "./app-server";
import { EDITOR_PAGE_SIZE } from "../app/modules/transcripts/editor-pages";

const RUNS = numberFlag("--runs", 7);
const SAVE_HTML = process.argv.includes("--save-html") ? process.argv[process.argv.indexOf("--save-html") + 1] : null;
const SEGMENTS = 1400;
/** A page that is not editable by then counts as never (printed as "Infinity"). */
const TIMEOUT_MS = 60_000;
const WORDS_PER_SEGMENT = 28;
const VOCABULARY =
  "the of and to a in that is was he for it with as his on be at by i this had not are but from or have an they which one you were her all she there would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people".split(
    " ",
  );

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const fmt = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;

async function createTranscript(dataDir: string, email: string | null, segmentCount: number) {
  return withAppDatabase(dataDir, async (prisma) => {
    const user = await prisma.user.findFirstOrThrow({ where: email ? { email } : {}, orderBy: { createdAt: "desc" } });
    const { personalWorkspaceId } = await import("~/modules/workspaces/workspaces.server");
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const recording = await prisma.recording.create({
      data: {
        userId: user.id,
        workspaceId: await personalWorkspaceId(user.id),
        title: `Bench ${segmentCount}`,
        fileName: "bench.wav",
        storageKey: `bench/${crypto.randomUUID()}.wav`,
        sizeBytes: 1,
        mimeType: "audio/wav",
        durationSeconds: segmentCount * 5.14,
        status: "COMPLETED",
      },
    });
    const rows = Array.from({ length: segmentCount }, (_, position) => {
      const start = position * 5.14;
      const words = Array.from({ length: WORDS_PER_SEGMENT }, (_, index) => ({
        word: VOCABULARY[Math.floor(random() * VOCABULARY.length)],
        start: Math.round((start + index * 0.18) * 1000) / 1000,
        end: Math.round((start + (index + 1) * 0.18) * 1000) / 1000,
        confidence: Math.round(random() * 100) / 100,
      }));
      return {
        recordingId: recording.id,
        position,
        start,
        end: start + 5.04,
        text: words.map((word) => word.word).join(" "),
        speaker: `Speaker ${(position % 3) + 1}`,
        words,
      };
    });
    for (let index = 0; index < rows.length; index += 200)
      await prisma.transcriptSegment.createMany({ data: rows.slice(index, index + 200) });
    // The editor's first page, whose segments the page names when it saves (it is sent only their changes).
    const firstPage = await prisma.transcriptSegment.findMany({
      where: { recordingId: recording.id },
      orderBy: { position: "asc" },
      take: EDITOR_PAGE_SIZE,
      select: { id: true },
    });
    return { id: recording.id, visible: firstPage.map((segment) => segment.id).join(",") };
  });
}

async function main() {
  const server = await startAppServer("editor");
  try {
    const big = await createTranscript(server.dataDir, null, SEGMENTS);
    const small = await createTranscript(server.dataDir, null, 14);
    const memory = watchRss(server.pid);
    const headers = { Cookie: server.cookie };

    const render = async (id: string) => {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run < RUNS + 1; run++) {
        const started = performance.now();
        const response = await fetch(`${server.origin}/transcription/${id}`, { headers });
        const html = await response.text();
        if (!response.ok) throw new Error(`GET ${id}: ${response.status}`);
        if (run) times.push(performance.now() - started); // the first is a warm-up
        bytes = html.length;
        if (SAVE_HTML && !run) fs.writeFileSync(path.join(SAVE_HTML, `transcript-${id}.html`), html);
      }
      return { times, bytes };
    };
    const bigRender = await render(big.id);
    const smallRender = await render(small.id);

    const browser = await chromium.launch(CHROMIUM_LAUNCH);
    const interactive = async (id: string) => {
      const times: number[] = [];
      const [name, value] = server.cookie.split("=");
      for (let run = 0; run < RUNS + 1; run++) {
        const context = await browser.newContext();
        await context.addCookies([{ name, value, url: server.origin }]);
        const page = await context.newPage();
        const pageErrors: string[] = [];
        page.on("pageerror", (error) => pageErrors.push(error.message));
        page.on("console", (message) => message.type() === "error" && pageErrors.push(message.text()));
        await page.goto(`${server.origin}/transcription/${id}`, { waitUntil: "commit" });
        const editable = await page
          .waitForSelector("[data-segment-text][contenteditable=true]", { timeout: TIMEOUT_MS })
          .then(() => true)
          .catch(() => false);
        if (!editable)
          console.log(
            `Not editable within ${TIMEOUT_MS / 1000} s. Errors in the page: ${pageErrors.join(" | ") || "none"}`,
          );
        const ms = editable ? await page.evaluate(() => performance.now()) : Number.POSITIVE_INFINITY;
        if (run) times.push(ms);
        await context.close();
      }
      return times;
    };
    const bigInteractive = await interactive(big.id);
    const smallInteractive = await interactive(small.id);
    await browser.close();

    const replace = async ({ id, visible }: { id: string; visible: string }) => {
      const times: number[] = [];
      let count = 0;
      const pairs = [
        ["the", "thee"],
        ["thee", "the"],
      ];
      for (let run = 0; run < RUNS + 1; run++) {
        const [find, replacement] = pairs[run % 2];
        const started = performance.now();
        const response = await fetch(`${server.origin}/api/recordings/${id}/editor`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "replace-all", find, replace: replacement, wholeWord: "on", visible }),
        });
        const body = (await response.json()) as { count?: number; error?: string };
        if (!response.ok) throw new Error(`replace-all: ${response.status} ${body.error}`);
        if (run) times.push(performance.now() - started);
        count = body.count ?? 0;
      }
      return { times, count };
    };
    const bigReplace = await replace(big);
    const smallReplace = await replace(small);
    const { peakKb } = memory.stop();

    const words = SEGMENTS * WORDS_PER_SEGMENT;
    console.log(
      `Transcript editor, ${SEGMENTS} segments / ${words} words vs 14 segments, ${RUNS} runs each (after one warm-up)`,
    );
    console.log(`| measure | 1,400 segments | 14 segments | ratio | budget |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    const row = (label: string, a: number[], b: number[], budget: string) =>
      console.log(
        `| ${label} | ${fmt(a)} | ${fmt(b)} | ${(percentile(a, 50) / percentile(b, 50)).toFixed(1)}× | ${budget} |`,
      );
    row("server render (GET, full HTML)", bigRender.times, smallRender.times, "");
    row("time to interactive (Chromium)", bigInteractive, smallInteractive, "≤ 1,500 ms");
    row(
      `replace-all (${bigReplace.count} matches vs ${smallReplace.count})`,
      bigReplace.times,
      smallReplace.times,
      "≤ 300 ms",
    );
    console.log(
      `HTML: ${(bigRender.bytes / 1024).toFixed(0)} KB vs ${(smallRender.bytes / 1024).toFixed(0)} KB (uncompressed); server peak RSS ${(peakKb / 1024).toFixed(0)} MB`,
    );
    const ok = percentile(bigInteractive, 95) <= 1500 && percentile(bigReplace.times, 95) <= 300;
    console.log(ok ? "Within budget at p95." : "Over budget at p95.");
  } finally {
    await server.stop();
  }
}

await main();
