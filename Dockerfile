# syntax=docker/dockerfile:1
# The Voxlate image: web server by default, `npm run worker` for a standalone job worker.
# Build: docker build -t voxlate .     Usage: docs/deploy.md

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- deps: node_modules and the generated Prisma client --------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The lockfile and package.json "allowScripts" are written by npm 11; the Node 20 image ships npm 10.
RUN npm install -g npm@11.19.1
# node-gyp builds whisper.cpp (smart-whisper) from source.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# `npm ci` runs postinstall `prisma generate`, which needs the schema and the config.
COPY prisma/schema.prisma prisma/schema.prisma
COPY prisma.config.ts ./
# whisper.cpp builds from source here; AVX2 makes it about 8x faster (set other flags for other CPUs).
RUN CFLAGS="-mavx -mavx2 -mfma -mf16c" CXXFLAGS="-mavx -mavx2 -mfma -mf16c" npm ci

# ---- build: the React Router client and server bundles ---------------------------------------
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --ignore-scripts

# ---- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# ffmpeg/ffprobe decode and probe uploads; pocketsphinx is the offline speech engine.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us fonts-dejavu-core fonts-wqy-microhei apertium apertium-en-es \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data

# The server and the worker are compiled into build/node/; app/ and scripts/ stay for the CLI commands (tsx).
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/prisma.config.ts /app/package.json /app/tsconfig.json ./

# The code stays root-owned and read-only; only the data dir belongs to the app's user.
RUN mkdir -p /app/data && chown node:node /app/data
USER node

EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "build/node/server.js"]
