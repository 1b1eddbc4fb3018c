#!/usr/bin/env bash
# Installs what `solver` needs on Debian 12 (only what is missing), then configures and builds
# it into build/ (Release). Idempotent: a second run installs nothing and rebuilds only what
# changed. The CUDA toolkit is optional: without it the build configures all the same and the
# live GPU worker is left out (CMake says so).
#
# Usage: scripts/setup.sh [--static] [--build-dir DIR] [--type Release|Debug|RelWithDebInfo]
#                         [--target NAME]... [--no-build]
#   --static     link yaml-cpp, Boost and OpenSSL statically (the bundle for the GPU machine)
#   --no-build   install and configure only
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build_dir="$root/build"
build_type=Release
static=OFF
do_build=1
targets=()

while [ $# -gt 0 ]; do
  case "$1" in
    --static) static=ON ;;
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

# --- packages -------------------------------------------------------------------------------
packages=(cmake ninja-build g++ libyaml-cpp-dev nlohmann-json3-dev libboost-program-options-dev
          doctest-dev libssl-dev clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    say "missing packages: ${missing[*]}; run this script as root (or install them) and retry"
    exit 1
  fi
  say "installing: ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# --- configure and build --------------------------------------------------------------------
mkdir -p "$build_dir"
log="$build_dir/setup.log"
say "configuring $build_dir ($build_type, static deps $static)"
if ! cmake -G Ninja -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE="$build_type" \
     -DSOLVER_STATIC_DEPS="$static" >"$log" 2>&1; then
  cat "$log" >&2
  say "configure failed (log: $log)"
  exit 1
fi
grep -E "^-- solver:" "$log" | sed 's/^-- /setup: /' >&2 || true
[ "$do_build" -eq 1 ] || exit 0

say "building (log: $log)"
build_args=(--build "$build_dir" --parallel "$(nproc)")
for t in "${targets[@]}"; do build_args+=(--target "$t"); done
if ! cmake "${build_args[@]}" >>"$log" 2>&1; then
  grep -E "error|FAILED" "$log" | head -40 >&2 || true
  say "build failed (full log: $log)"
  exit 1
fi
say "built $build_dir/engine/solver"
