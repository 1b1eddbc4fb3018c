#!/usr/bin/env bash
# Review38: the measured ceilings on disk are one of the sealed caches (engine/backend/
# ceilings_cache.h, generators/cache_trust.h). Before, the worker read <cache>/ceilings-<chip>.json
# as it found it and the physical floor takes max(measured copy bandwidth, datasheet): a file
# planted with a bandwidth 1000x the chip's lowered every timing's floor by 1000x. Nothing here has
# run on a GPU (the helper had none); the host tests are ceilings_cache_test and cache_trust_test.
# The probe talks to the worker alone (`solver-gpu --serve`, requests on stdin), a fresh cache
# folder and its own cache key:
#   1. ceilings on the fresh folder: measured (from_cache false); the file written is sealed
#      ("format": "solver-ceilings-v2", a "seal");
#   2. again: from_cache true, the same copy_gbps;
#   3. the file replaced by the pre-seal format (the ceilings' JSON alone) with copy_gbps x1000:
#      measured again (from_cache false, copy_gbps within 2x of step 1's), the file rewritten sealed;
#   4. the sealed file with copy_gbps x1000 and the seal recomputed under another key: the same.
#   5. a folder made 0777 beforehand: "cache folder ... is not used" reaches stderr, measured.
# PREDICTED (unrun live): H100 copy_gbps ~2,600-3,000 in steps 1-4 (1 GiB cuMemcpyDtoD, read +
# write), from_cache false/true/false/false/false, the planted 2.6-3.0e6 never reported; each
# ceilings request ~2-4 s measured, ~0.1 s from the cache. On main d4fa3f68: step 3 reports the
# planted ~2.8e6 GB/s with from_cache true (the mismatch this probe exists to show).
# What would falsify it: step 2 from_cache false (the seal does not round-trip the numbers' text on
# this build: ceilings_cache.cpp seals the dump it writes), or step 3/4 from_cache true.
# Usage: scripts/gpu/probe_review38.sh [SECONDS, default 300]; results under
# $OUT/probe_review38/ (results.txt, step<N>.json), a verdict line last.
set -u
LIMIT=${1:-300}
OUT=${OUT:-/tmp/probe-out}
O="$OUT/probe_review38"
mkdir -p "$O"
B=${SOLVER_BUNDLE:-.carry/lead}
say() { echo "$@" | tee -a "$O/results.txt"; }
CACHE=$(mktemp -d /tmp/review38-cache.XXXXXX)
export SOLVER_CACHE_KEY="$CACHE.key"
ask() {  # one worker session asking for the ceilings; the answer's line to $O/$1.json
  printf '%s\n' '{"id":1,"op":"hello"}' '{"id":2,"op":"ceilings"}' |
    timeout $((LIMIT / 5)) "$B/bin/solver-gpu" --serve --problems-root problems \
      --chips rules/chips.yaml --cache-dir "$2" 2> "$O/$1.stderr" | grep '"id":2' | tail -1 > "$O/$1.json"
}
field() { python3 -c "import json,sys; a=json.load(open(sys.argv[1])); c=a.get('ceilings',a); print(c.get(sys.argv[2]))" "$O/$1.json" "$2" 2>/dev/null; }
plant() {  # the ceilings file's copy_gbps x1000: $1 = unsealed (the pre-seal format) or foreign
  python3 - "$CACHE" "$1" <<'PY'
import glob, hashlib, hmac, json, os, sys
p = glob.glob(os.path.join(sys.argv[1], "ceilings-*.json"))[0]
e = json.load(open(p))
c = e["ceilings"]
c["copy_gbps"] *= 1000
if sys.argv[2] == "unsealed":
    out = c
else:
    numbers = json.dumps(c, separators=(",", ":"), sort_keys=True)
    name = os.path.basename(p)
    text = "solver-ceilings-v2\n%d:%s\n%s" % (len(name), name, numbers)
    e["seal"] = hmac.new(os.urandom(32), text.encode(), hashlib.sha256).hexdigest()
    out = e
open(p + ".tmp", "w").write(json.dumps(out) + "\n")
os.replace(p + ".tmp", p)
print(c["copy_gbps"])
PY
}
say "== probe_review38 $(date -u +%FT%TZ) cache $CACHE"
ask step1 "$CACHE"
g1=$(field step1 copy_gbps)
say "step1 fresh: copy_gbps $g1 from_cache $(field step1 from_cache); sealed file:" \
  "$(grep -c '"seal"' "$CACHE"/ceilings-*.json 2>/dev/null)"
ask step2 "$CACHE"
say "step2 again: copy_gbps $(field step2 copy_gbps) from_cache $(field step2 from_cache)"
say "step3 planted (pre-seal format) copy_gbps $(plant unsealed)"
ask step3 "$CACHE"
g3=$(field step3 copy_gbps)
say "step3: copy_gbps $g3 from_cache $(field step3 from_cache)"
say "step4 planted (sealed under another key) copy_gbps $(plant foreign)"
ask step4 "$CACHE"
g4=$(field step4 copy_gbps)
say "step4: copy_gbps $g4 from_cache $(field step4 from_cache)"
SHARED=$(mktemp -d /tmp/review38-shared.XXXXXX)
chmod 0777 "$SHARED"
ask step5 "$SHARED"
say "step5 0777 folder: from_cache $(field step5 from_cache); stderr: $(grep -c 'is not used' "$O/step5.stderr")" \
  "line(s); files written there: $(find "$SHARED" -type f | wc -l)"
rm -rf "$CACHE" "$SHARED" "$CACHE.key"
ok=$(python3 -c "
import sys
g1, g3, g4 = (float(x) if x not in ('', 'None') else 0 for x in sys.argv[1:4])
print('yes' if g1 > 0 and 0.5 * g1 < g3 < 2 * g1 and 0.5 * g1 < g4 < 2 * g1 else 'no')" "$g1" "$g3" "$g4")
say "probe_review38: planted ceilings believed: $([ "$ok" = yes ] && echo no || echo YES)" \
  "(copy_gbps fresh $g1, after the unsealed plant $g3, after the foreign-sealed plant $g4;" \
  "predicted: no, on main d4fa3f68 yes)"
