#!/usr/bin/env bash
# Builds the static bundle the GPU machine runs (it has none of our Debian libraries): yaml-cpp,
# Boost and OpenSSL linked statically, installed with the data under BUNDLE (default
# .carry/lead, git-ignored; `carry` it in the device call), plus the `gpu` test binaries in
# BUNDLE/tests. Usage: scripts/gpu/bundle.sh [BUNDLE]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bundle="${1:-$root/.carry/lead}"
build="$root/build-static"
"$root/scripts/setup.sh" --static --build-dir "$build" --target solver-main \
  --target live_backend_gpu_test --target fault_suite_gpu_test --target cheat_suite_gpu_test \
  --target pc_sampling_gpu_test
rm -rf "$bundle"
cmake --install "$build" --prefix "$bundle" >/dev/null
mkdir -p "$bundle/tests"
cp "$build/tests/gpu/live_backend_gpu_test" "$build/tests/engine/fault_suite_gpu_test" \
  "$build/tests/engine/cheat_suite_gpu_test" "$build/tests/engine/pc_sampling_gpu_test" \
  "$bundle/tests/"
strip "$bundle"/bin/* "$bundle"/tests/* 2>/dev/null || true
echo "bundle: $bundle ($(du -sh "$bundle" | cut -f1)); solver needs: $(ldd "$bundle/bin/solver" | awk '{print $1}' | tr '\n' ' ')" >&2
