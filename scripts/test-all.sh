#!/usr/bin/env bash
# npm test: every test. Type check, unit and integration tests (on PGlite and on the PostgreSQL server at
# 127.0.0.1:5432) against the production build, then Playwright end to end with JavaScript on and off.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null; then
    echo "Starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  else
    echo "Error: PostgreSQL is not running on 127.0.0.1:5432 (set TEST_POSTGRES_URL to use another server)" >&2
    exit 1
  fi
fi

npm run typecheck
npm run lint:imports
npm run lint
npm run db:diff -- --check >/dev/null || { echo "Error: prisma/schema.prisma has changes without a migration (npm run db:diff -- <name>)" >&2; exit 1; }
# Integration tests drive the production build's request handler, so build first.
npm run build
npm run test:unit
# Scale-out over real processes (two web, two workers, PostgreSQL, S3); about a minute on the build above.
node --import tsx tests/scale/scale.ts
npm run test:e2e
