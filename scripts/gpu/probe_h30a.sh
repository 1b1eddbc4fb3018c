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
H4sIAAAAAAAAA+xcW3MaSbKeZ35Fhhw7C3ILAQIsI89OCMlzCRnGR5JnJCt0cAONaKvpZvoigWc8f2ofzvv+svNlVvUN0MU+Wu/Z
HXWETasqK6sqKytvldVT3+s71iTYDC6syaRXq9S3N7964KeC51mjIb94Fn+X36tb1VrjK2o89EBWPVEQmj7RV77nhbfB3VX/b/pM
V6z/4cvd/c7L8mT4QH3wojbr9ZvWv4ZnYf3r9UrtK6o8UP+3Pn/y9X9C6cK3yCTH9C8smnqeQ0U7CCKLtiqlQmGPvqHdf/xPm2yX
vnu9VSMzJG7yj78bVDUq2w00sd0waFE4tiiwrCEV37mmfWWVB9E7gzzXIi8Kp1FIU8sHkG+ZQ4Ncj4Kx6VvDwsSaeP68RKY7pHeh
7VhD1dDUABsKgJ6Sb13YQWj5GwJF37/sdOjaDsdk2RfjkC5drx9Qse94g0tiEGp3aFZodw06ILSbUvvASJAoiGNA0DEgwAsXtntB
jmcOgXQIrD+/3DNoVzqjqTkccvXr3X2Dhl6EnVPoR6OR5XPpfntHZj8C6F8DGmOG6CAw5wFdj0EvyxyMaTA23QsrKJXpGKADzw1C
32TK0aWFsVVr2xu1RlMTKCCzIBMxgMHDAK6sQej5MrwgR0ign3hBSM06mYNBNIkcE4CBkBOrNfWtkRWi+3jejFm1FZDnTTqw2+SN
NLVJURsE8ci6skB3WV6y0Q4D9V3LkSW99iIHhPLt0KKiSSPrmoKp7TitQkJgdA028i1uK1wwEiJh1kMhw0+YBoaAJatvU8dulyiw
Q2YzhvqhVqmAlK9qMhJhrakMGsgG3gTsZMn4MVvLHcxbspzoOwosIzvXC5AY1PFAmqkJQIP6pu/bXMdUVIzBhe4lr8nIsQdYkXSo
bjD1AqxxIQBVrTL9ghmjRxp5vAQYjG8xACrnigewqtEg1NMWJNYs7HvepdCg+LPnXHpXG0E4x6LG4yzw4ANDwBVzbSjmwnpkyalW
EoPbe3P8avfoCAQ6+rFzTBNM0vG8aamM/epFboh2/Tm9CzznSloqSQ8WtLA1NjYGDJPZ/u920M3A84do52DnYhFCr/AutIIw2Bya
obmpqkGHYHOMldkQYVF+H3juO9XTwLenAL6YRpt+5JaDsZInPZYnwbtCcegNgs0+lmo8Mf3LACrGoLVXicgJ1jD2f7VE/HM9q/R/
LLcfqo879H+1ltbF+r/RrD7q/y/xbG7SEbR1K6uhWbTktIv6/XE4K8/IdDzoulCUlxNNXAjugWdCcA0gNtqk1RZk8l4BuEU1QKbt
SgULCZP6PtTXwAzCUsYA0BqnFasb3xtCgGp0fQ+K2IsVxcj3Joz7VXWTFUN4bQ8sGZBSi1pqf9fZDQiaZITZBeUCxC/UFq3trVGv
d+F4fdPp9ejKs4daAgrTF0Uh0wiYwnXaNSj3d9uI32ASsDrsqJ+uUaD7PQx9UKLfAK8wcwHoCOtK9Lwi8br6Y9+e4I+nWerv5Br6
3nW24TzbcJ5rOOeG9oiK3ORv31CHfv9d+sV7twQqQ1W5DCPzYxMCiCvlykjKoOSK3N8lF+7g5wUd7NDTp5clDTmamKPi7lkxsD9Y
vbDEnaxDqT6ly3OD2kn5JUq7KEXHKEfTEqPfW2gXQwAvQHYKHx81wj/xWSX/dVl5bk6ch+jjDvn/rLK1KP8b9UbjUf5/iQfSNrA9
t0XVgmtOrFbGHizAQBeDTuoXPUBD/D/4TZkf+HlsacZeJLtiMNjNgVj9yiNjzZBzvgIjMb9Tr8tIXC2GV8YwpZ5W4pnC9E0d1qBU
eELVZ+Uaff/dq59eiwaDFdqiPyrlrQbB8oVoG0Rt2Mxo16jSMYNtYgB/bHGtMuaV95rxS6CdSLkmBvCzp6mdk2aFC7POCY8CqG/1
UaioZ524J6kzwh0kPopox5D2D3c7ylnMkBOo/6g+N7BZuIu+7Zq8SFCUFiaRcyvFHQHarKdZVM7kshepPUJxDPIjzCnpEjmWeWVp
zMrxv8HNeKeR0b1M/9CeWLBBepOgBX7CUwgGJhY4aEFPdFrCY3jrJm8H+k2xhoDttui3YTifgpVHzKUYOb+fQVcfQOv4mHkLPMya
2w4ZFlNsUeTaoNyEefC6RRtVg8b2xRi74uNH4GzfgPPAoO7n4ty7eZwpThDjYwE6ecoEWe+sd9cPCv05LKoW1deLnXXWsQfrrDFR
x+z/kmMMe2RhBSx27iIsxAF2rmxSbVSJifSmiAFVS3RlOpGF5bkyfRtcZ1F183mpRb/v/U5/UPCrHxZFJTwv0Te8uxplFf7xsaqy
P4FK4howt+gCChwb0r60VEtYOpEzTSyyqemHtunwoLAnq9ZGgw47R9h9TX41Q+Bvwvm/mJhKjHCbekcbpYEhQRS2DoldVJYysiFU
YEImartloIFVA9xbYDyWbXFzIHctCPoPlu+BuhqqLp348HDBfKC4zyRgLhpNt2pYIIbDgpUrADUEt/5r62OBHXHf0vCBF/l4o6QQ
7hOKsQZs0yqZijoUgeOxemewLWFOwo7k9WbWRNWFb8MQP1sbWLbTG9pXRVRUm6U1bJSkqKOKGFwEKuCrTS47LwRix4sdW1DLGcqO
2CA7KWcjNB5r7OZJYU7W3xCtS+38JSdg2ZIXrLn5pyO4hQarqbBVW6LCtiJCSgbeRNvnBZQ9oTiAeGMYTlhHx+LKatdIEetAFbAZ
z6fwOqwAf068K2Z1O1S4OR6SiHw/AklYf1mx8jB9IAPJvOiCf2FHJWsgw5JBYy+ANtlVMadTx+aNfQbN1wtAxB7A0W8qh3XBeW4V
46kur+I9Aqc7lMZJUz2c08+foJZZU0r4VcYiby3tGbUhvX9TskYvVRMbqlqDyVBrNNkbSKZvuwOwW2D1QCPTcSzHDiBDw8i1ejLY
HnsLaDG0RmbkgIbN+se4l+4X6eUg28s2bz7m0Bx6ED4aAJVS7D3YmI4TZNFtx9iOc5TBkOvMxnlcueVnLaPHbjvTLM5agrP78Dh/
frmXRQptxnhzSFV0mn05MS2yaKoxmte7+1k0FVAvh2Nkz3ochu0lYdgsmkqMZr99KxYzmLsDoJjOe1N7isV1JR58x5po7BlTKWbf
DVortju0idUqwUUttrv8Ds8Z/jPYa+0usBffMANmwI47qD/ucvv6imLAN7PlHfoLH2N8A/87U9rl0u5i6QGXHiyWYvkYa/sgLoOt
IJEWbfPxyYeWfAFkoD5vcKNJnxXuKH/yECt9HZIp56e/zt1vMsOUMJTiSoqUFsdXRJt1kupPaPhEDGPXmoUiuiDuxbiG0HeG7Kgk
FmwrOSGB8SJBDj7JUHNfNfynpMdTQrc3jQT03Kpl51BFu/12SaFg0A4KwPGMrsvFdW7zfHurohc3px9T7XAf/cij4EMtHlm7k1eF
q7lQ60tWLS26x1gf4y5/gmdV/CdrxD5EH3fF/5uNraX4T+0x/v9Fns1N+o7FYbOe+i6ZYE9ymGyJPNUmX1HcOR2iZ+/u2ouFqh2Q
NTMHHKDmGL1qUGIbaVZtLpikSlbL2X2f/UkdM1DGtenOY7lH1x5HDApPoKmhyenwGOjujuhjPnfG89X4Pjegnwnn93pqbhiCJtJu
cHZ4fM7/dlbWt+N6SNzqeT6yH86wAJm4PyzTea5kfudJgOAN58aq4wVVJ6cJejBJxD8f8K/oiH9Fhfzx+/QbtFZTJp5iOD8/C2cc
rJezhRfQR19/LYA8iRdMnm85+CNssPKIQIGeUyvunpg0GbwKYs7IGDfP5wWfWqR40yOGGLiUPUjIYMYywDLU2RXF0k7hydQ3OeIQ
ub7nOAKz6rzj8HjxwKOoJy9HHAF+eLjpqcaKrog+Zk5hNKWS2fyLjkFWyf/YpXyoPm6X/9VabUn+1xvNx/yvL/JARu8uiOVsiF7H
CiTmpzKtxl5g6UPaOMnFdCC4PVvFpVVYrsXCn91+g236TJRBDM0ZF+rAXHraLEAl3fBASVgVkmglZ80A3oU1K4FGvLeV3yK6KRd9
EoTcVKE7xjjgVi2kfRV13lcylDTYVVJpPGrcYzPgYW/Cnl6HNb3JHp3e1wo9O1f8qIwxHe5UKkl7TCFHnmSsKhtINF+RnWiCtKlr
7dmCP7EBf5L6dhhoSrBJzg/H5NTpLPDHYRg54oC4YLLA+bncmJjvgU+TQk1yZVKTwh0/mQwnkgynlmhlkIVP0HnAPEPHdC1pb6qQ
0Bh1PCruQA92v60QVlQMUY9D5m2IlbAy7UqRyJphBNZwh6otAVUeqbE82kV3T9oLD4ReJunresx1kp3FY5HTGDeIJtbQ0MOWoRRk
B6jl/GsSLpZYFhBavhx1DEVmB6yFnpK9LrxgJEwZ8in9+3XFGWK8YPnixEag1zkRwJikPmDxd0u89DwmaxCFnG8FM4fz4NrAwXtQ
kPBq6D1iysmODsGWGfGh9Wtkc30mPgCTKQ0LsPGURAME6eqjHypmgh4lWFr2yIWxBZyJ0QX0zXrhieUO7VFa303ru6vqD9L6Azba
FuqPU/zYi0vNj1P02KVL1WDKpJ4ZdAkAeycB4H1UXQTYbyf1YN20Ou70lBJPOi08SV3qtPAHTpo+gkg55QjOSVqz23v1k9TkIiPc
XDUpEWElF8Mru9nF4XVTeyWlZoI1GzbJYE37P+odHR/+uP8ydfHTyqPj3e9fHiXBgGyj79DBcdxBgiQFaS+AtEENpquMA+xWL/Dh
FhNZpFadp9gLYXBZTgpUywPVMkCBla9Lq2SJCr3e0LqCzoFB3evBZBtYtstxPvyt4Flcaftfmn5NV8q6t5T5qpJe8CPbfIo/e7wz
X2RdhL8Vv74qnVnnbH7xhuNok84iZrMhlKi32Ml54dMScRy5vIX9yNXnJZdMqk2eupbb2OhtwKlat3zbnMSvYfaQMFGQd2x6PT7C
8iHfAbl772wkfm7GA+9I6LZOvpm+9j8JO5O7f+hdK8L39zxHvV1WYkdL+VDqJ7SHvDRLJnlikNvKILdhMettxVa5HbsjqT8UsbME
gkFY83ZUe2JnAcgHUMThvSRcCZHODkfE0cekkF0J/KrWvnlms0m+fgPbKDL9rbiLrhOfhCnA5y+lrMsz0B7BvWbbfsjZdlfNtrty
tv37zbadna3Mzo8dMF7zzGzVNjpMlLRsm0VTocUKWZskbMZ4iWHDThc8rck57xwyJcGPQ/6YgFS456W7d5HoVL2N4shAkKT2tYM4
SpBy/6ew/ELj/r8Fa9/mBVtqZBZGxrAYFQQo1qE4wBisUlY78MIzv4jola1iAOL/P58v83fC2QHPSalY5mIgkk2RcPMtUahezzEj
dzDuqeBWr1dMlDN3mgn63yrNbxfRq4r3lhk2F9zKxq30+DPhqV7PdOwLF8OtNktal/KZwdl5kiDKG4ZDQ1ycKWwnhaCVNi3WU1ti
IcQFCuViXAvVc73YULonhg6I4c+/4M88pEjXheAX+50ieRYCX+1uLsn17LhzfnbcPV+xAVZx53FHMeat2+W9gn/P8F2Gfy9BI/DM
2fvzTFatcBjrE73dOeenf6Y3wEI4kA2OAG1537YPuC5jCahTItbRLGyUtlWatqLCp4ZIH26VlXxYQQ5cVdKmMdSKwFUyu1DNLsTs
ZFA8wXB5pw4i3oYwqb+lYkhfU7XEQbjsVk34iCPNgSjEyF/klgXgNgO3M8DtFJgtT1jzwusj7vQpVeNBlu5HLtVInYjlKRe7BfeL
Fbbj5Ojf9DbU/Mbchr5uYLgcthVMR9ryYA24IHOVV8oi8fROzKvYs684s60wi6RTLq24Mp8z2NUtPmGXSEa5UiA8OiOt1NHVjzct
9W9ZVlhieTZUmHf+Wy10wm2G5qtsZTutXNwi/CyHksVpuaFSFf8f+XDllG7YxTcMURg5JuA9tfLnyj09ijSyHVvCGYZdsBOzfKci
32rVH68B/JOeNP7P2cm2szXs+fUH/gKAJPl/2v3/5tbj/f8v8qxe/4f9AsAd5/+1WnNx/RvVav3x/OdLPE8ou/C3fAGAQ1+1xoZO
t2aa6YYcrvTNoR0FVKei6dJ2ON5QKdpb+/TKnDrmwDZdg931wLKDiT2ga74+MPCG8Nwj6EwbJqTnom+++j7T/zfr6tiJ850Mydvm
4HxgD60dqhq1SvWOTw7IGVXBdjmLma8MxgcyuS8NTDhbN/7SwIcN+ZODevqOu+QmBPYs/1UBSdWn9gl/VuDUWHF6pCN6Mzp5fWzQ
VB2cJEdc9LbNvSVnUb9GFoismnyg/3rz8s1Lo5A/kou/SxAn3glKNToOMY7RmI46Lzvq1OqOLw8U1JcHrNHIHtgWX87Qt73pne0O
nGhoxcKgJ1AB6DN+l9wB6c/18Z/OMRdCyncPVB5Jmhivrq3w+hF8Sbksw5ck9CvIJnf9OQhEr2qthev96RGFzkQvyrX+QpxZfdPl
FD5UeVUtLdzwF4KpY5UxTJDkbC/grzU4VAWfHXWCQvFtmzj1Ul1wCYQTNRxIX1dcKbmc8QGgQdKkigWViQKMm5tz9AxS3/KhADJH
oU4av7YcZwMsdu1SrdzY35Au5TBuMLYmFhU7WKlLDmphlxm0hn014qsmVgHWnCa2vmskF4F4M33/+g1vLsay92Z/d43va1Wef+K3
ATKi4fHrAP+Rz2r9H8uBh+nj0+2/BpsEj/bfF3huX/9lPfA5fdxh/1Uri/ZfrfKs/mj/fZFHH2rew7JjRZWadgNOXefLfBD6fBco
1UPKkGGTg496zJnNGjqaTKA35FrfzCCVY/SBrc2siXizhQgrp1Smo7wBwugXbZDE9ogvaM2TO7jJ1Qa5tQANvBNfXdVmpcraYSUu
NkilnMQ7PCBMs0+pfvfhcxCqPSOhEV+FAjHcjVqlsfmsRuu0xefGcoGOCQmTdnuzYdBGlf/f3tyq6j+aFYbj+6R8MzGgarlcL2cO
r1Vix7e0sV1u1KvNZvPZaCn231JgVYBVy81R/HeNm1XKtaRgCwWVcqXW2Hre3K41uBz12J/PthvPqvWt0WMQ5j/vWS3/Y7foYfq4
Q/6Dt1bo/8f8zy/y3Cr/xcHMf85M0v906j97GjGodpghwfW9T5XGeWJQ+5SSz9mlPnDsIbPgnvO341SxvrTdPlmH68x5oqeJkJaO
2Y3TuYYMwM/N7rfBPrrJ186pKC6wmbnCrJL34mRN6V3nE2r8b3Uu46L73spkhso+YRU1hecee6ZoqNsUq3ANObtB+es8Bo1cvHz8
VlvKOdcD528Aqkt4tcOn1fhyPsbIbrIecRwoyF5vYx/YHnE6Uj5VEqqSu5fPT8CflhCCyxfmrhXu1Dfe4ZzND6ixL8Z9L/KDOKtS
f4+JYRRujjNQZuhSFadiTp0okMEeblyzSpXIxE05usVMGiZNTdvPDz4ZG5z52eY8OzYhlgR17FBGfmO9DvoUX1WF8q9v1fgSo9Jf
98hEMZI0y+6J5BAIc6qLiAYj7Z5ykuVpmmTZfYsCjgtwwVJqpbKtaW3ZuF5LEydP0kS7E9qqLSVWnqb1p8uJjxhfUs/7ZCnx8W2a
+Ihxbi9WC3smEIpZl3AwI6SZhMwVywmUvzC5YO4IwfgBuYRRVKq03qgpFsCjzVNiE+mwpOA1+3Ces2pVFLnErJXJZPwBPZ3e2DK4
T8LgbXkYkcqamKmfufr5oDMqTu6XISSwp7rN21wWYnHGV4ErfCOEb82A0fA2T8r48gu4DG8fkrIPXPa2lO/5W846GV4UIz7LjI/d
PvAZG9NGXYs5wdtsoV1L5yV8akaLLG77VGe0aIYWqXg7LVcVY1Mm9FxBKz7WFZbLXaZSS8csdXb0w/nZ0S/nmVPOz79QNasspo4c
/8J+y2KeyamcZubbfsi1ZeK/basEBbWt4oSAX8+wK87PhGHVHTBh2l/PrPMzLhjyCWhUnPXgzIDhPnDRijPYVYlaQKwStW49suUE
nI3DHfy+oEOGH5YWeseWwGLN+GTc4umeyBGtGg4XDg1ZrP9t71p727iV9nf9ikWKtpKt2JJ8SY91EiBJA6Q4iWM4apzWMNy1LNtK
ZMnRSr70JP3t7zwzJJfk3iRX1UnfLoHWyi6Xy9uSM8NnnsFA0SBZPW/e8TuV8jvVCrOVH6G+oDf9rkdUrTSz4c9Ms6Sa3HNF1aSf
++m1tCZU8qhcVip2c6RVY0S7mt7nxmxdFzz/6Uib4bVXh1t3HKJP7uIqyXk6rVUrtNThH6uPA/0JGbiIi2XrB+uUVzBsfdpW6DmV
jyf9+Oiw63VBN3iIJicn6lhu/O51B8r6kuEdVwx8SR2eZFPw/fkD1HaHwAEQUXYrpwziWHqTfususOkKjcrdwCoXd04RfAVfQZM/
gsf6KzBrI0petYo+ZYd6Uzb1J30mq/HL5LvRF/g2hsdcWJULHlgkuxVqVGUm+7N4wa1S70KlU95HVdcZVjMyFOyBcVvkFVnlI8Nq
MkPubCxouL325nWBWvzUqFpLoTdgBV2oFp6H3vLoNFGt5xlNlJfQhniYu4kb51D5hO+/ns7Qpw3ZJ3jNtfcK3ifkl3JkNm34UtqL
vvqUbv9ZLAN0Ef6juf0oYf95tF3af5aR0vifncACQetHZexg630Vi1cNJokmQBr0Pyi8eJj1aD745gJ+r8dWeov3v7UVMCQjRUfX
VoFXTS7zVSvohpPuhdLGmdK/f6Zs+uGwUJUu1PfCiaujFKh4y1HfpgUrfpbalseGoTonheE61sQKlC9flLsHW3VCecrjqra0KUeZ
0jzW3N/UJZ8/SzdTP9FP7l1UOJ3Q2pWtaPgzZStr7xuLPDE28sRYxsyXANjjqaoKpb1/nC5E6QyrGRlyhKi4wlJ8VtkiQKVkmKls
kVzG2WWL5DL2JZd5xJVSLPhqUvr+v1gG8IL9f6vR8vk/tptl/IflpCT/tzUPXAbwGTAC6dDPucCdM3CIM/4ySgNe1i0MZxrGksSK
dGBlHqN4GnIRTL+o7dCEKjJs4MFJb3LT6w3h+B1lU4NfjG6o8EvQXCn+C2ZUFAmsO2KKCJZ6ghkRjwbcCDSh4ua2MY4MNrjoX9m0
4n80W8E00lAEE20JlB6nivH1j8ZaU7OjUyPG6jzOJetu4ru1ybp332O+bOPXL+bXr2BRtbm6pxkc2Lu/qp3l/X3ZtXmIZi2bWba/
gWh6OR1M+leDu4fhqTqt5Na21UkXz35DyXCjsJ0jRr1MaNxBI63YurcaK7vvV3Z/Wdn9VTN2/xBf4ZfxB2Bzcn+efoaU0RSLooPQ
nV7BDfqHta2d4DNVl/L9EbQaBlhDcxATST49GXrD0N0bj0EJMwEamC5RBubebgtV9ha4t12q7Jgoe3ZS7C38a2s+Umwlljq02NO6
SKKxbJFOjP0+yYyN7HJNHlo6PbaclGYBzrkYr+kJRuz05t+zA5JdUAFjqsZ2zMaNbTqIH+NS5+KudniFnf7V9Uj2r4XDVz3Vtlf+
9IXfP6avZwHsszeBPP7q9w75MRM+G3Zph3pYIwy0EkYCby+KcqmlNwzJ8rNfUjiW6wFzTDtvySnN8FS/3+sUMTZnsT4buuZfn2VX
CO2fgVObOgELyDEQfemc0GyzzOVz9hnQ0yihcY6QTwrtzs2ZmZ/VAQ10S4fuV1/Hkt1o2XTNGiegD7593mYLL2BftlADD9KWi/gT
nG25oGqsW9VAHjiQc0b68eszd5UQsM5RqZv9k1K6/rdYBuAi/PejRPzf7WartP8uJaXz/2ZIOAZCbVRBjaWOfdFssZUB4AqZbQTd
WGQV9tYZYNi5dt4ZLJ8JJuBpzPz7/9XwGU5JYQjB13H43ZGAEaRdHxQFVy14+ETT/8p5vTZm942Rum+M2R/MtQ/GmP3RXPuYZswO
LIZey6z9UVsGPxjLYP/If9JQ9n5JkBTrIhPWXGWcnMt8myjMmHEtG66yf1pGW30ltsUWn3/zW9Uzq/oZq94oyLsCHq2/2LRq1n8+
uRmSRn282fjX9kIZABjkPZf/12Zjo1X6fy0jZY3/IhkACs9/W4n4jxvNRrn/LyN9E7gDn8MA8AoZdymjWGih8xgiZjwqBi0WBM7D
y8uwDktoCGf95sZWvrN+BQKHwsBrbkxx0J/0wkvtn4/fco4cexMIKhhe+r3r3lD76Xs5Kp09wMdQ19gDYX/vmXWNy96Hu34c7goE
cSL04C0fe1cTB3QfPH/6/OWLekUcJMIJXe13o++DcHA+GlOVLsGB1nnLbMYPr0IYAaiZ/AtCkBgiptyi6NM0HMOkfdAb0NZ12lYx
48PLCkctYleL/Rc/+kG9JuNeL2DC5+nZ2aAXzeT/zw4f6JVBb3gOqU3iVDLRN7Wv+ttY4d13AmYRxtj+VoMhmxvMEEjdBTCZhMFZ
/xZB4cbj8K7No1HhnEANqcDMI4QB1EH90JsCNIKDwib1yuAuDqhGN9lPPhwM7pSx9TxEvc6mdKUiD/aUNKoqPlajA0fAu5tQ/Asj
ukMZqcHGhC9gBZJqo/5EaAf4ipnKFQlsGUbBWe8Gf0gsFhu6T0+AUey5bbLieDpEAzzHYIKvaBP8WpDDCzCXh7778ZY++mWaM2Xt
/4tEgBXp/5utLX//39x+VO7/y0gO/svdgSUecC+4CQcfvdW7etkDo48OGqst8rU2bQY34RjM/ButCiPoZSPmcjluLK2FtBz/h5Zj
9szjdV9OTnjj7Yv7GKhQIuZEX8tT8AfDNFTTrceZqqQR5xpEk9m8dtQDd16EIIUsUpyDOcF4igwFOiAM6dKvbQXeqS7U2FuLZVnF
iIkRThAkYnJRo/52BbnbhX4O7bdb45yk+Y4ZGu+8JsCoAidFOdadwj/NWLbNAyqPAjqMV5F2i9IFqkzlUQ1OqQWnOiyO/cw4mvBj
CCJ8VqXM60wRiK4uqsBdWhQdiU4UVwJqM79DTQ2B6GNGcJ/8o9BJWev/IhFABev/1qNGAv+zsb1Rrv/LSAn8jzsPXASQoHtxMxz0
I0U1Ze0LykubxelbSye8DCfj/m1CNcyF+ngqXEJ9g4StFTc3RrE59+2GCgiUraHFvCFKy6Kda14sUD2BBfJAQNCpoU8I0saF14jW
Q0WnAYQEHpSqapi7SZ2D8T+xSvONQ3EWVEnvpcEhVdfv0Uzdp1YA9nm9w68DxGeHRx0gD4Bg5DBWYUW26kGMx/liw4BuM6A6CP+X
DQCSaVjnFZ1eQY9NThGvGLsJT7IsANCsmKLG2pYBFa1tcbmYtX+22IdWuQ1V7t0sPaBgSns0YD1amhmDEZ6eKh2yF4hMFk1PJmME
YFx10EwmVyyz6ZwcmQlYNMmOcAqYSuDjsZ4TCW8HR/8h9f1lfxgOaGadgxQCecJ4Vj9k92CtshpI1A8rr1d2NRhqc6Xawr/hsb2C
QDqyUpDoEduT6Bumf1UNssmyn9ALlamkBoATdFegmrbpUxyEE0VnqDuFCkeDdMvbVnuCz3efIZwyi8Mf4sxA5UUoUD5alLomWKlm
BlaKyp8PLdWcHy1Fkq4DlCIZ11lJ73SUYPrwLMjUaxsJhRjoC4ZBzaox1OkjMNwbNrZBS/A2rKGobSl4qNcMxNEhjg3uqfWDAj0p
M+KcmCc2wKHAPMhTFuAnDQ3jIqBUpZI9m2nqbMsNiLh/akOMN0MV7U/bGHMgUJ29fRteY+Gf6gB4zoAEygEtUSkax0P7UxFsySto
FozR/nxgqFmKfPfieVGREtYLCgljfFOLYVNpAfqJA9f3h0LDQ+N0zNa/dBiU2Jzd4qhqaSUq2eGYpsNgEKUWx0bnnLpNI3TR+OpY
maBTConNyYcPjEFZfanpiCuaanAzJUElBVsFaJVk4EDxHogKkfBYxMHzHT9afBx46GI0YHSsWp+c+PAyaqkB4pVdG4Zt2oIQTMau
ixUQPl7ezCIy7+qGwHNWU9ylzXTRn8RrZel/i0QAFZ7/PfLPf7c3yvjfy0nZ+B9a0x+q7V02mHiTV+dZYi+yRasY1WNF637G+H/L
HVPBOeh9ehGfXiogBmL0aWQOLVK+aS01aBDlO6QbsPJcF8WvQQQZqtB60GrT7ycwH9GfJ48Rb0OMVxxSpA9X96gWFw2DmfwmgTU6
yo3wLNVV7ZmMaG0N5OnGUUb1FPCG8xZx8Igg+NcZPHXvF9k7kwHN0cT9Z34k8+wwT9q0yeZS27jpmE53YwAQg7Uo790MeWODaMJk
SFUyRkMGAe0/i62ioxvHLqoKU4ZRd8bSf3WZpOvumz/N82LbZKoKYOMnV2Q2q6nufzGbknJBFYLttOrV91NcXfSggj6lmlXTqsqV
ABKpq8O9p5pUdbmWaVVf+meaWL/qlLX/K91kIe/I3/+bm61HCf6HjVbJ/7yUhGictACnWXZP7liXjCw9tJ4Z+d0J+w7hNAh85RUs
nyhQxAsoDcqtrbmtWDEh7EJhgGJb5XfXYgW3HdsshTITmjBp7KcIpc4slxxPIRyOSKYfO4HZnbjs4m3JABEJri2OQeZo0w/Kruom
kj8HJ5ec30eanxO+dS4yiN2/XKszGmrZnaoxJsZhvdTVYLBLoMEuNSa5dOExGheTTqGx/qpVw5LuFM79NggnTLdJ8puqhH4Lo3EM
EMdAa7rhEB6j4CY1Vej10cmqa1jl5KDviNuuzNXqiJiyDRW86TSABMhzi3Yc9CRTo7I578xDRDnVVuiodtByH1EWQDBskjZcVwbQ
19Twy94YxI9hdzyKohhLJZPsxY8oVPUnrn8POM940qcOpNeQ6sqAqBMSXk+N822YhrwCba2mL/XGcUAfykBayTNdI7RUj1ghb3u3
Ynfya0u1wpORjjuNbs9AbO0+f/OKpayeNrrSwySyGSSXwLf4fm+spfr+pMddIkiifsT0uEMwjQufegbaayhALx9+BeJa+xuIg8jT
ahATgtLK0Gwl+Ebpw4/1hb1nSa7RfYvQdD+N0LQwFjy3xmSRrzlJaYqZbEdHp3ndSNTlRRxVHpMpwXrKw8HnIPrKT50Xr9+qcXJM
Bnb0d5fCeMi8paaEg6f7e2/lyfVgoxUTn+6+C6pSUcXpvhHsBOYCSN9bdKGpXqQIhYfWiZee6xHzh7ndtP/m4PjVmzd7wfEe84NV
H8ha8aCm+NCKMgabnFVCtn9F0eG/kxjFycDwmWHhvYDwgUSyfq76ziwgJxLSOtzho4y6dVCBk8VhYpEqDlethkeHqk7odYYb1UwC
D04BzSUk5RMYB6WDQskdQv1da5ylojZ6g0kIEMthExJ+eNg8SsRjDc5OOAcVvB4oFSU8bLEnAv7gbfxHClsxf7kuK/S4fqYpzzTt
zPHdBu4OVRBpmXSZFKhWFNbddyoKa3j4kfX3E/prJoiMXideauPPgTaW68Pdd0c7StZRH6SSHljqoDIii/YTavta8Ft08RubFXkJ
R/GaVDzqjkFk1dYFGtu+phHvwvwqONDJ6LyHrTWomvhVWHU5H1NqzxDgHC84FhOvnjXXhugpulARyfmYAL8GEz2FsJrBtlkxqKdL
fNyP6SHgllDvFSw4K1jH84Imp40DiuIAs1jDVumtbLDhQUljHs0sGyYcWQZzbTiDiZhw/CC8NLKIKUt/iig0MyfT45S21Hl+pd2y
DEaB+Zhh/S3k8Jy5F0PVi5k8rvmhXtPec51sTcZAFXySI5gkttv0l0dq5I6UjEr2cOTWUfU4LFFng+Pb0ZjrVm3cnqk0rXM7aBWu
6eVLuv9aul+TZsrm+oR28sKJz1n1EkqD+y0ODPDN5FMt5w6lvJ7nCvb2e34Xs4wiv+nIsfbciIPcDT0mbaMnbxY5PIlm3hxlDkYO
BbFZt+fiJzfHJGK9UscxOdzkvinVuSl2VceImp1ZTnfS7sxhWlX4y4tDOQfiKVjVyzTJdmjfjvRszbe8YtY6pleaXewIM5h417+V
9Tw9+vO+kMT2k1HexXJbdUywqKd8MTU5t4J7p7Bppx3N7bDOAPXHKpulspXgdswmV08Os7M8qaZgYknGrrUtWRblcvage8hyOPWT
FlfdSWyFsOaMKi55V0KS344PP9jrbtsWft9VVcakXMy36OEq+7uax22q3xh9W2cratsV6BpWpmuRlv4Lye3LnA3RW6H0BqzUqnpF
G5FFGUyiueL4vmaR8rEI0p/qJD3bW5Atg1zXWepQwISJyqds6tciQGLY5Pq1SHwCN/4ftu+/5jv38cxxix37vFV5Dl9/Wge/M66Y
gOxf5uohFwdtdZQBQ4u6FGt7zkRpmYlSD77G6VLXk5l7y77u51nQzHL7k956i15tml6VwaSPVL5EUY6srlb837p/N7z+1b3Mi52l
6X0dk1j3f1PB+GeY2tdG7ZMCmkdyALXOhdl3WvakT5RR5xz3/AjMYOq6+F9FK+WrMCur2kruUrcSvYncZW0icQ+pcs6LdySWEdKe
PSl+FiJDbVFfaT04x7/O3V2LZK1PrLZ7V0f3mV5mBvCQj3jISSBIrI/W6SDfO5ebq/KvE2vzCGio3KpRgSNDcD8VAxw1sFLSyy8k
mfO/CUlh0dUo6n0d/A+bZfzfpaSs8V8i/0PzUbOZ5H8o/T+Xkr4J3IHP4X94M508HJ09BKlvL34q3+Wn2rsNu5OdwCDjgwYOxeqt
zabNCFFJMEJYkRrVyTPUZzi2g3a1F2l6CJyBGX4IPhCLa8ZMBC4vBELPdQ6opp2XdW3Z5SNlsOIxZtocDMupcRS8+2mXL75783On
7p4CVjRzJLgH6yoCYnjKwNK9pz/OxsZwQLUEromPi+VIkANJwQrcw7HccGRXCCcK+h2TEY7fR5GOdoxGKzItGI0HvbMJQ6asEITM
hlDJYkPwWQ7UIEjcSKm4cDSfhEME6xyeDfqKvFaOAxGhsqIGTE61VDeKexI7f+BV9Nz5hU0ulkuJoI72MVG6gzCK+t3Eaawe8+pL
mM3pdQ+eDoMXmokseC3TsWPyUR2e//zj0+D5+vPVVZAWzEG64H4xf2/Shaz1f4n+/41HDZ//b2vzURn/dynJ8f9XbmUe55+AeGKU
DDMc48iMYTreOk1qBy8TvErjEIyE9bcKSROEoGZRYVujOF4rTkYZECELxlXs4KY5tmu5LACTcRoLANzw/OAmqIz8IgXvrY8u7t6P
3288D78fe/vDqopu+e47xlhKXZjjTWmhXdhIkWM1GEMD6g9jv3a6hQfYsf3PIymzvv9l+n83Nnz+j+2Nkv9jOSnh/+3OA9f/ezS/
BJjv4w2BSUdzsKSxDFGsnsXbDc83JRIt0Xl7LdiD8yu2eHjPUjuxZGVHfLCEqaoSmJSkpP6lJNuEdNWHB6tCE54r8dATr4zzt/iE
s5iVDCxuBK8Ch24sPcanG4uNcuu2fLb7wwyXZVli8dDiYzeg1DrXznWKVg7GjTjSAvKsIDv13FPqyqs7jIBSRtBFp/0z5e0iyLeb
MbY3te3kefI2tBNvYy7/XdqjHP9d9AlPP6u/KimOrdLkjZZL9S8PKX9X7RKGnvph0Q6+aSJBgWrGBcXNTrj3ZjT9fo1PNL/C7r5K
LZzX3xePcaH3cfj1+eWdXtY1Svayp7W2rVVxUYtinlfvwayBDWYKYNB5ec/ivEgRfy46guvJm1Nx43RMSv4ifHlhI1hEOYWxDGad
g2kuvXtP8116z/q3x9iBjs0ONHOohGrnIFhHZ9bSQyb495PuvZ2XqbERWBj+lqaXf4NF4W9h0/Fu4FUreGCdR6UG8IH3+oTzcAeB
uZFpFZ2ETJuo4ua/mlut2Ik4w2ATzGOwsVyKMdYC1cVRC+oq/8IHTLUQcNEDb1GNV6oZF1Xup3WOYs99ST9fuuunPzgPykgQ/4CU
pf8t0f+7sbW9ndD/Nsr4D0tJGf7f7OV5qG0PCG1/VM+QB+EF4wjYhcaahP8yFq9EPIa/q61GO7v+dTabRaas71/Lq4t4R5H9Z2sr
4f+51Si//6Uk+v7zzvV4Yt/K5HWtOqkrBFxG++zlZmJ/F7mKkkBCYpdIUMoOIiH0qnSZTcy3kO7kaCmq8SIkXhOwuERSCgmMnCx1
acfyr6CViYSbdRZtbpE5dmeFMojfkM46L9fpnuYxZNcOHMSJJ+lPu/wGx5VUKioOpQm/UWUxD5nMXhUC4c4vRDmEKmfUzGKGOmNc
HEuOgfFJ5S48H/Ui47TohAllw9TJaHIRW54M/aEo7tATHSfGWNNn/1PboKSeYI26r4JiskKAYz0Sc2HgN3PpNODJ5Zbtnxz4ZoS2
dJcWg09HHLcUasqdaj8uI2FKCISNulSL2trpWPWyLahX47NK1Q+2Ac6t5dVFiG8Bsv1Nn35dUGN5CpKCxNXYVy6WgauiiAgeayYS
MfRiRK+fDvtO7EL7eDaqWX6TB7Hb5AH4lD0/xM7L+P7LlPvPfjH3aVonfC5pRscekzS7ky6V1P1xDoxF0l+SZmDsLonpmMhCg2Ry
YMAS3pKd97uBpXogWcTRMvtvrZYCmQJPSHqMlThzi2p4/PPuT523gaf7sbLDj9UqlUnv8gou0MG/IQ8cPKnIAhW863Xb1k37+r+b
T1j6cD0OO7SRZz7RSnmilf/IZsojm/oRdRH5qJee7Ox0guv+EB6Pzi1qrNyDaZduzuksoTuJl1KlZOb4SlgnbM71GUW4yW3SDeH9
bp16IOm28H7Xk+MaviAHQEe34UuFnQOFpcdETfGsQBMPSRM+1Ep/mp9LmlcET65nv2R5RqAFkCj7PEcdNCiGLbimDCtZaFDkWHlC
b7RwqVVqMcJBWZIkLkzQSHw3+e45Nnjzp12FDea208atywB+9igbpOo5wGb56/DX+8ZsVYJE0dvT95HeyHewpumtljpTNjtMFrU+
jmQBWpvN48l8+8r3yB+QqTelVgN2apMJ3/Yyj8SxZcqu2saARDIP1R0C/pQp6MwNjAl+KPcF/vSCm9kHBI/KiGQ7Hd+gz5mXh8aM
64HBOkRNFSw6OZukJvQ0jFXWTOKJM+IQO7HmwteoXAB4b2Zztp3ra+AXLPaTGC/uW1DWOFutqzplortrnqI3x3divNf+1+J+mcpU
pjKVqUxlKlOZylSmMpWpTGUqU5nKVKYylalMZSpTmcpUpjKVqUxlKlOZylSmMpWpTGUqU5n+5un/ALB0w6oAGAEA
__PROBE_DATA__
