#!/usr/bin/env bash
# Helper h28m's probe (issue 28: a kept verdict needs a set that can refuse a 1-in-2 sampler).
# `solver problems check --seed-only` (the reference and the seed at its starting point: the
# gate's tolerance lint is per problem) of every tests/cheats/* folder's problem and of every
# built-in problem, 6 at a time on the one GPU (built-ins and controls first), and per problem:
#   gate outcome | the lint's largest share | on which set | the detail's lint clause
# The gate refuses a problem (invalid_spec, "tolerance admits a 1-in-2 sample on every set the
# gate verifies on ...") where no verified set (set 0, the heavy-tailed set where homogeneous,
# the fresh set) tells the reference from its 1-in-2 echo. It must hit
#   redteam7_offlaw_lgamma_sample           (its seed: invalid_spec)
# and no control_* folder and no built-in problem (a hit there is a false refusal: reported).
# Usage: probe_h28m.sh [SECONDS]  (default 200; writes $OUT/probe_h28m/). Each problem is capped
# at 60 s (NVRTC of the reference and the seed on a cold cache, a worker start, one gate).
set -u
budget=${1:-200}
O=${OUT:-/tmp}/probe_h28m
mkdir -p "$O/json"
: >"$O/results.txt"
B=${SOLVER_BUNDLE:-.carry/lead}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PATH=/usr/local/cuda/bin:$PATH
if [[ ! -x "$B/bin/solver" ]]; then
  echo "probe_h28m: no $B/bin/solver" | tee -a "$O/results.txt"
  exit 1
fi
t0=$SECONDS
# What must not be refused first (the built-ins, the controls), then the lgamma cheat, then the
# other cheats: a budget cut leaves the least needed out.
jobs=""
for d in problems/*/; do
  [[ -f "$d/problem.yaml" ]] && jobs="$jobs problems:$(basename "$d")"
done
for d in tests/cheats/control_*/ tests/cheats/redteam7_offlaw_lgamma_sample/; do
  [[ -f "$d/problem.yaml" ]] && jobs="$jobs tests/cheats:$(basename "$d")"
done
for d in tests/cheats/*/; do
  f=$(basename "$d")
  [[ "$f" == control_* || "$f" == redteam7_offlaw_lgamma_sample ]] && continue
  [[ -f "$d/problem.yaml" ]] && jobs="$jobs tests/cheats:$f"
done
printf '%s\n' $jobs >"$O/jobs.txt"
export B O
one() {
  local root=${1%%:*} name=${1#*:}
  timeout 60 "$B/bin/solver" problems check "$name" --problems-dir "$root" --seed-only --json \
    >"$O/json/${root//\//_}__$name.json" 2>"$O/json/${root//\//_}__$name.log"
  echo "rc=$?" >>"$O/json/${root//\//_}__$name.log"
}
export -f one
# The whole set under the budget: what did not finish is said below as "no result".
timeout $((budget - 15)) bash -c "printf '%s\n' $jobs | xargs -P 6 -I{} bash -c 'one {}'"
summary() {
  python3 - "$O/json" <<'PY'
import json, os, re, sys
d = sys.argv[1]
rows = []
planned = [l.strip() for l in open(os.path.join(d, "..", "jobs.txt")) if l.strip()]
for job in planned:
    root, name = job.split(":", 1)
    f = root.replace("/", "_") + "__" + name + ".json"
    if not os.path.exists(os.path.join(d, f)):
        rows.append((f[:-5], "not run", "-", "-", "(budget spent before it started)"))
for f in sorted(os.listdir(d)):
    if not f.endswith(".json"):
        continue
    name = f[:-5]
    try:
        j = json.load(open(os.path.join(d, f)))
    except Exception:
        rows.append((name, "no result", "-", "-", "(timed out or crashed: see its .log)"))
        continue
    seed = [r for r in j["rows"] if r["variant"] != "(reference)"]
    ref = [r for r in j["rows"] if r["variant"] == "(reference)"]
    r = seed[0] if seed else (ref[0] if ref else None)
    if r is None:
        rows.append((name, "no rows", "-", "-", ""))
        continue
    det = r["detail"]
    share, where = "-", "-"
    m = re.search(r"largest share ([0-9.e+-]+) of the tolerance, on ([^:]+):", det)
    if m:
        share, where = m.group(1), m.group(2)
    m = re.search(r"1-in-2 echo told apart by (.+?) \(at ([0-9.e+inf-]+) of", det)
    if m:
        share, where = m.group(2), m.group(1)
    # Several outputs (helper h28u): each told apart on its own; the first one's share and set.
    m = re.search(r"told apart for every output it moves: \S+ by (.+?) \(at ([0-9.e+inf-]+)\)", det)
    if m:
        share, where = m.group(2), m.group(1)
    if "do not depend on the echoed" in det:
        share, where = "0", "every set"
    clause = re.search(r"(1-in-2 echo[^;]*|tolerance admits.*)", det)
    rows.append((name, r["gate"], share, where, (clause.group(1) if clause else det)[:160]))
hits = []
for name, gate, share, where, clause in rows:
    print(f"{name:52s} {gate:14s} share {share:>9s} on {where:22s} | {clause}")
    if gate == "invalid_spec" and "tolerance admits" in clause:
        hits.append(name)
print("refused by the lint:", ", ".join(hits) if hits else "none")
bad = [h for h in hits if "control_" in h or h.startswith("problems__")]
print("controls or built-ins refused (must be none):", ", ".join(bad) if bad else "none")
print("redteam7_offlaw_lgamma_sample refused:",
      "yes" if any("redteam7_offlaw_lgamma_sample" in h for h in hits) else "NO")
PY
}
summary | tee -a "$O/results.txt"
echo "probe_h28m: $(ls "$O"/json/*.json 2>/dev/null | wc -l) problems, $((SECONDS - t0)) s" |
  tee -a "$O/results.txt"
