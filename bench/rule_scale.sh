#!/usr/bin/env bash
# Rule-count scaling (issue 27 item 7): the bundled table plus N generated rules through
# `solver rules check`, a 2-round offline `ablate` (softmax, H200 recording) and `report`,
# each a real process, for every N given; prints wall time and peak RSS per command.
#
#   bench/rule_scale.sh [BUILD_DIR] [N...]      (default: build, 1000 2000 4000 8000 10000)
#
# The work is tests/engine/rule_scale_test (the ctest runs it at N = 10,000 and asserts
# <= 2 GB per command and <= 60 s in all); this script runs the same binary for each N with
# SOLVER_RULE_SCALE_N (SOLVER_RULE_SCALE_BIN=path/to/solver measures another build, e.g. one
# from before the fix; give it a time limit with `timeout`). Results: docs/benchmarks.md, "Rule-table scaling".
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
shift || true
sizes=("$@")
[[ ${#sizes[@]} -eq 0 ]] && sizes=(1000 2000 4000 8000 10000)
bin="$build/tests/engine/rule_scale_test"
[[ -x "$bin" ]] || { echo "no $bin: cmake --build $build --target rule_scale_test" >&2; exit 2; }
status=0
for n in "${sizes[@]}"; do
  SOLVER_RULE_SCALE_N="$n" "$bin" 2>&1 | grep -E '^rule_scale|ERROR|FAILED' || status=1
done
exit "$status"
