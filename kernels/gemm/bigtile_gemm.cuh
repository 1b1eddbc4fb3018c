// A big-thread-tile FP32 SIMT GEMM (issue 33, sgemm_2048's parity with cuBLAS SGEMM): 128
// outputs a thread (TM x TN = 8 x 16 or 16 x 8) in 128 x 128 tiles of 128 threads (the shape
// cuBLAS's FFMA SGEMM kernels' names read: tilesize128x128x8, warpsize2x2x1; not checked here)
// or 128 x 256 / 256 x 128 tiles of 256, where regtile_db has 64 a thread. Per k step a thread
// issues TM / 4 + TN / 4 = 6 float4 shared loads for 128 FMAs (regtile_db: 4 for 64), and
// between two barriers (one a BK-slab) 128 * BK FMAs. Knobs (the including file's -D defines,
// problem.yaml's knob space):
//   BM, BN   block tile: BM x BN outputs of C a block, (BM / TM) * (BN / TN) threads
//   TM, TN   thread tile: a thread's rows (groups of four, BM / (TM / 4) apart) and columns
//            (groups of four, BN / (TN / 4) apart)
//   BK       K extent of one shared-memory slab
//   STAGES   slabs in the cp.async ring (2: double buffering; 3, 4: more slabs in flight)
//   SWZ      block raster: 1 walks the tiles row by row (blockIdx.x along N); G > 1 walks
//            groups of G tile rows column by column (blocks that run together share B's
//            columns and A's rows in L2)
// Both operands go global -> shared by cp.async, so the ring holds STAGES - 1 slabs in flight
// with no staging registers: B as it lies (Bs[k][n], 16-byte copies), A transposed on the way
// (As[k][m], rows BM + 4 floats apart, 4-byte copies whose lanes run along k: a warp reads
// whole 32-byte sectors of A's rows) so that one float4 read gives a thread four rows at one k.
// A warp's lanes are 4 rows x 8 columns of threads: every float4 read of a warp touches 4 (A)
// or 8 (B) contiguous 16-byte words, one shared-memory wavefront, no bank conflict. The A and B
// fragments are double-buffered in registers across the k loop (k + 1's reads issued before
// k's FMAs), across slab boundaries too: at the slab's last k step the thread waits for the next
// slab, passes the block's barrier, reads that slab's first fragments and then does the last
// FMAs, so the barrier's wait overlaps no shared-memory latency of its own. The slab issued at
// step t goes into the slot step t - 1 read, which every thread left at that barrier.
// Requires M % BM == 0, N % BN == 0, K % BK == 0, (BM / TM) % 4 == 0, (BN / TN) % 8 == 0 and
// whole copies a thread (constraints in problem.yaml). The including file names the kernel
// (GEMM_ENTRY); the grid is one-dimensional, (M / BM) * (N / BN) blocks.
#include <cp_async_ca4.cuh>
#include <cp_async_ops.cuh>

#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef TM
#define TM 8
#endif
#ifndef TN
#define TN 16
#endif
#ifndef BK
#define BK 8
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef SWZ
#define SWZ 1
#endif
#define BT_TR (BM / TM)                    // threads along M
#define BT_TC (BN / TN)                    // threads along N
#define BT_THREADS (BT_TR * BT_TC)         // 128 or 256
#define BT_RS (BT_TR * 4)                  // a thread's row groups, this far apart
#define BT_CS (BT_TC * 4)                  // a thread's column groups, this far apart
#define BT_AST (BM + 4)                    // As[k][m]'s row stride (floats)
#define BT_SA (BK * BT_AST)                // floats of A a slot
#define BT_SB (BK * BN)                    // floats of B a slot
#define BT_CPA (BM * BK / BT_THREADS)      // 4-byte copies of A a thread a slab
#define BT_CPB (BK * BN / 4 / BT_THREADS)  // 16-byte copies of B a thread a slab

extern "C" __global__ void __launch_bounds__(BT_THREADS)
    GEMM_ENTRY(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K) {
  extern __shared__ __align__(16) float bt_smem[];
  float* As = bt_smem;                   // [STAGES][BK][BM + 4]
  float* Bs = bt_smem + STAGES * BT_SA;  // [STAGES][BK][BN]
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int tRow = (warp / (BT_TC / 8)) * 4 + (lane >> 3);  // 0 .. BT_TR - 1
  const int tCol = (warp % (BT_TC / 8)) * 8 + (lane & 7);   // 0 .. BT_TC - 1

  // The block's tile: row-major raster, or groups of SWZ tile rows walked column by column.
  const int nbn = N / BN;
  int bm, bn;
#if SWZ > 1
  {
    const int id = blockIdx.x, per = SWZ * nbn, g = id / per, first = g * SWZ;
    const int rows = min(SWZ, M / BM - first), in = id - g * per;
    bm = first + in % rows;
    bn = in / rows;
  }
#else
  bm = blockIdx.x / nbn;
  bn = blockIdx.x - bm * nbn;
#endif
  const int m0 = bm * BM, n0 = bn * BN;

  // This thread's copies: A's lanes run along k (a warp covers whole sectors of A's rows), B's
  // along n. Every copy of a slab shares the thread's k (A) or column (B); only the row moves.
  const int aK = tid % BK, aR = tid / BK;
  const int bR = tid / (BN / 4), bC = (tid % (BN / 4)) * 4;
  const float* Ag = A + (size_t)(m0 + aR) * K + aK;
  const float* Bg = B + (size_t)bR * N + n0 + bC;
  const unsigned sA = ca_smem(As + aK * BT_AST + aR);
  const unsigned sB = ca_smem(Bs + bR * BN + bC);
  auto load = [&](int slot, int k0) {
#pragma unroll
    for (int i = 0; i < BT_CPA; ++i)
      ca_cp4(sA + 4u * (slot * BT_SA + i * (BT_THREADS / BK)),
             Ag + (size_t)i * (BT_THREADS / BK) * K + k0);
#pragma unroll
    for (int i = 0; i < BT_CPB; ++i)
      ca_cp16(sB + 4u * (slot * BT_SB + i * (BT_THREADS / (BN / 4)) * BN),
              Bg + (size_t)(k0 + i * (BT_THREADS / (BN / 4))) * N);
  };

  float acc[TM][TN];
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) acc[i][j] = 0.0f;

  const int tiles = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load(s, s * BK);
    ca_commit();  // empty groups too: the waits count groups
  }
  ca_wait<STAGES - 2>();  // slab 0 has landed (this thread's copies)
  __syncthreads();        // everyone's

  float a[2][TM], b[2][TN];  // fragments of k (even slot) and k + 1 (odd slot)
  const float* as = As + tRow * 4;
  const float* bs = Bs + tCol * 4;
  auto frag = [&](float* fa, float* fb, int k) {
#pragma unroll
    for (int h = 0; h < TM / 4; ++h) {
      const float4 v = *reinterpret_cast<const float4*>(as + k * BT_AST + h * BT_RS);
      fa[4 * h] = v.x, fa[4 * h + 1] = v.y, fa[4 * h + 2] = v.z, fa[4 * h + 3] = v.w;
    }
#pragma unroll
    for (int g = 0; g < TN / 4; ++g) {
      const float4 v = *reinterpret_cast<const float4*>(bs + k * BN + g * BT_CS);
      fb[4 * g] = v.x, fb[4 * g + 1] = v.y, fb[4 * g + 2] = v.z, fb[4 * g + 3] = v.w;
    }
  };
  frag(a[0], b[0], 0);

  int rs = 0, ws = STAGES - 1;  // the slot read, the slot refilled
  for (int t = 0; t < tiles; ++t) {
    // Slab t + STAGES - 1 into slot ws: step t - 1 read it, and every thread has passed the
    // barrier after its last read (at t = 0 it was never filled).
    if (t + STAGES - 1 < tiles) load(ws, (t + STAGES - 1) * BK);
    ca_commit();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      if (k == BK - 1) {
        // Slab t + 1: landed (at most STAGES - 2 younger groups in flight), visible to the
        // block; its first fragments read before this slab's last FMAs. Past the last slab the
        // reads hit a stale slot and are never used.
        ca_wait<STAGES - 2>();
        __syncthreads();
        rs = rs + 1 == STAGES ? 0 : rs + 1;
        ws = ws + 1 == STAGES ? 0 : ws + 1;
        as = As + rs * BT_SA + tRow * 4;
        bs = Bs + rs * BT_SB + tCol * 4;
        frag(a[(k + 1) & 1], b[(k + 1) & 1], 0);
      } else {
        frag(a[(k + 1) & 1], b[(k + 1) & 1], k + 1);
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[k & 1][i], b[k & 1][j], acc[i][j]);
    }
  }

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    float* Cr = C + (size_t)(m0 + (i >> 2) * BT_RS + tRow * 4 + (i & 3)) * N + n0 + tCol * 4;
#pragma unroll
    for (int g = 0; g < TN / 4; ++g)
      *reinterpret_cast<float4*>(Cr + g * BT_CS) =
          make_float4(acc[i][4 * g], acc[i][4 * g + 1], acc[i][4 * g + 2], acc[i][4 * g + 3]);
  }
}
