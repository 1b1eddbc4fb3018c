#!/usr/bin/env bash
# Two rule tables that should behave the same (a refactor such as naming derived signals):
# every recorded set of scripts/dev_scores.sh, plus the corpus's held-out split, scored with each
# (`solver eval --json`), and every kernel's saved signals classified with each
# (`solver classify --json`: the ranking's estimates, evidence weights and scores). Prints what
# differs besides the derived-signal entries NEW adds to evidence and estimate inputs (and the
# rule texts); exit 1 if anything does.
#
# usage: scripts/rules_equivalence.sh SOLVER OLD.yaml NEW.yaml OUTDIR
set -euo pipefail
cd "$(dirname "$0")/.."
solver=$1 old=$2 new=$3 out=$4
mkdir -p "$out"
sets=$(grep -o '"[a-z0-9_]*|tests/[^"]*"' scripts/dev_scores.sh | tr -d '"')
sets+=$'\n'$(grep '^corpus_dev_' <<<"$sets" | sed 's/^corpus_dev_/corpus_heldout_/; s/|dev$/|heldout/')
while IFS='|' read -r name suite flag src split; do
  [[ -e "$src" ]] || { echo "$name: $src missing, skipped"; continue; }
  extra=()
  [[ -n "$split" ]] && extra+=(--split "$split")
  for side in old new; do
    table=$old && [[ $side == new ]] && table=$new
    mkdir -p "$out/$side/eval" "$out/$side/classify"
    save=() && [[ $side == old ]] && save=(--save-signals "$out/signals/$name")
    "$solver" eval --suite "$suite" "$flag" "$src" --json --rules "$table" "${extra[@]}" \
      "${save[@]}" >"$out/$side/eval/$name.json" 2>/dev/null || true
  done
  chip=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["chip"])' "$out/old/eval/$name.json")
  for f in "$out/signals/$name"/*.json; do
    [[ -e "$f" ]] || continue
    for side in old new; do
      table=$old && [[ $side == new ]] && table=$new
      "$solver" classify --signals "$f" --chip "$chip" --rules "$table" --json \
        >"$out/$side/classify/$name.$(basename "$f")" 2>/dev/null || true
    done
  done
done <<<"$sets"
python3 - "$out" "$new" <<'PY'
import glob, json, os, sys, yaml
out, new = sys.argv[1], sys.argv[2]
derived = set((yaml.safe_load(open(new)).get('derived') or {}).keys())
bad = 0
def strip_case(c, ref):  # NEW's derived evidence entries that OLD lacks
    c = dict(c)
    if isinstance(c.get('evidence'), dict):
        c['evidence'] = {k: v for k, v in c['evidence'].items()
                         if not (k in derived and k not in (ref.get('evidence') or {}))}
    return c
cases = added = 0
for fa in sorted(glob.glob(f'{out}/old/eval/*.json')):
    name = os.path.basename(fa)
    ta, tb = open(fa).read(), open(f'{out}/new/eval/{name}').read()
    if not ta.strip() or not tb.strip():
        if ta.strip() != tb.strip(): print(f'eval {name}: one side empty'); bad += 1
        continue
    a, b = json.loads(ta), json.loads(tb)
    ca = {c['kernel']: c for c in a.get('cases', [])}
    cb = {c['kernel']: c for c in b.get('cases', [])}
    if set(ca) != set(cb): print(f'eval {name}: kernels differ'); bad += 1
    for k in ca:
        cases += 1
        y = strip_case(cb.get(k, {}), ca[k])
        added += len(cb.get(k, {}).get('evidence') or {}) - len(y.get('evidence') or {})
        if ca[k] != y:
            bad += 1
            print(f'eval {name} {k}: ' + ', '.join(f for f in set(ca[k]) | set(y) if ca[k].get(f) != y.get(f)))
    b['confusions'] = [strip_case(y, x) for x, y in zip(a.get('confusions', []), b.get('confusions', []))]
    for f in set(a) | set(b):
        if f not in ('cases', 'rules') and a.get(f) != b.get(f): print(f'eval {name}: {f} differs'); bad += 1
def norm(x, drop):
    if isinstance(x, dict):
        r = {}
        for k, v in x.items():
            if k in ('when', 'estimate_expr', 'rules'): continue
            if drop and k in ('evidence', 'estimate_inputs') and isinstance(v, list):
                v = [e for e in v if not (isinstance(e, dict) and e.get('origin') == 'derived')]
            r[k] = norm(v, drop)
        return r
    return [norm(v, drop) for v in x] if isinstance(x, list) else x
kernels = estimates = 0
for fa in sorted(glob.glob(f'{out}/old/classify/*.json')):
    ta, tb = open(fa).read(), open(fa.replace('/old/', '/new/')).read()
    if not ta.strip() and not tb.strip(): continue
    kernels += 1
    a, b = json.loads(ta), json.loads(tb)
    estimates += sum(1 for v in a.get('verdicts', []) for r in v.get('ranked', []) if r.get('estimate') is not None)
    if norm(a, False) != norm(b, True):
        bad += 1; print('classify differs:', os.path.basename(fa))
print(f'eval: {cases} cases ({added} derived evidence entries added); classify: {kernels} kernels, '
      f'{estimates} ranked estimates; {bad} difference(s)')
sys.exit(1 if bad else 0)
PY
