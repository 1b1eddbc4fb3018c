#!/usr/bin/env bash
# Issue 33, stencil3d_r4: torch.compile's kernel for the 25-point star came in at 48.9, 36.9 and
# 31.5 us in three calls against the pool's 36-40 us. This runs bench/stencil/inductor_stencil.py
# in three fresh processes, each with a fresh inductor cache (so inductor chooses anew), keeps
# the generated code of the first (TORCH_LOGS=output_code) and prints one JSON line a run.
# Usage: probe_stencil_inductor.sh [SECONDS, default 120]. Writes $OUT/probe_stencil_inductor/.
set -u
O=${OUT:-/tmp}/probe_stencil_inductor
mkdir -p "$O"
lim=${1:-120}
t0=$SECONDS
for i in 1 2 3; do
  l=$((lim - (SECONDS - t0) - 5))
  [ "$l" -lt 20 ] && { echo "run $i: not run (budget)"; break; }
  cache=$(mktemp -d)
  if [ "$i" = 1 ]; then
    TORCHINDUCTOR_CACHE_DIR=$cache TORCH_LOGS=output_code timeout "$l" \
      python3 bench/stencil/inductor_stencil.py 30 >"$O/run$i.json" 2>"$O/output_code.txt"
  else
    TORCHINDUCTOR_CACHE_DIR=$cache timeout "$l" python3 bench/stencil/inductor_stencil.py 30 \
      >"$O/run$i.json" 2>"$O/run$i.err"
  fi
  echo "run $i: exit $? $(cat "$O/run$i.json")"
done
grep -c "@triton.jit" "$O/output_code.txt" | sed 's/^/triton kernels in run 1: /'
