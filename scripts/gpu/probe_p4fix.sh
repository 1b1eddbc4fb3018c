#!/usr/bin/env bash
# Probe of branch p4fix (issue 28, red team 33's P4 hole): the gate's scratch-resolution check
# (engine/backend/gpu/scratch_resolution.h, step 4a of gate_op.cpp). Under a declared fp32/fp64
# class with an f32 scratch buffer, the gate runs the candidate three times at slot 0 on a fresh
# law draw and on it moved by a relative 2^-18 and 2^-10, reading the scratch before each run
# (the worker's garbage) and after it; where the problem's reference changes on >= 50% of its
# float outputs under the fine move, more than 25% of the written, coarse-moved words left as
# they were by the fine move is precision_mismatch.
#  (1) cheat rounds (tests/cheats, `solver run`, lib/cheat_round.sh), each against its expect:
#      redteam33_float_packed_scratch     PREDICTED precision_mismatch (expect's live), detail
#          "scratch mid (f32) does not resolve its values at the declared class 'fp32': ... left
#          ~45,800,000 of ~50,300,000 stored words (91%) ... about 14.4-14.6 bits" (host
#          emulation of the folder's own cheat.cu: 91.1-91.2% on 32 x 1024 images, ~14.5 bits;
#          the full image's 3/4 of 8192^2 words judged, the last quarter unwritten).
#          A "kept" means the check did not run: look for "scratch resolution" in the seed's
#          gate detail (absent: resolution_applies was false or the gate was a sweep gate);
#          "not judged" would mean the reference changed on < 50% of outputs (host: > 99%).
#      control_redteam14_fused_stage, control_redteam16_lop3_abs_fused,
#      control_redteam17_fused_levels: KEPT as their expect says (their seeds' FP32 scratch:
#          0 of 67,108,864 judged words unresolved on the host-emulated 32 x 1024 analogue;
#          the fused controls write no scratch: 0 judged, no verdict)
#      control_redteam7_cuda_samples_threadfence: KEPT (partial[264] block sums of a positive
#          law: every word moves with the coherent part of the move)
#      redteam17_block_fixed_scratch: precision_mismatch as before (the static scan; 24-bit
#          block fixed point is 2 bits short of FP32, which this measurement does not reach:
#          host 1-2 of 24,577 words unresolved)
#  (2) honest pools with f32 scratch (`solver problems check P --json`, every knob point):
#      softmax (rmax, rsum; the naive seed: host-emulated 0.6-0.9% unresolved), decoder_block
#      (ten f32 scratch buffers; PREDICTED every row passes, each detail carrying
#      "scratch resolution: N of M judged words unresolved at 2^-18" with N/M < 5%, or "not
#      judged" if its reference does not move), conv2d, matmul_tri, attention (tf32 variants:
#      not judged; every row passes as before). Any FAIL row naming "does not resolve" is a false
#      refusal: report its unresolved share.
#  (3) the check's cost: the seed gate's phases_ms "scratch resolution" in the ledger (PREDICTED
#      for redteam33's 8192^2 image: 3 candidate runs ~3 x 0.3 ms, 6 scratch read-backs of 256
#      MiB each plus their page-locked allocation, two host moves of 2^26 values: ~2-4 s; 2 reference
#      runs once per problem).
# Usage: probe_p4fix.sh [SECONDS]  (default 480; writes $OUT/probe_p4audit/)
# Main carries branch p4audit's refinement of this check, and scripts/gpu/probe_p4audit.sh runs
# these folders, red team 34's subnormal scratch and the same pools against it (its header holds
# the current predictions): this name runs that probe.
exec bash scripts/gpu/probe_p4audit.sh "$@"
