#!/usr/bin/env bash
# The quick bundle for a device call: the current build/ (dynamically linked) installed under
# BUNDLE (default .carry/dyn, git-ignored; `carry` it), with the shared libraries the bare GPU
# machine lacks (yaml-cpp, Boost.Program_options, libcrypto, CUPTI) beside it in BUNDLE/lib and
# the gpu test binaries in BUNDLE/tests. Scripts on the device then set
# LD_LIBRARY_PATH=$BUNDLE/lib:/usr/local/cuda/lib64. scripts/gpu/bundle.sh is the static twin
# (slower to build: its own build tree). Usage: scripts/gpu/dyn_bundle.sh [BUNDLE]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bundle="${1:-$root/.carry/dyn}"
cmake --build "$root/build" -j2 >/dev/null
rm -rf "$bundle"
cmake --install "$root/build" --prefix "$bundle" >/dev/null
mkdir -p "$bundle/lib" "$bundle/tests"
for l in libboost_program_options.so.1.74.0 libcrypto.so.3 libyaml-cpp.so.0.7; do
  cp "/lib/x86_64-linux-gnu/$l" "$bundle/lib/"
done
cp /usr/local/cuda/lib64/libcupti.so.13 "$bundle/lib/"
cp "$root"/build/tests/engine/*gpu_test "$root"/build/tests/gpu/*gpu_test "$bundle/tests/" 2>/dev/null || true
strip "$bundle"/bin/* "$bundle"/tests/* "$bundle"/lib/* 2>/dev/null || true
echo "bundle: $bundle ($(du -sh "$bundle" | cut -f1))" >&2
