import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  decodeSpeechPcm,
  decodeToWav,
  MEDIA_PROBLEM_MESSAGES,
  probeAudio,
  UnsupportedMediaError,
} from "./audio.server";
import { readWavInfo } from "./wav.server";
import { eventually } from "../../../tests/poll";
import { bytesWritten, runningChildren } from "../../../tests/process-probes";
import { sharedFile } from "../../../tests/shared-files";

const AUDIO = sharedFile("testdata/audio");
const BAD = sharedFile("testdata/bad");

let tmp: string;
/** Makes a file with ffmpeg in the temp dir and returns its path. */
function ffmpeg(name: string, args: string[]): string {
  const out = path.join(tmp, name);
  execFileSync("ffmpeg", ["-nostdin", "-hide_banner", "-v", "error", "-y", ...args, out]);
  return out;
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-audio-test-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The two ways a file reaches ffprobe: its path, or its bytes served over loopback (an upload sealed as it arrived). */
const INPUTS: [string, (file: string) => Parameters<typeof probeAudio>[0]][] = [
  ["a path", (file) => file],
  [
    "bytes served over loopback",
    (file) => ({ bytes: fs.statSync(file).size, read: (range) => fs.createReadStream(file, range) }),
  ],
];

describe.each(INPUTS)("probeAudio reading %s", (_, input) => {
  const probeInput = (file: string, options?: { fullCheckMaxSeconds?: number }) => probeAudio(input(file), options);
  async function rejection(file: string, options?: { fullCheckMaxSeconds?: number }): Promise<UnsupportedMediaError> {
    const error = await probeInput(file, options).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnsupportedMediaError);
    return error as UnsupportedMediaError;
  }

  test.each([
    ["jfk.wav", { container: "wav", codec: "pcm_s16le", mimeType: "audio/wav", extension: "wav" }, 11],
    ["jfk.mp3", { container: "mp3", codec: "mp3", mimeType: "audio/mpeg", extension: "mp3" }, 11],
    ["jfk.m4a", { container: "mp4", codec: "aac", mimeType: "audio/mp4", extension: "m4a" }, 11],
    ["jfk.webm", { container: "webm", codec: "opus", mimeType: "audio/webm", extension: "webm" }, 11],
    ["hello-world.wav", { container: "wav", codec: "pcm_s16le", mimeType: "audio/wav", extension: "wav" }, 1.32],
    ["dialogue-two-speakers.wav", { container: "wav", mimeType: "audio/wav" }, 25.4],
  ])("accepts %s", async (name, expected, seconds) => {
    const probe = await probeInput(path.join(AUDIO, name));
    expect(probe).toMatchObject(expected);
    expect(probe.durationSeconds).toBeCloseTo(seconds, 0);
  });

  test("accepts OGG, FLAC, MP4 video with sound, Matroska, and a browser recording whose header has no length", async () => {
    const jfk = path.join(AUDIO, "jfk.wav");
    const cases: [string, string[], Partial<Awaited<ReturnType<typeof probeInput>>>][] = [
      [
        "a.ogg",
        ["-i", jfk, "-c:a", "libvorbis"],
        { container: "ogg", codec: "vorbis", mimeType: "audio/ogg", extension: "ogg" },
      ],
      ["a.flac", ["-i", jfk], { container: "flac", codec: "flac", mimeType: "audio/flac", extension: "flac" }],
      [
        "a.mp4",
        [
          "-f",
          "lavfi",
          "-i",
          "testsrc=size=64x64:rate=5:duration=11",
          "-i",
          jfk,
          "-c:v",
          "mpeg4",
          "-c:a",
          "aac",
          "-shortest",
        ],
        { container: "mp4", codec: "aac", mimeType: "video/mp4", extension: "mp4" },
      ],
      [
        "a.mka",
        ["-i", jfk, "-c:a", "flac"],
        { container: "matroska", codec: "flac", mimeType: "audio/x-matroska", extension: "mka" },
      ],
    ];
    for (const [name, args, expected] of cases) {
      const probe = await probeInput(ffmpeg(name, args));
      expect(probe, name).toMatchObject(expected);
      expect(probe.durationSeconds, name).toBeCloseTo(11, 0);
    }
    // MediaRecorder-style WebM: written to a pipe, so no duration and no cues in the header.
    const live = path.join(tmp, "live.webm");
    fs.writeFileSync(
      live,
      execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-i", jfk, "-c:a", "libopus", "-f", "webm", "pipe:1"]),
    );
    const probe = await probeInput(live);
    expect(probe).toMatchObject({ container: "webm", codec: "opus" });
    expect(probe.durationSeconds).toBeCloseTo(11, 0);
  });

  test("long files are checked at both ends instead of decoded in full; a cut one is refused", async () => {
    // 70 s, checked as if it were over the full-decode limit (30 minutes in production).
    const long = ffmpeg("long.mp3", ["-f", "lavfi", "-i", "sine=f=300:d=70", "-c:a", "libmp3lame", "-b:a", "32k"]);
    const probe = await probeInput(long, { fullCheckMaxSeconds: 60 });
    expect(probe).toMatchObject({ container: "mp3", codec: "mp3" });
    expect(probe.durationSeconds).toBeCloseTo(70, 0);
    const cut = path.join(tmp, "long-cut.mp3");
    const bytes = fs.readFileSync(long);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect((await rejection(cut, { fullCheckMaxSeconds: 60 })).reason).toBe("damaged");
  });

  test("a long MP3 whose Xing header understates its length is measured, not taken at its word", async () => {
    // The header (with its frame count) of 70 s, followed by the frames of 40 s more: ffprobe states about 70 s.
    const mp3 = (seconds: number) => [
      "-f",
      "lavfi",
      "-i",
      `sine=f=300:d=${seconds}:sample_rate=8000`,
      "-c:a",
      "libmp3lame",
      "-q:a",
      "9",
    ];
    const head = ffmpeg("stated.mp3", mp3(70));
    const more = ffmpeg("more.mp3", [...mp3(40), "-write_xing", "0", "-id3v2_version", "0"]);
    const lying = path.join(tmp, "lying.mp3");
    fs.writeFileSync(lying, Buffer.concat([fs.readFileSync(head), fs.readFileSync(more)]));
    const stated = Number(
      execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", lying]),
    );
    expect(stated).toBeLessThan(105);
    const probe = await probeInput(lying, { fullCheckMaxSeconds: 60 });
    expect(probe.durationSeconds).toBeCloseTo(110, 0);
  });

  test("tells the type from the content, not the name", async () => {
    const renamed = path.join(tmp, "really-an-m4a.mp3");
    fs.copyFileSync(path.join(AUDIO, "jfk.m4a"), renamed);
    expect(await probeInput(renamed)).toMatchObject({ container: "mp4", mimeType: "audio/mp4", extension: "m4a" });
  });

  test.each([
    ["empty.wav", "empty", "This file is empty."],
    ["not-audio.mp3", "not-audio", "This file is not audio we can read (MP3, WAV, M4A, WEBM, MP4, OGG or FLAC)."],
    ["random.m4a", "not-audio", "This file is not audio we can read (MP3, WAV, M4A, WEBM, MP4, OGG or FLAC)."],
    ["script.webm", "not-audio", "This file is not audio we can read (MP3, WAV, M4A, WEBM, MP4, OGG or FLAC)."],
    ["truncated.mp3", "damaged", "This audio file is damaged or incomplete."],
  ])("rejects bad/%s: %s", async (name, reason, message) => {
    const error = await rejection(path.join(BAD, name));
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(message);
  });

  test("rejects video without sound, images, other formats, and an M4A cut before its index", async () => {
    const silentVideo = ffmpeg("silent.mp4", [
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=64x64:rate=5:duration=2",
      "-c:v",
      "mpeg4",
    ]);
    expect((await rejection(silentVideo)).message).toBe(MEDIA_PROBLEM_MESSAGES["no-audio-track"]);

    const image = ffmpeg("picture.png", ["-f", "lavfi", "-i", "testsrc=size=64x64:duration=1", "-frames:v", "1"]);
    expect((await rejection(image)).reason).toBe("not-audio");

    const aiff = ffmpeg("a.aiff", ["-i", path.join(AUDIO, "jfk.wav")]);
    const unsupported = await rejection(aiff);
    expect(unsupported.reason).toBe("unsupported-format");
    expect(unsupported.message).toBe(
      "AIFF files are not supported. Please upload MP3, WAV, M4A, WEBM, MP4, OGG or FLAC.",
    );

    // An MP4 whose index comes last, cut in half: the upload stopped before the index arrived.
    const m4a = fs.readFileSync(path.join(AUDIO, "jfk.m4a"));
    const cut = path.join(tmp, "cut.m4a");
    fs.writeFileSync(cut, m4a.subarray(0, m4a.length >> 1));
    expect((await rejection(cut)).message).toBe(MEDIA_PROBLEM_MESSAGES.damaged);
    // With the index first ("faststart") the cut file probes fine, but the sound stops early.
    const faststart = fs.readFileSync(
      ffmpeg("faststart.m4a", ["-i", path.join(AUDIO, "jfk.wav"), "-c:a", "aac", "-movflags", "+faststart"]),
    );
    fs.writeFileSync(cut, faststart.subarray(0, faststart.length >> 1));
    expect((await rejection(cut)).message).toBe(MEDIA_PROBLEM_MESSAGES.damaged);

    const zeroLength = ffmpeg("zero.wav", ["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "0"]);
    expect((await rejection(zeroLength)).reason).toBe("no-duration");
  });
});

describe("probeAudio reading bytes over loopback", () => {
  test("a playlist in the upload cannot make ffmpeg request another address", async () => {
    const requests: string[] = [];
    // Stands for any service the server can reach: it would answer with a real segment.
    const segment = ffmpeg("segment.ts", ["-i", path.join(AUDIO, "jfk.wav"), "-c:a", "mp2", "-f", "mpegts"]);
    const elsewhere = http.createServer((request, response) => {
      requests.push(request.url ?? "");
      response.writeHead(200, { "Content-Type": "video/mp2t" });
      fs.createReadStream(segment).pipe(response);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = elsewhere.address() as AddressInfo;
      const playlist = Buffer.from(
        `#EXTM3U\n#EXT-X-TARGETDURATION:11\n#EXTINF:11,\nhttp://127.0.0.1:${port}/segment.ts\n#EXT-X-ENDLIST\n`,
      );
      const error = await probeAudio({
        bytes: playlist.length,
        read: ({ start, end }) => Readable.from([playlist.subarray(start, end + 1)]),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnsupportedMediaError);
      expect(requests).toEqual([]);
    } finally {
      elsewhere.close();
    }
  });
});

describe("decodeToWav", () => {
  test.each(["jfk.mp3", "jfk.m4a", "jfk.webm", "hello-world.wav"])(
    "%s becomes 16 kHz mono 16-bit PCM",
    async (name) => {
      const out = path.join(tmp, `${name}.wav`);
      await decodeToWav(path.join(AUDIO, name), out);
      const info = await readWavInfo(out);
      expect(info).toMatchObject({ sampleRate: 16_000, channels: 1, bitsPerSample: 16, dataOffset: 44 });
      expect(info.durationSeconds).toBeCloseTo(name.startsWith("jfk") ? 11 : 1.32, 0);
      expect(fs.existsSync(`${out}.part`)).toBe(false);
    },
  );

  test("an abort kills ffmpeg and leaves no file", async () => {
    const out = path.join(tmp, "aborted.wav");
    const controller = new AbortController();
    controller.abort(new Error("stopped by the test"));
    await expect(decodeToWav(path.join(AUDIO, "jfk.mp3"), out, { signal: controller.signal })).rejects.toThrow(
      "stopped by the test",
    );
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(`${out}.part`)).toBe(false);
  });

  test("a file ffmpeg cannot read fails with ffmpeg's reason", async () => {
    await expect(decodeToWav(path.join(BAD, "random.m4a"), path.join(tmp, "random.wav"))).rejects.toThrow(
      /ffmpeg could not decode random\.m4a/,
    );
  });
});

describe("decodeSpeechPcm", () => {
  async function collect(pieces: AsyncIterable<Buffer>): Promise<Buffer> {
    const all: Buffer[] = [];
    for await (const piece of pieces) all.push(piece);
    return Buffer.concat(all);
  }

  test.each(["jfk.mp3", "jfk.m4a", "jfk.webm"])("%s: the same samples decodeToWav writes", async (name) => {
    const wav = path.join(tmp, `${name}.same.wav`);
    await decodeToWav(path.join(AUDIO, name), wav);
    const streamed = await collect(decodeSpeechPcm(path.join(AUDIO, name)));
    expect(streamed.length).toBeGreaterThan(10 * 32_000);
    expect(streamed.equals(fs.readFileSync(wav).subarray(44))).toBe(true);
  });

  test("ffmpeg waits while the reader is busy, and an abort kills it at once", async () => {
    // 3 minutes of 12 kbps Opus, which decodes to 5.8 MB of PCM in well under the 1.5 s we wait.
    const sine = "sine=frequency=300:sample_rate=16000:duration=180";
    const opus = ["-c:a", "libopus", "-b:a", "12k", "-compression_level", "0"];
    const long = ffmpeg("three-minutes.ogg", ["-f", "lavfi", "-i", sine, ...opus]);
    const controller = new AbortController();
    const pieces = decodeSpeechPcm(long, { signal: controller.signal });
    expect((await pieces.next()).done).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [pid] = runningChildren("ffmpeg");
    expect(pid, "ffmpeg is still there, waiting").toBeDefined();
    // What the pipe and the stream's buffer hold, not the 5.8 MB it would write if it ran ahead.
    expect(bytesWritten(pid)).toBeLessThan(2 * 2 ** 20);

    controller.abort(new Error("stopped by the test"));
    expect(await eventually(() => runningChildren("ffmpeg").length === 0), "ffmpeg killed within a second").toBe(true);
    await expect(pieces.next()).rejects.toThrow("stopped by the test");
  });

  test("leaving the loop early kills ffmpeg", async () => {
    for await (const piece of decodeSpeechPcm(path.join(AUDIO, "jfk.mp3"))) {
      expect(piece.length).toBeGreaterThan(0);
      break;
    }
    expect(await eventually(() => runningChildren("ffmpeg").length === 0)).toBe(true);
  });

  test("a file ffmpeg cannot read fails with ffmpeg's reason; an aborted signal starts nothing", async () => {
    await expect(collect(decodeSpeechPcm(path.join(BAD, "random.m4a")))).rejects.toThrow(
      /ffmpeg could not decode random\.m4a \(exit 1\)/,
    );
    const controller = new AbortController();
    controller.abort(new Error("stopped before"));
    const stopped = decodeSpeechPcm(path.join(AUDIO, "jfk.mp3"), { signal: controller.signal });
    await expect(collect(stopped)).rejects.toThrow("stopped before");
    expect(runningChildren("ffmpeg")).toEqual([]);
  });
});
