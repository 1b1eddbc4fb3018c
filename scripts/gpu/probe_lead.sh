#!/usr/bin/env bash
# Issue 31 probe: which ncu export carries the Source page's per-line warp-stall samples? One
# labelled kernel under ncu --section SourceCounters (the worker compiling with -lineinfo), then
# the source page exported every way the CLI offers, and the report read through ncu's Python
# module (ncu_report) to list what per-PC metrics and source mapping it exposes.
# Usage: probe_lead.sh [SECONDS]   (writes $OUT/probe_lead/)
set -u
O=${OUT:-/tmp}/probe_lead; mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/dyn}; D=$B/share/solver
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
P=${PROBE_PROBLEM:-dram_stream}; S=tests/labelled
seed=$(awk '/^seed:/{print $2; exit}' $S/$P/problem.yaml)
k=$(grep -o 'entry: [A-Za-z_0-9]*' $S/$P/problem.yaml | awk '{print $2}' | grep -v '_ref$' | head -1)
printf '{"id":1,"op":"time","variant":{"problem":"%s","variant":"%s"},"samples":1,"seed":3}\n' "$P" "$seed" >"$O/req"
ncu --version | tail -1
SOLVER_LINEINFO=1 timeout 60 ncu --clock-control none --section SourceCounters --import-source yes -f -o "$O/r" \
  --kernel-id "::regex:^$k\$:1" "$B/bin/solver-gpu" --serve --problems-root $S --chips "$D/rules/chips.yaml" \
  --cache-dir /tmp/probe-cache <"$O/req" >"$O/ncu.log" 2>&1
echo "ncu exit $? (kernel $k)"
for v in cuda sass cuda,sass; do
  timeout 30 ncu --import "$O/r.ncu-rep" --csv --page source --print-source $v >"$O/source_${v/,/_}.csv" 2>&1
  echo "page source --print-source $v: $(head -c 300 "$O/source_${v/,/_}.csv" | tr '\n' '|')"
done
timeout 30 ncu --import "$O/r.ncu-rep" --csv --page details >"$O/details.csv" 2>&1
timeout 30 ncu --import "$O/r.ncu-rep" --csv --page raw >"$O/raw.csv" 2>&1
grep -o 'pcsamp[a-z_]*' "$O/raw.csv" | sort -u | head -40 | tr '\n' ' '; echo
py=$(ls -d /usr/local/cuda*/nsight-compute*/extras/python /opt/nvidia/nsight-compute/*/extras/python \
  "$(dirname "$(readlink -f "$(command -v ncu)")")"/extras/python 2>/dev/null | head -1)
echo "ncu_report at: ${py:-none}"
PYTHONPATH=$py timeout 40 python3 - "$O/r.ncu-rep" >"$O/ncu_report.txt" 2>&1 <<'PY'
import sys, ncu_report as nr
ctx = nr.load_report(sys.argv[1]); rng = ctx.range_by_idx(0); a = rng.action_by_idx(0)
print("action", a.name(), "methods:", [m for m in dir(a) if not m.startswith("_")])
names = [n for n in a.metric_names() if "pcsamp" in n or n == "inst_executed"]
print("per-pc metrics:", names)
m = a.metric_by_name("smsp__pcsamp_sample_count") if "smsp__pcsamp_sample_count" in names else None
if m is not None:
    print("metric methods:", [x for x in dir(m) if not x.startswith("_")])
    n = m.num_instances(); print("instances", n)
    cid = m.correlation_ids()
    for i in range(min(n, 400)):
        pc = cid.as_uint64(i); v = m.as_uint64(i)
        if not v: continue
        si = None
        for f in ("source_info",):
            if hasattr(a, f):
                try:
                    s = getattr(a, f)(pc); si = (s.file_name(), s.line()) if s else None
                except Exception as e: si = "err %s" % e
        print("pc 0x%x samples %d sass %r src %s" % (pc, v, a.sass_by_pc(pc).strip(), si))
PY
echo "ncu_report exit $?: $(head -c 400 "$O/ncu_report.txt" | tr '\n' '|')"
echo "probe_lead: done ($(ls "$O" | wc -l) files)"
