// Part of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy beside each compressible file the client build
// made, once. The server sends them as they are (express-static-gzip in server.ts) instead of
// compressing every asset again for every browser that has not cached it: 30–55 ms of the 150–185 ms of server CPU
// that a first visit with JavaScript costs (2026-11-28, docs/performance.md).
// (vite-plugin-compression2 would compress the server bundle too: it hooks into another plugin's output at config
// time, whichever build environment that is.)
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const CLIENT_DIR = "build/client";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html)$/;
// Below this a compressed copy saves less than a packet's headers.
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compress(file: string) {
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) return undefined;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        // Quality 10 of 11: 2% larger than 11 in 40% of its time, 3.7 s of CPU for the whole client (2026-11-28).
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is left out: the file itself is sent then.
  if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
  return { bytes: content.length, brotliBytes: Math.min(br.length, content.length) };
}

const entries = await fs.readdir(CLIENT_DIR, { recursive: true, withFileTypes: true });
const files = entries
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
const sizes = await Promise.all(files.map(compress));
const done = sizes.filter((size) => size !== undefined);
const total = (key: "bytes" | "brotliBytes") => done.reduce((sum, size) => sum + size[key], 0);
console.log(
  `Compressed ${done.length} client files: ${(total("bytes") / 1e6).toFixed(2)} MB, ${(total("brotliBytes") / 1e6).toFixed(2)} MB as Brotli`,
);
