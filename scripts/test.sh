#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds, and runs every test. GPU tests (ctest label
# `gpu`) are reported as skipped, with the reason, where no GPU is present.
# Usage: ./scripts/test.sh [ctest args...]
# Environment: SOLVER_WERROR=ON makes warnings errors (CI); SOLVER_BUILD_DIR (default build/)
# and SOLVER_SETUP_ARGS (e.g. "--no-cuda": build as without the CUDA toolkit) pick the build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SOLVER_BUILD_DIR:-$root/build}"
"$root/scripts/setup.sh" --build-dir "$build" ${SOLVER_SETUP_ARGS:-}
# The Slurm recipe test (label slurm) brings up a one-node Slurm from Debian's packages; where
# they cannot be installed it skips and says why (SOLVER_NO_SLURM=1: do not try).
if [ "${SOLVER_NO_SLURM:-0}" != 1 ]; then
  "$root/scripts/install_packages.sh" slurm-wlm munge || echo "test.sh: no Slurm: the slurm test will skip"
fi
cd "$build"
set +e
ctest --output-on-failure -j"$(nproc)" "$@"
rc=$?
set -e
# ctest shows no output of a skipped test: say why each GPU (or Slurm) test skipped.
grep -h -o -E 'SKIP \(no (GPU|Slurm)\): .*' Testing/Temporary/LastTest.log 2>/dev/null | sort -u | sed 's/^/test.sh: /' || true
exit $rc
