#!/usr/bin/env bash
# Issue 28, red team 37 (white-box, main 08183ee5): the PTX scans' facts on disk (gcost's store,
# generators/ptx_facts_store.{h,cpp}, ptx_memo.h). Nothing here has run on a GPU (the helper had
# none); every number below is a host prediction (main's `solver problems check`,
# build/tests/engine/red37_sim).
#  - redteam37_planted_scan_facts: declared fp64 (measured_class off), the child sums each
#    tile's products in FP32 (red team 8's kernels:cheats/f32in_dgemm.cu -DTILE_SUM_FP32, red
#    team 9's dead DFMAs) and pads its PTX past 64 KiB with an unlaunched entry of PTX comments
#    (kernels/cheats/ptx_comment_pad.cuh), so the FP32-data-flow fact that refuses it
#    (fp32_arith_to_buffers) is read from <cache>/<key>.facts.json before it is computed. An entry
#    whose digest is recomputed (an unkeyed sha256 of key, site and value) is believed.
#  - control_redteam37_large_ptx_dgemm: the honest FP64 tiles with the same padding against the
#    untiled FP64 reference kernel: its facts come from the store too, and must stay honest.
# The probe: a fresh cache folder (SOLVER_CACHE_DIR); the control; the cheat (it compiles, is
# scanned and its facts are stored); then every stored fp32_arith_to_buffers entry rewritten to
# 0 with its digest recomputed (python, from the entry's own key and site: what anyone who can
# write the folder can do); the cheat again on that folder.
# Predicted on main 08183ee5 (unmeasured; "want" is each expect's `live:`):
#   control_redteam37_large_ptx_dgemm   kept ~1.5-3x (ok)
#   redteam37_planted_scan_facts        precision_mismatch (ok): the folder is clean
#   ... after planting                  KEPT ~2-3x (want precision_mismatch): MISMATCH, the gate
#                                       detail says measured_class is off and nothing else
# Predicted on fix37 (generators/cache_trust.h; unmeasured live, host: tests/scripts/
# cheat_red37_cache_plant_test.py): the control kept; the cheat precision_mismatch clean AND after
# planting (the planted entries carry a seal under another key: "PTX scan facts entry ... ignored"
# on the worker's stderr, the fact scanned again), so 3 of 3 as their expect says, 1 kept.
# What would falsify them: the cheat `wrong_result` (red team 8's FP32 tile sums are predicted
# within rtol 1e-6; then the plant still passed the scan: the detail has no precision line);
# `precision_mismatch` after planting with "storing results of" in the detail (the store was not
# read: its folder is not SOLVER_CACHE_DIR, or the module is under 64 KiB on this NVRTC; printed
# below); "planted 0 entries" (the worker stored none).
# Usage: probe_red37.sh [SECONDS]   (default 560; writes $OUT/probe_red37/).
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
CHEAT=redteam37_planted_scan_facts
CONTROL=control_redteam37_large_ptx_dgemm
cheat_probe_init probe_red37 "${1:-560}" $CONTROL $CHEAT || exit 1
if [[ -d "$B/share/solver/kernels" ]]; then
  cp -r kernels/. "$B/share/solver/kernels/" && say "kernels/ copied into $B/share/solver/kernels"
fi
SOLVER_CACHE_DIR=$(mktemp -d /tmp/red37-cache.XXXXXX)
export SOLVER_CACHE_DIR
say "cache folder: $SOLVER_CACHE_DIR (fresh)"
CR_SEED=11 cheat_probe_round $CONTROL 200 36 check
CR_SEED=11 cheat_probe_round $CHEAT 150 36 check
say "  PTX files over 64 KiB in the cache: $(find "$SOLVER_CACHE_DIR" -name '*.ptx' -size +64k | wc -l);" \
  "facts entries: $(find "$SOLVER_CACHE_DIR" -name '*.facts.json' | wc -l)"
# The plant: each fp32_arith_to_buffers entry's value 0, its digest recomputed as main 08183ee5's
# ptx_facts_store.cpp entry_digest did (length-prefixed key, site and the value's JSON text), and
# (fix37's format) a seal under a key of the planter's own: HMAC-SHA256 of the same fields.
planted=$(python3 - "$SOLVER_CACHE_DIR" <<'PY'
import glob, hashlib, hmac, json, os, sys
attacker = os.urandom(32)
n = 0
for p in glob.glob(os.path.join(sys.argv[1], "*.facts.json")):
    e = json.load(open(p))
    if e.get("site") != "fp32_arith_to_buffers":
        continue
    e["value"] = 0
    part = lambda s: "%d:%s" % (len(s.encode()), s)
    e["digest"] = hashlib.sha256((part(e["key"]) + part(e["site"]) + part("0")).encode()).hexdigest()
    sealed = "solver-ptx-facts\n" + part(e["key"]) + part(e["site"]) + part("0")
    e["seal"] = hmac.new(attacker, sealed.encode(), hashlib.sha256).hexdigest()
    open(p + ".tmp", "w").write(json.dumps(e) + "\n")
    os.replace(p + ".tmp", p)
    n += 1
print(n)
PY
)
say "planted ${planted:-0} fp32_arith_to_buffers entries (value 0, digest recomputed, sealed under another key)"
CR_SEED=12 cheat_probe_round $CHEAT 200 36 check
say "  after planting: want $CR_WANT, predicted kept on main (MISMATCH), precision_mismatch on fix37;" \
  "detail: ${CR_DETAIL:0:160}"
rm -rf "$SOLVER_CACHE_DIR"
say "probe_red37: $CP_OK of $CP_N as their expect says, $CP_KEPT kept (on main 08183ee5" \
  "predicted: the control kept and the clean cheat precision_mismatch, so 2 of 3; the planted" \
  "cheat kept, so 2 kept);" \
  "$((CP_BUDGET - $(left) - 2)) s"
