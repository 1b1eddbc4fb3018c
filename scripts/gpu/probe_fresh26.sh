#!/usr/bin/env bash
# fresh26's live probe (issue 29, helper f26): the twenty-sixth fresh held-out batch
# (tests/corpus_fresh26, 5 kernels: QuEST's one-qubit gate, partial trace and five-qubit dense
# gate, MXNet's histogram, warp-ctc's CTC forward pass) scored for the first time, bounded for one
# device call: scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval`
# (gate, CUPTI profile, classify each kernel; signals kept), 2. one ncu export of the five
# kernels (the rules' metric list plus every label's confirm: metrics), 3. the ncu path's
# verdicts and the labels' evidence (`--confirm-csv`) from that export. The labels were committed
# before this ran (commit 8c6c87f2, git log -- tests/corpus_fresh26); no rule is tuned on the
# result.
# Usage: probe_fresh26.sh [SECONDS, default 400, capped at 520 (LIM_CAP) so the whole call fits
# one 540-second device command; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh26/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh26.log, timings.txt, and the same as corpus_fresh26.tgz); the
# verdict line last: "probe_fresh26: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Why 400: fresh25's probe, sized at 400 s, fitted; this batch's gate inputs are larger -- two
# 512 MiB statevectors of float64 (the one-qubit and the five-qubit gate, in place, drawn on the
# host as 2^26 normals each), a 256 MiB density matrix, 64 MB of histogram floats, 1.5 MB of CTC
# probabilities -- and two kernels take milliseconds a launch (the five-qubit gate's 17.7 GB of
# L2 stores, the histogram's 16.7M contended atomics, and its reference's as many). 400 s leaves
# the live step ~196 s and the ncu session ~186 s.
# Predicted (unmeasured): 60-200 s: the live step ~40-130 s (the host draws of the two
# statevectors and the density matrix lead the gates), the one ncu session ~20-60 s (five
# kernels, ~40 replay passes each, the two 512 MiB in-place states saved and restored between
# passes). Kernel times a launch: quest_onetarg_dense_q0 ~0.33-0.40 ms (H100), ~0.23-0.30 ms
# (H200: DRAM-bound, 1.07 GB); quest_partial_trace_q0 ~0.10-0.13 ms (H100), ~0.07-0.10 ms (H200:
# 335 MB); quest_fewtarg_dense5 ~3-7 ms on both (L2, not DRAM); mxnet_histogram_fused ~3-10 ms on
# both (one or two L2 slices' atomic units); warpctc_compute_alpha ~0.1-0.4 ms on both (399
# serial steps of L2 round trips and barriers).
# Gate: 5/5 (every pair agreed on the host, scripts/host_emu/run_fresh26.sh, 9 comparisons: the
# QuEST kernels at the problems' sizes on a few blocks each, the histogram's counts exactly, the
# CTC alphas at 0.06 of the tolerance; `solver problems check --compile-only` passes all 10
# points). Labels (committed before any run): quest_onetarg_dense_q0 dram_bandwidth
# (dram_near_roof accepted), quest_partial_trace_q0 uncoalesced (dram_bandwidth accepted),
# quest_fewtarg_dense5 l2_bandwidth (dependent_load_latency accepted), mxnet_histogram_fused
# atomic_contention, warpctc_compute_alpha small_grid (barrier_bound, low_ilp accepted).
# Predicted verdict (no classifier run on the batch, no rule condition read): live 3-4/5, ncu
# 3-4/5, confirmed 3-5/5 -- the histogram, the CTC pass and the partial trace are the likeliest
# right; the one-qubit gate's half-used load sectors may read as uncoalesced to a rule that
# counts sectors per request without DRAM bytes, and l2_bandwidth is a class two corpus kernels
# hold, the five-qubit gate's likeliest miss.
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh26
LIM=${1:-400}
LIM_CAP=520
. "$(dirname "$0")/lib/fresh_score.sh"
