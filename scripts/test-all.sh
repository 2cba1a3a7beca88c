#!/usr/bin/env bash
# npm test: every test. Type check, unit and integration tests (on PGlite and on the PostgreSQL server at
# 127.0.0.1:5432) against the production build, then Playwright end to end with JavaScript on and off.
# Each stage's wall time is printed at the end, whether the run passed or not.
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

# The machine's busy and idle core-seconds since it booted, in /proc/stat's ticks of 1/100 s (empty off Linux).
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat 2>/dev/null || true; }
# One core's speed, so that runs on different machines of a kind can be compared: machines sold as the same size have
# taken this loop from 1.45 s to over 1.6 s, and whole runs differ as much (docs/performance.md).
reference_loop_ms=$(node -e 'const t = process.hrtime.bigint(); let x = 0; for (let i = 0; i < 3e8; i++) x = (x * 31 + i) % 1000003; console.log(Math.round(Number(process.hrtime.bigint() - t) / 1e6))')

times_file=$(mktemp)
run_started=$SECONDS
read -r busy_at_start idle_at_start <<<"$(machine_ticks)"
print_times() {
  local busy idle
  echo
  echo "Stage times (wall clock, and CPU seconds; stages side by side overlap):"
  cat "$times_file"
  printf '  %-28s %4ds\n' "total" $((SECONDS - run_started))
  read -r busy idle <<<"$(machine_ticks)"
  [ -z "$busy_at_start" ] || printf '  %-28s %4d core-s busy, %d idle\n' "the whole machine" \
    $(((busy - busy_at_start) / 100)) $(((idle - idle_at_start) / 100))
  printf '  %-28s %4d ms (one core)\n' "reference loop" "$reference_loop_ms"
  rm -f "$times_file"
}
trap print_times EXIT

# stage NAME COMMAND...: runs COMMAND and records its wall time under NAME (also when it fails), with the CPU time
# (user + system) of it and the processes it waited for: CPU seconds over wall seconds is how many cores it kept busy.
stage() {
  local name=$1 started=$SECONDS status=0 cpu_file cpu
  shift
  cpu_file=$(mktemp)
  { TIMEFORMAT='%U %S'; time "$@" 2>&3; } 3>&2 2>"$cpu_file" || status=$?
  cpu=$(awk '{ printf "%.0f", $1 + $2 }' "$cpu_file" 2>/dev/null || echo "?")
  rm -f "$cpu_file"
  printf '  %-28s %4ds  (CPU %5ss)%s\n' "$name" $((SECONDS - started)) "$cpu" \
    "$([ $status -eq 0 ] || echo "  FAILED ($status)")" >>"$times_file"
  return $status
}

# side_by_side "NAME|COMMAND"...: runs single-threaded stages at once, one per core, and prints each one's output
# when it ends; fails when any of them failed.
side_by_side() {
  local pids=() logs=() status=0 spec log i
  for spec in "$@"; do
    log=$(mktemp)
    logs+=("$log")
    (stage "${spec%%|*}" bash -c "${spec#*|}") >"$log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || status=1
    cat "${logs[$i]}"
    rm -f "${logs[$i]}"
  done
  return $status
}

check_migrations() {
  npm run db:diff -- --check >/dev/null || {
    echo "Error: prisma/schema.prisma has changes without a migration (npm run db:diff -- <name>)" >&2
    return 1
  }
}

export -f check_migrations
side_by_side "type check|npm run typecheck" "lint|npm run lint"
# Integration tests drive the production build's request handler, so build first.
side_by_side "build|npm run build" "import rules|npm run lint:imports" "migrations match schema|check_migrations"
# Scale-out over real processes (two web, two workers, PostgreSQL, S3) on the build above: its processes mostly wait
# on each other (about 100 s, keeping one core busy), so it runs beside Vitest, in the CPU Vitest's waits leave idle,
# and its output follows Vitest's. Beside Playwright, which keeps both cores busy, it took 166-190 s and cost
# Playwright more (612 s against 480 s alone) than it costs Vitest (565 s against 550 s alone; docs/performance.md,
# 2026-12-02).
scale_log=$(mktemp)
stage "scale (beside Vitest)" node --import tsx tests/scale/scale.ts >"$scale_log" 2>&1 &
scale=$!
status=0
stage "vitest" npm run test:unit || status=1
wait "$scale" || status=1
cat "$scale_log"
rm -f "$scale_log"
[ $status -eq 0 ] || exit $status
stage "playwright" npm run test:e2e
