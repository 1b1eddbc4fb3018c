// C = A.B^T in BF16 (FP32 accumulate, BF16 out) on Hopper: a persistent, warp-specialised wgmma
// kernel. GRID blocks (one per SM) walk the output tiles with a stride of the grid; tiles are
// numbered in groups of GROUP tile-rows (M) so the tiles in flight at one time share few rows of
// A and columns of B in L2. Each block: a producer warpgroup (setmaxnreg down to 40; one thread
// issues TMA) and two consumer warpgroups (setmaxnreg up to 232) that each own BM/2 rows of the
// BM x BN tile and run m64nBNk16 wgmma with both operands in 128-byte-swizzled shared memory.
// The STAGES-deep TMA/mbarrier ring runs across tile boundaries: the iteration counter never
// resets, so the producer loads the next tile's first slabs while the consumers still compute or
// store the current one (the consumers release the last slab of a tile before their epilogue,
// which stores the accumulators straight from registers to global memory).
// CLUSTER = 2: two blocks of a cluster take vertically adjacent tiles (same columns of B); each
// loads half of the B slab and multicasts it to both, so B crosses L2 -> SM once per pair. A slab
// is then released by the consumers of both blocks (remote mbarrier arrives), since either
// block's producer writes into both blocks' shared memory.
// Requires M % (BM * CLUSTER) == 0, N % BN == 0, K % 64 == 0 (constraints in problem.yaml).
#include "wgmma_bf16_ops.cuh"

// After the operand header: its templates call its mbarrier functions.
#include "persistent_ops.cuh"

#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 256
#endif
#ifndef STAGES
#define STAGES 4
#endif
#ifndef GROUP
#define GROUP 16
#endif
#ifndef CLUSTER
#define CLUSTER 1
#endif
#ifndef EPI
#define EPI 0
#endif
#define BK 64
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
// Rows of one consumer warpgroup and its m64 sub-tiles.
#define WM (BM / 2)
#define MI (WM / 64)
#define PREGS 40
#define CREGS 232
#define CONSUMER_WARPS 8

#if BN == 256
#define WGMMA wgmma_m64n256k16_bf16_ss
#elif BN == 128
#define WGMMA wgmma_m64n128k16_bf16_ss
#else
#error "BN must be 128 or 256"
#endif
#if MI * BN > 256
#error "BM * BN must be at most 128 * 256 (the accumulators of a consumer thread)"
#endif
#if CLUSTER != 1 && CLUSTER != 2
#error "CLUSTER must be 1 or 2"
#endif

#if CLUSTER == 2
#define CLUSTER_ATTR __cluster_dims__(2, 1, 1)
#else
#define CLUSTER_ATTR
#endif

__device__ __forceinline__ uint32_t cluster_rank() {
  uint32_t r = 0;
#if CLUSTER > 1
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
#endif
  return r;
}
__device__ __forceinline__ void cluster_sync_all() {
#if CLUSTER > 1
  asm volatile("barrier.cluster.arrive.release;\nbarrier.cluster.wait.acquire;\n" ::: "memory");
#endif
}
// Arrives on the mbarrier at `bar`'s offset in block `rank` of the cluster (itself included).
__device__ __forceinline__ void mbar_arrive_cluster(uint64_t* bar, uint32_t rank) {
#if CLUSTER == 1
  mbar_arrive(bar);
#else
  asm volatile(
      "{\n.reg .b32 ra;\nmapa.shared::cluster.u32 ra, %0, %1;\n"
      "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [ra];\n}\n" ::"r"(smem_u32(bar)),
      "r"(rank)
      : "memory");
#endif
}
// One box of `map` into the same shared-memory offset of every block in `mask`, each block's
// mbarrier at `bar`'s offset counting the bytes that land there.
__device__ __forceinline__ void tma_load_2d_mc(uint32_t dst, const TensorMap* map, int c0, int c1,
                                               uint64_t* bar, uint16_t mask) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      ".multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(smem_u32(bar)), "h"(mask)
      : "memory");
}

extern "C" __global__ void CLUSTER_ATTR __launch_bounds__(384, 1)
    matmul_bf16_wgmma_persistent(const __grid_constant__ TensorMap tmA,
                                 const __grid_constant__ TensorMap tmB,
                                 const __grid_constant__ TensorMap tmC,
                                 unsigned short* __restrict__ C, int M, int N, int K) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  // The 128-byte swizzle repeats every 1024 bytes and TMA and wgmma both take it from the address
  // bits, so stages start 1024-aligned (the same offset in every block of a cluster).
  const uint32_t base = (smem_u32(smem_raw) + 1023u) & ~1023u;
  const int tid = threadIdx.x;
  const uint32_t rank = cluster_rank();
  const int units_m = M / (BM * CLUSTER), units_n = N / BN;
  const int units = units_m * units_n;
  const int first_unit = blockIdx.x / CLUSTER, unit_step = gridDim.x / CLUSTER;
  const int ktiles = K / BK;

  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], CONSUMER_WARPS * CLUSTER);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    tma_prefetch_map(&tmA);
    tma_prefetch_map(&tmB);
  }
  __syncthreads();
  // No block of the cluster may multicast into, or arrive on, barriers not yet initialised.
  cluster_sync_all();

  if (tid < 128) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(PREGS));
    if (tid == 0) {
      int it = 0;
      for (int u = first_unit; u < units; u += unit_step) {
        int um, un;
        tile_of(u, units_m, units_n, GROUP, um, un);
        const int m0 = (um * CLUSTER + (int)rank) * BM, n0 = un * BN;
        for (int kt = 0; kt < ktiles; ++kt, ++it) {
          const int s = it % STAGES, round = it / STAGES;
          if (round > 0) mbar_wait(&empty[s], (round - 1) & 1);
          const uint32_t as = base + s * STAGE_BYTES, bs = as + A_BYTES;
          const int k0 = kt * BK;
          mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
          tma_load_2d(as, &tmA, k0, m0, &full[s]);
#if CLUSTER == 1
          tma_load_2d(bs, &tmB, k0, n0, &full[s]);
#else
          // This block's half of the B slab, into both blocks at the same offset.
          tma_load_2d_mc(bs + rank * (B_BYTES / 2), &tmB, k0, n0 + (int)rank * (BN / 2), &full[s],
                         (uint16_t)0x3);
#endif
        }
      }
    }
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(CREGS));
    const int ct = tid - 128, cw = ct >> 7;  // consumer thread, consumer warpgroup
    const int w = (ct >> 5) & 3, lane = ct & 31;
    const int g = lane >> 2, t = lane & 3;
    float acc[MI][BN / 2];
    int it = 0;
#if EPI == 1
    const uint32_t epi_base = base + STAGES * STAGE_BYTES + cw * 16384;
    int ep = 0;  // pieces stored so far: which buffer is next
#endif
    for (int u = first_unit; u < units; u += unit_step) {
      int um, un;
      tile_of(u, units_m, units_n, GROUP, um, un);
      const int m0 = (um * CLUSTER + (int)rank) * BM, n0 = un * BN;
      for (int kt = 0; kt < ktiles; ++kt, ++it) {
        const int s = it % STAGES;
        mbar_wait(&full[s], (it / STAGES) & 1);
        const uint32_t as = base + s * STAGE_BYTES + cw * (WM * 128),
                       bs = base + s * STAGE_BYTES + A_BYTES;
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
          for (int j = 0; j < BN / 2; ++j) fence_acc(acc[i][j]);
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < BK / 16; ++kk)
#pragma unroll
          for (int i = 0; i < MI; ++i)
            WGMMA(acc[i], sw128_desc(as + i * (64 * 128) + kk * 32), sw128_desc(bs + kk * 32),
                  (kt | kk) != 0);
        wgmma_commit();
        // The group issued one slab ago has retired: its stage goes back to the producer(s).
        wgmma_wait<1>();
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
          for (int j = 0; j < BN / 2; ++j) fence_acc(acc[i][j]);
        if (kt > 0 && lane < CLUSTER) mbar_arrive_cluster(&empty[(it - 1) % STAGES], lane);
      }
      wgmma_wait<0>();
#pragma unroll
      for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < BN / 2; ++j) fence_acc(acc[i][j]);
      // The tile's last slab is free before the stores, so the ring refills during them.
      if (lane < CLUSTER) mbar_arrive_cluster(&empty[(it - 1) % STAGES], lane);

        // Accumulator 4j + q of a sub-tile: row 16w + g (+8 for q & 2), column 8j + 2t (+1 for q &
        // 1).
#if EPI == 0
#pragma unroll
      for (int i = 0; i < MI; ++i) {
        const int row = m0 + cw * WM + i * 64 + 16 * w + g;
        unsigned short* c0 = C + (size_t)row * N + n0 + 2 * t;
#pragma unroll
        for (int j = 0; j < BN / 8; ++j) {
          *reinterpret_cast<uint32_t*>(c0 + 8 * j) = pack_bf16x2(acc[i][4 * j], acc[i][4 * j + 1]);
          *reinterpret_cast<uint32_t*>(c0 + 8 * j + 8 * (size_t)N) =
              pack_bf16x2(acc[i][4 * j + 2], acc[i][4 * j + 3]);
        }
      }
#else
        // 64 x 64 pieces through two 8 KiB buffers of this warpgroup, 128-byte swizzled (16-byte
        // unit q of row r at unit q ^ (r & 7): the 8 rows of a warp's store hit 8 different units,
        // so no bank conflicts), each stored by TMA while the next piece is written.
#pragma unroll
      for (int i = 0; i < MI; ++i) {
#pragma unroll
        for (int c = 0; c < BN / 64; ++c, ++ep) {
          const uint32_t buf = epi_base + (ep & 1) * 8192;
          // The store that last read this buffer (two pieces ago) is done reading it.
          epi_acquire(cw, ct % 128 == 0);
          const int r = 16 * w + g;
#pragma unroll
          for (int jj = 0; jj < 8; ++jj) {
            const int j = 8 * c + jj;
            const uint32_t off = (uint32_t)((jj ^ g) << 4) + 4 * t;
            st_shared_u32(buf + r * 128 + off, pack_bf16x2(acc[i][4 * j], acc[i][4 * j + 1]));
            st_shared_u32(buf + (r + 8) * 128 + off,
                          pack_bf16x2(acc[i][4 * j + 2], acc[i][4 * j + 3]));
          }
          epi_publish(cw);
          if (ct % 128 == 0) {
            tma_store_2d(&tmC, n0 + 64 * c, m0 + cw * WM + 64 * i, buf);
            bulk_commit();
          }
        }
      }
#endif
    }
#if EPI == 1
    if (ct % 128 == 0) bulk_wait_all();  // shared memory stays until the last store read it
#endif
  }
  // A block of the cluster may still arrive on this block's barriers: none leaves before all do.
  cluster_sync_all();
}
