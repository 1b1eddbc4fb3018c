#!/usr/bin/env bash
# Issue 28, helper h29l: red team 27's law model (docs/reliability.md "Red team 27's law model:
# where it is wrong, and what the law admits"). No draw of the verified runs changed: law mode's
# narrowed check now says what it leaves unchecked (a per-element model of the function whose
# error cancels under the law is kept) and the tolerance up to which the problem stays on the
# law (law_checks.h law_exit), in the gate detail, the ledger's narrowed_checks and the report.
#  - redteam27_law_taylor_sum: log B's least-squares parabola, on the law. Host: 0.04 of the
#    tolerance on law draws (red27_law_taylor_sim 24 8 6e-7 1 2). PREDICTED KEPT ~3.6x (the
#    h100-2026-12-06d call 3 ratio 3.64, h100-2026-12-06e 3.61; a MISMATCH against its
#    expect, which names the outcome once closed: the folder stays open, disclosed). Its
#    narrowed line: "output `out` stays on the law up to rtol ~7.8e-07, atol ~1.3 (its share
#    ~39 x on set 0)" (host weakest 39.15; the device's set 0 may differ a little: +-5%).
#  - control_redteam27_law_poly_lbeta (degree 9, accurate on the whole support). PREDICTED kept
#    ~5.5x (as red27.log: 5.55), with the same narrowed line.
#  - control_redteam26_weighted_lbeta_16, control_redteam26_weighted_lbeta_1e3 (off the law by
#    their own notes: "law mode: 0", no law_exit words), control_hon22_softmax_argmax (law mode
#    as in its last live run), control_hon20_atomic_float_histogram (on the law, host weakest
#    ~63.6 at 1e-5, so its line names rtol ~2.1e-05): nothing they are verified on changed.
#    PREDICTED kept, each at the ratio of its last live run (within ~5%). The histogram's own
#    tail (~1-2% of law runs over 1, host h28w_hist_sim 25 48 law) is main's too.
# Usage: probe_h29l.sh [SECONDS]   (default 240; writes $OUT/probe_h29l/). Each folder capped at
# 60 s; budget spent ends it.
set -u
# shellcheck source=lib/cheat_probe.sh
source scripts/gpu/lib/cheat_probe.sh
cheat_probe_init probe_h29l "${1:-240}" redteam27_law_taylor_sum control_redteam27_law_poly_lbeta \
  control_redteam26_weighted_lbeta_16 control_redteam26_weighted_lbeta_1e3 \
  control_hon22_softmax_argmax control_hon20_atomic_float_histogram || exit 1
for name in $CP_DIRS; do
  cheat_probe_round "$name" 60 40 check || continue
  say "  law mode: $(grep -c 'verified runs drawn from the declared law' <<<"$CR_REC")," \
    "law_exit: $(grep -o 'stays on the law up to rtol [^)]*)' <<<"$CR_REC" | head -1)"
done
say "probe_h29l: $CP_OK of $CP_N as their expect says (predicted: all but" \
  "redteam27_law_taylor_sum, kept: open, disclosed); $((SECONDS - t0)) s"
