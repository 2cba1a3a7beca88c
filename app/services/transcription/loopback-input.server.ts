// ffmpeg reading bytes that are not a plain file on disk (an upload sealed into encrypted storage while it arrived,
// or a stored file the transcription job decodes), over HTTP on the loopback interface, with Range requests:
// probing seeks to a file's head and tail, and a pipe could not (a CBR MP3 is sized from its length, an MP4's index
// may sit at the end). So no plain copy of the upload is ever written to disk for ffprobe or ffmpeg.
//
// An uploaded file is the user's content, and a media playlist (HLS) inside it names URLs that ffmpeg would then
// fetch: the server would be made to request addresses of the user's choosing. So ffmpeg may use only HTTP (no
// file:, no TLS), and every request it makes goes through this same server as its HTTP proxy (with no_proxy
// cleared), which answers the one URL it serves and refuses everything else.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { byteRange } from "~/utils/byte-range";
import { loggerFor } from "~/config/logger.server";

const log = loggerFor("media");

/** Bytes to serve: their length, and a reader for an inclusive range of them. */
export interface ByteSource {
  bytes: number;
  read(range: { start: number; end: number }): Readable | Promise<Readable>;
}

/** How ffmpeg is told to read an input: the arguments up to and including `-i <input>`, and its environment. */
export interface FfmpegInput {
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/** ffmpeg input arguments that read `source` from a server on 127.0.0.1, which serves it until `close`. */
export async function openLoopbackInput(source: ByteSource): Promise<{ input: FfmpegInput; close: () => void }> {
  // Unguessable, so another local process cannot read the upload while it is served.
  const token = crypto.randomBytes(24).toString("base64url");
  let url = "";
  const server = http.createServer((request, response) => {
    // Through the proxy, the request line carries the absolute URL; a direct request carries only the path.
    const target = request.url ?? "";
    const ours = target === url || target === `/${token}`;
    if (!ours || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(403).end();
      return;
    }
    void serve(source, request, response);
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  // Once listening, an error (a failed accept: out of file descriptors) fails only ffmpeg's request, which reads as
  // a damaged file; unheard, it would end the process.
  server.on("error", (error) => log.error({ err: error }, "the loopback server for ffmpeg failed"));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  url = `${origin}/${token}`;
  return {
    input: {
      args: ["-protocol_whitelist", "http,tcp", "-http_proxy", origin, "-i", url],
      env: { ...process.env, no_proxy: "", NO_PROXY: "", http_proxy: origin },
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function serve(source: ByteSource, request: http.IncomingMessage, response: http.ServerResponse) {
  const size = source.bytes;
  const range = byteRange(request.headers.range, size);
  if (range === "outside") {
    response.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  response.writeHead(range ? 206 : 200, {
    "Content-Type": "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Content-Length": String(Math.max(0, end - start + 1)),
    ...(range ? { "Content-Range": `bytes ${start}-${end}/${size}` } : {}),
  });
  if (request.method === "HEAD" || end < start) {
    response.end();
    return;
  }
  try {
    await pipeline(await source.read({ start, end }), response);
  } catch (error) {
    // ffmpeg closes a connection it has read enough of (a seek opens another): nothing to report. A source that
    // fails (an integrity check, a key that is not configured) ends the response short, which ffmpeg reports only
    // as a damaged file or "End of file": its cause is logged here, where it is known.
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE")
      log.error({ err: error }, "could not serve the file to ffmpeg");
    response.destroy();
  }
}
