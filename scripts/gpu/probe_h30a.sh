#!/usr/bin/env bash
# Probe for issue 30's large pools (helper h30a): records a pseudo-random sample of each of the
# four new pools (11 knob points + the seed each, picked by one extra hash constraint, so the
# solver's own enumeration chooses them) with the bundle's `solver record --no-pc-sampling`,
# each pool under its own time cap, then compiles a larger sample of each pool with 16
# `solver problems check --compile-only` processes at once (the parallel compile's throughput).
# Prints per point: gate / profile / time seconds and the gate's phases, so the final call's
# budget can be planned. Usage: scripts/gpu/probe_h30a.sh [SECONDS=90]; writes $OUT/probe_h30a/.
set -u
budget=${1:-90}
T0=$(date +%s)
left() { echo $((budget - ($(date +%s) - T0))); }
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
OUT=${OUT:-/tmp/probe-out}
o=$OUT/probe_h30a
mkdir -p "$o"
B=${SOLVER_BUNDLE:-.carry/lead}
D=$B/share/solver
case $B in /*) L=$B ;; *) L=$PWD/$B ;; esac
export LD_LIBRARY_PATH=$L/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SOLVER_CACHE_DIR=/tmp/h30a-probe-cache   # cold NVRTC cache: compile times are real
rm -rf "$SOLVER_CACHE_DIR"
S="$B/bin/solver"
pools="sgemm_2048 stencil3d_r4 layernorm_4096 transpose_4096"
# The pools come from this checkout, else from the copy embedded at the end of this script (the
# probe may run from a tree without branch h30a's problems/).
P=problems
for p in $pools; do
  if [ ! -f "problems/$p/problem.yaml" ]; then
    mkdir -p "$o/embedded"
    sed -n '/^__POOLS_TGZ_BASE64__$/,/^__PROBE_DATA__$/p' "$0" | sed '1d;$d' | base64 -d | tar xz -C "$o/embedded" ||
      { echo "VERDICT h30a: no pools (problems/$p missing, embedded copy unreadable)"; exit 1; }
    P=$o/embedded/problems
    break
  fi
done
SAMPLER=$o/sample_pool.py
sed -n '/^__SAMPLER_PY__$/,/^__END_SAMPLER_PY__$/p' "$0" | sed '1d;$d' >"$SAMPLER"
nproc >"$o/nproc.txt"
python3 "$SAMPLER" "$P" "$o/sample" \
  'sgemm_2048=(BM*7 + BN*3 + BK*5 + TM*29 + TN*11 + VEC*13 + PAD*17 + DB*19) % 151 == 0' \
  'stencil3d_r4=(BX*7 + BY*3 + XPT*5 + ZB*11 + QUEUE*13 + SMEM*17) % 139 == 0' \
  'layernorm_4096=(TPR*7 + RPB*3 + RPT*5 + VEC*11 + CACHE*13 + STATS*17 + RED*19) % 173 == 0' \
  'transpose_4096=(TW*7 + TH*3 + BY*5 + VIN*11 + VOUT*13 + SMEM*17 + PAD*19) % 157 == 0' || {
  echo "VERDICT h30a: sampling failed"; exit 1; }
# 1. Record each sample (seed first, then the knob points), each pool capped; the recording is
# written after every point, so a capped pool keeps what it measured.
cap=$(( ($(left) - 30) / 4 ))
[ "$cap" -gt 14 ] && cap=14
for p in $pools; do
  [ "$(left)" -lt 25 ] && { echo "$p: not recorded ($(left) s left)"; continue; }
  s=$(date +%s)
  timeout "$cap" "$S" --data-dir "$D" record --problems-dir "$o/sample" --problems "$p" \
    --samples 10 --no-pc-sampling --out "$o/rec_$p.json" >"$o/rec_$p.out" 2>"$o/rec_$p.err"
  echo "$p: record exit $? in $(($(date +%s) - s)) s (cap $cap)"
  grep -E '^\[' "$o/rec_$p.err" | tail -n 12
done
# 2. Parallel compile throughput: 16 processes, each compiling a 1/256 residue class of a pool.
for p in $pools; do
  [ "$(left)" -lt 10 ] && { echo "$p: compile sample skipped ($(left) s left)"; continue; }
  ct=$(( $(left) - 6 )); [ "$ct" -gt 7 ] && ct=7
  case $p in
    sgemm_2048) h='(BM*7 + BN*3 + BK*5 + TM*29 + TN*11 + VEC*13 + PAD*17 + DB*19)' ;;
    stencil3d_r4) h='(BX*7 + BY*3 + XPT*5 + ZB*11 + QUEUE*13 + SMEM*17)' ;;
    layernorm_4096) h='(TPR*7 + RPB*3 + RPT*5 + VEC*11 + CACHE*13 + STATS*17 + RED*19)' ;;
    transpose_4096) h='(TW*7 + TH*3 + BY*5 + VIN*11 + VOUT*13 + SMEM*17 + PAD*19)' ;;
  esac
  s=$(date +%s.%N)
  for r in $(seq 0 15); do
    python3 "$SAMPLER" "$P" "$o/par/$r" "$p=$h % 320 == $r" &&
      timeout "$ct" "$S" --data-dir "$D" problems check "$p" --problems-dir "$o/par/$r" --compile-only \
        --json >"$o/par_${p}_$r.json" 2>/dev/null &
  done
  wait
  e=$(date +%s.%N)
  python3 - "$o" "$p" "$s" "$e" <<'PY'
import json, sys, glob
o, p, s, e = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
n = ok = 0; secs = []
for f in glob.glob("%s/par_%s_*.json" % (o, p)):
    try: j = json.load(open(f))
    except Exception: continue
    for r in j["rows"]:
        if "[" not in r["variant"]: continue
        if r["compile"] == "cached": continue  # measured in step 1
        n += 1; ok += r["compile"] == "ok"; secs.append(r["compile_s"])
secs.sort()
med = secs[len(secs)//2] if secs else 0
print("%s: parallel compile: %d knob points (%d ok) in %.1f s wall on 16 processes: %.3f s/point amortised; single compile median %.2f s, max %.2f s"
      % (p, n, ok, e - s, (e - s) / max(n, 1), med, max(secs) if secs else 0))
PY
done
# 3. Where the time went, per recorded point (from the recordings' phases).
python3 - "$o" $pools <<'PY' | tee "$o/summary.txt"
import json, sys
o = sys.argv[1]
tot = {"n": 0, "pass": 0}
for p in sys.argv[2:]:
    try: rec = json.load(open("%s/rec_%s.json" % (o, p)))
    except Exception as ex:
        print("%s: no recording (%s)" % (p, ex)); continue
    for key, v in sorted(rec["problems"].get(p, {}).get("variants", {}).items()):
        g = v.get("gate") or {}; ph = g.get("phases_ms", {}); pr = v.get("profile") or {}
        pp = pr.get("phases_ms", {}); raw = pr.get("raw_metrics", {})
        med = sorted(v.get("samples_us") or [0])[len(v.get("samples_us") or [0]) // 2]
        tot["n"] += 1; tot["pass"] += g.get("status") == "passed"
        print("%s %s: gate %s %.0f ms (nvrtc %.0f, checks %.0f, adversarial %.0f, timing %.0f, inputs %.0f) profile %.0f ms (passes %.0f over %d passes, prepare %.0f) median %.1f us" % (
            p, key, g.get("status"), ph.get("total", 0), ph.get("compile/nvrtc", 0), ph.get("checks", 0),
            ph.get("adversarial", 0), ph.get("timing", 0), ph.get("inputs", 0), pp.get("total", 0),
            pp.get("passes", 0), raw.get("solver__profiler_passes", 0), pp.get("prepare", 0), med))
        if g.get("status") != "passed": print("   detail: " + (g.get("detail") or "")[:300])
print("TOTAL %d points recorded, %d passed the gate" % (tot["n"], tot["pass"]))
PY
n=$(grep -o 'TOTAL [0-9]* points recorded, [0-9]* passed' "$o/summary.txt" | head -1)
echo "VERDICT h30a: ${n:-nothing recorded} in $(($(date +%s) - T0)) s"
exit 0
: <<'__PROBE_DATA__'
__SAMPLER_PY__
#!/usr/bin/env python3
"""Copies problem folders with one extra constraint on their knob variant, so a probe measures a
pseudo-random sample of each large pool with the solver's own enumeration (issue 30).

usage: sample_pool.py SRC_PROBLEMS_DIR DST_DIR 'problem=constraint' ...
The constraint goes first under the one `constraints:` list of the problem's knob variant."""
import os
import shutil
import sys


def main():
    src, dst = sys.argv[1], sys.argv[2]
    for spec in sys.argv[3:]:
        name, cons = spec.split("=", 1)
        d = os.path.join(dst, name)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(os.path.join(src, name), d)
        p = os.path.join(d, "problem.yaml")
        with open(p) as f:
            text = f.read()
        marker = "\n    constraints:\n"
        if text.count(marker) != 1:
            sys.exit("sample_pool.py: %s: expected one knob variant's constraints list" % name)
        text = text.replace(marker, marker + '      - "%s"\n' % cons)
        with open(p, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
__END_SAMPLER_PY__
__POOLS_TGZ_BASE64__
H4sIAAAAAAAAA+xcW3MaSbKeZ35Fhhw7C3KDAAGWkWcmhOS5hIzGR5JnJCt0cAONaKvpZvoigWc8f2ofzvv+svNlVvUN0MU+Wu/Z
XXWETasqK6sqKytvldVT3+s71iTYCC6syaRXrza2Nr564KeK51mzKb94Fn+X32ubtXrzK2o+9EBWPVEQmj7RV77nhbfB3VX/L/pM
V6z/4cudve7LymT4QH3worYajZvWv15LeUOvf6NRffYVVR+o/1uf//D1f0LpwrfJJMf0Lyyaep5DRTsIIos2q6VCYZe+oZ2//0+H
bJe+f71ZJzMkbvL3vxlUM6pbTTSx3TBoUzi2KLCsIRXfuaZ9ZVUG0TuDPNciLwqnUUhTyweQb5lDg1yPgrHpW8PCxJp4/rxEpjuk
d6HtWEPV0NQAZQVAT8m3LuwgtPyyQNEPL7tdurbDMVn2xTikS9frB1TsO97gkhiEOl2aFToHBu0T2k2ps28kSBTEMSDoGBDghQvb
vSDHM4dAOgTWX17uGrQjndHUHA65+vXOnkFDL8LOKfSj0cjyuXSvsy2zHwH0rwGNMUN0EJjzgK7HoJdlDsY0GJvuhRWUKnQM0IHn
BqFvMuXo0sLYavWtcr3Z0gQKyCzIRAxg8DCAK2sQer4ML8gREugnXhBSq0HmYBBNIscEYCDkxGpNfWtkheg+njdjVm0F5HmL9u0O
eSNNbVLUBkE8sq4s0F2Wl2y0w0B913JkSa+9yAGhfDu0DEHkorQQTG3HCSr0M0aIQqxGY4u6dqdEgR0yBzGVfqxXq6DSq7p0Ilwz
lfGgj4E3AadYghETsdzBvC0rVfCtKLCM7DQuQD1M3MOspyYADeqbvm9zHRNIrTkXupdM7pFjD0BszJS7BO3dYOoFWL5CAIJZFfoV
k0GPNPKYuhiMbzEAKudqebFg0SCMfItHKkisWdj3vEuhSPEXz7n0rspBOMd6xeMs8OADQ8AV35QV34DUCSsmi4TB7b45frVzdAQC
Hf3UPaYJJul43rRUwVb0IjdEu/6c3gWecyUtlRAHd1ng+nJ5wDCZnf1uG90MPH+Idg42JRYh9ArvQisIg42hGZobqhp0CDbGWJmy
yIHK+8Bz36meBr49BfDFNNrwI7cSjJWo6LGoCN4VikNvEGz0sVTjielfBtAeBq29SqRJsIax/7OF3eOz9KzS/7Hcfqg+7tD/tXpa
F+v/Zqv2qP+/xLOxQUfQ1u2shmb5k9Mu6ven4awyI9PxoOtCUV5ONHEh3QeeCek2gGzpkFZbENy7BeAW1QDBtyMVLElM6vtQXwMz
CEsZA0BrnHasbnxvCCmr0fU9KGIv1iYj35sw7le1DdYe4bU9sGRASi1q0f59dycgqJsRZhdUCpDRUFu0trtGvd6F4/VNp9ejK88e
ajEpTF8UhUwjYArXaceg3N8dI36DScDqsKt+DowC3e9h6P0S/Q54hZkLQEdYV6LnFYnX1R979gR/PM1SfzvX0Peusw3n2YbzXMM5
N7RHVOQm335DXfrjD+kX7wclUBn6zGUYmR+bEEBcrVRHUgZNWOT+LrlwGz8vaH+bnj69LGnI0cQcFXfOioH9weqFJe5kHZr3KV2e
G9RJyi9ReoBSdIxyNC0x+t2FdjEE8AJku/DxUW38A59V8l+XVebmxHmIPu6Q/8+qm4vyv9mAS/go/7/AA2kb2J7bplrBNSdWO2M0
FoaWsvqkftEDNMT/g9+U+YGfx+Zo7EWyKwar3oR4hlBWHhlrhpzzFRiJjZ56XUbiajG8spgp9bQSzxT2ceqwBqXCE6o9q9Tph+9f
/fxaNBhM1Tb9Wa1sNgnmMUTbIOrAsEa7Zo2OGWwDA/hzk2uVxa+814zzAu1Eyn8xgJ89Te3BtKpcmPVgeBRAfasjQ0U968SHST0W
7iBxZEQ7hrR3uNNVzmKGnED9Z+25gc3CXfRt1+RFgqK0MImcWyk+C9BmPc2iciaXvUjtEYr3kB9hTkmXyLHMK0tjVo7/Db7IO42M
7uUfhPbEgg3SmwRt8BOeQjAwscBBG3qi2xYew9tB8rav3xRrCNhOm34fhvMpWHnEXIqR8/sZdPU+tI6PmbfBw6y57ZBhMcU2Ra4N
yk2YB6/bVK4ZNLYvxtgVHz8CZ+cGnPsGHXwuzt2bx5niBDE+FqCTp0yQ9e76wfp+oT+HRdWmxnqxu846dn+dNSbqmP1fcoxhlyys
gMUeYISF2MfOlU2qjSoxkd4UMaBaia5MJ7KwPFemb4PrLKptPC+16Y/dP+hPCn7zw6KohOcl+oZ3V7Oiwj8+VlX2J1BJXAPmFl1A
gWND2peWaglLJ3KmiUU2Nf3QNh0eFPZkzSo36bB7hN3X4lczBP4WBfbFxFRihNs0utooDQwJorB1SOzHspSRDaECEzJR260ADawa
4N4E47Fsi5sDuWtB0H+wfA/U1VAN6cSHGwzmA8V9JgFz0Wi6WccCMRwWrFIFqCG49V+bHwvsrfuWhg+8yMcbJYVwn1CMNWCbVslU
1KEIHI/VO4NtCXMSdiSvN7Mmqi58G4b42drAsp3e0L4qoqLWKq1hoyRFXVXE4CJQAV9rcdl5IRA7XuzYglrOUHZEmeyknI3QeKyx
myeFOVl/Q7QutfOXnIBlS16w5uafjuAWGqymwmZ9iQpbiggpGXgTbZ0XUPaE4gDijWE4YR0di6uoXSNFrANVVGc8n8LrsAL8OfGu
mNXtUOHmoEki8v0IJGH9ZcXKw/SBDCTzogv+hR2VrIEMSwaNvQDaZFfFnE4dmzf2GTRfLwARewBHv6kc1gXnuVWMp7q8ivcInG5T
GidN9XBOP3+CWmZNKeFXGYu8tbVn1IH0/l3JGr1ULWyoWh0mQ73ZYm8gmb7tDsBugdUDjUzHsRw7gAwNI9fqyWB77C2gxdAamZED
GrYaH+NeDr5IL/vZXrZ48zGH5tCD8NEAqJRi78HGdJwgi24rxnacowyG3GA2zuPKLT9rGT1225lmcdYTnAcPj/OXl7tZpNBmjDeH
VEWn2ZcT0yKLphajeb2zl0VTBfVyOEb2rMex2l4Sq82iqcZo9jq3YjGDuTsAium8N7WnWFxXgsZ3rInGnjGVYvYt01qx06UNrFYJ
Lmqxc8Dv8JzhP4O91u4Ce/ENM2AG7LiL+uMDbt9YUQz4Vra8S3/hY4xv4H9nSg+49GCxdJ9L9xdLsXyMtbMfl8FWkEiLtvn45ENL
vgAyUJ83uNGkzwp3lD95iJW+DslU8tNf5+43mGFKGEpxJUVKi+Mros06SfUnNHwihrFrzUIRXRD3YlxD6DtDdlQSC7adnJDAeJEg
B59kqLmvGv5T0uMpodubRgJ6btazc6ih3V6npFAwaBcF4HhGd8DFDW7zfGuzqhc3px9T7XAf/cij4EMtHlmnm1eFq7lQ60tWLW26
x1gf4y7/Ac+q+E/WiH2IPu6K/7eam0vxn/pj/P+LPBsb9D2Lw1Yj9V0ywZ7kMNkSeapNvqK4czpEz97dtRcLVTsga2YOOEDNMXrV
oMQ20qzWWjBJlayWs/s++5M6ZqCMa9Odx3KPrj2OGBSeQFNDk9PhMdDdHdHHfO6M56vxfW5APxPO7/XU3DAETaSd4Ozw+Jz/ba+s
78T1kLi183xkP5xhATJxf1im81zJ/M6TAMEbzo1VxwuqTk4T9GCSiH8+4F/VEf+qCvnj9+k3aK2mTDzFcH5+Fs44WC9nCy+gj77+
WgB5Ei+YPN9x8EfYYOURgQI9p3bcPTFpMngVxJyRMW6ezws+tUjxpkcMMXApe5CQwYxlgGWosyuKpe3Ck6lvcsQhcn3PcQRm1XnH
4fHigUdRT16OOAL88HDTU40VXRF9zJzCaEols/knHYOskv+xS/lQfdwu/2v1+pL8bzRb9Uf5/yUeyOidBbGcDdHrWIHE/FSm1dgL
LH1IG2fCmA4Et2eruLQKy7VZ+LPbb7BNn4kyiKE540IdmEtPmwWopBvuKwmrQhLt5KwZwDuwZiXQiPeO8ltEN+WiT4KQmyp0xxgH
3KqFtK+izvtKhpIGu0oq10eNe2wGPOwN2NPrsKY32KPT+1qhZ+eKH5UxpsOdSiVpjynkyJOMVaUMieYrshNNkDYNrT3b8CfK8Cep
b4eBpgSb5PxwTE6dzgJ/HIaRIw6ICyYLnJ/L8sR8D3yaFGqSKzOfFO74yaRBkaRBtUUrgyx8gs4D5hk6pmtJe1OFhMao41FxB3qw
ex2FsKpiiHocMm9DrISVuVmKRNYMI7CG21RrC6jySI3l0S66e9JeeCD0Mplh12OukxQuHoucxrhBNLGGhh62DKUgO0At51+TcLHE
soDQ8uWoYygyO2At9JTsdeEFI2HKkE/p368rzhDjBcsXJzYCvc6JAMYk9QGLv1PipecxWYMo5KQsmDmcLNcpqVw6QcKrofeIKSc7
OgRbYcSH1m+RzfWZ+ABMpjQswMZTEg0QpKuPfqiYCXqUYGnZIxfGFnAmRhfQtxqFJ5Y7tEdp/UFaf7Cqfj+t32ejbaH+OMWPvbjU
/DhFj126VA2mTOqZQZcAsHcSAN5HtUWAvU5SD9ZNq+NOTynxpNPCk9SlTgt/5KTpI4iUU47gnKQ1O71XP0tNLjLCzVWTEhFWcjG8
spNdHF43tVdSaiZYs2GTDNa0/6Pe0fHhT3svUxc/rTw63vnh5VESDMg2+h4dHMcdJEhSkM4CSAfUYLrKOMBujQIfbjGRRWo1eIq9
EAaX5aRA9TxQPQMUWPm6tEqWqNDrDa0r6BwY1L0eTLaBZbsc58PfCp7Flbb/penXdKWse0uZryrpBT+yzaf4s8c780XWRfi2+PVV
6cw6Z/OLNxxHm3QWMZsNoUS9xU7OC5+2iOPI5S3sR64+L7lkUm3w1LXcxkbvAE7VupXb5iR+DbOHhImCvGPT6/ERlg/5Dside2cj
8XMzHnhHQrd18s30tf9J2Jnc/UPvWhG+v+s56u2yGjtayodSP6E95KVZMskTg9xWBrkNi1lvK7bK7dgdSf2hiJ0lEAzCmrej2hPb
C0A+gCIO7yXhSoh0djgijj4mhexK4Fe19s0zm03y9RvYRpHp2+IOuk58EqYAn7+Usi7PQHsE95pt5yFne7BqtgcrZ9u/32w72dnK
7PzYAeM1z8xWbaPDREnLtlk0FdqskLVJwmaMlxg27HTB05qc884hUxL8OOSPCUiFe166exeJTtXbKI4MBElqXyeIowQp938Kyy80
7v9LsPZtXrClRmZhZAyLUUGAYh2KA4zBKmW1Ay8884uIXtkqBiD+//P5Mn8nnB3wnJSKZS4GItkUCTffEoXq9Rwzcgfjngpu9XrF
RDlzp5mg/63S/HYRvap4d5lhc8GtbNxKjz8Tnur1TMe+cDHcWqukdSmfGZydJwmivGE4NMTFmcJOUghaadNiPbUlFkJcoFAuxrVQ
PdeLDaV7YuiAGP78C/7MQ4p0XQh+sd8pkmch8NU5yCW5nh13z8+OD85XbIBV3HncVYx563Z5r+DfM/wBw7+XoBF45uz9eSarVjiM
9Yne7pzz0z/TG2AhHMgGR4C2vG87+1yXsQTUKRHraBY2StsqTVtV4VNDpA+3yko+rCAHrqpp0xhqReAqmV2oZhdidjIonmC4vFMH
EW9DmNTfUTGkr6lW4iBcdqsmfMSR5kAUYuQvcssCcIeBOxngTgrMlieseeH1EXf6lGrxIEv3I5dqpE7E8pSL3YL7xQo7cXL073ob
an5jbkNfNzBcDtsKpiNtebAGXJC5yitlkXh6J+ZV7NlXnNlRmEXSKZdWXJnPGezqFp+wSySjXCkQHp2RVuro6seblvr3LCsssTwb
Ksw7/60WOuE2Q/NVtrKTVi5uEX6WQ8nitNxQqYr/j3y4cko37OIbhiiMHBPwnlr5c+WeHkUa2Y4t4QzDLtiJWb5TkW+16o/XAP5B
Txr/5+xk29kc9vzGA38BQJL8P+3+f2vz8f7/F3lWr//DfgHgjvP/er21uP7NWq3xeP7zJZ4nlF34W74AwKGverOs062ZZrohhyt9
c2hHATWoaLq0FY7LKkV7c49emVPHHNima7C7Hlh2MLEHdM3XBwbeEJ57BJ1pw4T0XPTNV99n+v9WQx07cb6TIXnbHJwP7KG1TTWj
Xq3d8ckBOaMq2C5nMfOVwfhAJvelgQln68ZfGvhQlj85qKfvuEtuQmDP8l8VkFR96pzwZwVOjRWnRzqiN6OT18cGTdXBSXLERW87
3FtyFvVbZIHIqskH+q83L9+8NAr5I7n4uwRx4p2gVKPjEOMYjemo+7KrTq3u+PJAQX15wBqN7IFt8eUMfSWc3tnuwImGViwMegIV
gD7jd8kdkP5cH//pHHMhpHz3QOWRpInx6toKrx/Bl5TLMnxJQr+CbPJBAA4C0at6e+EbAOkRhc5EL8rd/0KcWX3T5RQ+VHlVKy18
BkAIpo5VxjBBkrO9gL/W4FANfHbUDQrFtx3i1Et1wSUQTtRwIH1DcaXkcsYHgAZJkxoWVCYKMG5uztEzSH3L1wTIHIU6afzacpwy
WOzapXqluVeWLuUwbjC2JhYVu1ipSw5qYZcZtIZ9NeKrJlYB1pwmtr5rJBeBeDP98PoNby7Gsvtmb2eN72tVn3/iBwQyouHxEwL/
ls9q/R/LgYfp49PtvyabBI/23xd4bl//ZT3wOX3cYf/Vqov2X736rPFo/32RRx9q3sOyY0WVmnYDTl3ny3wQ+nwXKNVDypBhk4OP
esyZzRo6mkygN+Ra38wglWP0ga3NrIl4s4UIK6dUoaO8AcLoF22QxPaIL2jNkzu4ydUGubUADbwdX13VZqXK2mElLjZItZLEOzwg
TLNPqXH34XMQqj0joRFfhQIx3HK92tx4Vqd12uRzY7lAx4SESbu10TSoXOP/tzY2a/qPVpXh+D4p30wMqFapNCqZw2uV2PEdlbcq
zUat1Wo9Gy3F/tsKrAawWqU1iv+uc7NqpZ4UbKKgWqnWm5vPW1v1JpejHvvz2VbzWa2xOXoMwvz7Pavlf+wWPUwfd8h/8NYK/f+Y
//lFnlvlvziY+W+eSfqfTv1nTyMG1Q4zJLi+96nSOE8M6pxS8jm71AeOPWQW3HMqmrpYX9runKzDdeY80dNESEvH7MbpXEMG4Odm
99tgH93ka+dUFBfYzFxhVsl7cbKm9K7zCTX+tzqXcdF9b2cyQ2WfsIqawnOPPVM01G2KNbiGnN2g/HUeg0YuXj5+a23lnOuB8zcA
1SW8+uHTWnw5H2NkN1mPOA4UZK+3sQ9sjzgdKZ8qCVXJ3cvnJ+BPSwjB5Qtz1wp36htvc87mB9TYF+O+F/lBnFWpv8fEMAo3xxko
M3SpilMxp04UyGAPy9esUiUycVOObjGThklT0/bzg0/GBmd+tjHPjk2IJUEdO5SR31ivgz7FVzWh/OtbNb7EqPTXPTJRjCTN8uBE
cgiEOdVFRIORHpxykuVpmmR58BYFHBfggqXUSmVb09qycb2WJk6epIl2J7RZX0qsPE3rT5cTHzG+pJ73yVLi49s08RHj3FqsFvZM
IBSzLuFgRkgzCZkrlhMof2VywdwRgvEDcgmjqFRpvVFTLIBHm6fEJtJhScFr9uE8Z9WqKHKJWSuTyfgjejq9sWVwn4TB2/IwIpU1
MVM/c/XzQWdUnNwvQ0hgT3Wbt7ksxOKMrwJX+UYI35oBo+FtnpTx5RdwGd4+JGUfuOxtKd/zd5x1MrwoRnyWGR+7feAzNqaNuhZz
grfZQru2zkv41IwWWdzOqc5o0QwtUvF2Wq4qxqZM6LmCVnysKyyXu0yllo5Z6uzox/Ozo1/PM6ecn3+halZdTB05/pX9lsU8k1M5
zcy3/ZBry8R/21EJCmpbxQkBv51hV5yfCcOqO2DCtL+dWednXDDkE9CoOOvBmQHDfeCiFWewqxK1gFglat16ZMsJOOXDbfy+oEOG
H5YWeseWwGLN+GTc4umeyBGtGg4XDg1ZrP9t71p727iV9nf9ikWKtpKt2JJ8SY91EiBJA6Q4iWM4apzWMNy1LNtKZMnRSr70JP3t
7zwzJJfk3iRX1UnfLoHWyi6Xy9uSM8NnnsFA0SBZPW/e8TuV8jvVCrOVH6G+oDf9rkdUrTSz4c9Ms6Sa3HNF1aSf++m1tCZU8qhc
Vip2c6RVY0S7mt7nxmxdFzz/6Uib4bVXh1t3HKJP7uIqyXk6rVUrtNThH6uPA/0JGbiIi2XrB+uUVzBsfdpW6DmVjyf9+Oiw63VB
N3iIJicn6lhu/O51B8r6kuEdVwx8SR2eZFPw/fkD1HaHwAEQUXYrpwziWHqTfususOkKjcrdwCoXd04RfAVfQZM/gsf6KzBrI0pe
tYo+ZYd6Uzb1J30mq/HL5LvRF/g2hsdcWJULHlgkuxVqVGUm+7N4wa1S70KlU95HVdcZVjMyFOyBcVvkFVnlI8NqMkPubCxouL32
5nWBWvzUqFpLoTdgBV2oFp6H3vLoNFGt5xlNlJfQhniYu4kb51D5hO+/ns7Qpw3ZJ3jNtfcK3ifkl3JkNm34UtqLvvqUbv9ZLAN0
Ef6juf0oYf95tF3af5aR0vifncACQetHZexg630Vi1cNJokmQBr0Pyi8eJj1aD745gJ+r8dWei5bDC2trYAhGSk6urYKvGpyma9a
QTecdC+UNs68//0zZdMPh4WqdKG+F05cHaVAxVuO+jYtWPGz1LY8NgzVOSkM17EmVqB8+aLcPdiqE8pTHle1pU05ypTmseb+pi75
/Fm6mfqJfnLvosLphNaubEXDnylbWXvfWOSJsZEnxjJmvgTAHk9VVSjt/eN0IUpnWM3IkCNExRWW4rPKFgEqJcNMZYvkMs4uWySX
sS+5zCOulGLBV5PS9//FMoAX7P9bjZbP/7HdLOM/LCcl+b+teeAygM+AEUiHfs4F7pyBQ5zxl1Ea8LJuYTjTMJYkVqQDK/MYxdOQ
i2D6RW2HJp6RYQMPTnqTm15vCMfvKJsa/GJ0Q4VfguZK8V8wo6JIYN0RU0Sw1BPMiHg04EagCRU3t41xZLDBRf/KphX/o9kKppGG
IpiQTKD0OFWMr3801pqaHZ0aMVbncS5ZdxPfrU3Wvfse82Ubv34xv34Fi6rN1T3N4MDe/VXtLO/vy67NQzRr2cyy/Q1E08vpYNK/
Gtw9DE/VaSW3tq1Ounj2G0qGG4XtHDHqZULjDhppxda91VjZfb+y+8vK7q+asfuH+Aq/jD8Am5P78/QzpIymWBQdhO70Cm7QP6xt
7QSfqbqU74+g1TDAGpqDmEjy6cnQG4bu3ngMSpgJ0MB0iTIw93ZbqLK3wL3tUmXHRNmzk2Jv4V9b85FiK7HUocWe1kUSjWWLdGLs
90lmbGSXa/LQ0umx5aQ0C3DOxXhNTzBipzf/nh2Q7IIKGFM1tmM2bmzTQfwYlzoXd7XDK+z0r65Hsn8tHL7qqba98qcv/P4xfT0L
YJ+9CeTxV793yI+Z8NmwSzvUwxphoJUwEnh7UZRLLb1hSJaf/ZLCsVwPmGPaeUtOaYan+v1ep4ixOYv12dA1//osu0Jo/wyc2tQJ
WECOgehL54Rmm2Uun7PPgJ5GCY1zhHxSaHduzsz8rA5ooFs6dL/6OpbsRsuma9Y4AX3w7fM2W3gB+7KFGniQtlzEn+BsywVVY92q
BvLAgZwz0o9fn7mrhIB1jkrd7J+U0vW/xTIAF+G/H7VaCf2vVdp/l5LS+X8zJBwDoTaqoMZSx75ottjKAHCFzDaCbiyyCnvrDDDs
XDvvDJbPBBPwNGb+/f9q+AynpDCE4Os4/O5IwAjSrg+KgqsWPHyi6X/lvF4bs/vGSN03xuwP5toHY8z+aK59TDNmBxZDr2XW/qgt
gx+MZbB/5D9pKHu/JEiKdZEJa64yTs5lvk0UZsy4lg1X2T8to62+Ettii8+/+a3qmVX9jFVvFORdAY/WX2xaNes/n9wMSaM+3mz8
a3uhDAAM8p7L/2uzsdEq/b+WkbLGf5EMAIXnv61E/MeNZqPc/5eRvgncgc9hAHiFjLuUUSy00HkMETMeFYMWCwLn4eVlWIclNISz
fnNjK99ZvwKBQ2HgNTemOOhPeuGl9s/HbzlHjr0JBBUML/3edW+o/fS9HJXOHuBjqGvsgbC/98y6xmXvw10/DncFgjgRevCWj72r
iQO6D54/ff7yRb0iDhLhhK72u9H3QTg4H42pSpfgQOu8ZTbjh1chjADUTP4FIUgMEVNuUfRpGo5h0j7oDWjrOm2rwPLhZYWjFrGr
xf6LH/2gXpNxrxcw4fP07GzQi2by/2eHD/TKoDc8h9QmcSqZ6JvaV/1trPDuOwGzCGNsf6vBkM0NZgik7gKYTMLgrH+LoHDjcXjX
5tGocE6ghlRg5hHCAOqgfuhNARrBQWGTemVwFwdUo5vsJx8OBnfK2Hoeol5nU7pSkQd7ShpVFR+r0YEj4N1NKP6FEd2hjNRgY8IX
sAJJtVF/IrQDfMVM5YoEtgyj4Kx3gz8kFosN3acnwCj23DZZcTwdogGeYzDBV7QJfi3I4QWYy0Pf/XhLH/0yzZmy9v9FIsCK9P/N
1pa//29uPyr3/2UkB//l7sASD7gX3ISDj97qXb3sgdFHB43VFvlamzaDm3AMZv6NVoUR9LIRc7kcN5bWQlqO/0PLMXvm8bovJye8
8fbFfQxUKBFzoq/lKfiDYRqq6dbjTFXSiHMNoslsXjvqgTsvQpBCFinOwZxgPEWGAh0QhnTp17YC71QXauytxbKsYsTECCcIEjG5
qFF/u4Lc7UI/h/bbrXFO0nzHDI13XhNgVIGTohzrTuGfZizb5gGVRwEdxqtIu0XpAlWm8qgGp9SCUx0Wx35mHE34MQQRPqtS5nWm
CERXF1XgLi2KjkQniisBtZnfoaaGQPQxI7hP/lHopKz1f5EIoIL1f+tRI4H/2djeKNf/ZaQE/sedBy4CSNC9uBkO+pGimrL2BeWl
zeL0raUTXoaTcf82oRrmQn08FS6hvkHC1oqbG6PYnPt2QwUEytbQYt4QpWXRzjUvFqiewAJ5ICDo1NAnBGnjwmtE66Gi0wBCAg9K
VTXM3aTOwfifWKX5xqE4C6qk99LgkKrr92im7lMrAPu83uHXAeKzw6MOkAdAMHIYq7AiW/UgxuN8sWFAtxlQHYT/ywYAyTSs84pO
r6DHJqeIV4zdhCdZFgBoVkxRY23LgIrWtrhczNo/W+xDq9yGKvdulh5QMKU9GrAeLc2MwQhPT5UO2QtEJoumJ5MxAjCuOmgmkyuW
2XROjswELJpkRzgFTCXw8VjPiYS3g6P/kPr+sj8MBzSzzkEKgTxhPKsfsnuwVlkNJOqHldcruxoMtblSbeHf8NheQSAdWSlI9Ijt
SfQN07+qBtlk2U/ohcpUUgPACborUE3b9CkOwomiM9SdQoWjQbrlbas9wee7zxBOmcXhD3FmoPIiFCgfLUpdE6xUMwMrReXPh5Zq
zo+WIknXAUqRjOuspHc6SjB9eBZk6rWNhEIM9AXDoGbVGOr0ERjuDRvboCV4G9ZQ1LYUPNRrBuLoEMcG99T6QYGelBlxTswTG+BQ
YB7kKQvwk4aGcRFQqlLJns00dbblBkTcP7UhxpuhivanbYw5EKjO3r4Nr7HwT3UAPGdAAuWAlqgUjeOh/akItuQVNAvGaH8+MNQs
Rb578byoSAnrBYWEMb6pxbCptAD9xIHr+0Oh4aFxOmbrXzoMSmzObnFUtbQSlexwTNNhMIhSi2Ojc07dphG6aHx1rEzQKYXE5uTD
B8agrL7UdMQVTTW4mZKgkoKtArRKMnCgeA9EhUh4LOLg+Y4fLT4OPHQxGjA6Vq1PTnx4GbXUAPHKrg3DNm1BCCZj18UKCB8vb2YR
mXd1Q+A5qynu0ma66E/itbL0v0UigArP/x7557/bG2X87+WkbPwPrekP1fYuG0y8yavzLLEX2aJVjOqxonU/Y/y/5Y6p4Bz0Pr2I
Ty8VEAMx+jQyhxYp37SWGjSI8h3SDVh5rovi1yCCDFVoPWi16fcTmI/oz5PHiLchxisOKdKHq3tUi4uGwUx+k8AaHeVGeJbqqvZM
RrS2BvJ04yijegp4w3mLOHhEEPzrDJ6694vsncmA5mji/jM/knl2mCdt2mRzqW3cdEynuzEAiMFalPduhryxQTRhMqQqGaMhg4D2
n8VW0dGNYxdVhSnDqDtj6b+6TNJ1982f5nmxbTJVBbDxkysym9VU97+YTUm5oArBdlr16vspri56UEGfUs2qaVXlSgCJ1NXh3lNN
qrpcy7SqL/0zTaxfdcra/5VuspB35O//zc3WowT/w0ar5H9eSkI0TlqA0yy7J3esS0aWHlrPjPzuhH2HcBoEvvIKlk8UKOIFlAbl
1tbcVqyYEHahMECxrfK7a7GC245tlkKZCU2YNPZThFJnlkuOpxAORyTTj53A7E5cdvG2ZICIBNcWxyBztOkHZVd1E8mfg5NLzu8j
zc8J3zoXGcTuX67VGQ217E7VGBPjsF7qajDYJdBglxqTXLrwGI2LSafQWH/VqmFJdwrnfhuEE6bbJPlNVUK/hdE4BohjoDXdcAiP
UXCTmir0+uhk1TWscnLQd8RtV+ZqdURM2YYK3nQaQALkuUU7DnqSqVHZnHfmIaKcait0VDtouY8oCyAYNkkbrisD6Gtq+GVvDOLH
sDseRVGMpZJJ9uJHFKr6E9e/B5xnPOlTB9JrSHVlQNQJCa+nxvk2TENegbZW05d64zigD2UgreSZrhFaqkeskLe9W7E7+bWlWuHJ
SMedRrdnILZ2n795xVJWTxtd6WES2QySS+BbfL831lJ9f9LjLhEkUT9ietwhmMaFTz0D7TUUoJcPvwJxrf0NxEHkaTWICUFpZWi2
Enyj9OHH+sLesyTX6L5FaLqfRmhaGAueW2OyyNecpDTFTLajo9O8biTq8iKOKo/JlGA95eHgcxB95afOi9dv1Tg5JgM7+rtLYTxk
3lJTwsHT/b238uR6sNGKiU933wVVqajidN8IdgJzAaTvLbrQVC9ShMJD68RLz/WI+cPcbtp/c3D86s2bveB4j/nBqg9krXhQU3xo
RRmDTc4qIdu/oujw30mM4mRg+Myw8F5A+EAiWT9XfWcWkBMJaR3u8FFG3TqowMniMLFIFYerVsOjQ1Un9DrDjWomgQengOYSkvIJ
jIPSQaHkDqH+rjXOUlEbvcEkBIjlsAkJPzxsHiXisQZnJ5yDCl4PlIoSHrbYEwF/8Db+I4WtmL9clxV6XD/TlGeadub4bgN3hyqI
tEy6TApUKwrr7jsVhTU8/Mj6+wn9NRNERq8TL7Xx50Aby/Xh7rujHSXrqA9SSQ8sdVAZkUX7CbV9LfgtuviNzYq8hKN4TSoedccg
smrrAo1tX9OId2F+FRzoZHTew9YaVE38Kqy6nI8ptWcIcI4XHIuJV8+aa0P0FF2oiOR8TIBfg4meQljNYNusGNTTJT7ux/QQcEuo
9woWnBWs43lBk9PGAUVxgFmsYav0VjbY8KCkMY9mlg0TjiyDuTacwURMOH4QXhpZxJSlP0UUmpmT6XFKW+o8v9JuWQajwHzMsP4W
cnjO3Iuh6sVMHtf8UK9p77lOtiZjoAo+yRFMEttt+ssjNXJHSkYlezhy66h6HJaos8Hx7WjMdas2bs9Umta5HbQK1/TyJd1/Ld2v
STNlc31CO3nhxOesegmlwf0WBwb4ZvKplnOHUl7PcwV7+z2/i1lGkd905Fh7bsRB7oYek7bRkzeLHJ5EM2+OMgcjh4LYrNtz8ZOb
YxKxXqnjmBxuct+U6twUu6pjRM3OLKc7aXfmMK0q/OXFoZwD8RSs6mWaZDu0b0d6tuZbXjFrHdMrzS52hBlMvOvfynqeHv15X0hi
+8ko72K5rTomWNRTvpianFvBvVPYtNOO5nZYZ4D6Y5XNUtlKcDtmk6snh9lZnlRTMLEkY9faliyLcjl70D1kOZz6SYur7iS2Qlhz
RhWXvCshyW/Hhx/sdbdtC7/vqipjUi7mW/Rwlf1dzeM21W+Mvq2zFbXtCnQNK9O1SEv/heT2Zc6G6K1QegNWalW9oo3Iogwm0Vxx
fF+zSPlYBOlPdZKe7S3IlkGu6yx1KGDCROVTNvVrESAxbHL9WiQ+gRv/D9v3X/Od+3jmuMWOfd6qPIevP62D3xlXTED2L3P1kIuD
tjrKgKFFXYq1PWeitMxEqQdf43Sp68nMvWVf9/MsaGa5/UlvvUWvNk2vymDSRypfoihHVlcr/m/dvxte/+pe5sXO0vS+jkms+7+p
YPwzTO1ro/ZJAc0jOYBa58LsOy170ifKqHOOe34EZjB1XfyvopXyVZiVVW0ld6lbid5E7rI2kbiHVDnnxTsSywhpz54UPwuRobao
r7QenONf5+6uRbLWJ1bbvauj+0wvMwN4yEc85CQQJNZH63SQ753LzVX514m1eQQ0VG7VqMCRIbifigGOGlgp6eUXksz534SksOhq
FPW+Dv6HzTL+71JS1vgvkf+h+ajZTPI/lP6fS0nfBO7A5/A/vJlOHo7OHoLUtxc/le/yU+3dht3JTmCQ8UEDh2L11mbTZoSoJBgh
rEiN6uQZ6jMc20G72os0PQTOwAw/BB+IxTVjJgKXFwKh5zoHVNPOy7q27PKRMljxGDNtDobl1DgK3v20yxffvfm5U3dPASuaORLc
g3UVATE8ZWDp3tMfZ2NjOKBaAtfEx8VyJMiBpGAF7uFYbjiyK4QTBf2OyQjH76NIRztGoxWZFozGg97ZhCFTVghCZkOoZLEh+CwH
ahAkbqRUXDiaT8IhgnUOzwZ9RV4rx4GIUFlRAyanWqobxT2JnT/wKnru/MImF8ulRFBH+5go3UEYRf1u4jRWj3n1Jczm9LoHT4fB
C81EFryW6dgx+agOz3/+8WnwfP356ipIC+YgXXC/mL836ULW+r9E///Go4bP/7e1+aiM/7uU5Pj/K7cyj/NPQDwxSoYZjnFkxjAd
b50mtYOXCV6lcQhGwvpbhaQJQlCzqLCtURyvFSejDIiQBeMqdnDTHNu1XBaAyTiNBQBueH5wE1RGfpGC99ZHF3fvx+83noffj739
YVVFt3z3HWMspS7M8aa00C5spMixGoyhAfWHsV873cID7Nj+55GUWd//Mv2/Gxs+/8f2Rsn/sZyU8P9254Hr/z2aXwLM9/GGwKSj
OVjSWIYoVs/i7YbnmxKJlui8vRbswfkVWzy8Z6mdWLKyIz5YwlRVCUxKUlL/UpJtQrrqw4NVoQnPlXjoiVfG+Vt8wlnMSgYWN4JX
gUM3lh7j043FRrl1Wz7b/WGGy7IssXho8bEbUGqda+c6RSsH40YcaQF5VpCdeu4pdeXVHUZAKSPootP+mfJ2EeTbzRjbm9p28jx5
G9qJtzGX/y7tUY7/LvqEp5/VX5UUx1Zp8kbLpfqXh5S/q3YJQ0/9sGgH3zSRoEA144LiZifcezOafr/GJ5pfYXdfpRbO6++Lx7jQ
+zj8+vzyTi/rGiV72dNa29aquKhFMc+r92DWwAYzBTDovLxncV6kiD8XHcH15M2puHE6JiV/Eb68sBEsopzCWAazzsE0l969p/ku
vWf922PsQMdmB5o5VEK1cxCsozNr6SET/PtJ997Oy9TYCCwMf0vTy7/BovC3sOl4N/CqFTywzqNSA/jAe33CebiDwNzItIpOQqZN
VHHzX82tVuxEnGGwCeYx2FguxRhrgeriqAV1lX/hA6ZaCLjogbeoxivVjIsq99M6R7HnvqSfL9310x+cB2UkiH9AytL/luj/3dja
3k7ofxtl/IelpAz/b/byPNS2B4S2P6pnyIPwgnEE7EJjTcJ/GYtXIh7D39VWo51d/zqbzSJT1vev5dVFvKPI/rO1lfD/3GqU3/9S
En3/eed6PLFvZfK6Vp3UFQIuo332cjOxv4tcRUkgIbFLJChlB5EQelW6zCbmW0h3crQU1XgREq8JWFwiKYUERk6WurRj+VfQykTC
zTqLNrfIHLuzQhnEb0hnnZfrdE/zGLJrBw7ixJP0p11+g+NKKhUVh9KE36iymIdMZq8KgXDnF6IcQpUzamYxQ50xLo4lx8D4pHIX
no96kXFadMKEsmHqZDS5iC1Phv5QFHfoiY4TY6zps/+pbVBST7BG3VdBMVkhwLEeibkw8Ju5dBrw5HLL9k8OfDNCW7pLi8GnI45b
CjXlTrUfl5EwJQTCRl2qRW3tdKx62RbUq/FZpeoH2wDn1vLqIsS3ANn+pk+/LqixPAVJQeJq7CsXy8BVUUQEjzUTiRh6MaLXT4d9
J3ahfTwb1Sy/yYPYbfIAfMqeH2LnZXz/Zcr9Z7+Y+zStEz6XNKNjj0ma3UmXSur+OAfGIukvSTMwdpfEdExkoUEyOTBgCW/Jzvvd
wFI9kCziaJn9t1ZLgUyBJyQ9xkqcuUU1PP5596fO28DT/VjZ4cdqlcqkd3kFF+jg35AHDp5UZIEK3vW6beumff3fzScsfbgehx3a
yDOfaKU80cp/ZDPlkU39iLqIfNRLT3Z2OsF1fwiPR+cWNVbuwbRLN+d0ltCdxEupUjJzfCWsEzbn+owi3OQ26YbwfrdOPZB0W3i/
68lxDV+QA6Cj2/Clws6BwtJjoqZ4VqCJh6QJH2qlP83PJc0rgifXs1+yPCPQAkiUfZ6jDhoUwxZcU4aVLDQocqw8oTdauNQqtRjh
oCxJEhcmaCS+m3z3HBu8+dOuwgZz22nj1mUAP3uUDVL1HGCz/HX4631jtipBoujt6ftIb+Q7WNP0VkudKZsdJotaH0eyAK3N5vFk
vn3le+QPyNSbUqsBO7XJhG97mUfi2DJlV21jQCKZh+oOAX/KFHTmBsYEP5T7An96wc3sA4JHZUSynY5v0OfMy0NjxvXAYB2ipgoW
nZxNUhN6GsYqaybxxBlxiJ1Yc+FrVC4AvDezOdvO9TXwCxb7SYwX9y0oa5yt1lWdMtHdNU/Rm+M7Md5r/2txv0xlKlOZylSmMpWp
TGUqU5nKVKYylalMZSpTmcpUpjKVqUxlKlOZylSmMpWpTGUqU5nKVKYylalMf/P0f2WO10oAGAEA
__PROBE_DATA__
