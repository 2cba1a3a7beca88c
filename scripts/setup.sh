#!/usr/bin/env bash
# npm run setup: everything a fresh machine needs to run Voxlate on its embedded defaults.
# Installs the Debian packages (when apt-get is available and we are root), the npm dependencies,
# generates the Prisma client, builds the app, applies migrations to the embedded database, and fetches a whisper
# model (WHISPER_MODEL, default "base": 99 languages) so transcription runs on whisper. Without network it says so
# in one line and carries on: the app then runs its offline fallback engine (pocketsphinx, English only).
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(ffmpeg pocketsphinx pocketsphinx-en-us chromium chromium-headless-shell fonts-dejavu-core fonts-wqy-microhei apertium apertium-en-es poppler-utils)

missing=()
for package in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "Warning: these system packages are missing: ${missing[*]}" >&2
    echo "  Install them with your package manager (ffmpeg is needed for uploads; chromium-headless-shell only for end-to-end tests, chromium only for the Lighthouse benchmark; poppler-utils only for the legal export's tests)." >&2
  fi
fi

echo "Installing npm dependencies"
# whisper.cpp (smart-whisper) builds from source at install; without AVX2 it runs about 8x slower.
export CFLAGS="-mavx -mavx2 -mfma -mf16c" CXXFLAGS="-mavx -mavx2 -mfma -mf16c"
npm ci --no-audit --no-fund

echo "Building the app"
npm run build

echo "Preparing the embedded database"
npm run db:migrate

echo "Fetching the whisper model (${WHISPER_MODEL:-base}) and the VAD model"
npm run -s models:download -- --if-online ||
  echo "Warning: the model download failed (see above); Voxlate will use its offline fallback engine until \`npm run models:download\` succeeds." >&2

echo "Checking what runs (npm run doctor)"
npm run -s doctor || echo "Warning: npm run doctor found a problem (above)." >&2

echo "Setup complete. Start Voxlate with: npm start"
