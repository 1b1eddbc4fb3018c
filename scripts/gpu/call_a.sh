#!/usr/bin/env bash
# Device call A of 2026-12-01: the gpu tests and the gate of every built-in point (check.sh),
# the cheat suite live (cheats.sh), the labelled suite live and from ncu (labelled.sh). Each
# script's own folder is packed into one archive under $OUT (the device tool returns at most 8
# files, 2 folders deep).
set -u
R=${OUT:-/tmp/call-a}; mkdir -p "$R"
T0=$(date +%s)
run() {  # name limit command...
  local name=$1 limit=$2; shift 2
  local dir=/tmp/call-a/$name; mkdir -p "$dir"
  echo "== $name (limit ${limit}s, at $(( $(date +%s) - T0 ))s)"
  OUT=$dir timeout "$limit" "$@" > "$dir/stdout.log" 2>&1
  echo "(exit $?, $(( $(date +%s) - T0 ))s)"
  tail -n "${TAIL:-25}" "$dir/stdout.log"
  tar czf "$R/$name.tgz" -C /tmp/call-a "$name" 2>/dev/null
}
run check 150 bash scripts/gpu/check.sh
TAIL=20 run cheats 200 bash scripts/gpu/cheats.sh
BUDGET_S=${LABELLED_S:-200} TAIL=30 run labelled 230 bash scripts/gpu/labelled.sh
echo "== total $(( $(date +%s) - T0 ))s"
