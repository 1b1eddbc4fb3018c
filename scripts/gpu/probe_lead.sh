#!/usr/bin/env bash
# Lead's probe (issue 31): the 9 corpus kernels whose PC sampling returned no sample of their entry
# on 2026-12-02 (h200-2026-12-02e call1), each classified alone (a fresh worker), then the 14-kernel
# stretch of the corpus they sit in through one `solver eval` (one worker, the order of the failure).
# The pass now samples twice before giving up and says what CUPTI returned instead.
# Usage: probe_lead.sh [SECONDS]   (writes $OUT/probe_lead/)
set -u
S=${1:-90}; O=${OUT:-/tmp}/probe_lead; mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/dyn}/bin; D=${SOLVER_BUNDLE:-.carry/dyn}/share/solver
export LD_LIBRARY_PATH=${SOLVER_BUNDLE:-.carry/dyn}/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s)
fails="blog_transpose_nobankconf cs_reduce0 gems3_scan_naive llmc_encoder_fwd llmc_gelu_fwd llmc_layernorm_fwd3 lut_gamma_const rod_nn sib_sgemm_naive"
n=0; ok=0
for k in $fails; do
  [ $(( $(date +%s) - T0 )) -gt $((S / 2)) ] && break
  v=$(awk '/^seed:/{print $2; exit}' tests/corpus/$k/problem.yaml)
  timeout 30 "$B/solver" --data-dir "$D" classify --problem "$k" --variant "$v" --problems-dir tests/corpus --json >"$O/$k.json" 2>"$O/$k.err"
  n=$((n + 1))
  python3 - "$O/$k.json" <<'PY' >>"$O/alone.txt" && ok=$((ok + 1))
import json, sys
d = json.load(open(sys.argv[1]))
def find(o):
    if isinstance(o, dict):
        if "total_samples" in o and "period_log2" in o: return o
        for v in o.values():
            r = find(v)
            if r: return r
    if isinstance(o, list):
        for v in o:
            r = find(v)
            if r: return r
pc = find(d) or {}
print(sys.argv[1].split("/")[-1], pc.get("ok"), pc.get("total_samples"), pc.get("detail"))
sys.exit(0 if pc.get("ok") else 1)
PY
done
echo "alone: $ok of $n sampled"
mkdir -p /tmp/stretch
for k in cs_nbody_fp64 cs_reduce0 cs_reduce1 gems3_scan_blelloch gems3_scan_naive llmc_crossentropy_fwd llmc_encoder_fwd llmc_gelu_fwd llmc_layernorm_fwd1 llmc_layernorm_fwd3 llmc_softmax_fwd1 lut_gamma_const rod_nn sib_sgemm_naive; do
  cp -r tests/corpus/$k /tmp/stretch/
done
left=$((S - ($(date +%s) - T0) - 5))
timeout "$left" "$B/solver" --data-dir "$D" eval --suite /tmp/stretch --save-signals "$O/stretch" >"$O/stretch.txt" 2>"$O/stretch.err"
echo "eval exit $?"
s=0; t=0
for f in "$O"/stretch/*.pc.json; do
  t=$((t + 1)); python3 -c "import json,sys; d=json.load(open('$f')); print('$f'.split('/')[-1], d.get('ok'), d.get('total_samples'), d.get('detail')); sys.exit(0 if d.get('ok') else 1)" >>"$O/stretch_pc.txt" && s=$((s + 1))
done
cat "$O/alone.txt" "$O/stretch_pc.txt"
echo "probe_lead: alone $ok/$n sampled; one worker $s/$t sampled"
