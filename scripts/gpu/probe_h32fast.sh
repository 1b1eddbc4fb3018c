#!/usr/bin/env bash
# Issue 28's cost bar (the defences' cost <= 25% of a round), helper h32fast: P6k's second look
# (second_look.h, Worker::law_light_shares) made its keyed class echoes ON THE HOST (the device's
# solver_echo took no key): live on an H100 (docs/results/h100-2026-12-07/call3/probe_h31, the
# neighbor_aggregation naive seed) the gate took 211.7 s, the second look 162.9 s of it
# (blocks_6/echo_make 115.9 s + echo_make 13.8 s + host uploads 24.0 s), against 2.4 s for set
# 0's own device-made pass (law_regions/blocks_5); red32's folders 13.7-57.8 s of second look
# (call3/probe_red32) against ~0.2 s for set 0's pass. Now solver_echo takes the judging key
# (echo_keyed_class's classes; key 0 the public ones, bit for bit as before) and the judging set's
# class echoes are derived on the device from its one upload (DeviceBuffers::add_device_set with
# HostSet::base, echo_shares' device branch), as set 0's are from its pristine copy. The judging
# set itself is still drawn on the host (phase second_look/judging_draw) and uploaded once.
# PREDICTIONS (unrun; reasons: set 0's pass is the same number of the same device-made echoes,
# reference runs and device shares; the judging set adds its host draw and one upload):
#  seeds: neighbor_aggregation's naive seed: gate passes as before; phase second_look <= ~5 s
#    (set 0's blocks_5 2.4 s + the 32 keyed hashed ~0.3 s + judging_draw ~1-1.5 s + its upload
#    and reference ~0.3 s); echo_make absent under second_look, echo_device present; gate total
#    ~45-55 s (the 40 s of model_lint remain: not this change). softmax (2^26 outputs, 256 MiB in)
#    and matmul_1024 (2^20 outputs): gate as before (passed on main), second_look of the order of
#    set 0's own law_regions pass (printed beside it), within ~2x of it plus judging_draw.
#  crosscheck (SOLVER_SHARES_CROSSCHECK on layernorm_4096's seed, 16 MiB): every "keyed echo's
#    bytes" line equal (0 differ); the worker's DeviceDerive self-check now includes keyed maps,
#    so a disagreement would have put the worker on the host derive ("device derivation" in the
#    log) before any echo.
#  red32 (probe_red32.sh's five folders): 5 of 5 as their expect says (verdicts unchanged: the
#    same keyed classes, now on the device); second_look <= ~1.5 s on the 2^24 folders, <= ~4 s
#    on the 2^26 residue folder (was 13.7-57.8 s).
# A second_look of tens of seconds with echo_make under it means the device branch was not taken
# (derive_ absent: its self-check failed, see the worker log; or SOLVER_HOST_DERIVE set).
# Usage: ORDER="seeds cross red32" scripts/gpu/probe_h32fast.sh [SECONDS, default 570]; results
#        in $OUT/probe_h32fast/ (results.txt, seeds_*.json, crosscheck.txt, the red32 rounds).
#        In two device calls: ORDER="seeds cross" ... 570, then ORDER=red32 ... 450 (CAP: a seed's
#        cap, 150 s; RCAP: a red32 folder's, 90 s; SEEDS: the seeds, default below). The lint
#        cache is off (SOLVER_LINT_CACHE=0): a cached verdict would skip the lint, second look too.
set -u
bundle=${SOLVER_BUNDLE:-.carry/lead}
if [[ -d kernels ]]; then  # this checkout's kernel library into the bundle (red32's folders)
  mkdir -p "$bundle/share/solver/kernels" && cp -r kernels/. "$bundle/share/solver/kernels/"
fi
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h32fast "${1:-570}" redteam32_kind_tail_lbeta redteam32_residue_light_lbeta \
  redteam32_hashed_light_lbeta redteam32_semi_heavy_lbeta control_redteam32_kind_tail_rec || exit 1
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export SOLVER_LINT_CACHE=0  # every gate runs its lint (a cached verdict has no second look)
S="$B/bin/solver --data-dir $B/share/solver"

# The second look's phases of every gate with a tolerance lint in the JSON file $1 (rows named
# by their "problem", else $2).
phases() {
  python3 - "$@" <<'PY' 2>/dev/null | tee -a "$O/results.txt" || true
import json, sys
def maps(o, name=sys.argv[2] if len(sys.argv) > 2 else ""):  # seeds' rows (gate_phases_ms), measurements.json (gate.phases_ms)
    if isinstance(o, dict):
        name = o.get("problem", name) if isinstance(o.get("problem"), str) else name
        if isinstance(o.get("gate_phases_ms"), dict):
            yield name, o.get("gate", ""), o["gate_phases_ms"]
        elif isinstance(o.get("phases_ms"), dict):
            yield name, o.get("status", ""), o["phases_ms"]
        for k, v in o.items():
            if k not in ("gate_phases_ms", "phases_ms"):
                yield from maps(v, name)
    elif isinstance(o, list):
        for v in o:
            yield from maps(v, name)
def s(ph, suffix):
    return sum(v for k, v in ph.items() if k.endswith(suffix)) / 1e3
for name, gate, ph in maps(json.load(open(sys.argv[1]))):
    ph = {k.replace("incumbent/gate/", ""): v for k, v in ph.items()}
    if not s(ph, "tolerance lint"):
        continue  # a gate without the lint (a reference row, a cached verdict)
    look = s(ph, "law_regions/second_look")
    print("  %s gate %s: total %.1f s, lint %.1f s, set 0's law_regions pass %.1f s, second_look "
          "%.1f s (judging_draw %.2f, echo_device %.2f, echo_make %.2f, host_upload %.2f s)" % (
              name, gate, ph.get("total", 0) / 1e3, s(ph, "tolerance lint"),
              s(ph, "tolerance lint/law_regions") - look, look,
              s(ph, "second_look/judging_draw"),
              sum(v for k, v in ph.items() if "second_look/" in k and k.endswith("echo_device")) / 1e3,
              sum(v for k, v in ph.items() if "second_look/" in k and k.endswith("echo_make")) / 1e3,
              sum(v for k, v in ph.items() if "second_look/" in k and k.endswith("host_upload")) / 1e3))
PY
}

step_seeds() {
  local seed l cap
  for seed in ${SEEDS:-neighbor_aggregation matmul_1024 softmax}; do
    l=$(left)
    ((l < 20)) && { say "seed $seed: not run (budget spent)"; continue; }
    cap=${CAP:-150}
    say "== seed $seed ($((SECONDS - t0)) s)"
    timeout $((l < cap ? l : cap)) $S problems check --seed-only --json "$seed" \
      >"$O/seeds_$seed.json" 2>"$O/seeds_$seed.log"
    say "seed $seed: exit $? in $((SECONDS - t0)) s"
    phases "$O/seeds_$seed.json"
  done
}

step_cross() {
  local l
  l=$(left)
  ((l < 20)) && { say "crosscheck: not run (budget spent)"; return; }
  say "== crosscheck: layernorm_4096's seed with SOLVER_SHARES_CROSSCHECK ($((SECONDS - t0)) s)"
  : >"$O/crosscheck.txt"
  SOLVER_SHARES_CROSSCHECK=$O/crosscheck.txt timeout $((l < 120 ? l : 120)) $S problems check \
    --seed-only --json layernorm_4096 >"$O/cross.json" 2>"$O/cross.log"
  say "crosscheck: exit $?; keyed echo lines differing: $(grep -c "keyed echo's bytes" \
    "$O/crosscheck.txt")" "; $(grep '^crosscheck' "$O/crosscheck.txt" | tail -1)"
  phases "$O/cross.json"
}

step_red32() {
  local name
  say "== red32 ($((SECONDS - t0)) s)"
  for name in $CP_DIRS; do
    cheat_probe_round "$name" "${RCAP:-90}" 48 check || continue
    phases "$O/$name/measurements.json" "$name"
  done
  say "red32: $CP_OK of $CP_N as their expect says (predicted 5 of 5)"
}

for step in ${ORDER:-seeds cross red32}; do "step_$step"; done
say "probe_h32fast: done in $((SECONDS - t0)) s"
