#!/usr/bin/env bash
# Issue 10 (h10) on the H200: the worker's error paths now return outcome values instead of
# filling std::string* out-parameters (Worker's startup warning, time_pairs' failure, the gate's
# physical floor and adversarial note). Behaviour must be unchanged; this drives each path live.
#
#   scripts/gpu/house_worker.sh      from the repo root; the bundle under $SOLVER_BUNDLE
#                                    (default .carry/dyn: bin/solver, bin/solver-gpu)
# Writes under $OUT/house_worker (default /tmp/solver-house/house_worker):
#   hello.out, hello.err     solver-gpu with an unreadable chips table: the warning on stderr,
#                            and a hello answer with the device on stdout (the worker still runs)
#   softmax/, softmax.log    a 3-round live run: gates pass with "floor ... us (max of ...)" and
#                            "adversarial sets: ..." in their detail, paired timings give samples
#   <cheat>/, <cheat>.log    four cheats whose refusals come from time_pairs and the gate
#   results.txt              one line per check: name, expected, got, OK/MISMATCH
# Prints the results and "house_worker: N/N as expected" (exit 0), else names the mismatches
# (exit 1). Every step is under `timeout`; the whole script stays under 4 minutes.
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
BUNDLE=${SOLVER_BUNDLE:-.carry/dyn}
BIN=$BUNDLE/bin
out="${OUT:-/tmp/solver-house}/house_worker"
mkdir -p "$out"
: >"$out/results.txt"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
for f in "$BIN/solver" "$BIN/solver-gpu"; do
  [[ -x "$f" ]] || { echo "missing $f (install the bundle first)"; exit 1; }
done

total=0
good=0
result() {  # result NAME EXPECTED GOT
  total=$((total + 1))
  local verdict=MISMATCH
  [[ "$2" == "$3" ]] && verdict=OK && good=$((good + 1))
  printf '%-34s expected %-16s got %-16s %s\n' "$1" "$2" "$3" "$verdict" | tee -a "$out/results.txt"
}

echo "== 1. solver-gpu with an unreadable chips table (Worker::startup_warning)"
printf '{"id":1,"op":"hello"}\n{"id":2,"op":"quit"}\n' |
  timeout 60 "$BIN/solver-gpu" --serve --problems-root problems --chips /nonexistent/chips.yaml \
    >"$out/hello.out" 2>"$out/hello.err"
echo "exit $?"
head -c 600 "$out/hello.err"
head -c 600 "$out/hello.out"
echo
got=no
grep -q "^solver-gpu: chips table unusable" "$out/hello.err" && got=yes
result "startup warning on stderr" yes "$got"
got=no
grep -q '"ok":true' "$out/hello.out" && grep -q '"device"' "$out/hello.out" && got=yes
result "hello answered with the device" yes "$got"

echo "== 2. a live run: gates (floor, adversarial note) and paired timings"
rm -rf "$out/softmax"
timeout 120 "$BIN/solver" run --problem softmax --rounds 3 --evolve off --backend live \
  --out "$out/softmax" --quiet >"$out/softmax.log" 2>&1
echo "exit $?"
ledger="$out/softmax/ledger.jsonl"
got=no
grep -q 'floor [0-9.e+]* us (max of ' "$ledger" 2>/dev/null && got=yes
result "gate detail names the floor" yes "$got"
got=no
grep -q 'adversarial sets: ' "$ledger" 2>/dev/null && got=yes
result "gate detail has the adversarial note" yes "$got"
got=no
grep -q '"ratios":\[[0-9]' "$ledger" 2>/dev/null && got=yes  # the verdict's per-pair ratios
result "a paired timing gave samples" yes "$got"

echo "== 3. cheats refused by time_pairs and the gate"
for name in cheat_mutate_inputs cheat_zero_inputs cheat_gate_count cheat_gate_padded; do
  dir=tests/cheats/$name
  want=$(sed -n 's/^live: *//p' "$dir/expect")
  rm -rf "${out:?}/$name"
  timeout 25 "$BIN/solver" run --problem "$name" --problems-dir tests/cheats \
    --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 --seed 7 \
    --backend live --out "$out/$name" --quiet >"$out/$name.log" 2>&1
  rc=$?
  rec=$(tail -n 1 "$out/$name/ledger.jsonl" 2>/dev/null)
  outcome=$(grep -o '"outcome":"[a-z-]*"' <<<"$rec" | head -1 | cut -d'"' -f4)
  status=$(grep -o '"status":"[a-z_]*"' <<<"$rec" | head -1 | cut -d'"' -f4)
  got=$outcome
  [[ "$outcome" == "gate-failed" ]] && got=$status
  [[ -z "$got" ]] && got="no-record(exit $rc)"
  result "$name" "$want" "$got"
  grep -o '"detail":"[^"]*"' <<<"$rec" | head -2 | cut -c1-300
done

if [[ $good -eq $total ]]; then
  echo "house_worker: $good/$total as expected"
  exit 0
fi
echo "house_worker: $good/$total as expected; see $out/results.txt and the logs"
exit 1
