#!/usr/bin/env bash
# Builds every libFuzzer target (fuzz/*: executables named *_fuzz) in build-fuzz with clang,
# then runs each for SECONDS (default 60) on its seed corpus. Usage: scripts/fuzz.sh [SECONDS]
# Findings (crash-*, leak-*, timeout-*) land in build-fuzz/findings/<target>/; the script
# exits 1 if any target found something. Committed seeds in fuzz/corpus/<name>/ are read,
# never written: the growing corpus lives in build-fuzz/corpus/<name>/.
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SOLVER_FUZZ_BUILD_DIR:-$root/build-fuzz}"
jobs="${SOLVER_FUZZ_JOBS:-2}"

# Fuzzing is the only user of clang: it installs it for itself (only what is missing).
"$root/scripts/install_packages.sh" clang libclang-rt-14-dev
cxx="$(command -v clang++ || command -v clang++-14 || true)"
if [[ -z "$cxx" ]]; then
  echo "fuzz.sh: clang++ not found (libFuzzer needs clang)" >&2
  exit 2
fi

cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_COMPILER="$cxx" -DSOLVER_FUZZ=ON -DSOLVER_WITH_CUDA=OFF \
  -DSOLVER_BUILD_TESTS=OFF >/dev/null
ninja -C "$build" -j"$jobs" fuzzers

mapfile -t targets < <(find "$build/fuzz" -maxdepth 1 -type f -perm -u+x -name '*_fuzz' | sort)
if [[ ${#targets[@]} -eq 0 ]]; then
  echo "fuzz.sh: no *_fuzz targets were built" >&2
  exit 2
fi

status=0
summary=()
for exe in "${targets[@]}"; do
  name="$(basename "$exe")"
  short="${name%_fuzz}"
  corpus="$build/corpus/$short"
  findings="$build/findings/$short"
  mkdir -p "$corpus" "$findings"
  args=(-max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048
        -artifact_prefix="$findings/")
  [[ -f "$root/fuzz/$short.dict" ]] && args+=(-dict="$root/fuzz/$short.dict")
  seeds=()
  [[ -d "$root/fuzz/corpus/$short" ]] && seeds+=("$root/fuzz/corpus/$short")
  log="$build/findings/$short.log"
  echo "== $name: ${seconds}s, log $log"
  if "$exe" "${args[@]}" "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    result="ok"
  else
    result="FINDING (see $findings)"
    status=1
  fi
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  rate="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  cov="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')"
  summary+=("$name: $result, $runs executions, $rate exec/s, coverage $cov edges")
done

echo
printf '%s\n' "${summary[@]}"
exit "$status"
