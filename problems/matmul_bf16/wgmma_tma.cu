// C = A.B^T in BF16 (FP32 accumulate, BF16 out) on Hopper: warp-specialised wgmma fed by TMA.
// One elected producer thread issues, per K-slab of 64, one box of A (BM x 64) and one of B
// (BN x 64), both 128-byte swizzled, completing on the stage's `full` mbarrier by transaction
// count; two consumer warpgroups (64 rows of the tile each) run m64nBNk16 wgmma with both
// operands in shared memory and release a stage through `empty` one slab later, so one wgmma
// group stays in flight while the next slab's group is issued.
// A [M, K] and B [N, K] are both K-major (nn.Linear's x.W^T), which is what wgmma's shared-
// memory descriptors read without a transpose: the 128-byte-swizzled rows TMA writes are
// exactly the canonical K-major SW128 layout (8-row groups of 1024 bytes).
// Requires M % 128 == 0, N % BN == 0, K % 64 == 0 (constraints in problem.yaml).
#include "wgmma_bf16_ops.cuh"

#include "persistent_ops.cuh"  // ring_init (after the operand header: it calls mbar_init)

#define BM 128
#define BK 64
#if CTAS == 2
// Two blocks per SM, so one block's epilogue overlaps the other's main loop: the two consumer
// warpgroups are warps 0-7 (warpgroups must start at a warp id that is a multiple of 4) and the
// producer is one extra warp; no register moves, 288 x 112 registers per block.
#define NTHREADS 288
#define PRODUCER (tid >= 256)
#define ISSUER 256
#define CT0 0
#else
// One block per SM: a producer warpgroup (warps 0-3) that gives its registers to the two
// consumer warpgroups through setmaxnreg.
#define NTHREADS 384
#define PRODUCER (tid < 128)
#define ISSUER 0
#define CT0 128
#endif
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
#define PREGS 40
#define CREGS 232

#if BN == 256
#define WGMMA wgmma_m64n256k16_bf16_ss
#elif BN == 128
#define WGMMA wgmma_m64n128k16_bf16_ss
#else
#error "BN must be 128 or 256"
#endif

extern "C" __global__ void __launch_bounds__(NTHREADS, CTAS)
    matmul_bf16_wgmma_tma(const __grid_constant__ TensorMap tmA,
                          const __grid_constant__ TensorMap tmB, unsigned short* __restrict__ C,
                          int M, int N, int K) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  // Dynamic shared memory is only 16-byte aligned; the 128-byte swizzle repeats every 1024
  // bytes and both TMA and wgmma take it from the address bits, so stages start 1024-aligned.
  const uint32_t base = (smem_u32(smem_raw) + 1023u) & ~1023u;
  const int tid = threadIdx.x;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int tiles = K / BK;

  if (tid == 0) {
    ring_init<STAGES>(full, empty, 256);
    tma_prefetch_map(&tmA);
    tma_prefetch_map(&tmB);
  }
  __syncthreads();

  if (PRODUCER) {
#if CTAS == 1
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(PREGS));
#endif
    if (tid == ISSUER) {
      for (int it = 0; it < tiles; ++it) {
        const int s = it % STAGES, round = it / STAGES;
        if (round > 0) mbar_wait(&empty[s], (round - 1) & 1);
        const uint32_t as = base + s * STAGE_BYTES, bs = as + A_BYTES;
        const int k0 = it * BK;
        mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
        tma_load_2d(as, &tmA, k0, m0, &full[s]);
        tma_load_2d(bs, &tmB, k0, n0, &full[s]);
      }
    }
    return;
  }

#if CTAS == 1
  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(CREGS));
#endif
  const int ct = tid - CT0, cw = ct >> 7;  // consumer thread, consumer warpgroup
  const int w = (ct >> 5) & 3, lane = ct & 31;
  const int g = lane >> 2, t = lane & 3;
  float acc[BN / 2];
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) acc[i] = 0.0f;

  for (int it = 0; it < tiles; ++it) {
    const int s = it % STAGES;
    mbar_wait(&full[s], (it / STAGES) & 1);
    const uint32_t as = base + s * STAGE_BYTES + cw * (64 * 128),
                   bs = base + s * STAGE_BYTES + A_BYTES;
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) fence_acc(acc[i]);
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < BK / 16; ++kk)
      WGMMA(acc, sw128_desc(as + kk * 32), sw128_desc(bs + kk * 32), 1);
    wgmma_commit();
    // The group issued one slab ago has retired: its stage goes back to the producer.
    wgmma_wait<1>();
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) fence_acc(acc[i]);
    if (it > 0) mbar_arrive(&empty[(it - 1) % STAGES]);
  }
  wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) fence_acc(acc[i]);

  // Accumulator i of column group j = i / 4: row 16w + g (+8 for i & 2), column 8j + 2t (+1 for i &
  // 1).
  const int row = m0 + cw * 64 + 16 * w + g;
#pragma unroll
  for (int j = 0; j < BN / 8; ++j) {
    unsigned short* c = C + (size_t)row * N + n0 + 8 * j + 2 * t;
    *reinterpret_cast<uint32_t*>(c) = pack_bf16x2(acc[4 * j], acc[4 * j + 1]);
    *reinterpret_cast<uint32_t*>(c + 8 * (size_t)N) = pack_bf16x2(acc[4 * j + 2], acc[4 * j + 3]);
  }
}
