#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds, and runs every test. GPU tests (ctest label
# `gpu`) skip with a message where no GPU is present. Usage: ./scripts/test.sh [ctest args...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root/build"
ctest --output-on-failure -j"$(nproc)" "$@"
