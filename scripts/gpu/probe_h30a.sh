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
H4sIAAAAAAAAA+xce1cbR7LP33yKPvbZrARCaIQkE2EnB4GT7MEoWSA3YA5XOxq10JjRjDIPQMT217r/30+2v6rueeqFfVlvNpc5
x9bQj+rq6up6dU1PfK/vyHGwFVzJ8bhXrzV2tr565KeG50Wzyb94ir+z78a2UW9+JZqPjci8JwpC0xfiK9/zwmXtVtX/hz6TOevv
mvaNrFrRY41Bi9pqNBatv1FP6/T6N5ot4ytReywElj3/z9d/a0ucSDloC8+VwovCSRQKbyj2xUT6Ihz50hxU9O/fBnfVO2E6nnuF
Eiksz4nGbiBKlmc6MrDkQHQENQyE6Q7E/hpg3/p2KIOK2OMK0Z8KU/R9zxxYZhCWK8L1RDAyfXQdy7HnT9tC3kh/KsCWg8gKNbi+
F46EB4wANxBD3xsT7DfG1ps6kLu1LckIOR41Bvb0x/dHe4GwQzHE7ILqmrwLpe+KZ/vPRK935Xh90+n1xI1nD4TifGZ6TMUN0AeQ
wnWxVxG5vzuV+G2/Imw3FEfqp1tZEw97qPVhWfyO9goyFYCO4pXoO551rUi8rv44sMf4YyNL/d1cR9+7zXacZjtOcx2n1NEeihJ1
+faVOBLv3/O4eO+WQeUw8l1qw/MTpmUBcK1aG3KZ54sSjXdNhbv4eSkOd8XGxnVZtxyOzWFp76IU2PeyF5ZpkHVxCAyuLyuik5Rf
o7SLUgyMcnQtE/j9Qr+4BeCiye7ah7V/9x75Mz/z5L8uq07NsfMYY6yQ/y9q2y8K8r/ZaNWe5P+XeCBtA9tz28JYc82xbIuUD9YG
EOq+PQm5fh/7ce9//6cDySO+/3kbgpfaiLvsT0V4gAcR75j+lRTXrtcXwcSEeIZQZtHEmsGXV3YQkn6xHVIOhwJ/TSosv8WtPQhH
FTExBwMbiobaD7wI/Cj60XAofSos2UEQSbFd+2ugh5p4nhOU154L40W1Ln74/s1PP7MG8yOg/rFW3W6KMdQShG3UebN3gn5NQ5xS
sy0g8HGbaknOkeYIoDGq4qdY3UA7CczwyO5UAP/WDkegALVr1ahQkA4KPC4hLAA6mLCyswPIsTEUquRZOGYoXWsqSnrWMRXw2jd9
36Y3DOBZVjQx0ZC1YygOjveOquJ0lCMnQH80vqlgs9AQfds1aZGgKCUmIZWK8E3I7GCXEAPYTJEo3Y48J1aXs3oebSM0y2GYU9Jl
4UjzRmrIE4+B/iPwHFr8WKAIaySt639oYKI08Kxgqw8KjMamfx1Uxxjv2Zt08Z6Vq2uhPZawQXrjoA1+wrMWWCYWOGhDTxy1mcfw
1k3eDvWbYg1uttcWvw/C6QSsPCQuBeb0fgFdfQit42PmbfAwaW47pLaYYltErg3KjYkHb9ti06iIkX01wq748AEwOwtgHlZE93Nh
7i/GM4UJYnxYg06eEEHWj9a764dr/SksqrZorJeO1knHHq6TxkQdsf9r0xphq0qsgITGDiIsxCF2Lm9SbVSxifRLCQgZZXFjOpHE
8tyYvg2uk8LY+qbcFu/334uPIvjND0usEr4pi1e0u5pV3vxAL3J5fwKUpDFhbokrKHBsSPtaqp6wdCJnklhkE9MPbdMhpLAnDbnZ
FMdHJ9h9LXo1Q8BvicC+GptKjFCfxpE2SsGDtyPsIKrw/AFLGd4QzH5qorZbBRhYNYC9DcYj2RZ3B3BXQtDfS98DdXWrBg/iyyAE
84HiPpGAuGg42a5jgagdFqxaQ9MKw9Z/bX9Y8yVYTur2gRf5eBNJIdwnFGMNyKZVMhV1KALHY/UuYFvCnIQdSetNrImqK9+GIX7x
zJK20xvYNyVUGK3yM2yUpOhIFVFzFqhob7So7HItYDue7dg1tZwh74hNYSflZITGuMZuHhfmZH3GF8iKh9TOn3ECZi15hpqbf4rB
EhrMp8J2fYYKO4oIKRloE+1crqHsOSuWAaYGYTwC6phDYE4D5iDFrsw61sh0r2RQVbuGi0gHBjyx0XQCr0MG+HPs3RCr26GCDW4J
EpHvRyAJ6S8ZKw/TBzCQzIuu6Bd2VLIGjBYjjb0A2mRXxZxMHJs29gU0Xy8AEXtojnFTOawLLnOrGE91dhXVcmyq5YCIiMFschfx
w+ujo12tlakk1cM5/fwJapk0JVExYFz4ra09ow6k9+9K1uilamFDGXWYDPVmi7yBZPq2a4HdAtkDjUzHkY4dQIaGkSt7jGyPvAX0
GMihGTmgYavxIR6l+0VGOcyOskObjziUBssNAeJHFsAp5d6Dnek4QRbkTgzxNEcdQGoQK+dh5ViANI3G33YmWZj1BGb38WH+1+v9
LFBoNIKbA3ojrdDzyZ9j8yILxojB/Lx3kAVTAwVzMIb2HajmXvdgtAwdGxorC6YWgznoLIViBlPXAojJtDexJ1hgVxJrr1gTDT1j
LsUsvCmelTpHYgurVYabWup06R3eM3zoVuPZqlYvXxEPZpqdHqH+tEvdG3OKXxagHom/YBeJV3DBM6VdKu0WSw+p9LBYitUjqJ3D
uAzmAgdbtNkHYlxp4RdADAplJbrRuE86dyjU0qZRFhakOipTzU9/nYbfIn4pA5XSXIqUi/iV0GddcPUndHzOtrEr70KWXpD4bF9D
7jsD8lUSI7ZN5v/YC0LsVRXngG2v5z4P/Q2h8Slj2EWYgJ7b9ewcDPQ76JQVCGp6hAIwPIHrUnGD+nyzs13Ti5tTkamCeIiKJCw6
KCXMOkd5bTifC7XKJO3SFg/A9Sn08md/5sV/skbsY4yxKv7fam7PxH/qT/H/L/JsbYnvSRa2Gqnvkgn2mJYVjSMKXbAw1SZfid05
HaIn7+7WiyWqHQh5Z1oUoKYYvepQJhvpzmgVTFIlqCmiIvrkT+qYgTKuTXcaCz1x61HEYO05tDS0uDg+BbjVEX3MZ2U8X+H3uQH9
TDi/11NzAwqaSHvBxfHpJf3bnVvfieshbo3LfGQ/vMMCZOL+sEynuZLpypMAhhtOK/OOF1QdnyZoZJKIfz7gX9MR/5oK+eN34xV6
qykLmmI4vbwI7yhYz2cLL6GMvv6aG9IkXhJ5vqPgD7PB3CMC1fRStOPhBZEmA1e1mBIwgk3zeUmnFinc9IghblzOHiRkIGMZYBUq
Ogal8u7a84lvUsQhcn3PcbjNvPOO49PigUdJT56POAL8ELrpqcacoYT4kDmF0ZRKZvNvOgaZJ/9jl/Kxxlgu/416fUb+N5qt+pP8
/xIPZPReQSxnQ/Q6VsAxPwoYkFMQSH1ICw8JCiCC/wzB7dkqLq3Ccm0S/uT2V8igz0QZ2Mq8o0IdmEtPm7lRWXc8VBJWhSTayVkz
Gu/BlOVAI947ymlh3ZSLPjFA6qrAnQIP+FT5yIYonRIqpykqabCrzHFzjffIDAjtLRjT6zClt8id0/tagSfPih4OksThTqWStLsU
UuSJceU6pflK5EALSJuG1p5tOBObRn1H9O0w0JQge5weismp01nAj8MwfMQBcUFkgedzvTk23wGeJoWaJHnSIvGkNXYKdvzA03WD
iRcQyAA+HiwA0sogC52gE8I0Q8d0Jfc3VUhohDrCigbQyB50FMCaiiFqPHjeFbYS4pMOxjx77kNmAzCQg11htLmpckcrs9gWfT3u
zzwQeqm7B06lunAEniRc+DTGDaKxHFQ02ozKGu8AtZx/TcLFHMsCQOnzUceAZXZAWmhD2OvMC5WEKUM6pX+3rjiDjRcsn548gdc5
EYCYpD5g8ffKtPSEk7Si0L6RZOYMiNMAg/YgA6HV0HvE5JMdHYKtEuBj+VtkU30mOACTKY0JkPGUhAIY6PyjH1HKBDzKsLTsoQtj
CzATowvgW42159Id2MO0vpvWd+fVH6b1h2S0FepPU/jYizPdT1Pw2KUz1WDKpJ4YdKYB9k7SgPaRUWxw0EnqwbppdTzouUjc6LTw
LPWn08Ifj1/vHZxApJxT+OYsrdnrvfmJa3JhEequupSFwEoWYyt72cWhdVN7JaVmAjUbM8lATcc/6Z2cHv/t4HXq36eVJ6d7P7w+
SSIB2U7fY4DTeIAESNqkU2jSATWIrowH2K2xRodbRGSWWg2aYi+EwSWdtFE936ieaRTIfF1axUu01usN5A10DgzqXg8mmyVtl2J8
+Fu1J3Gl7X/u+rW4Uda9VOarSnrBD2/zCf7s0c58mXURvi19fVO+kJdkftGGo1CTWgkST37IUW+2k/PCp83iOHJpC/uRq89LrolU
WzR1Lbex0Ttop2rd6rI5sV9D7MExoiDv2PR6dITlQ76j5d6Ds5HoWQwH3hHTbV34Zvra/yToRO7+sXerCN/f9xz1dl2LHS3lQ6mf
0B7Q0syY5IlBbiuD3IbFrLcVWeV27I6k/lBEzhIIBmFN21Htid1CIx+NIortJbFKiHRyOCIKPSaF5ErgV/X2zQubTPL1BWyjyPRt
aQ9DJz4JUYDOX8pZl8fSHsGDZtt5zNl25822O3e2/YfNtpOdLc/Ojx0wWvPMbNU2Ok6UNG+boqnQJoWsTRIyY7zEsCGnC57W+JJ2
jjA5wY/C/ZgAV7iX5dW7iHWq3kZxZCBIUvs6QRwlSLn/U1i+0Ln/H8Hay7xgqTCTwIzaAisIUKxDyQIOspzVDrTwxC8senmrVNDi
j8/ns/ydcHZAc1IqlrgYgHhTJNy8JArV6zlm5Fqjngpu9XqlRDnToJmI/1JpvlxEzyven2XYXHArG7fS+GfCU72e6dhXLtA1WmWt
S+nA4OIySRClDUOhISrOFHaSQtBKmxbrqS1RCHGBQrkYV6F6qhcbSvesogNi+PMv+DPfkqVrIfhFfidLnkLgq9PNJblenB5dXpx2
L+dsgHnceXqkGHPpdnmn2r+j9l1q/46DRuCZi3eXmaxa5jDSJ3q7U85P/0JvgEI4kAyOAH1p33YOqS5jCagjItLRJGyUtlWatqbC
pxWWPtQrK/mwghS4qqVd41ZzAlfJ7EI1uxCzY6RoguHsTrUi2oYwqb8TpVB8LYwyBeGyWzXhI4o0B6wQI7/ILYXGHWrcyTTupI3J
8oQ1z7w+pEE3hBEjWX4YuVQndRyWp1zsFjwsVtiJk6N/19tQ8xtxG8ZawHA5aHOYTmjLgzRgQeYqr5RE4vlKyPPYs684s6Mgs6RT
Li27Mp+D7Pwen7BLOKNcKRDCrpJW6ujqh0VL/XuWFWZYngwV4p3/VgudcFtF81W2spNWFrcIPbOhZHZaFlSq4v8jH86d0oJdvABF
ZuSYgA/Uyp8r9zQWaWQ7toQzDFuwE7N8pyLfatWfPgP4Fz1p/J+yk21ne9DzG4/8BSAn+X/a93+t7afv/77IM3/9bddyooF8JD74
9PVv1un7j6f1/9c/y9dfF/YsTw6HQdWKRp8zxqr8j1qrsP712gs0fzr/+wKPDmrWm5s6kZ6ooZedAtG+ObCjQDRUzsdOONpU2fcW
5a1RMr+EiT4QsCp08oiOZlJyIIV6zDub8jmi8VgOVFr/XUWoM8b7tjDF9oF4Y04c07JNlwI6gbSDsW2JW/rAxPIGMhBRIIUdlqvi
RMWI+lN1/kjgdZ47w1Op/BqNOEF7mnyDk+Q1csoibKjd+NMVLwoDe6BaUGqd+la1Vk3sHQ8A0+wT0VgdfA5CtWfYNPKVKwB0N+u1
5taLOuybbYobcwI9EVLuip2tZkVsGvT/zta2of9o1agdfU9CXyYEwqhWG9VM8Fod7HwnNneqzYbRarVeDGd8/7ZqZqCZUW0N47/r
1K1WrScF2yiAd1pvbn/T2qk3qRz12J8vdpovjMb28MkI+/M98+X/mD5ieLQMkBXyH7w1R/8/5X98kWep/OfUPJabOtNDquN/nfpn
e27S9Fr6rnRIguvvPlQaxxm803MRZ0ukaR5aS9yx4J6KkqmL9UdbnbP1s59PKU/kPBHSPDBFlnWuATWgZzZ5IwaOsc+ESZ+diRIn
q5uZT5jU4X2crMGj63wCDf+tzmWYqLyHBPV2JjOE9wmpqIm4T775QUfdp2TAh6XTDf6bdaIG/vdfXv/yGr9GW6XRa8SvJQX6CH79
eMOIP84DjnSQqDFWk7vP5bbT54P2kI4j86kSUJU0PH9+6pnqgz2XsuVvFWyeFSO3Szkb96ixr0Z9L8Ia6KwKfR8DtVGwT45eH4kM
6lwVp2JMnChgZI83b0mljoDtwhydUiYNQ0xM288jn+BWroi7rWkWNyYW3QOBsRjzhfU6C6f0xmDK/7xU41f4SMnNWxLVNM2ie8Zn
CMyc6iuECgHtnlOSxXmaZNF9iwKwARfMpFYo21o8mzWun6WJE2fpQfuZ2K7PJFacp/Xns4kPwC+pp30yk/jwNk18AJ47xWpmz6SF
YtYZGMQIaSYBccVsAsWvRC6YO0wwekAuZhSVKqU3agoF7dFnQ5CJdFxW7TX7UJ6T6lViuUSslclk+BEjnS/sGTwkYWDZOUykTk3u
1M9U/dzrE5Wzh50Qcttz3edtLguhdEffAdUoI5SyZsFoeJsmZZT8Ci7D231Sdk9lb8v5kb+jU6fBVSmiWGYcdrunGBvRRqXFnuHt
rtCvrc8lPvVEixe3c65PtDRDs1RcTst5xdiUCT3n0IrCusxyuWRqtXTEUhcnP15enPx6mYlyfn5C9V2teHR0+iv5LcVzpnOOZub7
3uf6EvHfdtQBhdpW8YHAbxfYFZcXzLAqB5yZ9rcLeXlBBQOKgEalux6cGTDcPRXNicHOO6gFYHVQuzRkSwdwm8e7+H0pjqn9oFwY
HVsCi3VHkXFJ0z3jEK1ChwoHFV4sWigsUobyyRj3gHIPrIhbuQtogZHu4xXVkuZh58/JtBSaTLlVaOL1eD6WGYaaDZUrScWfOUBq
eNBqsZ7z+YNilc83IA2WWEnEhXncKYgeTlOUVDwdsmodoo7+2Hgl4i2UHBflz7JtsYW26gzbhlpBP92Omd6/vLAKJLDEJk15llF9
VXFfIAfB+rAgO371wdfc5ZmdCu2/4gLt5pcgd4CI5pmWahF9RU28xyTIXleUuNw1knIpcVYdX9EuMHgTvIp3QSIbCfJGBvSAv6ZL
YIOe2CYb6WBq38QFXE3LkxRsqILCYdHiWehVVZxc5OJHnpUei5CeMx5QjxtsLGiwQgemc1FDLIJPDTZmGyzlxhUTz8reZSTQwk+v
akYUFhZsBQm14NksiMfcFLU8XzBFNQgU4sVSJZ58HKK28OfL0wfQtKb0BMvcrK5gPaHe9IdMyRw+PMWL/vDP/PjP494AuSL+Uzda
M/d/1V+0nuI/X+KZd/9j9s4XU9QPdLCDo/clEl5lCkkYLegC/EcOL3VmP9oxp+S14x+kdxKlZ9gq0FJvQr9zvGbGR4+jAm8Mhvmm
LiwztEbaG48CmMH2UMf0TXelK73S3zPDvI+ywsX7Mu5btELiL3Lbln0Nq4kz54bL1BNb4XwVTbnPuK1yxnladldlxpvKOVPxPZZM
b5Dk/XtFZtAJr0xdQnj+hZZ52wrLv9C2yug+X9kTfmJP+GrNihYAZzyXNFDofn++ERU32FjQYIkRlSKswC+CrQyoOQ0eBFtZLv5i
2Mpy8YuWy6eYK09mwR/mma//H/cG0BX6v1mrF/V/y2g1n/T/l3hm7//M8EH+BtAH5Aik+QHZc32YCy4ZEk2yGNT/rYb6ppiMhgpf
yhfH5B9whyhflRhU5pz8ANQmRx/5Pisz/d73t0hG6hwk/60zRYhX3Sja4ms+6XpH/Ypx6aY/wpZiPIXbQEVfhrdSuvThV7D4atCR
dwvgY7rmQn//ytcpKQvM8vgTUbZ6knOlRddx0mekb4wyz25EQXLpOPpuTqZXIIa2KhEgzCR7rehHoy6iIE5F+LFeo/nTFABL3/j2
sVY14ttRMQlfn8flL+s0aN9mL+vsnhG/tOjtPHl7S7eoZe/qjBbcgdl9qzXL2eferslL9FDYfMvmczJNx5ET2hNnumkO9Gklz3ZX
n3Qx9yefZNLd5tgEnB1CJOzzNZL6ts5mbb17tt49X+++jW/s3ElLeDDeANk7Od9H78nKMFREkc0K27IlHVhFE/oMaqfabIv3QBft
Pop6LUmsAQ8SI6mtp5Y+uaFT+j59Eh7SBYgoQgO+e3NXXZXZpLs381dlphdlPvxSzCb91fy0SzG1WZq7FjP6Z3vX/tPGsYV/569Y
tUpqEyfY5pEWt0ghjUTUG4KIG9IiRBZjwImxE6/BRm3u337Pd87M7MzsyyYuyW12pAhnd2Z2nmfOnMd3asKJxrxFOjDmmyQyJrLL
Myl05/CYoinl203KvYar8bqeQMRM7/4tByA5BEuAS9O2HbNhY5oB4mJc61zYlQ6moDO+uh3J8Y1puB6plk350wm/r6avJYi/0ptn
HwJ5+JVvHOBDA/jI6JIO7KC2MNCXMGJ4u1GUCy25agAWt/9IwVesBYwx6XwlpzaDU/lmr12E1piF+GigGv/czm5QKuhlOq4mDQSI
yDGs+tIxIVlumYvn6KOgpkFCQpeQDwrprs+ZkR+Vkgb3SwfvTz8H2a43bbxGbSugld8+cKNlM2A/tiwHvksjGfE2nI1kUDNWrGYg
D5zIOCP9+HPbpRRisHNU3s++lZR+/1ssAmCR/ffjZjNx/2uW8t87Sen4fxkcjjGhNldBbUstLKtYqcVsKxuAK8tsw+jGLKugt81g
hp0r551B8plAAryKkf/+rYLP8IouDCH8dQ/vH4kxgvTrnYLgqAYPtzT8n+jrtTC7Z4TUPSPMfmeevTPC7Pfm2fs0YXZgIfRZYu33
WjL4zkgGe0d+SQPZ9ykBUqirTEhzlXByLvFtojIjxrVkuEr+aQlt9ZNYFlus/+avqjIPdBmr3ajIewIcjX9YtGroP2tuBnSjPl6r
/7SxUA9ANvKey/9rrb7aLP2/7iJlzf8iNcBF5/9ac93X/65tPC7P/7tIjv5XWaErdCqJB9QNJmH/fRSHZIEdbuWyGw5qgQ4ao2/k
1VYQUvYRkPlWm0tsQSeG/1wvx42ZRBCj/tbbFst8FpCK5IRBBXtiPj6cDOBaRpxFbui+/iBNqzn1MFPOw8vL0Ht20h3PiOujCtx4
CMFKs6gwB3LAeIsYBTssn32AO83FMTa1UJYURmys4SSuKi1kX0csdzo4n3H6daqck06+EZvGOZ8JMKvQk1KOFafyjzPWbeOASFGY
DuFTdLqhdjFVovqoBafUg1MNi2uXGUVjLoYgQmcVyrzCEAEY6qIG3KSh6Ao6cdwIHJv8DbU0xEQPK4LH5JvSTmbR/0VqAIv0f48b
Pv7vxupG6f97Jymh/3PXgasBFOsevAz7vYhjzjnngvLSgiSMqBXKi5LjMhyPelO5IypizPQ3T9Vnu4zxYcT1Ww5kAzmoxt3w0o1R
ZOS+nVApAsWFjdobjXud6Icg7J8PR9SYS8tvWDm00ck1ry6wltAFekpA+DmfdSdK0+aq10Q9yGH0kgpCUQ9+CCNEobIHuha/NbED
Xf0fzwE7vnwv6r8GzcOrF9S7/b1tmpz9vbY/ohLUL4y4rSFOcKU/rBYo+15s8ueWODIfr5oAxFoLYpWuaJ3u3EYf98lWA05nCYWX
UADKMqwxRadPULHxKWIV4TThRZalAJxVp1h/tG6Uio/WuV6s2s+t9qFVb13VezNzMMDvgz2aMBXfjxbW6amJWyk8WXR1Mh4hAMMD
R5tpcsU8m87JyMzQRUt2wCliKcEf3yonHN4mRP8hjf1lbxD2aWWdwykUecJ4VT9k9yAdCdKoRH9EAEMrfCEHNITHloQuZErBcfxo
9zPtoD1M/6sYzSbjNj/EdoDK+6Dbp++eVqHghKMjtJobtBX7IYMpq62IQaHK0SHd85bVn+Dvm7/BnLIX53/FmJHqiyRSNTYCao3D
CqbqSqn++bSljfm1pcTpOopS4nEdSnqjQwTRxrNUpi9sTShioC1YDTrrjaFGm8D43tp6Dc3B2yqNor6l6ENfsCLODwkI3ZwKCEin
xPw6T5QqVHlmKfzSNGFe6D5pVHJkQ36Vcgq25AVY3M86EOPDUKH9a3fuHBVoe28/L7peLVhvND8vxB5VpRV5dEilKx7ztKCz6Bn3
51OKzlLlgqLiPX3ydKdIA8rB63oDccen+Trm6LrpqtD2k/Yrvzpq2nwhCk11+8/yY/ZdRRii0Yfj6IIO9n43pZKRcqPGxmV4ehB5
tWPTta605OBuQgxLin4V6lXJwNHiPEUqEPGZ1UH5th8yLgYgvhj22UpG0SknSJzMWmqUOJ4s8e+mowigsnZbrKhwMZkzxGReKgcA
eqsrLokzQ3RLnW3W/W+RGsCC+1+z8diX/26slvG/7iZl6/+Ipj9Ux7scMPEhPxkKF8byIpu1irV6VrSubbb/s9wxlDqHvqeJ99Wl
UsQAo19r5og4+aK1VNBgyndILyDluS7CrwWCLDVoJWi26PcWxEf0Z+sX4G2K8IohRXtwdYuqcdUQmMlvYlijo9wIT9Jc1Z/xkGhq
IKXrRxnNU4o3zlvkgy+M4D8n8NSjXyTvTAY0Qxf3t/1IZtkwz1q0yeJSW7jpiE53YwUgK2sp780MeWOBaEJkSE0yQkNWAu5vx1LR
4cSRi6rKlGDUXbH0ryaLdMX98sd5PmyLTFUFLPzkhswmNdXjL2JTulxQgzgAu9fej3FzMYJK9ZkqVk1rKjcCmsiODveWKlLV9Vqi
Vf3o2xSxftUp6/xXd5OFfCP//G+s1RsJ/8/VRin/vZOEaBxEgNMkuyc3fJeMrHtoLTPymxP2DUxpEPiXV6B8oUJhL3BZUGbtjQ2F
igUmFxcFXGwr/O1qfMFtxTJLgczCTZhu7KcIpcYoV2e444aDIfHyIycwmxOXTbwt2ApYgmuJYbBRbfpB2VTbhOPn4GSS84dI43PB
tt6B4xLzb1fqjI7GcqeWA3VVN5VC8CsOBud0GUp3j21WmVbzICAy64glxAqcC7c+qXAy1JJjpa2lTwzoXLhi1xEwYzzNRPzRKUYp
Y8naGZ+FPD5XkEE4LZXiUStoukWUMA5gV3QhrSlZ5Atq6mV3BAymsDMaRgJtxhchme9nv1rdx3MaVGiFe9Rf+gzdHmFQdnlCfOSp
8YMJ/TCyEDkBQU4jiXVdILE+rdm+9JIXnbqhRmpErOgz3amIgPzWUqtQMtIhoDBR/e7gHCZv3MAPHCWRJqyy+/Tlf5jh6Wr5JxUm
7umtvv2+rRqXIIRXFAa7N+7ykPDoSRRFPto1tCkvPsae0SsMghow36NReCOuPdKKkcKQs5djHM+NNmaMzUWbtNFMQH/RHoxZ973t
JOzXvoUttp+GLVYYlo17Y7LIxkqii2El24HKaF3XE215Fgd4w2JKAJDxdLBKQj953n724pWaJ+fWbgdii/zwayN4a6kaDp7s772S
kit0z48xyHZfBxVpqIJXXQ02A/MA+KtNetBQH1LYfgNL+aTXevRVRVK7L/F8kkHUMkOoecHTAon69FR1zuzwEwn/FG6y2L9mCfWh
hRskqEhxaCc1fjqsU+IOZHDEzCx5pgfg8kO6qMEeQN3XcCEc4Kr4qH6WauHQ7Y9DGHwcNsANh4eNo0TskuDshHNQxSuBYufDwyZb
7eEPvsZ/pLJl85fbskzFdZmGlGnYmeO3dbwdqIBLPPPZcGFWxJLd1zq68eF7vuue0F+zQOLQd4oWxuuVKP/14e7ro03FF6gdo05a
PqG7iOsdQ2ThivsoeBtdvGXRW6TDe2oAzqgzAuhDS1do5OAacrMDEaWE9RwPz7s46xHjVIUV5SCbyMfwkzMEA8MHjkUMqlfNtQFF
iC5U9C4WqeNXf6yXEMgN5H9LxkLoEjTgFyoEGx+0exkUYRmENi/AUNo8oCoOxgIi84C+ysINnpRZYlg74g6hU7nyjv5YxB1+wBqa
WcRfoT9FcFOZi+mXlL7UeH2lvbKEK4HZzJCQFuJdzTyKoRrFTMyz/LAoad+5TvYmY6IKtuQQ1/eNFv3lmRq6MyWzkj0duW1UIw6p
zVn/eDoccdsq9emZSlc17gdR4aomXzL81zL8GmBKTr8tOmoLFz5n1SSUJvcehOrYM/mwhLlTKZ/ntYLD95b7YpZZ5C8dOZKRiRiT
I3i79I1KThY5PYluTo4yJyMHrs/Q7fmi02lVgkh6lMoiB8fTFzs6L0UG6QgcszOLBiTtzRxiSGWreHEouhJeghVNpon5Qv82ZWSr
vpQSq9YRUyLu3N5+DevMfX5P6Hl6pKR9AVRLiV0oUs6KI65EO2XHVEW3A1cIQZ5MU19tMlOP+4lVt4ozOR2xeLKXF6UzxX6UmOCq
oDAKT456JTBd55AZ5YKlbAV94uwqkldHgnhNR4fvbOrbinn1lwevKyqjporeKypcYQ8RU9wGx4vtVWssd2y5bF3dynQtPNNf4N8+
3ao7+liUkYF0VzWy6FBKDZ15zeylCpL5UQfI1MeRzY9c15gDUQr9scqnZNHXwkxiCuX5tXB/Yqb7xXv5l9n5vjVw3G9Hum11gYO/
ndaAjognJpzZp7nGybUitobLmBLLBSq+oDmLpmkWTS34epdOTS9vHjP7uZ9nQavMHVX66hRj2zBjK1NK21b2plyarAFXGJp6lFe9
UdZjzUTQugF++bH/y12lD1jRctaabZlfm0uhVNA4ElXOCldmv2naGyBRR41z3HJDmCnVbfF3SDNlhxiKqw6am9SDRh8xN1lHTDxC
qp7z4vOKOYi0sifFZcFQpM/zrVdNLTjH/87dM434sY98tfeeDm+zyMw64Ikf8sQT05CgmJa2jd+dy8sH8r8T61AJaMLcplGFQwMY
eyVSNOrgUgnX+k0mo/8zAde/Dv/PtTL+352krPm/Q//P+uO6j/+wvva4jP90J8nx/1RuBR7mgyhxYy0pI1xBDMxq2jiiEuejY5IV
kwBHY8EuHS6vlCY1CCfhjQ7bE8XxeiDtZy0c617467olCmOtmusFOh6leYHCDcMHt0Vj5BexJa9867LO7fAdRvPgO7C3JyQFGJb7
99nGRtrCPv6Kd+rg3o8cD4IRTuzeIPZrpFcowI6Nn29Jk7X/79L/r77WKP3/vlBK+P+568D1/6Ml+nB49hCwnt04Y67TX76PHyJB
aTRPpTsCVVHuC8ZGQww4DO5lArcNng/h6eltgDw/w3nvUbAH56fTcBzCe4r6CZKVjfipKCW3Uqm0lFGN+h/TTFBQ+gRC4Q3O+j0g
5vTgwaSsSWBLgWGrKU21Ghrj/Cc+gfCxSgksB4uSPhHdcYFDH0iP8ekDsVFufZbPXm+Q4bImJBaFFo/diVpr3DrXKU45mNVjpE3k
WUZ2GrknNJQfbjAD3WnYgdMcDZEVsJbNLSYjjlorx06eJ1ddO3HV5/LfojPK8d/CmPDys8ZrKcWxSbq82nShHqWQ8nfSrgAYqR8X
7eCVxhJ4Rz7ciajZ3VO1gLmiuNsJ966Mrt+u84nuL7G7F+xxbuHvhWJc6W0cvnxsQWeUdYuSo8xvYmrasqjioohinlfXwazAljMB
WLZ3blmdhxQ6NzomPpTjxZXTeONz9vr57iL8uF6//L3QxWyWegqxLGddh2nuXHtP8t25znrTY5xCx+YUmhkqEwEcVzCY1XTITP99
0rWrvZOKjckM8T1aYv4LZofvIdik9wKfWkaBFZ6VKpRq3ucTjmNtBGeTIJQ0SMi0hiau/dRYb8YOZAe98QWcEfhUFuNB3rYwR+ET
ZTC0dylMm/RmHA9hM0s73XIn4+iZbCMG8SDaKv/DJqZWiNL8O4+wxtRqRsLK47TCkQx5LOnnjktD/cn5rkQC/ZenrPvfHfr/1dc3
NhL3v9US//NOUob/H3v5HGrZA8dRrGXwgzC9dhjsQmFNwn8NhCuBx/n/KqvRzk7/nMxmkSlr/2t+dRHfKJL/rK8n/H/W6+X+v5NE
+/9ljlSHF/ZUFq8r1UmlEHAZ6rFrhYn9VuQqRMwIsVzCPSk5iIRQqNBjFjFPwdl1hv2ry0FUZSIklsCQuCi3F2IWOVnXpU3LZpgo
EzE2K8zWTJE5dmfCZRC/wZm1d1boncaxMhF9xZPo+S5/wXElkoaKQ1HCb0hJzENUqHyImLHzK1FANMoZKbOagc4YV8dcY2B8kngI
z4fdyHjKOGFiWDB1MhxfxJInA38lF3fcEx3Pmfim34L5mS1QUiX4Rt1TQVH4MnB+MQaLCwG/WUunAS8ut25fc+CLEVoyXJoFPh1y
3BpcUW5U//EYCUtCDC9oSDWbrZ3O1CjbTHpF/GWwoNQ42AI4t5UfLkLsBfD1kx79uqDO8hKkyxE3Y1/59QTu9UTY7/hWIhFjLob0
+atBz4ldEVSsi1TVctY5iH11DoCn6Tm/tHfi9zsp77f/MO9pWSccfWhFx246tLqTfjw0/HEOzEXSSQexm42PDpZjIgtNksmBCUu4
6LTf7AbWtQPJAg6V1T+1err/7MmvcL+hYhJ6Xr+iFh7/vvu8/Srw7n180eFi1aWlcffyA7zmgp/BDxxsLQmBCl53Oy3rpf3858YW
cx+uF02bDvLMEs2UEs38ImspRdZ0EfUQ+WiUtjY328F1bwAvHucVdVbeQbRLL+c0ANaDxKRUXTBz7H8tDZvzfEYWbjxNmta+2a0h
xHfCFPfNrsfH1X1Grr1TCzp1nytsHzhBxhPWwhyXm27Bh/rCn2bwmmbpy4tr+48sa99ARSrv8Rp1bJgwbcE1ZVjOsmFCjuUt+qJl
TVUZ1RkO3OIk6xIafZn3Tb6tk21s9HxXWbTpqOW6Dlh9HWWbVnlOXVk26Lx7X5qjSlxy9PH0Q6QP8k3QNH3U0mDKYYfFoujjUAjQ
o9ms+M3eV/b0/oRceUvqQcCOGrLgW17moRhrX7F/oBEeEc9DbQeDf8XQQ+YF5gQ/lBkub71gMvuEoKjMSLYj3QRjzrgMNGfcDkzW
IVqqjPmSq0laQqUhqLJWEi8clKxaNxd+RvXC4GwymwPZXLuBP7DYLTFa3F5Qkjj7Wldx6sRwV72L3hz7xHhkfGl2v0xlKlOZylSm
MpWpTGUqU5nKVKYylalMZSpTmcpUpjKVqUxlKlOZylSmMv0L0/8AdKdMlQDwAAA=
__PROBE_DATA__
