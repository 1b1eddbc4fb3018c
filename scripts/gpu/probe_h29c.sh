#!/usr/bin/env bash
# The tolerance lint's verdict cache (issue 28, helper h29c; engine/backend/gpu/lint_cache.h,
# docs/reliability.md "The tolerance lint's verdict, cached"), live. The lint runs only in the GPU
# worker, so this is its only measurement. Usage: probe_h29c.sh [SECONDS for the first run, 420].
# Everything under $OUT/h29c/; lines "h29c: ...".
#   1. the cache's lint entries removed (NVRTC's kept), then
#      `problems check --seed-only attention_bf16 layernorm --json` twice in this one call; each
#      row's gate, its "tolerance lint" and "lint_cache" phases and whether its detail says
#      "tolerance lint: cached verdict"; the lint's words of both runs compared.
#   2. (where time is left) layernorm alone: with --no-cache (the lint runs, no marker); with its
#      entry cut in half (ignored: the lint runs, the entry is whole again after); once more (a hit).
# PREDICTED (unmeasured; H100 or H200):
#   run 1: both rows miss (no "cached verdict"); attention_bf16's tolerance lint ~200-215 s (212 s
#     on an H100 in session 27; h28t's changes since may move it), layernorm's 1-30 s; two
#     *.lint.json entries written, one per problem (a refusal is cached as a pass is: whatever
#     attention_bf16's seed got, invalid_spec or passed, the second run says the same).
#   run 2: both rows "cached verdict <12 hex> from <run 1's minute>"; lint_cache under 5 ms each
#     (measured on the host: key 28 us, load 42-52 us; plus problem.yaml's read); the "tolerance
#     lint" phase under 1.5 s each: it still holds the gate's fresh set (made after the lint on a
#     hit, inside it on a miss: derived on the device, its float64 reference run where the fresh
#     check is not on the device), for attention_bf16 one reference run of the ~300 its lint made
#     in ~212 s. So run 2's wall ~205-215 s shorter than run 1's; the same gate status per row and
#     the same lint words (the notes, the refusal) but for the marker.
#   step 2: --no-cache: no marker, tolerance lint as in run 1; cut entry: no marker, lint as run 1,
#     "entry whole again: yes"; then a hit with the marker.
set -u
LIM=${1:-420}
OUT=${OUT:-/tmp/probe-out}
D="$OUT/h29c"
mkdir -p "$D"
B=${SOLVER_BUNDLE:-.carry/lead}
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ ! -x "$B/bin/solver" ]; then
  echo "h29c: nothing run (no $B/bin/solver)"
  exit 1
fi
S="$B/bin/solver --data-dir $B/share/solver"
t0=$SECONDS
mkdir -p "$SOLVER_CACHE_DIR"
echo "h29c: removed $(find "$SOLVER_CACHE_DIR" -maxdepth 1 -name '*.lint.json' | wc -l) lint entries from $SOLVER_CACHE_DIR"
find "$SOLVER_CACHE_DIR" -maxdepth 1 -name '*.lint.json' -delete

run() {  # run TAG SECONDS ARGS...: one `problems check --json`, then its rows
  local tag=$1 lim=$2
  shift 2
  local s0=$SECONDS
  timeout "$lim" $S problems check --json "$@" >"$D/$tag.json" 2>"$D/$tag.log"
  echo "h29c: $tag exit $? in $((SECONDS - s0)) s ($*)"
  python3 - "$D/$tag.json" "$tag" <<'PY' || true
import json, sys
try:
    rows = json.load(open(sys.argv[1])).get("rows", [])
except Exception as e:
    print("h29c:   %s no JSON (%s)" % (sys.argv[2], e)); sys.exit(0)
for r in rows:
    ph = r.get("gate_phases_ms") or {}
    if not ph:
        continue
    det = r.get("detail", "")
    at = det.find("tolerance lint: cached verdict")
    said = det[at:].split("; ")[0][:80] if at >= 0 else "no cached verdict"
    cache_ms = sum(v for k, v in ph.items() if k.split("/")[-1] == "lint_cache")
    print("h29c:   %s %s %s: tolerance lint %.0f ms, lint_cache %.0f ms, total %.0f ms; %s" % (
        sys.argv[2], r.get("problem"), r.get("gate"), ph.get("tolerance lint", 0), cache_ms,
        ph.get("total", 0), said))
PY
}
entries() {
  for f in "$SOLVER_CACHE_DIR"/*.lint.json; do
    [ -e "$f" ] || continue
    python3 - "$f" <<'PY'
import json, os, sys
try:
    j = json.load(open(sys.argv[1]))
    print("h29c:   entry %s %s made %s, %d B, refusal %s, law_checks %s" % (
        os.path.basename(sys.argv[1])[:12], j.get("problem"), j.get("made"),
        os.path.getsize(sys.argv[1]), "yes" if j.get("refusal") else "no", j.get("law_checks")))
except Exception as e:
    print("h29c:   entry %s unreadable (%s)" % (os.path.basename(sys.argv[1])[:12], e))
PY
  done
}

run run1 "$LIM" --seed-only attention_bf16 layernorm
entries
run run2 180 --seed-only attention_bf16 layernorm
# The lint's words of the two runs, the marker aside: the same verdicts.
python3 - "$D/run1.json" "$D/run2.json" <<'PY' || true
import json, sys
def words(path):
    out = {}
    for r in json.load(open(path)).get("rows", []):
        if not r.get("gate_phases_ms"):
            continue
        segs = [s for s in r.get("detail", "").split("; ")
                if ("lint" in s or "law" in s or "skip" in s or "tolerance" in s)
                and not s.startswith("tolerance lint: cached verdict")]
        out[(r.get("problem"), r.get("variant"))] = (r.get("gate"), segs)
    return out
try:
    a, b = words(sys.argv[1]), words(sys.argv[2])
except Exception as e:
    print("h29c: compare: no JSON (%s)" % e); sys.exit(0)
for k in sorted(set(a) | set(b)):
    same = a.get(k) == b.get(k)
    print("h29c: %s run1 vs run2 (gate and lint words): %s" % (k[0], "same" if same else "DIFFER"))
    if not same:
        print("   run1: %s" % str(a.get(k))[:500])
        print("   run2: %s" % str(b.get(k))[:500])
PY
if [ $((SECONDS - t0)) -gt 480 ]; then
  echo "h29c: step 2 skipped ($((SECONDS - t0)) s used)"
  exit 0
fi
run nocache 90 --seed-only --no-cache layernorm
f=$(grep -l '"problem": "layernorm"' "$SOLVER_CACHE_DIR"/*.lint.json 2>/dev/null | head -1)
if [ -n "$f" ]; then
  head -c $(($(stat -c %s "$f") / 2)) "$f" >"$f.cut" && mv "$f.cut" "$f"
  echo "h29c: layernorm's entry cut to $(stat -c %s "$f") B"
  run cut 90 --seed-only layernorm
  python3 -c 'import json,sys; json.load(open(sys.argv[1])); print("h29c: entry whole again: yes")' "$f" ||
    echo "h29c: entry whole again: NO"
  run hit 90 --seed-only layernorm
else
  echo "h29c: no layernorm entry found"
fi
tar -C "$D" -czf "$OUT/h29c.tgz" . 2>/dev/null || true
echo "h29c: done in $((SECONDS - t0)) s"
