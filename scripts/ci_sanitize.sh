#!/usr/bin/env bash
# The sanitizer CI job: builds the CLI and the host tests with AddressSanitizer and
# UndefinedBehaviorSanitizer (-fno-sanitize-recover: the first finding fails the job) in its
# own build folder, without the CUDA worker; runs the host tests (ctest -LE gpu|slurm|script: the
# Slurm recipe test runs in the main job) and the
# hostile-input cases below through the sanitized `solver`; then runs every libFuzzer target
# of fuzz/ for a short fixed time (scripts/fuzz.sh, clang).
#
#   scripts/ci_sanitize.sh            (SOLVER_ASAN_BUILD_DIR, default build-asan;
#                                      SOLVER_CI_FUZZ_SECONDS per target, default 15;
#                                      SOLVER_CI_JOBS, default 2; SOLVER_CI_SKIP_FUZZ=1 skips it)
#
# Exits 0 when every step passed, else 1. Each step is time-limited; one line per step in
# $build/ci_sanitize.txt (name, exit, seconds).
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SOLVER_ASAN_BUILD_DIR:-$root/build-asan}"
jobs="${SOLVER_CI_JOBS:-2}"
fuzz_seconds="${SOLVER_CI_FUZZ_SECONDS:-15}"
mkdir -p "$build"
steps="$build/ci_sanitize.txt"
: >"$steps"
status=0
t_start=$SECONDS

# SOLVER_CI_DEADLINE (epoch seconds, set by .ci/run): CI's wall-clock budget. A step that would
# not fit is not started, and one cut by the deadline (not by its own limit) is reported as cut;
# neither fails the job, both say so loudly: a sanitizer job that ran out of CI time must not
# throw away the two legs before it, and must not pass for complete either.
deadline="${SOLVER_CI_DEADLINE:-0}"
step() {  # step NAME LIMIT_S COMMAND...
  local name="$1" limit="$2"
  shift 2
  local t0=$SECONDS rc by_deadline=0
  echo "== $name" >&2
  if [[ "$deadline" -gt 0 ]]; then
    local left=$(( deadline - $(date +%s) - 30 ))
    if [[ $left -lt 60 ]]; then
      echo "$name: NOT RUN: CI time budget spent (${left} s left before the deadline)" | tee -a "$steps" >&2
      return 124
    fi
    if [[ $left -lt $limit ]]; then limit=$left; by_deadline=1; fi
  fi
  timeout --kill-after=10 "$limit" "$@"
  rc=$?
  if [[ $by_deadline -eq 1 && ( $rc -eq 124 || $rc -eq 137 ) ]]; then
    echo "$name: CUT at the CI deadline after $((SECONDS - t0)) s (not a finding)" | tee -a "$steps" >&2
    return $rc
  fi
  [[ $rc -ne 0 ]] && status=1
  echo "$name: exit $rc, $((SECONDS - t0)) s" | tee -a "$steps" >&2
  return $rc
}

san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
# handle_segv=0: the fake worker's deliberate segfault must die by SIGSEGV (the live backend
# reports "signal 11"), not as an ASan report.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:handle_segv=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

step configure 300 cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "${launcher[@]}" -DSOLVER_WITH_CUDA=OFF -DSOLVER_BUILD_TESTS=ON \
  -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  >"$build/configure.log" 2>&1 || { cat "$build/configure.log" >&2; exit 1; }

# Only what runs: the CLI and the host test executables (ctest's names are the targets).
# h200_recording_test is left to the main job: it resolves and hashes every point of both
# bundled recordings (about 6,000 since 2026-12-04), 250 s there and past this job's 900 s under
# ASan at -O1; the recordings' loaders are exercised here by recording_test, hostile_inputs and
# the fuzz targets.
skip_here='^h200_recording_test$'
mapfile -t tests < <(cd "$build" && ctest -N -LE 'gpu|slurm|script' -E "$skip_here" | sed -n 's/^ *Test *#[0-9]*: *//p')
built=1
step build 2400 cmake --build "$build" --parallel "$jobs" --target solver fake_worker "${tests[@]}" \
  >"$build/build.log" 2>&1 || { built=0; grep -E "error|FAILED" "$build/build.log" | head -30 >&2; }

# LeakSanitizer's own tracer can die at a process's exit ("Tracer caught signal 11",
# "LeakSanitizer has encountered a fatal error"): a crash of the tool while it stops the
# threads, not a leak. Seen 2026-12-04 on every run of ptx_module_memory_test from the source
# folder (its NVRTC case after its heap case; each case alone passes with leaks checked). A test
# that failed both runs above is run alone once more; if it fails again only by that crash, it
# runs with the leak check off, and passes the job only when ASan and UBSan find nothing and its
# assertions pass, said in the steps file as "leak check not possible". Any sanitizer report or
# failed assertion still fails the job. Returns 0 when every failure was such a crash.
lsan_tool_crashes() {
  local t out any=0
  mapfile -t failed < <(sed -n 's/^[[:space:]]*[0-9][0-9]* - \([A-Za-z0-9_]*\) (.*/\1/p' "$build/ctest.log" | sort -u)
  [[ ${#failed[@]} -gt 0 ]] || return 1
  for t in "${failed[@]}"; do
    out="$build/ctest_alone_$t.log"
    if (cd "$build" && ctest -R "^$t\$" --output-on-failure >"$out" 2>&1); then
      echo "host_tests: $t passed when run alone (a load-dependent failure)" | tee -a "$steps" >&2
      continue
    fi
    if grep -q "LeakSanitizer has encountered a fatal error" "$out" &&
      ! grep -qE "ERROR: (AddressSanitizer|LeakSanitizer: detected)|runtime error:|ERROR: CHECK|FATAL ERROR" "$out" &&
      (cd "$build" && ASAN_OPTIONS="${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0}" \
        ctest -R "^$t\$" --output-on-failure >"$out.noleak" 2>&1); then
      echo "host_tests: $t: leak check not possible (LeakSanitizer's tracer crashed at exit); ASan, UBSan and its assertions clean" | tee -a "$steps" >&2
      continue
    fi
    echo "host_tests: $t failed (see $out)" | tee -a "$steps" >&2
    any=1
  done
  return $any
}

if [[ $built -eq 1 ]]; then
  # --repeat until-pass:2: a test that failed runs once more, and both runs stay in the log. Seen
  # once (2026-12-02): all 15 cases of external_generator_protocol_test passed, then
  # LeakSanitizer's own tracer died at exit ("Tracer caught signal 11") under -j2 load; alone it
  # passed twice. A sanitizer finding in our code reproduces and still fails the job.
  before_tests=$status
  step host_tests 900 bash -c "cd '$build' && ctest -LE 'gpu|slurm|script' -E '$skip_here' -j$jobs --repeat until-pass:2 --output-on-failure >'$build/ctest.log' 2>&1" \
    || { tail -60 "$build/ctest.log" >&2; if lsan_tool_crashes; then status=$before_tests; fi; }
else
  echo "host_tests: NOT RUN: the sanitized build did not complete" | tee -a "$steps" >&2
fi

# Hostile inputs through the sanitized CLI: each must exit 2 (located input error), quickly,
# with no sanitizer report.
solver="$build/engine/solver"
hostile() {
  local tmp; tmp="$(mktemp -d)"
  local ok=1
  # expect NAME WANT_RC COMMAND...
  expect() {
    local name="$1" want="$2"; shift 2
    timeout 60 "$@" >"$tmp/$name.out" 2>&1
    local rc=$?
    if [[ $rc -ne $want ]] || grep -q "Sanitizer" "$tmp/$name.out"; then
      echo "hostile $name: exit $rc (wanted $want)"; sed -n 1,15p "$tmp/$name.out"; ok=0
    else
      echo "hostile $name: exit $rc ok"
    fi
  }
  local s=("$solver" --data-dir "$root")
  local ab=(ablate --rounds 2 --backend recorded --recording "$root/tests/data/recordings/h200.json" --quiet)
  mkfifo "$tmp/fifo"
  expect rules_dev_zero 2 "${s[@]}" rules check /dev/zero
  expect rules_fifo 2 "${s[@]}" rules check "$tmp/fifo"
  printf 'version: 1\nversion: 1\nrules: []\n' >"$tmp/dup.yaml"
  expect rules_duplicate_key 2 "${s[@]}" rules check "$tmp/dup.yaml"
  cat "$root/rules/rules.yaml" >"$tmp/two.yaml"; printf -- '---\nversion: 1\n' >>"$tmp/two.yaml"
  expect rules_second_document 2 "${s[@]}" rules check "$tmp/two.yaml"
  python3 - "$tmp" <<'EOF'
import sys
d = sys.argv[1]
lines = ['a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]']
for i in range(1, 12):
    lines.append(f'a{i}: &a{i} [' + ','.join([f'*a{i-1}'] * 10) + ']')
open(d + '/bomb.yaml', 'w').write('\n'.join(lines) + '\nversion: 1\nrules: []\n')
open(d + '/deep.yaml', 'w').write('[' * 100000 + ']' * 100000 + '\n')
EOF
  expect rules_alias_bomb 2 "${s[@]}" rules check "$tmp/bomb.yaml"
  expect rules_deep_nesting 2 "${s[@]}" rules check "$tmp/deep.yaml"
  sed 's/"input_sets": 2/"input_sets": 1e300/' "$root/tests/data/recordings/h200.json" >"$tmp/rec.json"
  expect recording_1e300 2 "${s[@]}" ablate --problems softmax --rounds 2 --backend recorded \
    --recording "$tmp/rec.json" --out "$tmp/r1" --quiet
  expect problems_path 2 "${s[@]}" "${ab[@]}" --problems ../problems/softmax --out "$tmp/r2"
  expect problems_twice 2 "${s[@]}" "${ab[@]}" --problems softmax,softmax --out "$tmp/r3"
  expect seed_negative 2 "${s[@]}" "${ab[@]}" --problems softmax --seed -1 --out "$tmp/r4"
  mkdir -p "$tmp/p/inc"
  cp -r "$root/problems/sigmoid" "$tmp/p/"
  src="$(sed -n 's/^ *source: *//p' "$tmp/p/sigmoid/problem.yaml" | tail -1)"
  printf '#include "/etc/passwd"\n' | cat - "$tmp/p/sigmoid/$src" >"$tmp/x.cu" && mv "$tmp/x.cu" "$tmp/p/sigmoid/$src"
  expect include_outside 2 "${s[@]}" problems check sigmoid --problems-dir "$tmp/p" --compile-only
  if grep -q "root:" "$tmp/include_outside.out"; then echo "hostile include_outside: passwd content leaked"; ok=0; fi
  # issue 27: names, FIFOs, constant folding, the floor, links out of a problem folder.
  python3 - "$root/rules/rules.yaml" "$tmp" <<'EOF'
import sys
t = open(sys.argv[1], 'rb').read()
d = sys.argv[2]
open(d + '/nul.yaml', 'wb').write(t.replace(b'- id: below_weight_gate', b'- id: "below\\0gate"', 1))
open(d + '/utf8.yaml', 'wb').write(t.replace(b'- id: below_weight_gate', b'- id: below\xff', 1))
open(d + '/div0.yaml', 'wb').write(t.replace(b'when: weight < 0.05', b'when: 1/0 > 0', 1))
EOF
  expect rules_nul_id 2 "${s[@]}" rules check "$tmp/nul.yaml"
  expect rules_invalid_utf8_id 2 "${s[@]}" rules check "$tmp/utf8.yaml"
  expect rules_div_zero 2 "${s[@]}" rules check "$tmp/div0.yaml"
  expect out_invalid_utf8 2 "${s[@]}" "${ab[@]}" --problems softmax --out "$tmp/r$(printf '\xff')"
  mkdir -p "$tmp/q"
  cp -r "$root/problems/softmax" "$tmp/q/"
  src="$(sed -n 's/^ *source: *//p' "$tmp/q/softmax/problem.yaml" | tail -1)"
  rm "$tmp/q/softmax/$src" && mkfifo "$tmp/q/softmax/$src"
  expect source_fifo 2 "${s[@]}" problems check softmax --problems-dir "$tmp/q"
  expect source_fifo_ablate 2 "${s[@]}" "${ab[@]}" --problems softmax --problems-dir "$tmp/q" --out "$tmp/r6"
  rm -rf "$tmp/q/softmax" && cp -r "$root/problems/softmax" "$tmp/q/"
  sed -i 's/^bytes: .*/bytes: 0/' "$tmp/q/softmax/problem.yaml"
  expect bytes_zero 2 "${s[@]}" problems check softmax --problems-dir "$tmp/q"
  rm -rf "$tmp/q/softmax" && cp -r "$root/problems/softmax" "$tmp/q/"
  ln -s /etc/passwd "$tmp/q/softmax/notes.txt"
  expect link_out_of_folder 2 "${s[@]}" "${ab[@]}" --problems softmax --problems-dir "$tmp/q" --out "$tmp/r7"
  if [[ -e "$tmp/r7/ledger.jsonl" ]]; then echo "hostile link_out_of_folder: a run was started"; ok=0; fi
  # red team hin: a folder of the user's as --out, CR line endings, an invisible character in
  # an id, a signal out of its range, an input law beyond its dtype.
  mkdir -p "$tmp/mine/sub" && echo mine >"$tmp/mine/rules.yaml" && echo keep >"$tmp/mine/sub/a.tmp"
  expect out_users_folder 2 "${s[@]}" "${ab[@]}" --problems softmax --out "$tmp/mine"
  if [[ "$(cat "$tmp/mine/rules.yaml")" != mine || ! -e "$tmp/mine/sub/a.tmp" ]]; then
    echo "hostile out_users_folder: the user's files were touched"; ok=0
  fi
  tr '\n' '\r' <"$root/rules/rules.yaml" >"$tmp/cr.yaml"
  expect rules_cr_endings 2 "${s[@]}" rules check "$tmp/cr.yaml"
  sed 's/- id: below_weight_gate/- id: "below_weight_gate\\u200B"/' "$root/rules/rules.yaml" >"$tmp/zw.yaml"
  expect rules_invisible_id 2 "${s[@]}" rules check "$tmp/zw.yaml"
  sed 's/"load_eff": [0-9][0-9.]*/"load_eff": 42/' "$root/tests/data/h200_naive_sgemm.json" >"$tmp/sig.json"
  expect signal_out_of_range 2 "${s[@]}" classify --signals "$tmp/sig.json" --chip h200
  rm -rf "$tmp/q/softmax" && cp -r "$root/problems/softmax" "$tmp/q/"
  sed -i 's/init: {dist: normal, mean: 0, std: 2}/init: {dist: uniform, low: -1.0e300, high: 1.0e300}/' "$tmp/q/softmax/problem.yaml"
  expect init_beyond_dtype 2 "${s[@]}" problems check softmax --problems-dir "$tmp/q"
  expect ok_run 0 "${s[@]}" "${ab[@]}" --problems softmax --out "$tmp/r5"
  head -c 300 "$tmp/r5/ledger.jsonl" >"$tmp/cut" && cp "$tmp/cut" "$tmp/r5/ledger.jsonl"
  expect resume_torn_header 2 "${s[@]}" ablate --resume "$tmp/r5" --quiet
  rm -rf "$tmp"
  [[ $ok -eq 1 ]]
}
t0=$SECONDS
echo "== hostile_inputs" >&2
if [[ $built -eq 0 ]]; then
  echo "hostile_inputs: NOT RUN: the sanitized build did not complete" | tee -a "$steps" >&2
else
  hostile >"$build/hostile.log" 2>&1
  rc=$?
  [[ $rc -ne 0 ]] && status=1 && cat "$build/hostile.log" >&2
  echo "hostile_inputs: exit $rc, $((SECONDS - t0)) s ($(grep -c ' ok$' "$build/hostile.log") cases ok)" | tee -a "$steps" >&2
fi

if [[ "${SOLVER_CI_SKIP_FUZZ:-0}" != 1 ]]; then
  step fuzz 1200 "$root/scripts/fuzz.sh" "$fuzz_seconds"
fi

# What failed, at the very end: CI shows only the tail of its log, and a finding must be
# reproducible from it (2026-12-03: "ptx_precision_test (Subprocess aborted)" and a recording
# fuzz finding reached the team with neither the report nor the input).
findings() {
  if [[ -f "$build/ctest.log" ]] && grep -q "tests FAILED" "$build/ctest.log"; then
    echo "== findings: host tests"
    grep -E "ERROR: (Address|Leak)Sanitizer|runtime error:|^SUMMARY:|test case CRASHED|FATAL ERROR|terminate called|what\(\):" \
      "$build/ctest.log" | head -n 20
    sed -n '/The following tests FAILED/,$p' "$build/ctest.log" | head -n 12
  fi
  local f
  for f in "${SOLVER_FUZZ_BUILD_DIR:-$root/build-fuzz}"/findings/*/{crash,leak,timeout,oom}-*; do
    [[ -f "$f" ]] || continue
    echo "== findings: $f ($(stat -c %s "$f") bytes; base64 of its first 3000 bytes follows)"
    grep -E "ERROR: |runtime error:|^SUMMARY:|violated|#[0-9]+ 0x" "${f%/*}.log" 2>/dev/null | head -n 14
    head -c 3000 "$f" | base64 -w 120
  done
}
findings >&2
echo "ci_sanitize: $((SECONDS - t_start)) s in all" | tee -a "$steps" >&2
cat "$steps" >&2
exit "$status"
