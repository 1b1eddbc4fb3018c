// regtile_db's FP32 SIMT GEMM (regtile_db_gemm.cuh: 128 x 128 block tile, 256 threads of 8 x 8
// outputs, warps of 4 x 8 lanes, A transposed into As[k][m] so that a k step's 8 A and 8 B values
// are four conflict-free float4 shared loads) with the per-slab overhead its SASS shows taken
// out, for sgemm_2048's parity with cuBLAS SGEMM (issue 33). regtile_db[BK=16]'s loop issues
// ~145 non-FMA instructions a 1,024-FMA slab (its recorded profile: 306.4M warp instructions for
// 268.4M FFMA, 87.6%): 64 shared loads, but also ~55 that recompute the slab's global and shared
// addresses from the loop counter (IMAD.WIDE/LEA chains, the s ^ 1 buffer select). Here every
// address is a pointer that steps (A by BK floats, B by BK rows) or a slot base picked once a
// slab, and the slab loop reads its fragments at immediate offsets. Knobs (the including file's
// -D defines, problem.yaml's knob space):
//   BK      K extent of one shared slab (8, 16, 32): FMAs between barriers, 64 * BK a thread
//   STAGES  slots in the shared ring (2, 3, 4): B (and A with ACP 1) is copied STAGES - 1 slabs
//           ahead by cp.async; one barrier a slab either way
//   ACP     A's path: 0 through registers as regtile_db (float4 loads one slab ahead, four
//           4-byte shared stores each into As[k][m]); 1 by 4-byte cp.async copies that
//           transpose on the way (BK / 2 a thread a slab, no staging registers, STAGES - 1 ahead)
//   FRAG    1: the A and B fragments are double-buffered in registers (step k + 1's four
//           float4 loads issued before step k's 64 FMAs, and at a slab's last step the barrier
//           is passed and the next slab's first fragments read before the last FMAs, so no
//           shared load latency follows the barrier); 0: read at the step that uses them
// Between barriers a thread issues 64 * BK FMAs and 4 * BK float4 shared loads (16 FMAs a
// load, as regtile_db); slab j lives in slot j % STAGES, and a slot is refilled only after
// every thread passed the barrier that follows its last read. 256 threads, at most
// 128 registers (__launch_bounds__(256, 2): two blocks an SM, 256 blocks in the 264 slots of
// the H200 at 2048^2). Sums each output's products in k order with fmaf (bit-identical to a
// sequential fmaf loop: tests/generators/regtile_ring_gemm_emu_test.cpp). Requires M, N
// multiples of 128 and K of BK (constraints in problem.yaml). The including file names the
// kernel (GEMM_ENTRY).
#include <cp_async_ca4.cuh>
#include <cp_async_ops.cuh>

#ifndef BK
#define BK 16
#endif
#ifndef STAGES
#define STAGES 2
#endif
#ifndef ACP
#define ACP 0
#endif
#ifndef FRAG
#define FRAG 1
#endif
#define RR_AST 132                  // As[k][m]'s row stride (floats)
#define RR_SA (BK * RR_AST)         // floats of A a slot
#define RR_SLOT (RR_SA + BK * 128)  // floats a slot: As[BK][132], then Bs[BK][128]
#define RR_KA (BK / 8)              // float4 of A (ACP 0) and 16-byte copies of B a thread
#define RR_CA (BK / 2)              // 4-byte copies of A a thread (ACP 1)

extern "C" __global__ void __launch_bounds__(256, 2)
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
  extern __shared__ __align__(16) float rr_smem[];  // [STAGES][RR_SLOT]
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int tRow = (warp >> 1) * 4 + (lane >> 3);  // rows tRow*4.. and 64+tRow*4..
  const int tCol = (warp & 1) * 8 + (lane & 7);    // columns tCol*4.. and 64+tCol*4..
  const int m0 = blockIdx.y * 128, n0 = blockIdx.x * 128;

  // B: a thread copies rows tid/32 + 8i of the slab, 16 bytes at column (tid%32)*4.
  const float* bg = B + (size_t)(tid >> 5) * N + n0 + (tid & 31) * 4;
  const unsigned sb = ca_smem(rr_smem + RR_SA + (tid >> 5) * 128 + (tid & 31) * 4);
  auto copy_b = [&](int slot) {
#pragma unroll
    for (int i = 0; i < RR_KA; ++i)
      ca_cp16(sb + 4u * (slot * RR_SLOT + i * 8 * 128), bg + (size_t)i * 8 * N);
    bg += (size_t)BK * N;
  };
#if ACP
  // A: lanes along k (a warp reads whole sectors of 256 / BK rows), rows tid/BK + (256/BK)i.
  const float* ag = A + (size_t)(m0 + tid / BK) * K + tid % BK;
  const unsigned sa = ca_smem(rr_smem + (tid % BK) * RR_AST + tid / BK);
  auto copy_a = [&](int slot) {
#pragma unroll
    for (int i = 0; i < RR_CA; ++i)
      ca_cp4(sa + 4u * (slot * RR_SLOT + i * (256 / BK)), ag + (size_t)i * (256 / BK) * K);
    ag += BK;
  };
#else
  // A: float4 along k at k offset (tid % (BK/4))*4, rows tid/(BK/4) + (1024/BK)i.
  const float* ag = A + (size_t)(m0 + tid / (BK / 4)) * K + (tid % (BK / 4)) * 4;
  float* const sa = rr_smem + (tid % (BK / 4)) * 4 * RR_AST + tid / (BK / 4);
  float4 ra[RR_KA];
  auto load_a = [&]() {
#pragma unroll
    for (int i = 0; i < RR_KA; ++i)
      ra[i] = *reinterpret_cast<const float4*>(ag + (size_t)i * (1024 / BK) * K);
    ag += BK;
  };
  auto store_a = [&](int slot) {
    float* d = sa + slot * RR_SLOT;
#pragma unroll
    for (int i = 0; i < RR_KA; ++i) {
      d[i * (1024 / BK)] = ra[i].x;
      d[RR_AST + i * (1024 / BK)] = ra[i].y;
      d[2 * RR_AST + i * (1024 / BK)] = ra[i].z;
      d[3 * RR_AST + i * (1024 / BK)] = ra[i].w;
    }
  };
#endif

  // A k step's fragments from the slot at `st`: rows tRow*4 + {0..3, 64..67}, columns likewise.
  auto frag = [&](float (&a)[8], float (&b)[8], const float* st, int k) {
    const float4 a0 = *reinterpret_cast<const float4*>(st + k * RR_AST + tRow * 4);
    const float4 a1 = *reinterpret_cast<const float4*>(st + k * RR_AST + 64 + tRow * 4);
    const float4 b0 = *reinterpret_cast<const float4*>(st + RR_SA + k * 128 + tCol * 4);
    const float4 b1 = *reinterpret_cast<const float4*>(st + RR_SA + k * 128 + 64 + tCol * 4);
    a[0] = a0.x, a[1] = a0.y, a[2] = a0.z, a[3] = a0.w;
    a[4] = a1.x, a[5] = a1.y, a[6] = a1.z, a[7] = a1.w;
    b[0] = b0.x, b[1] = b0.y, b[2] = b0.z, b[3] = b0.w;
    b[4] = b1.x, b[5] = b1.y, b[6] = b1.z, b[7] = b1.w;
  };
  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
  auto fma8x8 = [&](const float (&a)[8], const float (&b)[8]) {
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
  };

  const int tiles = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) {
      copy_b(s);
#if ACP
      copy_a(s);
#endif
    }
    ca_commit();  // empty groups too: the waits count groups
  }
#if !ACP
  load_a();
  store_a(0);
#endif
  ca_wait<STAGES - 2>();  // slab 0 (this thread's copies)
  __syncthreads();        // everyone's

  float fa[2][8], fb[2][8];
#if FRAG
  frag(fa[0], fb[0], rr_smem, 0);
#endif
  int rd = 0, wr = STAGES - 1;  // slab t's slot, the slot slab t + STAGES - 1 goes to
  for (int t = 0; t < tiles; ++t) {
    const float* st = rr_smem + rd * RR_SLOT;
    const int nx = rd + 1 == STAGES ? 0 : rd + 1;  // slab t + 1's slot
    // Slot wr was read at step t - 1, and every thread has passed the barrier after that read.
    if (t + STAGES - 1 < tiles) {
      copy_b(wr);
#if ACP
      copy_a(wr);
#endif
    }
    ca_commit();
#if !ACP
    const bool more = t + 1 < tiles;
    if (more) load_a();  // slab t + 1 into registers; stored into slot nx after this slab
#endif
#pragma unroll
    for (int k = 0; k < BK; ++k) {
#if FRAG
      if (k + 1 < BK) {
        frag(fa[(k + 1) & 1], fb[(k + 1) & 1], st, k + 1);
      } else {
#if !ACP
        if (more) store_a(nx);  // slot nx was last read at step t + 1 - STAGES < t
#endif
        ca_wait<STAGES - 2>();
        __syncthreads();
        if (t + 1 < tiles) frag(fa[0], fb[0], rr_smem + nx * RR_SLOT, 0);
      }
      fma8x8(fa[k & 1], fb[k & 1]);
#else
      frag(fa[0], fb[0], st, k);
      fma8x8(fa[0], fb[0]);
#endif
    }
#if !FRAG
#if !ACP
    if (more) store_a(nx);
#endif
    ca_wait<STAGES - 2>();
    __syncthreads();
#endif
    rd = nx;
    wr = wr + 1 == STAGES ? 0 : wr + 1;
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    float* Cr = C + (size_t)(m0 + (i >> 2) * 64 + tRow * 4 + (i & 3)) * N + n0;
    *reinterpret_cast<float4*>(Cr + tCol * 4) =
        make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4*>(Cr + 64 + tCol * 4) =
        make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]);
  }
}
