#!/usr/bin/env bash
# fresh27's live probe (issue 29, helper f27): the twenty-seventh fresh held-out batch
# (tests/corpus_fresh27, 5 kernels: PyTorch3D's alpha compositor, ball query, sample_pdf and
# points-to-volumes splat, FasterTransformer's gatherTree) scored for the first time, bounded for
# one device call: scripts/gpu/suite_eval.sh's three steps on the batch -- 1. live `solver eval`
# (gate, CUPTI profile, classify each kernel; signals kept), 2. one ncu export of the five
# kernels (the rules' metric list plus every label's confirm: metrics), 3. the ncu path's
# verdicts and the labels' evidence (`--confirm-csv`) from that export. The labels were committed
# before this ran (commit 2d93e4bc, git log -- tests/corpus_fresh27); no rule is tuned on the
# result.
# Usage: probe_fresh27.sh [SECONDS, default 400, capped at 520 (LIM_CAP) so the whole call fits
# one 540-second device command; under 200 it runs nothing]. Everything under
# $OUT/probe_fresh27/ (eval_live.{json,txt}, signals/, ncu_export.csv, eval_ncu.{json,txt},
# confirm.{json,txt}, corpus_fresh27.log, timings.txt, and the same as corpus_fresh27.tgz); the
# verdict line last: "probe_fresh27: live A/5, ncu B/5, confirmed C/5, exit RC, S s".
# Why 400: fresh26's probe, sized at 400 s, ran in 70 s; this batch's gate inputs are smaller --
# the compositor's 16.7M int64 indices, 8.4M alphas and 16.7M normal features (~165 MB), the
# splat's 2 x 2^21 points with 8 features (~185 MB), the rest a few MB -- and its slowest
# launches are the splat's 302M scattered atomics (~1-8 ms, its float64 reference's as many
# double atomics) and the compositor's (~1-2 ms).
# Predicted (unmeasured): 40-150 s: the live step ~30-100 s, the one ncu session ~15-50 s (five
# kernels, ~40 replay passes each; the compositor and the splat accumulate into zeroed outputs,
# saved and restored between passes). Kernel times a launch (H100 / H200 where they differ):
# p3d_alpha_composite_fwd ~0.8-2 ms / ~0.6-1.6 ms (L2 sectors of the gather and ~1.8 GB of DRAM
# re-reads); p3d_ball_query ~0.5-1.5 ms on both (64 SMs walking ~16000 points a query);
# p3d_sample_pdf ~0.08-0.3 ms on both (latency of the bin walks); ft_gather_tree ~0.15-0.9 ms on
# both (one SM, three chains of ~1000 L1/L2 round trips a thread); p3d_points_to_volumes ~1-8 ms
# on both (L2 atomic throughput).
# Gate: 5/5 predicted (every pair agreed on the host, scripts/host_emu/run_fresh27.sh, 15
# comparisons: the ball query's neighbour indices and the gather tree's tokens exactly, the rest
# at <= 0.19 of the tolerance; `solver problems check --compile-only` passes all 10 points).
# Labels (committed before any run): p3d_alpha_composite_fwd uncoalesced (dependent_load_latency,
# l2_bandwidth accepted), p3d_ball_query small_grid (issue_bound, cache_resident_reuse
# accepted), p3d_sample_pdf low_ilp (warp_divergence, dependent_load_latency accepted),
# ft_gather_tree dependent_load_latency (small_grid, low_ilp accepted), p3d_points_to_volumes
# unexplained (atomic_contention, uncoalesced accepted).
# Predicted verdict (no classifier run on the batch, no rule condition read): live 2-4/5, ncu
# 2-4/5, confirmed 2-4/5 -- the gather tree (one block: small_grid accepted) and the compositor
# (a 4-byte gather a lane) are the likeliest right; the ball query's 256-block launch hides its
# 192 empty blocks from a rule that counts launched blocks, the sampler's ~50% issue may read as
# issue_bound or warp_divergence's neighbours, and the splat's scattered atomics are a cost no
# class names (the label's own `unexplained` is the hardest verdict to get).
set -u
# shellcheck source=lib/fresh_score.sh
BATCH=fresh27
LIM=${1:-400}
LIM_CAP=520
. "$(dirname "$0")/lib/fresh_score.sh"
