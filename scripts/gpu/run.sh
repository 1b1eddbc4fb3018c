#!/usr/bin/env bash
# The one entry point for work on the GPU machine. Run from the repo root there, with the static
# bundle built here by `scripts/gpu/bundle.sh` (default .carry/lead) carried along:
#
#   scripts/gpu/run.sh STEP [STEP...]
#
# Steps (each a small function below; each writes under $OUT/<step>/ and its own time limit):
#   info       the GPU, driver, clocks, toolkit (nvidia-smi, nvcc --version)
#   tests      every `gpu`-labelled test binary of the bundle ($SOLVER_BUNDLE/tests/*_gpu_test:
#              live backend, fault suite, cheat suite, ...), each under a timeout; doctest's
#              summary line per binary; then tests/scripts/ncu_rep_gpu_test.sh (a real .ncu-rep
#              read by classify); TESTS_GLOB picks binaries, SOLVER_CHEAT_SHARD=K/N splits the cheat suite
#   check      `solver problems check` on $PROBLEMS (default: every built-in problem): the GPU
#              gate at every knob point, one JSON per problem
#   record     `solver record` of $PROBLEMS into $OUT/record/recording.json (merged per problem,
#              so a step cut by its time limit keeps what it finished); RECORD_BASE=FILE starts
#              from a copy of FILE and measures only missing or stale (source changed) points
#   cheats     the cheat suite through the CLI (scripts/gpu/cheats.sh): one round per cheat
#   labelled   the labelled suite live and from one ncu export (scripts/gpu/labelled.sh)
#   corpus     the real-kernel corpus, live and ncu-confirmed (scripts/gpu/corpus.sh)
#   corpus_fresh  the fresh held-out batch (tests/corpus_fresh, 10 kernels), the same way: live
#              eval, one ncu export, --ncu-csv and --confirm-csv (~150 s)
#   pcsample_ours  issue 31: our PC samples alone, a live `solver eval --save-signals` of the
#              labelled suite and the corpus (no ncu; ~240 s), compared offline with kept ncu
#              exports by scripts/gpu/pcsample_compare.py
#   corpus_fresh2  the second fresh held-out batch (tests/corpus_fresh2, 11 kernels, helper h29d),
#              the same way (~150 s); scored once, as the held-out measure of the h29d rule changes
#   corpus_fresh3  the third fresh held-out batch (tests/corpus_fresh3, 13 kernels, helper fresh3),
#              the same way (predicted ~150-200 s: the ncu export's replays of the two 4096^3 WMMA GEMMs,
#              the n-body and the 8 ms layernorm kernel lead); no rule is tuned on it
#   corpus_fresh4  the fourth fresh held-out batch (tests/corpus_fresh4, 13 kernels, helper fresh4),
#              the same way (predicted ~200-260 s, unmeasured: the embedding bag's and llm.c
#              encoder's multi-ms launches and the 0.5-1 GB inputs lead); no rule is tuned on it
#   corpus_fresh5  the fifth fresh held-out batch (tests/corpus_fresh5, 14 kernels, helper fresh5),
#              the same way (predicted ~220-290 s, unmeasured: pdist's 2.1M blocks, tiny_sha3's
#              local-memory rounds and zeta's FP64 series lead the ncu replays); no rule is tuned on it
#   corpus_fresh6  the sixth fresh held-out batch (tests/corpus_fresh6, 14 kernels, helper fresh6),
#              the same way (predicted ~230-300 s, unmeasured: the 2^26-label bincount's 131072
#              blocks, the ~1 ms latency-bound scans (particle filter, one-warp NLL loss) and the
#              0.5-2 GB inputs of get_rows, bincount and blake2b lead); no rule is tuned on it
#   corpus_fresh7  the seventh fresh held-out batch (tests/corpus_fresh7, 14 kernels, helper fresh7),
#              the same way (predicted ~230-300 s, unmeasured: the 1 GiB INT8 quantisation's 2^20
#              blocks, the 2-3 ms miniBUDE docking kernel, the PageRank push's 67 M atomics and
#              XSBench's 209 MB index grid lead the ncu replays); no rule is tuned on it
#   corpus_fresh8  the eighth fresh held-out batch (tests/corpus_fresh8, 14 kernels, helper fresh8),
#              the same way (predicted ~230-300 s, unmeasured: the 2-3 ms kNN distance and
#              insertion-sort kernels, the 1.1 GB Megatron softmax and the float64 references of
#              the softmax and the distances lead); no rule is tuned on it
#   corpus_fresh9  the ninth fresh held-out batch (tests/corpus_fresh9, 13 kernels, helper h29c:
#              RAJAPerf, SHOC MD, the samples' diagonal transpose, llm.c's FlashAttention port),
#              the same way (predicted ~220-300 s, unmeasured: the ~80 ms FlashAttention port's
#              ncu replays, the ~2 ms FP64 MAT_MAT_SHARED and the GEMMs' float64 references lead);
#              no rule is tuned on it
#   corpus_fresh10  the tenth fresh held-out batch (tests/corpus_fresh10, 12 kernels, helper h29n:
#              PolyBench/GPU, Parboil sgemm, CUB's shared- and global-atomic histograms, Caffe im2col
#              and max pooling, the NVIDIA blog's GUPS and Longstaff-Schwartz paths), the same way
#              (predicted ~200-290 s, unmeasured: GUPS's ~30-65 ms launches and its 512 MB table,
#              the 2-10 ms SYRK and BICG and the two solid-frame histograms lead); no rule is tuned on it
#   corpus_fresh11  the eleventh fresh held-out batch (tests/corpus_fresh11, 12 kernels, helper h29o:
#              TensorFlow's BiasAdd, bias gradient, segment sum and depthwise convolution, darknet's
#              reorg and leaky activation, Pointnet2_PyTorch's three-NN and farthest point sampling,
#              py-faster-rcnn's NMS, tiny-cuda-nn's hash encoding, Kaldi's CopyLowerToUpper, mmcv's
#              focal loss), the same way (predicted ~200-290 s, unmeasured: the segment sum's 1-8 ms
#              of same-row atomics, the two ~1 ms one-block-per-cloud Pointnet2 kernels, the shared
#              CAS loop of the RGB bias gradient and the references' float64 passes lead); no rule is
#              tuned on it
#   corpus_fresh12  the twelfth fresh held-out batch (tests/corpus_fresh12, 12 kernels, helper h29p:
#              su3_bench's SU(3) link products, MAGMA's LU row swaps, CULSP's Lomb-Scargle
#              periodogram, kNN-CUDA's distances, insertion sort and two norm kernels, FFmpeg's
#              thumbnail histogram, bilateral filter and chroma key, Ginkgo's two CG updates), the
#              same way (predicted ~200-290 s, unmeasured: the insertion sort's ~10 ms launches and
#              its one-thread-per-column float64 reference, the 2-3 ms distance matrix with its
#              512 MB float64 reference, the ~2 ms bilateral filter and su3_bench's 1.2 GB lead); no
#              rule is tuned on it
#   corpus_fresh13  the thirteenth fresh held-out batch (tests/corpus_fresh13, 12 kernels, helper f13:
#              cuda-samples' recursive Gaussian, xyzw count, stereo disparity and particle reorder,
#              cuML's t-SNE attractive forces, bitsandbytes' 2-D histogram scatter-add, FFmpeg's
#              yadif, vLLM's merge_attn_states, PyTorch's searchsorted and CTC alpha, BabelStream's
#              dot, OpenCV's CLAHE lookup tables), the same way (predicted ~150-250 s, unmeasured:
#              the 1-5 ms recursive Gaussian with its serial float64 reference, the stereo
#              reference's 17 x 289 taps per pixel, the 8K yadif planes and the histogram
#              reference's 256 scans of 8.4M indices lead); no rule is tuned on it
#   corpus_fresh14  the fourteenth fresh held-out batch (tests/corpus_fresh14, 4 kernels, helper f14:
#              PyTorch's bilinear upsampling, torch.gcd and scatter_reduce amax, darknet's
#              batch-norm mean), the same way (predicted ~60-180 s, unmeasured: the scatter
#              reference's 128 blocks each scanning all 131072 ids, the bilinear kernel's ~0.1-0.3 ms launches
#              and the gcd reference's binary gcd over 2^23 pairs lead); no rule is tuned on it
#   corpus_fresh15  the fifteenth fresh held-out batch (tests/corpus_fresh15, 5 kernels, helper f15:
#              OpenCV's BGR-to-HSV on 8-bit and float frames and its naive SQDIFF template
#              matching, CUDPP's list-ranking chase and pointer-jumping kernels), the same way
#              (predicted ~60-200 s, unmeasured: the 16M-node jump's 256 MB of inputs and float64
#              reference and the chase's 2048-walker reference passes lead); no rule is tuned on it
#   corpus_fresh16  the sixteenth fresh held-out batch (tests/corpus_fresh16, 4 kernels, helper f16:
#              ggml's nearest upscale, RWKV-6 WKV, bitonic argsort and transposed 1-D
#              convolution), the same way (predicted ~40-150 s, unmeasured: the upscale's 134 MB
#              output and float64 reference and the convolution's ~2 ms launches lead); no rule
#              is tuned on it
#   corpus_fresh17  the seventeenth fresh held-out batch (tests/corpus_fresh17, 3 kernels, helper f17:
#              PyTorch's cumsum scans along the last and an outer dimension and its 2-D NLL loss
#              reduction), the same way (predicted ~40-150 s, unmeasured: the top-p cumsum's
#              131 MB of probabilities and float64 reference and the outer scan's ~1 ms launches
#              lead); no rule is tuned on it
#   corpus_fresh18  the eighteenth fresh held-out batch (tests/corpus_fresh18, 5 kernels, helper f18:
#              PyTorch Sparse's CSR spmm, cuda-hashing-algos' MD2, NPB-GPU's EP class C and
#              PyTorch's GroupNorm moments and affine pass), the same way (predicted ~60-200 s,
#              unmeasured: EP's ~30-60 ms launches and its ~20 ms float64 reference, the MD2
#              kernel's ~1-5 ms launches and the 16.8M-nonzero graph's inputs lead); no rule is
#              tuned on it
#   corpus_fresh19  the nineteenth fresh held-out batch (tests/corpus_fresh19, 5 kernels, helper f19:
#              cuda_hgemm's cp.async/mma.sync HGEMM twice, CUDPP's CR-PCR solver, DGL's CSR
#              SpMM with max, PyTorch Cluster's radius search), the same way (predicted ~120-220 s,
#              unmeasured: the 8192 x 8192 x 4096 GEMM's float64 reference and the radius
#              search's ~2-4 ms launches lead; scripts/gpu/probe_fresh19.sh runs it bounded to
#              240 s); no rule is tuned on it
#   corpus_fresh20  the twentieth fresh held-out batch (tests/corpus_fresh20, 5 kernels, helper f20:
#              PyTorch's erfcx on randn and on a grid, ArrayFire's medfilt2 5x5 and 7x7 and its
#              iir), the same way (predicted ~80-200 s, unmeasured: the erfcx pair's 2^25-float
#              inputs and float64 references and the IIR's ~3-4 ms launches lead;
#              scripts/gpu/probe_fresh20.sh runs it bounded to 240 s); no rule is tuned on it
#   corpus_fresh21  the twenty-first fresh held-out batch (tests/corpus_fresh21, 5 kernels, helper f21:
#              PyTorch's NCHW max pool (VGG 2x2 and YOLO SPP 13x13) and weight norm, OpenCV's
#              31-tap column filter, llama.cpp's Mamba-1 scan), the same way (predicted ~70-180 s,
#              unmeasured: VGG's 25.7M-float batch, the 16.8M-pixel image and the scan's float64
#              reference lead; scripts/gpu/probe_fresh21.sh runs it bounded to 240 s); no rule is
#              tuned on it
#   corpus_fresh22  the twenty-second fresh held-out batch (tests/corpus_fresh22, 5 kernels, helper f22:
#              llama.cpp's batched triangular solve, PyTorch's batch-norm statistics, LSTM cell and
#              reflection pad, HeCBench's HACCmk), the same way (predicted ~70-170 s, unmeasured:
#              the batch norm's 102.8 MB batch, the LSTM cell's 126 MB and HACCmk's float64
#              reference lead; scripts/gpu/probe_fresh22.sh runs it bounded to 240 s); no rule is
#              tuned on it
#   corpus_fresh23  the twenty-third fresh held-out batch (tests/corpus_fresh23, 5 kernels, helper f23:
#              HeCBench's vanGenuchten, the Ostrich PageRank's map and reduce, simpleSpmv's vector CSR
#              SpMV on a power-law matrix, expdist), the same way (predicted ~100-220 s, unmeasured:
#              the page rank's 1.6 GB link and map matrices and the SpMV's 2^25 nonzeros lead;
#              scripts/gpu/probe_fresh23.sh runs it bounded to 240 s); no rule is tuned on it
#   corpus_fresh24  the twenty-fourth fresh held-out batch (tests/corpus_fresh24, 5 kernels, helper f24:
#              HeCBench's entropy_opt, pnpoly_base, matern_kernel, hwt1d's dwtHaar1D and dslash's
#              make_back with its one-thread blocks), the same way (predicted ~150-400 s, unmeasured:
#              make_back's ~1.2 GB of links and the entropy's 64M pixels lead the gates;
#              scripts/gpu/probe_fresh24.sh runs it bounded to 520 s); no rule is tuned on it
#   corpus_fresh25  the twenty-fifth fresh held-out batch (tests/corpus_fresh25, 5 kernels, helper f25:
#              HeCBench's SHOC MD5 key search, table-lookup popcount, Romberg integration at its
#              128 x 64 launch, MRI FHd and the Hausdorff walk), the same way (predicted ~40-150 s,
#              unmeasured: popcount's 192 MB and the MD5 and Hausdorff references lead the gates;
#              scripts/gpu/probe_fresh25.sh runs it bounded to 400 s); no rule is tuned on it
#   corpus_fresh26  the twenty-sixth fresh held-out batch (tests/corpus_fresh26, 5 kernels, helper f26:
#              QuEST's one-qubit gate, partial trace and five-qubit dense gate, MXNet's histogram,
#              warp-ctc's CTC forward pass), the same way (predicted ~60-200 s, unmeasured: the two
#              512 MiB statevectors and the 256 MiB density matrix lead the gates;
#              scripts/gpu/probe_fresh26.sh runs it bounded to 400 s); no rule is tuned on it
#   corpus_fresh27  the twenty-seventh fresh held-out batch (tests/corpus_fresh27, 5 kernels, helper f27:
#              PyTorch3D's alpha compositor, ball query, sample_pdf and points-to-volumes splat,
#              FasterTransformer's gatherTree), the same way (predicted ~40-150 s, unmeasured: the
#              compositor's 100 MB of indices and alphas and the splat's 2 x 2^21 points lead the
#              gates; scripts/gpu/probe_fresh27.sh runs it bounded to 400 s); no rule is tuned on it
#   pcsample_vs_ncu  issue 31: per kernel of the labelled suite and the corpus, the line our PC
#              sampling ranks first per stall reason against ncu's source view (SourceCounters);
#              reuses the PC samples the labelled/corpus steps of the same call saved, so run it
#              after them (scripts/gpu/pcsample_vs_ncu.sh; ~270 s for both suites, estimated)
#   ablate     the live ablation of the six original problems, 12 rounds, both tracks
#              (ABLATE_PROBLEMS, ABLATE_ROUNDS change them); scripts/phase_table.py on its ledger
#              gives the defences' share of a round
#   calibrate  identical-arm and slowdown trials of the paired verdict (scripts/gpu/calibrate.sh)
#   p10        issue 28 P10: layernorm's seed (the noisiest) and softmax's, identical arms with
#              +2% injected, the adaptive pair rule (--adaptive-pairs: up to 128 pairs, the
#              8-pair pilot's spread sets the cap) against the fixed 16-pair rule on the same
#              build: +2% must be detected in >= 80% of trials, false "faster" <= 1%
#   torch      PyTorch eager and torch.compile on every problem (scripts/gpu/torch_bench.sh)
#   parity     issue 33, one run both sides: each problem's kept kernel (ON best of $PARITY_RUN,
#              else of an offline ablation on the bundled recording) exported by `solver problems
#              export`, launched by bench/parity.py through the driver API next to PyTorch eager
#              and torch.compile in one process (scripts/gpu/parity.sh); parity.json and the
#              docs/results.md table (parity_table.md); its limit PARITY_STEP_S (480), capped
#              by what is left; torch.compile gets what solver's side and eager leave of it
#   byok       bring-your-own-kernel from a fresh multi-version file to a live ablate (byok.sh)
#   generator  the external generator live (scripts/gpu/generator.sh)
#   house      the worker's error paths driven live, each with its expected outcome (house_worker.sh)
#   multi_gpu  shards and --gpus on the live backend (scripts/gpu/multi_gpu.sh)
#   metric_cost  solver's profile against ncu with the same metrics (scripts/gpu/metric_cost.sh)
#   probes     the scripts named by PROBES (a glob; default every scripts/gpu/probe_*.sh but
#              probe_h33c.sh, which attn33 runs): a work-in-progress check a helper asks for, each
#              with PROBE_S seconds (default 90) as its argument and its own $OUT/probe_<name>/
#   attn33     issue 33's attention kernels against PyTorch in one call (scripts/gpu/probe_h33c.sh:
#              attention_bf16's FA2/wgmma kernels vs SDPA's FlashAttention backend, the FP32/TF32
#              flash kernels of attention and decoder_block vs PyTorch's FP32 SDPA; ~30 s)
#   large_pools  issue 30: the four large pools (4,808 points) recorded with the sweep gate,
#              compiles ahead on all cores and selective profiles into
#              $OUT/large_pools/h200-large.json (scripts/gpu/large_pools.sh; LARGE_POOLS_S, the
#              record's time limit, default 380 s, capped by what is left of BUDGET_S)
#
# Everything lands in $OUT (the device tool returns at most 8 files): each step's folder, then one
# archive $OUT/results.tgz of all of them, $OUT/summary.txt (one line per step: exit code, wall
# seconds, and the step's own verdict line), and $OUT/command.txt (this exact command line, the
# commit and the date): a results folder in docs/results keeps that file as its provenance.
# Environment: SOLVER_BUNDLE (default .carry/lead), BUDGET_S (default 540: steps that would start
# with less than 30 s left are skipped and say so).
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
OUT=${OUT:-/tmp/solver-gpu-run}
mkdir -p "$OUT"
export SOLVER_BUNDLE=${SOLVER_BUNDLE:-.carry/lead}
B=$SOLVER_BUNDLE
D=$B/share/solver
export SOLVER_CACHE_DIR=${SOLVER_CACHE_DIR:-/tmp/solver-cache-$(id -u)}
export LD_LIBRARY_PATH=$PWD/$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
T0=$(date +%s)
BUDGET_S=${BUDGET_S:-540}
left() { echo $((BUDGET_S - ($(date +%s) - T0))); }
cap() { local l=$(($(left) - 10)); [ "$l" -lt "$1" ] && echo "$l" || echo "$1"; }
{
  printf 'scripts/gpu/run.sh'
  printf ' %q' "$@"
  printf '\n# commit %s, %s\n' "$(git rev-parse --short HEAD 2>/dev/null || echo '?')" "$(date -u +%FT%TZ)"
} >"$OUT/command.txt"
: >"$OUT/summary.txt"

step_info() {
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,memory.total,ecc.mode.current,temperature.gpu \
    --format=csv 2>&1
  nvcc --version 2>&1 | tail -2
  "$B/bin/solver" --version 2>&1
}

step_tests() {
  local t bin s rc any=0
  # TESTS_GLOB picks the binaries (default every *_gpu_test); SOLVER_CHEAT_SHARD=K/N passes to
  # cheat_suite_gpu_test (its folders K mod N: the whole suite outlasts one call).
  local bins=("$B"/tests/${TESTS_GLOB:-*_gpu_test})
  [ -x "${bins[0]}" ] || { echo "no *_gpu_test binaries under $B/tests"; return 1; }
  for bin in "${bins[@]}"; do
    t=$(basename "$bin")
    s=$(date +%s)
    SOLVER_TEST_WORKER="$PWD/$B/bin/solver-gpu" SOLVER_GPU_WORKER="$PWD/$B/bin/solver-gpu" \
      SOLVER_TEST_SOURCE_DIR="$PWD" timeout "$(cap "${TEST_S:-420}")" "$bin" >"$1/$t.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || any=1
    echo "$t: exit $rc in $(($(date +%s) - s)) s; $(grep -E '^\[doctest\] (test cases|assertions)' "$1/$t.log" | tr -s ' ' | tr '\n' ' ')"
    grep -E "ERROR|FAILED|SKIP|MESSAGE" "$1/$t.log" | head -n 12
  done
  # issue 32: a real .ncu-rep (ncu on one kernel) read by `classify --ncu-csv` (77: skipped).
  s=$(date +%s)
  timeout "$(cap 200)" bash tests/scripts/ncu_rep_gpu_test.sh "$B/bin/solver" "$B/bin/solver-gpu" "$D" \
    >"$1/ncu_rep_gpu_test.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 77 ] || any=1
  echo "ncu_rep_gpu_test: exit $rc in $(($(date +%s) - s)) s; $(grep -E '^(PASSED|FAILED|SKIP)' "$1/ncu_rep_gpu_test.log" | head -n 3 | tr '\n' ' ')"
  return $any
}

problem_list() { echo "${PROBLEMS:-$(ls "$D/problems")}" | tr ', ' '\n\n' | awk 'NF'; }
step_check() {
  local p rc any=0
  for p in $(problem_list); do
    [ "$(left)" -lt 40 ] && { echo "$p: not checked ($(left) s left)"; any=1; continue; }
    timeout "$(cap 120)" "$B/bin/solver" --data-dir "$D" problems check "$p" --json >"$1/check_$p.json" 2>"$1/check_$p.err"
    rc=$?
    [ $rc -eq 0 ] || any=1
    echo "$p: exit $rc; $(tail -n 1 "$1/check_$p.err")"
  done
  return $any
}
step_record() {
  local p rc any=0
  # RECORD_BASE=tests/data/recordings/h200.json: start from a copy of that recording, so --merge
  # measures only the points it lacks and those recorded from other source bytes (stale keys),
  # and $OUT/record/recording.json is the whole new recording.
  if [ -n "${RECORD_BASE:-}" ]; then cp "$RECORD_BASE" "$1/recording.json" && echo "base: $RECORD_BASE"; fi
  for p in $(problem_list); do
    [ "$(left)" -lt 60 ] && { echo "$p: not recorded ($(left) s left)"; any=1; continue; }
    # RECORD_ARGS: more `solver record` options, e.g. "--jobs 0" (compile every point ahead).
    # RECORD_CAP_S: one problem's limit (default 200 s; attention_bf16's first gate alone spends
    # ~212 s in the tolerance lint on an H100).
    timeout "$(cap "${RECORD_CAP_S:-200}")" "$B/bin/solver" --data-dir "$D" record --problems "$p" --merge \
      --out "$1/recording.json" ${RECORD_ARGS:-} >"$1/record_$p.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || any=1
    echo "$p: exit $rc; $(tail -n 1 "$1/record_$p.log")"
  done
  return $any
}
step_cheats() { OUT=$1 timeout "$(cap 360)" bash scripts/gpu/cheats.sh; }
step_labelled() { OUT=$1 BUDGET_S=$(cap 290) timeout "$(cap 300)" bash scripts/gpu/labelled.sh; }
step_corpus() {
  [ -f scripts/gpu/corpus.sh ] || { echo "no scripts/gpu/corpus.sh in this checkout"; return 1; }
  OUT=$1 BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh() {
  OUT=$1 SUITE=tests/corpus_fresh LIVE_LIMIT=$(cap 120) BUDGET_S=$(cap 220) timeout "$(cap 230)" bash scripts/gpu/corpus.sh
}
step_pcsample_ours() {
  local D=$SOLVER_BUNDLE/share/solver suite
  for suite in ${SUITES:-tests/labelled tests/corpus}; do
    echo "-- $suite ($(left) s left)"
    timeout "$(cap 150)" "$SOLVER_BUNDLE/bin/solver" --data-dir "$D" eval --suite "$suite" \
      --save-signals "$1/$(basename "$suite")" >"$1/$(basename "$suite").txt" 2>&1
    echo "$suite: exit $?; $(ls "$1/$(basename "$suite")"/*.pc.json 2>/dev/null | wc -l) profiles, $(grep -l '"ok": true' "$1/$(basename "$suite")"/*.pc.json 2>/dev/null | wc -l) with samples"
  done
}
step_corpus_fresh2() {
  OUT=$1 SUITE=tests/corpus_fresh2 LIVE_LIMIT=$(cap 120) BUDGET_S=$(cap 220) timeout "$(cap 230)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh3() {
  OUT=$1 SUITE=tests/corpus_fresh3 LIVE_LIMIT=$(cap 130) BUDGET_S=$(cap 230) timeout "$(cap 240)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh4() {
  OUT=$1 SUITE=tests/corpus_fresh4 LIVE_LIMIT=$(cap 150) BUDGET_S=$(cap 280) timeout "$(cap 290)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh5() {
  OUT=$1 SUITE=tests/corpus_fresh5 LIVE_LIMIT=$(cap 160) BUDGET_S=$(cap 290) timeout "$(cap 300)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh6() {
  OUT=$1 SUITE=tests/corpus_fresh6 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh7() {
  OUT=$1 SUITE=tests/corpus_fresh7 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh8() {
  OUT=$1 SUITE=tests/corpus_fresh8 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh9() {
  OUT=$1 SUITE=tests/corpus_fresh9 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh10() {
  OUT=$1 SUITE=tests/corpus_fresh10 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh11() {
  OUT=$1 SUITE=tests/corpus_fresh11 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh12() {
  OUT=$1 SUITE=tests/corpus_fresh12 LIVE_LIMIT=$(cap 170) BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh13() {
  OUT=$1 SUITE=tests/corpus_fresh13 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh14() {
  OUT=$1 SUITE=tests/corpus_fresh14 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh15() {
  OUT=$1 SUITE=tests/corpus_fresh15 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh16() {
  OUT=$1 SUITE=tests/corpus_fresh16 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh17() {
  OUT=$1 SUITE=tests/corpus_fresh17 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh18() {
  OUT=$1 SUITE=tests/corpus_fresh18 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh19() {
  OUT=$1 SUITE=tests/corpus_fresh19 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh20() {
  OUT=$1 SUITE=tests/corpus_fresh20 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh21() {
  OUT=$1 SUITE=tests/corpus_fresh21 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh22() {
  OUT=$1 SUITE=tests/corpus_fresh22 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh23() {
  OUT=$1 SUITE=tests/corpus_fresh23 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-170}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh24() {
  OUT=$1 SUITE=tests/corpus_fresh24 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-250}") BUDGET_S=$(cap 500) timeout "$(cap 510)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh25() {
  OUT=$1 SUITE=tests/corpus_fresh25 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-200}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh26() {
  OUT=$1 SUITE=tests/corpus_fresh26 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-200}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_corpus_fresh27() {
  OUT=$1 SUITE=tests/corpus_fresh27 LIVE_LIMIT=$(cap "${FRESH_LIVE_S:-200}") BUDGET_S=$(cap 400) timeout "$(cap 410)" bash scripts/gpu/corpus.sh
}
step_pcsample_vs_ncu() { OUT=$1 BUDGET_S=$(cap 300) timeout "$(cap 310)" bash scripts/gpu/pcsample_vs_ncu.sh; }
step_calibrate() { OUT=$1 timeout "$(cap 280)" bash scripts/gpu/calibrate.sh; }
step_p10() {
  local rc any=0
  timeout "$(cap 200)" "$B/bin/solver" --data-dir "$D" calibrate --backend live \
    --problems layernorm,softmax --trials "${P10_TRIALS:-40}" --slowdown 2 --adaptive-pairs \
    --out "$1/adaptive.json" >"$1/adaptive.txt" 2>"$1/adaptive.err"
  rc=$?
  [ $rc -eq 0 ] || any=1
  cat "$1/adaptive.txt"
  timeout "$(cap 120)" "$B/bin/solver" --data-dir "$D" calibrate --backend live \
    --problems layernorm --trials "${P10_TRIALS:-40}" --slowdown 2 \
    --out "$1/fixed.json" >"$1/fixed.txt" 2>"$1/fixed.err"
  rc=$?
  [ $rc -eq 0 ] || any=1
  cat "$1/fixed.txt"
  return $any
}
step_torch() { OUT=$1 timeout "$(cap 200)" bash scripts/gpu/torch_bench.sh; }
step_parity() {
  # A record step earlier in the same call: the offline ablation reads its recording.
  local rec=$OUT/record/recording.json
  [ -f "$rec" ] && [ -z "${PARITY_RECORDING:-}" ] && [ -z "${PARITY_RUN:-}" ] && export PARITY_RECORDING=$rec
  # parity.sh gives bench/parity.py what the ablation leaves of this limit (PARITY_LIMIT_S):
  # every problem's solver/eager/check first, torch.compile with the rest.
  local lim; lim=$(cap "${PARITY_STEP_S:-480}")
  OUT=$1 PARITY_LIMIT_S=$((lim - 5)) timeout "$lim" bash scripts/gpu/parity.sh
}
step_byok() { OUT=$1 timeout "$(cap 260)" bash scripts/gpu/byok.sh; }
step_generator() { OUT=$1 timeout "$(cap 300)" bash scripts/gpu/generator.sh; }
step_house() { OUT=$1 timeout "$(cap 200)" bash scripts/gpu/house_worker.sh; }
step_multi_gpu() { OUT=$1 timeout "$(cap 200)" bash scripts/gpu/multi_gpu.sh; }
step_attn33() { OUT=$1 timeout "$(cap 100)" bash scripts/gpu/probe_h33c.sh "$(cap 90)"; }
step_metric_cost() { OUT=$1 timeout "$(cap 360)" bash scripts/gpu/metric_cost.sh; }
step_probes() {
  local p n rc any=0
  for p in ${PROBES:-scripts/gpu/probe_*.sh}; do
    [ -f "$p" ] || continue
    [ -z "${PROBES:-}" ] && [ "$p" = scripts/gpu/probe_h33c.sh ] && continue
    n=$(basename "$p" .sh)
    mkdir -p "$1/$n"
    echo "-- $n ($(left) s left)"
    OUT=$1 timeout "$(cap $((${PROBE_S:-90} + 15)))" bash "$p" "${PROBE_S:-90}" >"$1/$n.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || any=1
    echo "$n: exit $rc; $(tail -n 1 "$1/$n.log")"
  done
  return $any
}
step_large_pools() {
  local lim=${LARGE_POOLS_S:-380}
  [ "$lim" -gt "$(($(left) - 90))" ] && lim=$(($(left) - 90))
  OUT=$1 LARGE_POOLS_S=$lim timeout "$(cap $((lim + 70)))" bash scripts/gpu/large_pools.sh
}
step_ablate() {
  local d=$1/ablate-live s rc
  s=$(date +%s)
  timeout "$(cap 200)" "$B/bin/solver" --data-dir "$D" ablate --backend live \
    --problems "${ABLATE_PROBLEMS:-matmul,softmax,layernorm,reduce,matmul_scalar,sigmoid}" \
    --rounds "${ABLATE_ROUNDS:-12}" --out "$d" \
    >"$1/ablate.out" 2>"$1/ablate.err"
  rc=$?
  cat "$1/ablate.out"
  tail -n 3 "$1/ablate.err"
  echo "ablate: exit $rc in $(($(date +%s) - s)) s wall"
  return $rc
}

[ $# -gt 0 ] || { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 2; }
for s in "$@"; do
  declare -F "step_$s" >/dev/null || { echo "run.sh: unknown step '$s' (see the header of $0)" >&2; exit 2; }
done
for s in "$@"; do
  dir=$OUT/$s
  mkdir -p "$dir"
  if [ "$(left)" -lt 30 ]; then
    echo "$s: skipped, $(left) s of BUDGET_S left" | tee -a "$OUT/summary.txt"
    continue
  fi
  echo "== $s (at $(($(date +%s) - T0)) s, $(left) s left)"
  st=$(date +%s)
  "step_$s" "$dir" 2>&1 | tee "$dir/step.log"
  rc=${PIPESTATUS[0]}
  echo "$s: exit $rc in $(($(date +%s) - st)) s" | tee -a "$OUT/summary.txt"
done
tar czf "$OUT/results.tgz" -C "$OUT" --exclude=results.tgz "$@" 2>/dev/null
echo "== total $(($(date +%s) - T0)) s"
cat "$OUT/summary.txt"
