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
H4sIAAAAAAAAA+xcW3MayZKeZ35FhhxnDsgtBAiwjDwzISTPJWQYryTPSFZocQONaKvpZvoigWc8f2of9v38sv0yq/oG6GKvjs+e
WXWETasqK6sqKytvldVT3+s71iTYDC6syaRXq9S3N7964KeC51mjIb94Fn+X36tb1VrjK2o89EBWPVEQmj7RV77nhbfB3VX/b/pM
V6z/4cvd/c7L8mT4QH3wojbr9ZvWv1Zt1BfWv16vNL+iygP1f+vz/3z9n1C68C0yyTH9C4umnudQ0Q6CyKKtSqlQ2KNvaPcf/90m
26XvX2/VyAyJm/zjvwyqGvXGMzSx3TBoUTi2KLCsIRXfuaZ9ZZUH0TuDPNciLwqnUUhTyweQb5lDg1yPgrHpW8PCxJp4/rxEpjuk
d6HtWEPV0NQAGwqAnpJvXdhBaPkbAkU/vOx06NoOx2TZF+OQLl2vH1Cx73iDS2IQandoVmh3DTogtJtS+8BIkCiIY0DQMSDACxe2
e0GOZw6BdAisv7zcM2hXOqOpORxy9evdfYOGXoSdU+hHo5Hlc+l+e0dmPwLo3wMaY4boIDDnAV2PQS/LHIxpMDbdCysolekYoAPP
DULfZMrRpYWxNesbtUZT0ycgsyDzMIDAQ/9X1iD0fBldkKMjsE+8IERzMgeDaBI5JgADoSYWa+pbIytE7/G0GbNqKyDPm3Rgt8kb
aWKTIjbo4ZF1ZYHssrpkox3G6buWIyt67UUO6OTboWUIIhelhWBqO05Qpp8xQhRiMerb1LHbJQrskBmIifRjrVIBkV7VpBNhmqmM
B30MvAkYxRKMmIjlDuYtWaiCb0WBZWSncQHiYeIeZj01AWhQ3/R9m+uYQGrJudC9ZGqPHHsAWmOm3CVI7wZTL8DqFQIQzCrTr5gM
eqSRx9TFYHyLAVA5V6uL9YoGYeRbPFJBYs3CvuddCkWKv3jOpXe1EYRzrFc8zgIPPjAEXLHNhmIbkDrhxGSRMLi9N8evdo+OQKCj
nzrHNMEkHc+blsrYiV7khmjXn9O7wHOupKWS4WAuC0y/sTFgmMzGfreDbgaeP0Q7B3sSixB6hXehFYTB5tAMzU1VDToEm2OszIaI
gfL7wHPfqZ4Gvj0F8MU02vQjtxyMlaTosaQI3hWKQ28QbPaxVOOJ6V8GUB4Grb1KhEmwhrH/q2Xd47P8rNL/sdx+qD7u0P/VWn1J
/zea1Uf9/yWezU06grZuZTU0C6CcelG/Pw1n5RmZjgddF4rycqKJC/E+8EyItwGES5u03oLk3isAt+gGSL5dqWBRYlLfh/4amEFY
yhgAWuW0Yn3je0OIWY2u70ERe7E6GfnehHG/qm6y+giv7YElA1J6Ucv27zu7AUHfjDC7oFyAkIbeorW9Ner1Lhyvbzq9Hl159lDL
SWH6oihkGgFTuE67BuX+bhvxG0wC1ocd9dM1CnS/h6EPSvQ74BVmLgAdYV2JolckXld/7NsT/PE0S/2dXEPfu842nGcbznMN59zQ
HlGRm3z7DXXojz+kX7x3S6AyFJrLMDI/tiGAuFKujKQMqrDI/V1y4Q5+XtDBDj19elnSkKOJOSrunhUD+4PVC0vcyTpU71O6PDeo
nZRforSLUnSMcjQtMfq9hXYxBPACZKfw8VFv/BOfVfJfl5Xn5sR5iD7ukP/PKlvPFuR/o96sPMr/L/FA2ga257aoWnDNidXKWI2F
oaXMPqlf9AAN8f/gN2V+4OexPRp7keyKwaw3IZ4hlJVHxpoh53wFRmKkp16XkbhaDK9MZko9rcQzhYGcOqxBqfCEqs/KNfrh+1c/
vxYNBlu1RX9WylsNgn0M0TaI2rCs0a5RpWMG28QA/tziWmXyK+81471AO5FyYAzgZ09TuzDNChdmXRgeBVDf6slQUc86cWJSl4U7
SDwZ0Y4h7R/udpSzmCEnUP9ZfW5gs3AXfds1eZGgKC1MIudWitMCtFlPs6i8yWU3UruE4j7kR5hT0iVyLPPK0piV43+DM/JOI6N7
OQihPbFgg/QmQQv8hKcQDEwscNCCnui0hMfw1k3eDvSbYg0B223R78NwPgUrj5hLMXJ+P4OuPoDW8THzFniYNbcdMiym2KLItUG5
CfPgdYs2qgaN7YsxdsXHj8DZvgHngUHdz8W5d/M4U5wgxscCdPKUCbLeWe+uHxT6c1hULaqvFzvrrGMP1lljoo7Z/yXHGPbIwgpY
7AJGWIgD7FzZpNqoEhPpTREDqpboynQiC8tzZfo2uM6i6ubzUov+2PuD/qTgNz8sikp4XqJveHc1yir842NVZX8ClcQ1YG7RBRQ4
NqR9aamWsHQiZ5pYZFPTD23T4UFhT1atjQYddo6w+5r8aobA36TAvpiYSoxwm3pHG6WBIUEUtg6JHVmWMrIhVGRCJmq7ZaCBVQPc
W2A8lm1xcyB3LQj6D5bvgboaqi6d+PCDwXyguM8kYC4aTbdqWCCGw4KVKwA1BLf+a+tjgd1139LwgRf5eKOkEO4TirEGbNMqmYo6
FIHjsXpnsC1hTsKO5PVm1kTVhW/DED9bG1i20xvaV0VUVJulNWyUpKijihhcBCrgq00uOy8EYseLHVtQyxnKjtggOylnIzQea+zm
SWFO1t8QrUvt/CUnYNmSF6y5+acjuIUGq6mwVVuiwrYiQkoG3kTb5wWUPaE4gHhjGE5YR8fiymrXSBHrQBXWGc+n8DqsAH9OvCtm
dTtUuDlqkoh8PwJJWH9ZsfIwfSADybzogn9hRyVrIMOSQWMvgDbZVTGnU8fmjX0GzdcLQMQewNFvKod1wXluFeOpLq/iPQKnO5TG
SVM9nNPPn6CWWVNK+FXGIm8t7Rm1Ib1/V7JGL1UTG6pag8lQazTZG0imb7sDsFtg9UAj03Esxw4gQ8PItXoy2B57C2gxtEZm5ICG
zfrHuJfuF+nlINvLNm8+5lDuLNcFiB8NgE4p9x7sTMcJsii3Y4zHOeoAU51ZOY8rxwKsafT4bWeaxVlLcHYfHucvL/eySKHRGG8O
qQpRsz8n5kUWTTVG83p3P4umAgrmcIzsWY8Dtr0kYJtFU4nR7LdvxWIGc3cAFNN5b2pPscCuRI7vWBONPWMuxSy8QWvFdoc2sVol
uKnFdpff4T3Dh27W1+6CevEN82AG7LiD+uMuN6+vKH6xgLVDf+OTjG/ggmdKu1zaXSw94NKDxVKsHmNtH8RlMBck2KLNPj780MIv
gBjUZw5uNOmzzh3lTx9iva+jMuX89Ne5+03mlxKGUlxJkdLi+Ipos05S/QkNn4ht7FqzUKQXJL7Y15D7zpB9lcSIbSWnJLBfJM7B
pxlq7quG/5T0eEro9qaRgJ5btewcqmi33y4pFAzaQQEYntF1ubjObZ5vb1X04uZUZKog7qMieRR8rsUja3fy2nA1F2qVydqlRfcY
62Po5a/+rIr/ZI3Yh+jjrvh/s7G1FP+pPcb/v8izuUnfsyxs1lPfJRPsSU6TLRGm2uQrijunQ/Ts3V17sUS1A7Jm5oAD1ByjVw1K
bCPNqs0Fk1QJajm777M/qWMGyrg23Xks9Oja44hB4Qm0NLQ4HR4D3d0Rfcznzni+Gt/nBvQz4fxeT80NQ9BE2g3ODo/P+d/Oyvp2
XA9xWz3PR/bDGRYgE/eHZTrPlczvPAkQvOHcWHW8oOrkNEEPJon45wP+FR3xr6iQP36ffoPWasrEUwzn52fhjIP1crbwAsro668F
kCfxgsnzHQd/hA1WHhEo0HNqxd0TkyaDV0HMGRnj5vm84FOLFG96xBADl7IHCRnMWAZYhTq9oljaKTyZ+iZHHCLX9xxHYFaddxwe
Lx54FPXk5YgjwA8PNz3VWNEV0cfMKYymVDKbf9ExyCr5H7uUD9XH7fK/Wqstyf96o1l7lP9f4oGM3l0Qy9kQvY4VSMxPZVqNvcDS
h7RxKozpQHB7topLq7Bci4U/u/0GG/SZKINYmTMu1IG59LRZgEq64YGSsCok0UrOmgG8C1NWAo14byunRXRTLvokCLmpQneMccCn
Wkj7Kuq8r2QoabCrpJJ91LjHZsDD3oQxvQ5TepPdOb2vFXr2rPhRGWM63KlUknaXQo48yVhVzpBoviI70ARpU9faswVnYqNa26a+
HQaaEmyP88MxOXU6C/xxGEaOOCAumCzwfC43JuZ74NOkUJNcmfqkcMdPJg+KJA+qJVoZZOETdB4wz9AxXUvamyokNEYdj4o70IPd
byuEFRVD1OOQeRtiJaxMzlIksmYYgTXcoWpLQJU7aiyPdtHXk/bCA6GXSQ27HnOd5HDxWOQ0xg2iiTU09LBlKAXZAWo5/56EiyWW
BYSWL0cdQ5HZAWuhp2SvCy8YCVOGfEr/fl1xhhgvWL44sRHodU4EMCapD1j83RIvPY/JGkQhZ2XBzOFsuXZJJdMJEl4NvUdMOdnR
IdgyIz60fotsrs8EB2AypTEBNp6SUIAgXX30Q8VMwKMES8seuTC2gDMxuoC+WS88sdyhPUrru2l9d1X9QVp/wEbbQv1xih97can5
cYoeu3SpGkyZ1DODLgFg7yQAvI+qiwD77aQerJtWx52eUuJGp4UnqT+dFv7ISdNHECmnHL45SWt2e69+lppcWISbqyYlIqzkYmxl
N7s4vG5qr6TUTLBmYyYZrGn/R72j48Of9l+m/n1aeXS8+8PLoyQSkG30PTo4jjtIkKQg7QWQNqjBdJVxgN3qBT7cYiKL1KrzFHsh
DC7LSYFqeaBaBiiw8nVplSxRodcbWlfQOTCoez2YbAPLdjnGh78VPIsrbf9L06/pSln3ljJfVdILfmSbT/Fnj3fmi6yL8G3x66vS
mXXO5hdvOA416SxiNhtCiXqLnZwXPi0Rx5HLW9iPXH1ecsmk2uSpa7mNjd4GnKp1y7fNSfwaZg+JEQV5x6bX4yMsH/IdkLv3zkbi
52Y88I6Ebuvkm+lr/5OwM7n7h961Inx/z3PU22UldrSUD6V+QnvIS7NkkicGua0MchsWs95WbJXbsTuS+kMRO0sgGIQ1b0e1J3YW
gHwARRzbS2KVEOnscEQcekwK2ZXAr2rtm2c2m+TrN7CNItO3xV10nfgkTAE+fyllXZ6B9gjuNdv2Q862u2q23ZWz7d9vtu3sbGV2
fuyA8ZpnZqu20WGipGXbLJoKLVbI2iRhM8ZLDBt2uuBpTc5555ApCX4c7scEpMI9L929i0Sn6m0URwaCJLWvHcRRgpT7P4XlFxr3
/y1Y+zYv2FIjszAyhsWoIECxDsUBxmCVstqBF575RUSvbBUDEP/3+XyZvxPODnhOSsUyFwORbIqEm2+JQvV6jhm5g3FPBbd6vWKi
nLnTTMT/Vml+u4heVby3zLC54FY2bqXHnwlP9XqmY1+4GG61WdK6lA8Mzs6TBFHeMBwa4uJMYTspBK20abGe2hILIS5QKBfjWqie
68WG0j0xdEAMf/4Nf+YhRbouBL/Y7xTJsxD4andzSa5nx53zs+Pu+YoNsIo7jzuKMW/dLu8V/HuG7zL8ewkagWfO3p9nsmqFw1if
6O3OOT/9M70BFsKBbHAEaMv7tn3AdRlLQB0RsY5mYaO0rdK0FRU+NUT6cKus5MMKcuCqkjaNoVYErpLZhWp2IWYng+IJhss7dRDx
NoRJ/R0VQ/qaqiUOwmW3asJHHGkORCFG/iK3LAC3GbidAW6nwGx5wpoXXh9xp0+pGg+ydD9yqUbqOCxPudgtuF+ssB0nR/+ut6Hm
N+Y29HUDw+WwrWA60pYHa8AFmau8UhaJp3diXsWefcWZbYVZJJ1yacWV+ZzBrm7xCbtEMsqVAuHRGWmljq5+vGmpf8+ywhLLs6HC
vPOfaqETbjM0X2Ur22nl4hbhZzmULE7LDZWq+H/JhyundMMuvmGIwsgxAe+plT9X7ulRpJHt2BLOMOyCnZjlOxX5Vqv+eA3gn/Sk
8X/OTradrWHPrz/wFwAkyf/T7v83tx7v/3+RZ/X6P+wXAO44/6/Vmovr36hW64/nP1/ieULZhb/lCwAc+qo1NnS6NdNMN+RwpW8O
7SigOhVNl7bD8YZK0d7ap1fm1DEHtuka7K4Hlh1M7AFd8/WBgTeE5x5BZ9owIT0XffPd95n+v1lXx06c7GRI3jYH5wN7aO3wJwcq
1Ts+OSBnVAXb5SxmvjIYH8jkvjQw4Wzd+EsDHzbkTw7q6UvukpsQ2LP8VwUkVZ/aJ/xZgVNjxemRjujN6OT1sUFTdXCSHHHR2zb3
lpxF/RZZILJq8oH+483LNy+NQv5ILv4uQZx1JyjV6DjEOEZjOuq87KhTqzu+PFBQXx6wRiN7YFt8OUPfCad3tjtwoqEVC4OeQAWg
z/hdcgekP9fHfzrHXAgp3z1QeSRpYry6tsLrR/Al5bIMX5LQryCbfBGAg0D0qtZa+AhAekShM9GLcvm/EGdW33Q5hQ9VXlVLC98B
EIKpY5UxTJDkbC/grzU4VAWfHXWCQvFtmzjvUl1wCYQTNRxIX1dcKYmc8QGgQdKkigWViQKMm5tz9AxS3/I5ATJHoU4av7YcZwMs
du1SrdzY35Au5TBuMLYmFhU7WKlLDmphlxm0hn014qsmVgHWnCa2vmskF4F4M/3w+g1vLsay92Z/d43va1Wef+IXBDKi4fEbAn/J
Z7X+j+XAw/Tx6fZfg02CR/vvCzy3r/+yHvicPu6w/6qVRfuvVnlWf7T/vsijDzXvYdmxokpNuwHnrfNlPgh9vguU6iFlyLDJwUc9
5sxmDR1NJtAbcq1vZpDKMfrA1mbWRLzZQoSVUyrTUd4AYfSLNkhie8QXtObJHdzkXoNcWYAG3omvrmqzUmXtsBIXG6RSTuIdHhCm
2adUv/vwOQjVnpHQiK9CgRjuRq3S2HxWo3Xa4nNjuUDHhIRJu73ZMGijyv9vb25V9R/NCsPxfVK+mRhQtVyulzOH1yqx4zva2C43
6tVms/lstBT7bymwKsCq5eYo/rvGzSrlWlKwhYJKuVJrbD1vbtcaXI567M9n241n1frW6DEI89d7Vsv/2C16mD7ukP/grRX6/zH/
84s8t8p/cTDzHz2T9D+d+s+eRgyqHWZIcH3vU6VxnhjUPqXke3apDxx7yCy451Q0dbG+tN0+WYfrzHmip4mQlo7ZjdO5hgzAz83u
t8E+usnXzqkoLrCZucKskvfiZE3pXecTavxvdS7jovveymSGyj5hFTWF5x57pmio2xSrcA05u0H56zwGjVy8fPxWW8o51wPnbwCq
G3i1w6fV+HI+xshush5xHCjI3m1jH9gecTpSPlUSqpK7l89PwJ+WEILLt+WuFe7UN97hnM0PqLEvxn0v8oM4q1J/j4lhFG6OM1Bm
6FIVp2JOnSiQwR5uXLNKlcjETTm6xUwaJk1N288PPhkbnPnZ5jw7NiGWBHXsUEZ+Y70O+hRfVYXyr2/V+BKj0l/3yEQxkjTL7onk
EAhzqluIBiPtnnKS5WmaZNl9iwKOC3DBUmqlsq1pbdm4XksTJ0/SRLsT2qotJVaepvWny4mPGF9Sz/tkKfHxbZr4iHFuL1YLeyYQ
ilmXcDAjpJmEzBXLCZS/Mrlg7gjB+AG5hFFUqrTeqCkWwKPNU2IT6bCk4DX7cJ6zalUUucSslclk/BE9nd7YMrhPwuBteRiRypqY
qZ+5+vmgMypO7pchJLCnus3bXBZiccb3gCt8I4RvzYDR8DZPyvjyC7gMbx+Ssg9c9raU7/k7zjoZXhQjPsuMj90+8Bkb00ZdiznB
22yhXUvnJXxqRossbvtUZ7RohhapeDstVxVjUyb0XEErPtYVlstdplJLxyx1dvTj+dnRr+eZU87Pv1A1qyymjhz/yn7LYp7JqZxm
5tt+yLVl4r9tqwQFta3ihIDfzrArzs+EYdUdMGHa386s8zMuGPIJaFSc9eDMgOE+cNGKM9hViVpArBK1bj2y5QScjcMd/L6gQ4Yf
lhZ6x5bAYs34ZNzi6Z7IEa0aDhcODVms/2nvapvaOJbud/2KLaeSSCCDJBDOhWtX2Y6rnHpsTGHFOKEosggBsoWEtRIvuXZ++9On
e2Z2ZvZNIoquc7NTlSDvzs7O285095w+jYGiQbJ63rzjdyrld6oVZis/Qn1Bb/pdj6haaWbDn5lmSTW554qqST/302tpTajkUbms
VOzmSKvGiHY1vc+N2boueP7TkTbDa68Ot+44RJ/cxVWS83Raq1ZoqcM/Vh8H+hMycBEXy9YP1imvYNj6tK3QcyofT/rx0WHX64Ju
8BBNTk7Usdz43esOlPUlwzuuGPiSOjzJpuD78wdoxx0CB0BE2a2cMohj6U36rbvApis0KncDq1zcOUXwFXwFTf4IHuuvwKyNKHnV
KvqUvelN2dSf9Jmsxi+T70Zf4NsYHnNhVS54YJHsVqhRlZnsz+IFt0q9C5VOeR9VXWdYzchQsAfGbZFXZJWPDKvJDLmzsaDh9tqb
1wVq8VOjai2F3oAVdKFaeB56y6PTRLWeZzRRXkIb4mHuJm6cQ+UTvv96OkOfNmSf4DXX3it4n5BfypHZtOFLaS/66lO6/WexDNBF
+I/mVoL/s/WojP+wlJTG/+xEFghaPypjB1vvq1i8ajBJNAHSoP9B4cXDrEfzwTcX8Hs9ttJz2WJoabUDhmSk6OjaKvCqyWW+agXd
cNK9UNo4E//3z5RNPxwWqtKF+l44cXWUAhVvOerbtGDFz1Lb8tgwVOekMFzHmliB8uWLcvdgq04oT3lc1ZY25ShTmsea+5u65PNn
6WbqJ/rJvYsKpxNau7IVDX+mbGXtfWORJ8ZGnhjLmPkSAHs8VVWhtPeP04UonWE1I0OOEBVXWIrPKlsEqJQMM5Utkss4u2yRXMa+
5DKPuFKKBV9NSt//F8sAXrD/txstf//fam61y/1/GSnJ/23NA5cBfAaMQDr0cy5w5wwc4oy/jNKAl3ULw5mGsSSxIh1YmcconoZc
BNMvajs0AY0MG3hw0pvc9HpDOH5H2dTgF6MbKvwSNFeK/4LpFEUC646YIoKlnmBGxKMBNwJNqLi5bYwjgw0u+lc2rfgfzVYwjTQU
wcRkAqXHqWJ8/aOx1tTs6NSIsTqPc8m6m/hubbLu3feYL1v49Yv59StYVG2u7mkGB/bur2pneX9fdm0eolnLZpbtbyCaXk4Hk/7V
4O5heKpOK7m1O+qki2e/oWS4UdjOEaNeJjTuoJFWbN3txsru+5XdX1Z2f9WM3T/EV/hl/AHYnNyfp58hZTTFouggdKdXcIP+Ya29
HXym6lK+P4JWwwBraA5iIsmnJ0NvGLp74zEoYSZAA9MlysDc2ztCld0G97ZLlR0TZc9Oit3Gv9rzkWIrsdShxZ7WRRKNZYt0Yuz3
SWZsZJdr8tDS6bHlpDQLcM7FeE1PMGKnN/+eHZDsggroUjW2YzZubNNB/BiXOhd3tcMp7PSvrkeyfy0cvuqpHXvlT1/4/WP6ehbA
PnsTyOOvfu8QHxvCZ2aXdmiHNcJAK2Ek8PaiKJdaesMQLD/7JYVfuR4wx7TzlpzSDE/1+71OEVtzFuOzoWr+9Vl2hVJJr9N5takj
sIgcA9WXzgnNdstcPmefBT2NEhpnCfmk0O78nJn5WR3SQL90+H71dSzbjZbN16yxAvrw2ydutjAD9mULOfAgbcmIP8PZlgyqxrpV
DeSBEzlnpB+/PnNXCgHsHJX62T8lpet/i2UALsJ/P2q1Evpfq7T/LiWl8/9mSDgGQm1UQY2ljn3RbLGVAeAKmW0E3VhkFfbWGWDY
uXbeGSyfCSbgacz8+79q+AynpDCE4Os4/O5IwAjSrg+KgqsWPHyi6X/lvF4bs/vGSN03xuwP5toHY8z+aK59TDNmBxZDr2XW/qgt
gx+MZbB/5D9pKHu/JEiKdZEJa64yTs5lvk0UZsy4lg1X2T8to62+Ettii8+/+a3qmVX9jFVvFORdAY/WX2xaNes/n9wMSaM+3mz8
a2uhDAAM8p7L/2uzsdEq/b+WkbLGf5EMAIXnvy0//m97o1nGf1xK+iZwBz6HAeAVMu5SRrHQQt8xRMx4VAxaLAich5eXYR2W0BDO
+lutAmf9CgQOhYHX3JjioD/phZfaPx+/5Rw59iYQVDC89HvXvaH20/dyVDp7gI+hrrEHwv7eM+sal70Pd/043BUI4kTowVs+9q4m
Dug+eP70+csX9Yo4SIQTutrvRt8H4eB8NKYqXYIDrfOW2YwfXoUwAlAz+ReEIDFETLlF0adpOIZJ+6A3oK3rdEdFlg8vKxyxiF0t
9l/86Af1mox7vYAJn6dnZ4NeNJP/Pzt8oFcGveE5pDaJU8lE39S+6m9jhXffDphFGGP7Ww2GbG4wQyB1F8BkEgZn/VsEhRuPw7sd
Ho0K5wRqSAVmHiEMoA7qh94UoBEcFDapVwZ3cUA1usl+8uFgcKeMrech6nU2pSsVebCnpFFV8bEaHTgC3t2E4l8Y0R3KSA02JnwB
K5BUG/UnQjvAV8xUrkhgyzAKzno3+EMTWmzoPj0BRrHntsmK4+kQDfAcgwm+ok3wa0EOL8BcHvrux1v66JdpzpS1/y8SAVak/2+2
2v7+v7n1qNz/l5Ec/Je7A0s84F5wEw4+eqt39bIHRh8dNFZb5Gs7tBnchGMw82+0Koygl42Yy+W4sbQW0nL8f7Qcs2cer/tycsIb
b1/cx0CFEjEn+lqegj8YpqGabj3OVCWNONcgmszmtaMeuPMiBClkkeIczAnGU2Qo0AFhSJd+bSvwTnWhxt5aLMsqRkyMcIIgEZOL
GvW3K8jdLvRzaL/dGuckzXfM0HjnNQFGFTgpyrHuFP5pxrJtHlB5FNBhvIq0W5QuUGUqj2pwSi041WFx7GfG0YQfQxDhsyplXmeK
QHR1UQXu0qLoSHSiuBJQm/kdamoIRB8zgvvkH4VOylr/F4kAKlj/24+afvyfrY2tkv9jKSmB/3HngYsAEnQvboaDfqSopqx9QXlp
szh9a+mEl+Fk3L9NqIa5UB9PhUuob5CwteLmxig2577dUAGBsjW0mDdEaVm0c82LBaonsEAeCAg6NfQJQdq48BrReqjoNICQwINS
VQ1zN6lzMP4nVmm+cSjOgirpvTQ4pOr6PZqp+9QKwD6vt/l1gPhs86gD5AEQjBzEKqxIux7EeJwvNgzoNgOqg/B/2QAgmYZ1XtHp
FfTY5BSxirGb8CTLAgDNiilqrLUNqGitzeVi1v7ZYh9a5TZUuXez9ICCKe3RgPVoaWYMRnh6qnTIXiAyWTQ9mYwRgHHVQTOZXLHM
pnNyZCZg0SQ7wilgKoGPx3pOJLxtHP2H1PeX/WE4oJl1DlII5AnjWf2Q3YO1ymogUT+svF7Z1WCozZVqC/+Gx/YKAunISkGiR2xP
om+Y/lU1yCbLfkIvVKaSGgBO0F2BatqiT3EQThSdoe4UKhwN0i3fsdoTfL77DOGUWRz+EGcGKi9CgfLRotQ1wUo1M7BSVP58aKnm
/GgpknQdoBTJuM5KeqdDBNOHZ0GmXttIKMRAXzAMalaNoU4fgeHesHENWoK3IQ1FbUvBQ71mII6Ob2xwT60fFOhJmRHnxDyxAQ4F
5kGesgA/aUgYFwGlKpXs2UxT547cgIj7pzbEeDNU0f60jTEHAtXZ27ehNRb+qQ6AZz1oN1szQIFykEtUlAby0CaVDjzKQ0HNgjPa
nw8UNUuR7148LypSwntBMWGsb2oxbDItQEBx8Pr+UOh4aLyO2QqYDoUS27NbHFUtrUQlQxzTtBgMotTi2PicU7dphC4aXx0rU3RK
IbFZ+fCBMSyrLzYddUVTDu6mJLCk4KsAr5IMHC3eA1IhIh6LOni+44eMjwMQXYwGjJJV65QTJF5GLTVKvLJvw8BNWxGCyth1saLC
x8ucWUzmXeUQgM5qirvEmS66J2YrS/9bJAKo8PzvkX/+u7VRxv9eTsrG/9Ca/lBt77LBxJu8Os8Se5EtWsWoHita9zPG/1vumArO
Qe/Ti/f0UgExEKNPI3NocfJNa6lBgyjfId2Alee6KH4NIshQhdaD1g79fgLzEf158hjxNsR4xSFF+nB1j2px0TCYyW8SWKOj3AjP
Ul3VnsmI1tRAnm4cZVRPAW84bxEHjwiCf53BU/d+kb0zGdAcTdx/5kcyzw7zpE2bbC61jZuO6XQ3BgAxWIvy3s2QNzaIJkyGVCVj
NGQQ0P6z2Co6unHsoqowZRh1Zyz9V5dJuu6++dM8L7ZNpqoANn5yRWazmur+F7MpKRdUIdhOq159P8XVRQ8q6FOqWTWtqlwJIJG6
Otx7qklVl2uZVvWlf6aJ9atOWfu/0k0W8o78/b+52XqU4H/YaJX236UkROOkBTjNsntyx7pkZOmh9czI707YdwilQeArr2D5RIEi
XkBZUG5tzS3FigkhF4oCFNsqv7sWK7g7sc1SKDOhCZPGfopQ6sxyyfEUwuGIZPmxE5jdicsu3pYMEJHg2uIYZI42/aDsqm4i8XNw
csn5faT5OeFb5yKD2P3LtTqjoZbdqRpjYhzWS10NBrsEGuxSY5JLFx6jcTHpFBrrr1o1LOlO4dxvg3DCdJskv6lK6LcwGscAcQy0
phsO4TEKblJThV4fnay6hlVNDvqOuO3KXK2OiCnbUMGbTgNIgDy3aMdBTzI1KpvzzjxElFNthY7aCVruI8oCCIZN0oLrygD6mhp+
2RuD+DHsjkdRFGOpZJK9+BGFqv7E9e8B5xlP+tSB9BpSWRkQdULC66lxvg3TkFegrdX0pd44DuhDGUgreaZrhJbqESvkbe9W7E5+
balWeDLScafR7RmIrd3nb16xlNXTRld6mEQ2g+QS+Bbf7421VN+f9LhLBEnUj5gedwimceFTz0B7DQXo5cOvQFxrfwNxEHlaDWJC
UFoZmq0E3yh9+LG+sPcsyTW6bxGa7qcRmhbGgufWmCzyNScpTTGT7ejoNK8bibq8iKPKYzIlWE95OPgcRF/5qfPi9Vs1To6pwI7+
7lIYD5m31JRw8HR/7608uR5stGLi0913QVUqqjjdN4LtwFwA6XuLLjTVixSh8NA68dJzPWL+MLeb9t8cHL9682YvON5jfrDqA1kr
HtQUH1pRxmCTs0rI9q8oOvx3EqM4GRg+Myy8FxA+kEjWz1XfmQXkREJah9t8lFG3DipwsjhMLFLF4arV8OhQ1Qm9znCjmkngwSmg
uYSkfALjoHRQKLlDqL9rjbNU1EZvMAkBYjlsQsIPD5tHiXiswdkJ56CC1wOlooSHLfZEwB+8jf9IYSvmL9dlhR7XzzTlmaadOb7b
wN2hCiItky6TAtWKwrr7TkVhDQ8/sv5+Qn/NBJHR68RLbfw50MZyfbj77mhbyTrqg1TSA0sdVEZk0X5CbV8LfosufmNzIi/hKF6T
ikfdMYisdnSBxravacS7MLsKDnQyOu9haw2qJn4VVl3Ox5TaMwQ4xwuOxbSrZ821IXqKLlREcj4mwK/BRE8hrGawaVYM6ukSH/dj
egi4JdR7BQvOCtbxvKDJaeOAojjALNawVXorG2x4UNKYRzPLhglHlsFcG85gIiYcPwgvjSxiytKfIgrNzMn0OKUtdZ5fabcsg1Fg
PmZYfQs5PGfuxVD1YiaPa36o17T3XCdbkzFQBZ/kCCaJrR36yyM1ckdKRiV7OHLrqHoclqizwfHtaMx1qzZuz1Sa1rkdtArX9PIl
3X8t3a9JM2VzfUI7eeHE56x6CaXB/RYHBfhm8qmWc4dSXs9zBXv7Pb+LWUaR33TkWHtuxEHuhh6TttGTN4scnkQzb44yByOHgtis
23Pxk5vjEbFeqWOYHG5y35Tq3BS7qmNEzc4spzppd+YwrSr85cWhnP/wFKzqZZpkO7RvW3q25lteMWsd0yvNLnaEGUy869/Kep4e
/XlfSGL7ySjvYrmtOiZY1FO+mJqcV8G9U9i0047ktllngPpjlc1S2UpwO2aTqyeH2VmeVFMwsSRj13YsWRblcvage8hyOPWTFlfd
SWyFsOaMKi55V0KS344PP9jr7o4t/L6rqoxJuZhv0cNV9nc1j9tUvzH6ts5W1B1XoGtYma5FWvoPJLcvczZEb4XSG7BSq+oVbUQW
ZTCJ5orj+5pFysciSH+qk/Rsb0G2DHJdZ6lDARMmKp+yqV+LAIlhk+vXIvEJ3Pi/2L7/mO/cxzPHLXbs81blOXz9aR38zrhiArJ/
mauHXBy01VEGDC3qUqztOROlZSZKPfgap0tdT2buLfu6n2dBM8vtT3rrLXq1aXpVBpM+UvkSRTmyulrxf+v+3fD6V/cyL3aWpvd1
TGLd/00F459hal8btU8KaB7JAdQ6F2bfadmTPlFGnXPc8yMwg6nr4n8VrZSvwqysaiu5S91K9CZyl7WJxD2kyjkv3pFYRkh79qT4
WYgMtUV9pfXgHP86d3ctkrU+sdruXR3dZ3qZGcBDPuIhJ4EgsT5ap4N871xursq/TqzNI6ChcqtGBY4Mwf1UDHDUwEpJL7+QZM7/
JiSFRVejqPd18D9slvF/l5Kyxn+J/A/NR81mkv+h9P9cSvomcAc+h//hzXTycHT2EKS+vfipfJefau827E62A4OMDxo4FKtvNto2
I0QlwQhhRWpUJ89Qn+HYDtrVXqTpIXAGZvgh+EAsrhkzEbi8EAg91zmgmnZe1rVll4+UwYjHmGlzMCynxlHw7qddvvjuzc+dunsK
WNHMkeAdrKsIiOEpA0r3nv44GxvDAdUSuCY+LpYjQQ4kBStwD8dyw5FdIZwo6HdMRjh+H0U62jEarci0YDQe9M4mDJmyQhAyG0Il
iw3BZzlQgyBxI6XiwtF8Eg4RrHN4Nugr8lo5DkSEyooaMDnVUt0o7kns/IFX0XPnFza5WC4lgjrax0TpDsIo6ncTp7F6zKsvYTan
1z14OgxeaCay4LVMx47JR3V4/vOPT4Pn689XV0FaMAfpgvvF/L1JF7LW/yX6/zceNXz+v/bmozL+71KS4/+v3Mo8zj8B8cQoGWY4
xpEZw3S8dZrUDl4meJXGIRgJ628VkiYIQc2iwrZGcbxWnIwyIEIWjKvYwU1zbNdyWQAm4zQWALjh+cFNUBn5RQreWx9d3L0fv994
Hn4/9vaHVRXd8t13jLGUujDHm9JCu7CRIsdqMIYG1B/Gfu10Cw+wY/ufR1Jmff/L9P9ubPryX+n/vayU8P9254Hr/z2aXwLM9/GG
wKSjOVjSWIYoVs/i7YbnmxKJlui8vRbswfkVWzy8Z6mdWLKyIz5YwlRVCUxKUlL/UpJtQrrqw4NVoQnPlXjoiVfG+Vt8wlnMSgYW
N4JXgUM3lh7j043FRrl1Wz7b/WGGy7IssXho8bEbUGqda+c6RSsH40YcaQF5VpCdeu4pdeXVHUZAKSPootP+mfJ2EeTbzRjbm9p2
8jx5G9qJtzGX/y7tUY7/LvqEp5/VX5UUx1Zp8kbLpfqXh5S/q3YFQ0/9sGgH3zSRoEA144LiZifcezOafr/GJ5pfYXdfpRbO6++L
x7jQ+zj8+tzyTi/rGiV72dNad6xVcVGLYp5X78GsgQ1mCmDQeXnP4rxIEXNHR8CLcrx4cypvfI5J0V+EHy/sBIsopzCWwazzMM2d
d+9pvjvvWf/2GLvQsdmFZg6VUO0cBOvozFp6yAT/ftK1t/MyNTYCC8Tf0hTzb7A4/C3sOt4NvGoFD6zzqNQAQPBen3Ac7iA4NzKt
opOQaRNV3PxXs92KHYgzjDbBPEYby50YYy1wXRy3oK7yL3zEVAsBGD3wFtZ4tZpxYeV+WudI9tyX9POlu4b6g/OgjATxP56y9L8l
+n832ltbCf1vo4z/sJSU4f/NXp6H2vaA0PZH9Qx5EF4wjoBdaKxJ+C9j4UrEY/i72mq0s+tfZ7NZZMr6/rW8uoh3FNl/2u2E/2e7
UX7/S0n0/eed6/HEvpXJ61p1UlcIuIz22cvNxP4uchUlYYRELpGelB1EQuhV6TKbmG8h2cnRUlTjRUi8JmBxiaQUEhY5WerStuVf
QSsTCTbrLNbcInPszgplEL8hmXVertM9zWPIrh04iBNP0p92+Q2OK6lUVBxKE36jymIeMpm9KgSCnV+IcghVzqiZxQx1xrg4lhoD
45PKXXg+6kXGadEJE8qGqZPR5CK2PBn6Q1HcoSc6Toyxps/+p7ZBST3BGnVfBcVkZQDHeiTiwsBv5tJpwJPLLds/OfDNCDvSXVoE
Ph1x3FKoKHeq/biMhCkhEDbqUi1ma6dj1cu2kF6NzypVP9gGOLeWVxchvgXI9Td9+nVBjeUpSMoRV2NfuVgGrnoi4neslUjE0IsR
vX467DuxC+3j2ahm+U0exG6TB+BT9vwQOy/j+y9T7j/7xdynaZ3wuaQZHXtM0uxOulRS98c5MBZJf0magbG7JKZjIgsNksmBAUt4
S3be7waW2oFkEUfL7L+1WgpkCjwh6TFW4MwtquHxz7s/dd4Gnt7Hig4/VqtUJr3LK7hAB/+GPHDwpCILVPCu192xbtrX/918wtKH
63HYoY0884lWyhOt/Ec2Ux7Z1I+oi8hHvfRke7sTXPeH8Hh0blFj5R5Mu3RzTmcJ3Um8lCoFM8dXwjphc67PKMJNbpNuCO9369QD
SbeF97ueHNfwBTkAOroNXyrsHCgsPSZqimcFmnhIWvChVvjT/FzSvCJ4cj37JcszAi2ARNnnOeqgQTFswTVlWMlCgyLHyhN6o4VL
rVKLEQ7KkiRxYYJG4rvJd8+xwZs/7SpsMLedNm5dBvCzR9kgVc8BNstfh7/eN2arEiSK3p6+j/RGvo01TW+11Jmy2WGyqPVxJAvQ
2mweT+bbV75H/oBMvSm1GrBTm0z4HS/zSBxbpuyqbYxHJPNQ3SHgT5l6ztzAmOCHcl/gTy+4mX1A8KiMSLbT8Q36nHl5aMy4Hhis
Q9RUwaKTs0lqQk/DUGXNJJ44Iw6xE2sufI3KBYD3ZjZn27m+Bn7BYj+J8eK+BWWJs9W6qlMmurvmKXpzfCfGe+2/Le6XqUxlKlOZ
ylSmMpWpTGUqU5nKVKYylalMZSpTmcpUpjKVqUxlKlOZylSmMpWpTGUqU5nKVKYylelvnv4fbNdSJQAYAQA=
__PROBE_DATA__
