#!/usr/bin/env bash
# scripts/house_check.sh: passes on this tree (as built in BUILD_DIR), and names each kind of
# violation in a synthetic tree that has one of every kind: a floor including one above it or
# its sibling,
# engine/backend/ including the loop, the loop including the CLI, a room of engine/ including one
# above it, a file outside the rooms, a long file without a reason, a CUDA header outside the
# GPU files, solver-gpu linking the loop and the CLI, one library holding most lines.
# Usage: house_check_test.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src="$1" build="$2"
fail=0
check() {  # check DESCRIPTION CONDITION...
  local what="$1"
  shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; fail=1; fi
}

out="$("$src/scripts/house_check.sh" "$build" "$src" 2>&1)"
rc=$?
echo "$out"
check "the real tree passes" test "$rc" -eq 0
# A build without the CUDA toolkit has no solver-gpu target: the check must say it skipped it.
if grep -q "solver-gpu is not in this build tree" <<<"$out"; then
  check "it says why the link line was not checked" grep -q "no CUDA toolkit" <<<"$out"
else
  check "it reports the link line it read" grep -q "solver-gpu links solver_backend" <<<"$out"
fi

t="$(mktemp -d)"
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/rules" "$t/profiling" "$t/generators" "$t/engine/backend" "$t/build"
printf '#include "engine/round_loop.h"\nint a;\n' >"$t/rules/value.cpp"
printf '#include "rules/value.h"\n#include <cupti.h>\n' >"$t/profiling/signals.cpp"
printf '#include "rules/value.h"\n#include "profiling/signals.h"\n' >"$t/generators/spec.cpp"
printf '#include "engine/ledger.h"\n#include "engine/backend/backend.h"\n' >"$t/engine/backend/live.cpp"
printf '#include "generators/x.h"\n#include "engine/cli/command.h"\n' >"$t/engine/round_loop.cpp"
for i in $(seq 1 40); do echo "int line$i;"; done >>"$t/engine/round_loop.cpp"
# The rooms of engine/: report/ may use the loop, not run/; eval/ may not use report/; a room
# file over 500 lines needs a reason.
mkdir -p "$t/engine/loop" "$t/engine/report" "$t/engine/eval"
printf '#include "engine/loop/ledger.h"\n#include "engine/run/ablation.h"\n' >"$t/engine/report/summary.cpp"
printf '#include "engine/report/summary.h"\n' >"$t/engine/eval/eval_suite.cpp"
for i in $(seq 1 501); do echo "int l$i;"; done >"$t/engine/loop/long.cpp"
cat >"$t/build/build.ninja" <<NINJA
build engine/CMakeFiles/solver_loop.dir/round_loop.cpp.o: CXX_COMPILER__solver_loop_Release $t/engine/round_loop.cpp
build engine/loop/CMakeFiles/solver_loop.dir/long.cpp.o: CXX_COMPILER__solver_loop_Release $t/engine/loop/long.cpp
build rules/CMakeFiles/solver_rules.dir/value.cpp.o: CXX_COMPILER__solver_rules_Release $t/rules/value.cpp
build engine/solver-gpu: CXX_EXECUTABLE_LINKER__solver-gpu_Release w.o | engine/libsolver_loop.a engine/libsolver_engine.a rules/libsolver_rules.a
  LINK_LIBRARIES = engine/libsolver_loop.a engine/libsolver_engine.a rules/libsolver_rules.a
NINJA
out="$("$src/scripts/house_check.sh" "$t/build" "$t" 2>&1)"
rc=$?
echo "$out"
check "a violation exits 1" test "$rc" -eq 1
check "back-edge between floors" grep -q "rules/value.cpp:1: rules/ includes engine/round_loop.h" <<<"$out"
check "a sibling floor" grep -q "generators/spec.cpp:2: generators/ includes profiling/signals.h" <<<"$out"
check "a floor below is fine" test "$(grep -c 'spec.cpp:1' <<<"$out")" -eq 0
check "backend includes the loop" grep -q "engine/backend/live.cpp:1: engine/backend/ includes engine/ledger.h" <<<"$out"
check "backend may include backend" test "$(grep -c 'live.cpp:2' <<<"$out")" -eq 0
check "the loop includes the CLI" grep -q "engine/round_loop.cpp:2: the loop includes engine/cli/command.h" <<<"$out"
check "a room includes a room above it" grep -q "engine/report/summary.cpp:2: engine/report/ includes engine/run/ablation.h" <<<"$out"
check "a room below is fine" test "$(grep -c 'summary.cpp:1' <<<"$out")" -eq 0
check "eval does not read reports" grep -q "engine/eval/eval_suite.cpp:1: engine/eval/ includes engine/report/summary.h" <<<"$out"
check "a file outside a room" grep -q "engine/round_loop.cpp: lies in engine/ outside a room" <<<"$out"
check "a long file without a reason" grep -q "engine/loop/long.cpp: 501 lines" <<<"$out"
check "CUDA header outside the GPU files" grep -q "profiling/signals.cpp:2: includes <cupti.h>" <<<"$out"
check "solver-gpu links the loop" grep -q "solver-gpu links solver_loop" <<<"$out"
check "solver-gpu links the CLI" grep -q "solver-gpu links solver_engine" <<<"$out"
check "a library over a third" grep -q "solver_loop holds .* over a third" <<<"$out"
check "no build tree exits 2" bash -c "'$src/scripts/house_check.sh' '$t/nowhere' '$t' >/dev/null 2>&1; test \$? -eq 2"
exit $fail
