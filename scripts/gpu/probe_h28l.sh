#!/usr/bin/env bash
# Helper h28l's probe (issue 28, the two residuals of the ninth session's closing note):
# 1. Honest int8 kernels next to float buffers, and one cheat that must stay refused: the
#    bundle's offline scan of the folders (`problems check --compile-only`), then one live round
#    each (scripts/gpu/lib/cheat_round.sh, as scripts/gpu/cheats.sh runs a cheat):
#      control_int8_w8a8_scales   kept   (mma.sync s8 on the int8 buffers, float scales/output;
#                                         main refused it as precision_mismatch)
#      control_int8_dp4a_scale    kept   (dp4a int8 dot, float per-row scale)
#      cheat_int8_quantised_fp32  precision_mismatch (floats narrowed to int8 in the kernel)
#      control_redteam7_cuda_samples_imma, control_int8_dp4a  kept (earlier int8 controls)
# 2. The problem's homogeneity carried to a worker that never gated it (P6c): two bare workers
#    (`solver-gpu --serve`, nothing gated) each time one time_pairs request of
#    redteam7_offlaw_detect_sum (honest seed vs its support-detecting cheat), the first with
#    "homogeneous":true in the request (what the live backend now sends once the problem's
#    gate learnt it), the second without. Expected: with the flag the timed runs shrink
#    positive laws out of the support, the cheat's detector routes them to its honest path and
#    its median is no better than the seed's (ratio candidate/incumbent >= ~0.97); without the
#    flag (the old behaviour of a never-gated worker) the cheat is ~1.3x faster (ratio ~0.75).
# Usage: probe_h28l.sh [SECONDS]  (default 180; writes $OUT/probe_h28l/). Predicted run time
# (unmeasured): ~10-25 s per folder, ~15-25 s per bare worker, ~120-170 s in all.
set -u
budget=${1:-180}
O=${OUT:-/tmp}/probe_h28l
mkdir -p "$O"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
# shellcheck source=lib/cheat_round.sh
source scripts/gpu/lib/cheat_round.sh
export PATH=/usr/local/cuda/bin:$PATH
t0=$SECONDS
left() { echo $((budget - (SECONDS - t0) - 2)); }
say() { echo "$*" | tee -a "$O/results.txt"; }
folders="control_int8_w8a8_scales control_int8_dp4a_scale cheat_int8_quantised_fp32"
if [[ ! -x "$B/bin/solver" ]]; then
  say "probe_h28l: no bundle at $B (bin/solver)"
  exit 1
fi
# Part 1a: the bundle's scan (no GPU): which rule the live gate applies.
pc=$(mktemp -d)
for f in $folders control_redteam7_cuda_samples_imma; do ln -s "$PWD/tests/cheats/$f" "$pc/$f"; done
timeout 40 "$B/bin/solver" problems check --problems-dir "$pc" --compile-only \
  >"$O/problems_check.log" 2>&1
say "scan: W8A8 control refused: $(grep -cE '^control_int8_w8a8_scales +control .*precision' "$O/problems_check.log")" \
  "(0 = h28l's provenance rule, 1 = main's all-integer rule); narrowing cheat refused:" \
  "$(grep -cE '^cheat_int8_quantised_fp32 +cheat .*precision' "$O/problems_check.log") (must be 1)"
rm -rf "$pc"
# Part 1b: one live round each.
ok=0
n=0
for name in $folders control_redteam7_cuda_samples_imma control_int8_dp4a; do
  l=$(left)
  if ((l < 70)); then  # keep ~65 s for part 2
    say "$name: not run (budget kept for part 2)"
    continue
  fi
  cheat_round "$B/bin/solver" "$name" "$O" 30
  n=$((n + 1))
  ok=$((ok + CR_OK))
  say "$(printf '%-36s got %-20s want %-20s ratio %-8s %3ds | %s' "$name" "$CR_GOT" "$CR_WANT" \
    "${CR_RATIO:--}" "$CR_SECONDS" "$CR_DETAIL")"
done
say "part 1: $ok of $n folders got their expected outcome"
# Part 2: pairs in a worker that never gated the problem.
P=redteam7_offlaw_detect_sum
for flag in true absent; do
  l=$(left)
  if ((l < 15)); then
    say "part 2 ($flag): not run (budget spent)"
    continue
  fi
  extra=""
  [[ $flag == true ]] && extra=',"homogeneous":true'
  req='{"id":1,"op":"time_pairs","incumbent":{"problem":"'$P'","variant":"honest","knobs":{}},'
  req+='"candidate":{"problem":"'$P'","variant":"cheat","knobs":{}},"pairs":15,"seed":7'$extra'}'
  per=$((l < 32 ? l : 32))
  printf '%s\n{"id":2,"op":"quit"}\n' "$req" |
    timeout "$per" "$B/bin/solver-gpu" --serve --problems-root tests/cheats \
      --chips "$D/rules/chips.yaml" >"$O/pairs_$flag.json" 2>"$O/pairs_$flag.err"
  rc=$?
  line=$(grep '"id":1' "$O/pairs_$flag.json" | head -1)
  if command -v python3 >/dev/null && [[ -n "$line" ]]; then
    med=$(python3 -c '
import json, statistics, sys
r = json.loads(sys.argv[1])
p = r.get("pairs") or {}
a, b = p.get("incumbent_us") or [], p.get("candidate_us") or []
if not a or not b:
    print("no pairs: ok=%s error=%s" % (r.get("ok"), (r.get("error") or "")[:160]))
else:
    ma, mb = statistics.median(a), statistics.median(b)
    print("honest %.1f us, cheat %.1f us, ratio cheat/honest %.3f (%d pairs)" % (ma, mb, mb / ma, len(a)))
' "$line")
  else
    med="no answer (rc $rc): $(tail -c 300 "$O/pairs_$flag.err" | tr '\n' ' ')"
  fi
  say "part 2, homogeneous $flag in a bare worker: $med"
done
say "part 2 expected: 'true' ratio >= ~0.97 (detector routed honest), 'absent' ~0.75 (the residual)"
say "probe_h28l: $((SECONDS - t0)) s"
