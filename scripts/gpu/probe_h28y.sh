#!/usr/bin/env bash
# Issue 28, helper h28y: four honest controls that no live run kept, on the H100 (twice) or the
# H200 (docs/results/h100-2026-12-05d, call3 and call5), each with every check passed. Three are
# changed on branch h28y so that the idiom each stands for is timed where it saves time; the
# fourth cannot be (its point is the data it is timed on) and is run to show it is unchanged.
# One round of the real loop each (lib/cheat_probe.sh: `solver run`, evolution off, 15 pairs,
# seed 7, the live backend), in this one script, its outcome next to its expect's live:.
# Predicted (offline on branch h28y; no GPU in that session; the same on an H100 and an H200
# unless said):
#   control_redteam12_f64_cutoff_prefilter  kept ~1.6-1.8x (was rejected 0.53x: the [0, 16) law
#                                           was shrunk to a corner in every timed run, 31-41% of
#                                           pairs inside the cutoff; now 65536 points in
#                                           [-32, 32)^3, 1.2-2.0% of timed warp steps pass the
#                                           FP32 test: redteam12_cutoff_sim)
#   control_redteam17_fused_levels          kept ~1.15-1.25x H100, ~1.1-1.2x H200 (was no-variant:
#                                           the child kept the dominant launch blur_cols; the seed
#                                           now writes the levels in its strip column pass, the
#                                           child in the row pass: 20 bytes a pixel against 24);
#                                           the round's reason names "rewrites blur_cols_levels,
#                                           the dominant kernel (launch 1)"
#   control_redteam19m_magic_rint_quant     kept ~1.2x (up to ~2.4x if I2FP.F32.S32 runs on the
#                                           conversion pipe) (was rejected 1.005x: memory-bound;
#                                           now 32 clipping ratios scored a row, F2I-bound seed)
#   control_redteam14_range_route_uniform   rejected, ratio ~1.00: OPEN, a false refusal no change
#                                           here answers (its README, "Helper h28y"); the
#                                           MISMATCH line is the expected one
# Each folder's lines: the round's reason, its law pairs, the medians and each profiled variant's
# pipes from the run's measurements.json (predicted: the quantiser's seed xu_frac near 1 and its
# child not XU-bound; the cutoff seed fp64_frac near 1; the fused-levels seed dominant_launch 1).
# Usage: probe_h28y.sh [SECONDS]   (default 300; writes $OUT/probe_h28y/). Each folder is capped
# at 75 s, the offline scan at 20 s; the folders run in this order, most telling first.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h28y "${1:-300}" control_redteam12_f64_cutoff_prefilter \
  control_redteam17_fused_levels control_redteam19m_magic_rint_quant \
  control_redteam14_range_route_uniform || exit 1
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1 |
  sed 's/^/gpu: /' | tee -a "$O/results.txt"
cheat_probe_scan 20 $CP_DIRS
say "scan: $(grep -cE '^[a-z0-9_]+ +(honest|control) .*(precision|error)' \
  "$O/problems_check.log") of 8 variants refused offline (predicted 0)"
for name in $CP_DIRS; do
  cheat_probe_round "$name" 75 40 check || continue
  say "  reason: $(grep -o '"reason":"[^"]\{0,160\}' <<<"$CR_REC" | head -1 | cut -d'"' -f4)"
  say "  law pairs: $(grep -o 'on the declared laws: [^;"]\{0,90\}' <<<"$CR_REC" | head -1)"
  say "  medians: $(grep -o '"incumbent_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)" \
    "$(grep -o '"candidate_median_us":[0-9.e+-]*' <<<"$CR_REC" | head -1)"
  # The profiled pipes of each variant the round profiled (the mechanism: the quantiser's seed
  # should show the XU (conversion) pipe busiest, the cutoff seed fp64, the blur DRAM-bound).
  say "  pipes: $(python3 - "$O/$name/measurements.json" 2>/dev/null <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("no measurements.json"); sys.exit(0)
out = []
for prob in d.get("problems", {}).values():
    for vid, v in prob.get("variants", {}).items():
        sig = (v.get("profile") or {}).get("signals") or {}
        keys = ("xu_frac", "alu_frac", "fma_frac", "fp64_frac", "dram_frac", "dominant_launch", "pipe_top")
        vals = [f"{k}={sig[k]:.3g}" if isinstance(sig.get(k), (int, float)) else f"{k}={sig[k]}"
                for k in keys if k in sig and sig[k] not in ("profiled", "code", "driver")]
        out.append(vid + ": " + (" ".join(vals) or "not profiled"))
print("; ".join(out) or "none")
PY
)"
done
say "probe_h28y: $CP_KEPT of $CP_N controls kept (predicted 3: all but range_route_uniform)," \
  "$CP_OK of $CP_N as their expect says (predicted 3); $((SECONDS - t0)) s"
