// Pipelined, warp-specialised TF32 wgmma: a producer warpgroup streams K-slabs of 32 through
// STAGES shared-memory stages with cp.async while two consumer warpgroups run wgmma on the
// slabs already landed. Each stage has a `full` mbarrier (the producer's 128 threads arrive
// when their copies land: cp.async.mbarrier.arrive) and an `empty` one (the 256 consumer
// threads arrive once their wgmmas have read it), so copies of slab k+STAGES-1 overlap the
// MMAs of slab k and no block-wide barrier stalls the tensor cores.
//
// Tile: BM (m, the wgmma N: 128 or 256) x 128 (n: 2 consumers x 64). Operand layouts as in
// wgmma_tf32.cu (include/wgmma_tf32_ops.cuh): A K-major with the 128-byte swizzle, B row-major
// padded, gathered into the register operand of D = C^T. setmaxnreg moves registers from the
// producer (PREGS) to the consumers (CREGS), whose accumulators take BM/2 per thread.
// Requires M % BM == 0, N % 128 == 0, K % 32 == 0 (constraints in problem.yaml).
#include "wgmma_tf32_ops.cuh"

// A whole producer warpgroup: on the H200 one producer warp (288 threads, 224 registers, no
// setmaxnreg) ran at half the rate, its cp.async issue could not keep two consumers fed
// (bench/gemm, 2026-12-01: 101 against 203 TFLOP/s at BM=256).
#define P_THREADS 128
#define NTHREADS (256 + P_THREADS)
// Registers per producer thread after setmaxnreg; the consumers take what is left of the SM's
// 65536 (in steps of 8). The producer's address arithmetic spilled at 40 registers and stalled
// the whole pipeline on local memory (H200, bench/gemm: 40 / 56 / 72 gave 202 / 237 / 254
// TFLOP/s at BM=256), hence the knob.
#define CREGS ((65536 - 128 * PREGS) / 256 / 8 * 8)
#define BN 128
#define BK 32
#define BST (BN + 8)
#define A_BYTES (BM * BK * 4)
#define STAGE_BYTES (A_BYTES + BK * BST * 4)  // both multiples of 1024: swizzle atoms stay aligned

#include <wgmma_tf32_rs_bm.cuh>  // kernels/gemm: WGMMA by BM

extern "C" __global__ void __launch_bounds__(NTHREADS)
    matmul_wgmma_tf32_ws(const float* __restrict__ A, const float* __restrict__ B,
                         float* __restrict__ C, int M, int N, int K) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  // Dynamic shared memory is only 16-byte aligned; the swizzle needs 1024 (1 KiB requested extra).
  const uint32_t base = (smem_u32(smem_raw) + 1023u) & ~1023u;
  unsigned char* const base_ptr = smem_raw + (base - smem_u32(smem_raw));
  const int tid = threadIdx.x;
  const bool producer = tid < P_THREADS;
  const int p = tid, ct = tid - P_THREADS;  // producer thread, consumer thread (0..255)
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int tiles = K / BK;

  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], P_THREADS);
      mbar_init(&empty[s], 256);
    }
  }
  __syncthreads();

  if (producer) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(PREGS));
    for (int it = 0; it < tiles; ++it) {
      const int s = it % STAGES, round = it / STAGES;
      if (round > 0) mbar_wait(&empty[s], (round - 1) & 1);
      const uint32_t as = base + s * STAGE_BYTES, bs = as + A_BYTES;
      const int k0 = it * BK;
#pragma unroll
      for (int i = 0; i < BM * 8 / P_THREADS; ++i) {  // A: BM rows x 8 chunks
        const int idx = p + i * P_THREADS;
        const int r = idx >> 3, c = idx & 7;
        cp_async16_u32(as + sw128_offset(r, c), A + (size_t)(m0 + r) * K + k0 + c * 4);
      }
#pragma unroll
      for (int i = 0; i < 1024 / P_THREADS; ++i) {  // B: 32 rows x 32 chunks
        const int idx = p + i * P_THREADS;
        const int kr = idx >> 5, bc = idx & 31;
        cp_async16_u32(bs + (kr * BST + bc * 4) * 4, B + (size_t)(k0 + kr) * N + n0 + bc * 4);
      }
      cp_async_mbar_arrive(&full[s]);
    }
    cp_async_wait<0>();  // nothing in flight when the producer's warps retire
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(CREGS));
  const int w = (ct >> 5) & 3, lane = ct & 31;
  const int g = lane >> 2, t = lane & 3;
  const int nrow = (ct >> 7) * 64 + w * 16 + g;
  float acc[BM / 2];
#pragma unroll
  for (int i = 0; i < BM / 2; ++i) acc[i] = 0.0f;

  // One stage: wait for it to land, gather the B^T fragments into `a`, issue its four wgmmas
  // as one group; once the group has retired, release the stage to the producer. Keeping one
  // group in flight across stages (two fragment sets) measured 2% slower on the H200: the
  // second consumer warpgroup already covers the wait.
  auto issue = [&](int it, uint32_t (&a)[BK / 8][4]) {
    const int s = it % STAGES;
    mbar_wait(&full[s], (it / STAGES) & 1);
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    const unsigned char* st = base_ptr + s * STAGE_BYTES;
    const float* Bs = reinterpret_cast<const float*>(st + A_BYTES);
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) {
      const float* b = Bs + (kk * 8 + t) * BST + nrow;
      a[kk][0] = to_tf32(b[0]);
      a[kk][1] = to_tf32(b[8]);
      a[kk][2] = to_tf32(b[4 * BST]);
      a[kk][3] = to_tf32(b[4 * BST + 8]);
    }
#pragma unroll
    for (int i = 0; i < BM / 2; ++i) fence_acc(acc[i]);
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) WGMMA(acc, a[kk], sw128_desc(st + kk * 32), 1);
    wgmma_commit();
  };
  auto retire = [&](int it, uint32_t (&a)[BK / 8][4]) {
#pragma unroll
    for (int i = 0; i < BM / 2; ++i) fence_acc(acc[i]);
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk) fence_frag(a[kk]);
    mbar_arrive(&empty[it % STAGES]);
  };
  uint32_t a[BK / 8][4];
  for (int it = 0; it < tiles; ++it) {
    issue(it, a);
    wgmma_wait<0>();
    retire(it, a);
  }

#pragma unroll
  for (int j = 0; j < BM / 8; ++j) {
    float* c = C + (size_t)(m0 + 8 * j + 2 * t) * N + n0 + nrow;
    c[0] = acc[4 * j];
    c[N] = acc[4 * j + 1];
    c[8] = acc[4 * j + 2];
    c[N + 8] = acc[4 * j + 3];
  }
}
