#!/usr/bin/env bash
# Installs what `solver` needs on Debian 12 (only what is missing), then configures and builds
# it into build/ (Release). Idempotent: a second run installs nothing and rebuilds only what
# changed. The CUDA toolkit is optional: without it the build configures all the same and the
# live GPU worker is left out (CMake says so).
#
# Usage: scripts/setup.sh [--main-only] [--no-cuda] [--werror] [--static] [--build-dir DIR]
#                         [--type Release|Debug|RelWithDebInfo] [--target NAME]... [--no-build]
#   --main-only  what `solver ablate` needs and nothing more: no test suite (no doctest), only
#                the CLI and, with the toolkit, its GPU worker (target solver-main)
#   --no-cuda    build as on a machine without the CUDA toolkit (no solver-gpu, nvrtc.h unseen)
#   --werror     compiler warnings in the project's own code are errors (CI)
#   --static     link yaml-cpp, Boost and OpenSSL statically (the bundle for the GPU machine)
#   --no-build   install and configure only
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build_dir="$root/build"
build_type=Release
static=OFF
do_build=1
main_only=0
with_cuda=ON
werror="${SOLVER_WERROR:-OFF}"
targets=()

while [ $# -gt 0 ]; do
  case "$1" in
    --static) static=ON ;;
    --main-only) main_only=1 ;;
    --no-cuda) with_cuda=OFF ;;
    --werror) werror=ON ;;
    --build-dir) build_dir="$2"; shift ;;
    --type) build_type="$2"; shift ;;
    --target) targets+=("$2"); shift ;;
    --no-build) do_build=0 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

say() { echo "setup: $*" >&2; }
t0=$(date +%s)

# --- packages -------------------------------------------------------------------------------
# What the tool needs; the test suite adds doctest and python3 (the external-generator tests'
# generators, scripts/house_check.sh and the results-table test are Python); fuzzing installs
# its own (scripts/fuzz.sh).
packages=(cmake ninja-build g++ libyaml-cpp-dev nlohmann-json3-dev libboost-program-options-dev
          libssl-dev)
[ "$main_only" -eq 1 ] || packages+=(doctest-dev python3)
"$root/scripts/install_packages.sh" "${packages[@]}"

# --- configure and build --------------------------------------------------------------------
mkdir -p "$build_dir"
log="$build_dir/setup.log"
tests=ON
if [ "$main_only" -eq 1 ]; then
  # Keep an existing full build as it is (its test targets cost nothing when not built).
  tests=$(sed -n 's/^SOLVER_BUILD_TESTS:BOOL=//p' "$build_dir/CMakeCache.txt" 2>/dev/null || true)
  [ -n "$tests" ] || tests=OFF
  [ ${#targets[@]} -gt 0 ] || targets=(solver-main)
fi
launcher=()
# ccache is used when it is there (it is not installed for you): rebuilds of other checkouts
# of the same tree then cost seconds.
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# "CUDA if found" rather than "CUDA ON": whether a toolkit is there is said by configure's own
# "solver:" line below (found, or not built), never contradicted by this one.
cuda_word="CUDA if found"
[ "$with_cuda" = ON ] || cuda_word="without CUDA (--no-cuda)"
say "configuring $build_dir ($build_type, tests $tests, $cuda_word, static deps $static)"
if ! cmake -G Ninja -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE="$build_type" \
     -DSOLVER_STATIC_DEPS="$static" -DSOLVER_BUILD_TESTS="$tests" -DSOLVER_WITH_CUDA="$with_cuda" \
     -DSOLVER_WERROR="$werror" "${launcher[@]}" >"$log" 2>&1; then
  cat "$log" >&2
  say "configure failed (log: $log)"
  exit 1
fi
grep -E "^-- solver:" "$log" | sed 's/^-- /setup: /' >&2 || true
[ "$do_build" -eq 1 ] || exit 0

say "building ${targets[*]:-everything} with $(nproc) jobs (log: $log)"
build_args=(--build "$build_dir" --parallel "$(nproc)")
for t in "${targets[@]}"; do build_args+=(--target "$t"); done
# Ninja's own progress ([done/total] and the step), one line per step; the full log is kept.
set +e
cmake "${build_args[@]}" 2>&1 | tee -a "$log" |
  grep --line-buffered -E '^\[[0-9]+/[0-9]+\]' | sed -u 's/^/setup: /' >&2
rc=${PIPESTATUS[0]}
set -e
warnings=$(grep -c 'warning:' "$log" || true)
if [ "$rc" -ne 0 ]; then
  grep -E "error|FAILED" "$log" | head -40 >&2 || true
  say "build failed (full log: $log)"
  exit 1
fi
[ "$warnings" -eq 0 ] || say "$warnings compiler warnings (grep warning: $log)"
say "built in $(( $(date +%s) - t0 )) s: $build_dir/engine/solver"
