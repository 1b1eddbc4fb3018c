#!/usr/bin/env bash
# The external generator live on the GPU machine (issue 16, docs/external-generators.md):
#  1. demo: sigmoid and matmul_scalar with their pools cut to the seed
#     (tests/data/generator/*_seed_only): the rules fire vectorize_loads, the pool has no
#     variant for it, the scripted generator (generators/external/scripted_generator.py)
#     writes a float4 rewrite with a tail, and the live backend gates and times it like a pool
#     variant. sigmoid names the generator on the command line (--generator), matmul_scalar in
#     its problem.yaml (`generator:`).
#  2. offline replay of each demo run from its run directory alone: `solver replay --simulate`
#     on the run's measurements.json and stored generated sources (no generator process runs:
#     each attempt's "process" must read "stored: ...").
#  3. the cheat suite through the protocol: every tests/cheats folder, one round with
#     --generator-first and generators/external/cheat_generator.py, which answers the folder's
#     cheating kernel as the "rewrite"; its round must end with the outcome `expect` names,
#     exactly as the pool's cheat variant does (scripts/gpu/cheats.sh).
#
#   scripts/gpu/generator.sh     from the repo root; the bundle under $SOLVER_BUNDLE
#                                (default .carry/lead: bin/solver, bin/solver-gpu); python3
# Writes under $OUT/generator (default /tmp/solver-generator/generator): demo/<problem>/ (run
# directories: ledger.jsonl, generated/off/<problem>/*.cu, index.json), replay-<problem>/ and
# replay-<problem>.log, cheats/<cheat>/ and <cheat>.log, results.txt (one line per check).
# Prints one line per check and a last line
#   "generator: N/N checks OK"
# exit 0 when every check is OK, 1 otherwise. Every step is under `timeout`; the whole script
# stays under 4 minutes (the cheat loop starts no new cheat after 190 s).
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
BIN=$BUNDLE/bin
out="${OUT:-/tmp/solver-generator}/generator"
mkdir -p "$out/demo" "$out/cheats"
: >"$out/results.txt"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
for f in "$BIN/solver" "$BIN/solver-gpu"; do
  [[ -x "$f" ]] || { echo "missing $f (install the static bundle first)"; exit 1; }
done
command -v python3 >/dev/null || { echo "python3 missing: the scripted generators need it"; exit 1; }

total=0
good=0
check() {  # check NAME OK|FAIL DETAIL
  total=$((total + 1))
  [[ "$2" == OK ]] && good=$((good + 1))
  printf '%-40s %-5s %s\n' "$1" "$2" "$3" | tee -a "$out/results.txt"
}
# One field of the first ledger record whose outcome is kept and candidate generated.
kept_generated() {
  python3 - "$1" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()[1:]
for l in lines:
    r = json.loads(l)
    c = (r.get("candidate") or {}).get("key", "")
    if r["outcome"] == "kept" and c.startswith("gen_"):
        a = r["generator"]["attempts"][-1]
        v = r["verdict"]
        g = r["gate"]
        print("kept %s in round %d (%s): median ratio %.3f, gate %s on %d input sets, max_rel_err %.2e; %s -> %s us; %s" % (
            c, r["round"], r["hypothesis"], v["median_ratio"], g["status"], g["input_sets"],
            g["max_rel_err"], round(r["incumbent"]["time_us"], 1), round(r["candidate"]["time_us"], 1),
            a["source_file"]))
        sys.exit(0)
print("no kept generated candidate: " + "; ".join(
    "r%d %s %s" % (json.loads(l)["round"], json.loads(l)["outcome"], json.loads(l)["detail"][:120]) for l in lines))
sys.exit(1)
PY
}

echo "== 1. demo: a hypothesis with no pool variant, rewritten by the scripted generator"
for p in sigmoid_seed_only matmul_scalar_seed_only; do
  rm -rf "${out:?}/demo/$p"
  gen=()
  [[ $p == sigmoid_seed_only ]] && gen=(--generator "python3 generators/external/scripted_generator.py")
  timeout 60 "$BIN/solver" run --problem "$p" --problems-dir tests/data/generator --rounds 3 \
    --evolve off --pairs 15 --seed 7 --backend live "${gen[@]}" --out "$out/demo/$p" \
    >"$out/demo/$p.log" 2>&1
  rc=$?
  if line=$(kept_generated "$out/demo/$p/ledger.jsonl" 2>&1); then
    check "demo $p" OK "$line"
  else
    check "demo $p" FAIL "(exit $rc) $line"
  fi
done

echo "== 2. offline replay of the demo runs (stored sources and measurements, no generator)"
for p in sigmoid_seed_only matmul_scalar_seed_only; do
  run="$out/demo/$p"
  [[ -f "$run/ledger.jsonl" ]] || { check "replay $p" FAIL "no run directory"; continue; }
  rm -rf "${out:?}/replay-$p"
  timeout 60 "$BIN/solver" replay --run "$run" --rules "$run/rules.yaml" --simulate \
    --out "$out/replay-$p" >"$out/replay-$p.log" 2>&1
  rc=$?
  res=$(python3 - "$run/ledger.jsonl" "$out/replay-$p/ledger.jsonl" <<'PY' 2>&1
import json, sys
def recs(f): return [json.loads(l) for l in open(f).read().splitlines()[1:]]
a, b = recs(sys.argv[1]), recs(sys.argv[2])
key = lambda r: ((r.get("candidate") or {}).get("key"), r["outcome"])
same = [key(x) for x in a] == [key(y) for y in b]
procs = [at["process"] for r in b if r.get("generator") for at in r["generator"]["attempts"]]
stored = bool(procs) and all(p.startswith("stored") for p in procs)
print("%s; rounds %s; generator processes: %s" % ("same candidates and outcomes" if same else "DIFFERENT",
      ", ".join("%s %s" % key(y) for y in b), ", ".join(sorted(set(p.split(':')[0] for p in procs)))))
sys.exit(0 if same and stored else 1)
PY
)
  if [[ $? -eq 0 && $rc -eq 0 ]]; then check "replay $p" OK "$res"; else check "replay $p" FAIL "(exit $rc) $res"; fi
done

echo "== 3. the cheat suite through the generator protocol (--generator-first)"
t_start=0  # from the start of the script: the whole stays under 4 minutes
for dir in tests/cheats/*/; do
  name=$(basename "$dir")
  [[ -f "$dir/expect" ]] || continue
  if (( SECONDS - t_start > 190 )); then
    check "cheat $name" FAIL "not run: time budget spent"
    continue
  fi
  want=$(sed -n 's/^live: *//p' "$dir/expect")
  rm -rf "${out:?}/cheats/$name"
  timeout 25 "$BIN/solver" run --problem "$name" --problems-dir tests/cheats \
    --rules tests/cheats/rules.yaml --rounds 1 --evolve off --pairs 15 --seed 7 --backend live \
    --generator "python3 generators/external/cheat_generator.py --cheats-dir tests/cheats" \
    --generator-first --out "$out/cheats/$name" --quiet >"$out/cheats/$name.log" 2>&1
  rc=$?
  got=$(python3 - "$out/cheats/$name/ledger.jsonl" <<'PY' 2>/dev/null
import json, sys
r = json.loads(open(sys.argv[1]).read().splitlines()[-1])
c = (r.get("candidate") or {}).get("key", "")
o = r["outcome"]
if o == "gate-failed": o = r["gate"]["status"]
print("%s %s" % (o, c))
PY
)
  outcome=${got%% *}
  cand=${got#* }
  if [[ "$outcome" == "$want" && "$cand" == gen_* ]]; then
    check "cheat $name" OK "expected $want, got $outcome for generated $cand"
  else
    check "cheat $name" FAIL "expected $want, got '${got:-no record (exit $rc)}' (the outcome must match and the candidate be gen_*)"
  fi
done

echo "generator: $good/$total checks OK"
[[ $good -eq $total && $total -gt 0 ]]
