// corpus_fresh19: hgemm_mma_async_stage4_tail -- cuda_hgemm (Bruce-Lee-LY/cuda_hgemm),
// src/mma/mma_async_stage4.cu: mmaAsyncStage4Kernel, an HGEMM C = A B^T (A M x K row-major, B
// N x K row-major, C M x N, all half, half accumulators) on the tensor cores through PTX: a
// 256 x 128 tile per 256-thread block (8 warps of 64 x 64), A and B staged in shared memory by
// cp.async in a four-stage ring of 32-wide k chunks (16-byte copies, a permuted layout against
// bank conflicts), fragments loaded with ldmatrix and double-buffered in registers,
// mma.sync.m16n8k16 (f16 accumulate), C written back through shared memory. Rewritten for the
// problem format (see README.md): extern "C"; the macros of src/common/ptx.h and common.h
// written as inline functions; the copies the origin writes out for each stage folded into one
// helper that computes the same addresses; the tile sizes, the ring, the order of copies, waits,
// barriers and MMAs, the epilogue and the launch as the origin's.
#include <cuda_fp16.h>

typedef unsigned int u32;

#define MMA_M 16
#define MMA_N 8
#define MMA_K 16
#define BLOCK_ROWS 256
#define BLOCK_COLS 128
#define WARP_ROWS 64
#define WARP_COLS 64
#define BLOCK_ROW_WARPS 2
#define BLOCK_COL_WARPS 4
#define BLOCK_ROW_TILES 16
#define BLOCK_COL_TILES 16
#define WARP_ROW_TILES 8
#define WARP_COL_TILES 4
#define WARP_SIZE 32
#define WARPS_PER_BLOCK 8
#define CHUNK_K 2
#define THREAD_COPY_BYTES 16
#define CHUNK_COPY_LINES_PER_WARP 8
#define CHUNK_COPY_LINE_LANES 4
#define AB_SMEM_STRIDE 32
#define C_SMEM_STRIDE 128
#define C_SMEM_OFFSET 64
#define SMEM_BANK_ROWS 2
#define PERMUTED_OFFSET 8
#define PERMUTED_COLS 4
#define K_STAGE 4

__device__ __forceinline__ void ldmatrix_x4(u32* r, u32 addr) {
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}
__device__ __forceinline__ void ldmatrix_x2(u32* r, u32 addr) {
  asm volatile("ldmatrix.sync.aligned.x2.m8n8.shared.b16 {%0, %1}, [%2];\n"
               : "=r"(r[0]), "=r"(r[1])
               : "r"(addr));
}
__device__ __forceinline__ void hmma16816(u32* c, const u32* a, const u32* b) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, "
      "{%8, %9};\n"
      : "=r"(c[0]), "=r"(c[1])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]));
}
__device__ __forceinline__ void cp_async_cg16(u32 dst, const void* src) {
  asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(dst), "l"(src),
               "n"(THREAD_COPY_BYTES));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
__device__ __forceinline__ void cp_async_wait_2() { asm volatile("cp.async.wait_group 2;\n" ::); }
__device__ __forceinline__ void cp_async_wait_1() { asm volatile("cp.async.wait_group 1;\n" ::); }
__device__ __forceinline__ void cp_async_wait_0() { asm volatile("cp.async.wait_group 0;\n" ::); }

typedef half SmemRow[AB_SMEM_STRIDE];

// Copy lines [first, last) of this warp's share of one operand's 32-wide k chunk (rows of A or of
// B starting at warp_ptr, k offset k_off) into the stage at row smem_row0: each lane copies 16
// bytes of one of the 8 lines a pass covers, into the lane's permuted 16-byte column.
__device__ __forceinline__ void copy_chunk(SmemRow* smem, const half* warp_ptr, size_t K,
                                           size_t k_off, size_t smem_row0, size_t first,
                                           size_t last, size_t lane_id) {
#pragma unroll
  for (size_t i = first; i < last; ++i) {
    const size_t smem_idx = smem_row0 + lane_id / CHUNK_COPY_LINE_LANES + i * CHUNK_COPY_LINES_PER_WARP;
    const int4* lane_ptr =
        (const int4*)(warp_ptr + k_off + (lane_id / CHUNK_COPY_LINE_LANES) * K +
                      i * CHUNK_COPY_LINES_PER_WARP * K) +
        (lane_id % CHUNK_COPY_LINE_LANES);
    const u32 smem_lane_addr =
        __cvta_generic_to_shared(&smem[smem_idx][0]) +
        ((lane_id % CHUNK_COPY_LINE_LANES +
          (smem_idx % (CHUNK_COPY_LINE_LANES * SMEM_BANK_ROWS)) / SMEM_BANK_ROWS) %
         CHUNK_COPY_LINE_LANES) *
            THREAD_COPY_BYTES;
    cp_async_cg16(smem_lane_addr, lane_ptr);
  }
}

// The warp's A fragments (4 tiles of 16 x 16) and B fragments (8 tiles of 8 x 16) of k step kk
// of the stage at row load_off, through the permuted layout.
__device__ __forceinline__ void load_frags(SmemRow* smem, u32 (*RA)[4], u32 (*RB)[2],
                                           size_t load_off, size_t kk, size_t warp_id,
                                           size_t lane_id) {
#pragma unroll
  for (size_t i = 0; i < WARP_COL_TILES; ++i) {
    const size_t A_smem_idx = load_off + (warp_id / BLOCK_ROW_WARPS) * WARP_ROWS + i * MMA_M;
    const u32 addr = __cvta_generic_to_shared(
        &smem[A_smem_idx + lane_id % 16]
             [(kk * MMA_K + (lane_id / 16) * 8 +
               (lane_id % 16 % (PERMUTED_COLS * SMEM_BANK_ROWS)) / SMEM_BANK_ROWS * PERMUTED_OFFSET) %
              AB_SMEM_STRIDE]);
    ldmatrix_x4(RA[i], addr);
  }
#pragma unroll
  for (size_t j = 0; j < WARP_ROW_TILES; ++j) {
    const size_t B_smem_idx =
        load_off + BLOCK_ROWS + (warp_id % BLOCK_ROW_WARPS) * WARP_COLS + j * MMA_N;
    const u32 addr = __cvta_generic_to_shared(
        &smem[B_smem_idx + lane_id % 8]
             [(kk * MMA_K + ((lane_id / 8) % 2) * 8 +
               (lane_id % 8 % (PERMUTED_COLS * SMEM_BANK_ROWS)) / SMEM_BANK_ROWS * PERMUTED_OFFSET) %
              AB_SMEM_STRIDE]);
    ldmatrix_x2(RB[j], addr);
  }
}

// The warp's 32 MMAs of one k step (snake order over the B tiles, as the origin)
__device__ __forceinline__ void mma_step(u32 (*RC)[WARP_ROW_TILES][2], u32 (*RA)[4],
                                         u32 (*RB)[2]) {
#pragma unroll
  for (size_t i = 0; i < WARP_COL_TILES; ++i) {
#pragma unroll
    for (size_t j = 0; j < WARP_ROW_TILES; ++j) {
      const size_t j_s = (i % 2) ? (WARP_ROW_TILES - j - 1) : j;
      hmma16816(RC[i][j_s], RA[i], RB[j_s]);
    }
  }
}

extern "C" __global__ void mmaAsyncStage4Kernel(const half* __restrict__ A, const half* __restrict__ B,
                                                half* __restrict__ C, size_t M, size_t N, size_t K) {
  const size_t M_tiles = (M + MMA_M - 1) / MMA_M;
  const size_t N_tiles = (N + MMA_N - 1) / MMA_N;
  const size_t K_tiles = (K + MMA_K - 1) / MMA_K;

  // odd z slices walk the row tiles bottom-up (the origin's swizzle)
  const size_t block_tile_i =
      (blockIdx.z % 2) ? ((gridDim.y - blockIdx.y - 1) * BLOCK_COL_TILES) : (blockIdx.y * BLOCK_COL_TILES);
  const size_t block_tile_j = (blockIdx.z * gridDim.x + blockIdx.x) * BLOCK_ROW_TILES;
  if (block_tile_i >= M_tiles || block_tile_j >= N_tiles) return;

  extern __shared__ SmemRow smem[];
  const size_t warp_id = threadIdx.x / WARP_SIZE;
  const size_t lane_id = threadIdx.x % WARP_SIZE;
  const size_t smem_stage_off = BLOCK_ROWS + BLOCK_COLS;

  half* smem_warp_tile_row_ptr = &smem[0][0] + (warp_id / BLOCK_ROW_WARPS) * C_SMEM_STRIDE * WARP_ROWS;
  const half* smem_warp_stream_ptr = &smem[0][0] + warp_id * MMA_M * 2 * C_SMEM_STRIDE;
  const size_t gmem_idx = (block_tile_i + warp_id * 2) * MMA_M * N + block_tile_j * MMA_N;
  half* dst_gmem_warp_stream_ptr = &C[gmem_idx];

  u32 RC[WARP_COL_TILES][WARP_ROW_TILES][2];
#pragma unroll
  for (size_t i = 0; i < WARP_COL_TILES; ++i) {
#pragma unroll
    for (size_t j = 0; j < WARP_ROW_TILES; ++j) {
      RC[i][j][0] = 0;
      RC[i][j][1] = 0;
    }
  }

  const half* A_warp_ptr = &A[block_tile_i * MMA_M * K] + BLOCK_ROWS / WARPS_PER_BLOCK * K * warp_id;
  const half* B_warp_ptr = &B[block_tile_j * MMA_N * K] + BLOCK_COLS / WARPS_PER_BLOCK * K * warp_id;
  const size_t A_smem_iters = BLOCK_ROWS / (CHUNK_COPY_LINES_PER_WARP * WARPS_PER_BLOCK);  // 4
  const size_t B_smem_iters = BLOCK_COLS / (CHUNK_COPY_LINES_PER_WARP * WARPS_PER_BLOCK);  // 2

  size_t smem_load_idx = 0, smem_load_off = 0;

  // prologue: chunk c into stage c, for the first K_STAGE - 1 chunks (chunk c always lands in
  // stage c % K_STAGE)
#pragma unroll
  for (size_t c = 0; c < K_STAGE - 1; ++c) {
    const size_t store_off = c * smem_stage_off;
    copy_chunk(smem, A_warp_ptr, K, c * CHUNK_K * MMA_K,
               store_off + BLOCK_ROWS / WARPS_PER_BLOCK * warp_id, 0, A_smem_iters, lane_id);
    copy_chunk(smem, B_warp_ptr, K, c * CHUNK_K * MMA_K,
               store_off + BLOCK_ROWS + BLOCK_COLS / WARPS_PER_BLOCK * warp_id, 0, B_smem_iters,
               lane_id);
    cp_async_commit();
  }
  cp_async_wait_2();
  __syncthreads();

  u32 RA[2][WARP_COL_TILES][4];
  u32 RB[2][WARP_ROW_TILES][2];
  size_t reg_store_idx = 0, reg_load_idx = 1;
  load_frags(smem, RA[reg_store_idx], RB[reg_store_idx], smem_load_off, 0, warp_id, lane_id);

  // steady state: per 32-wide chunk, k step 1's fragments load while k step 0 multiplies, the
  // next chunk's copies go out half before and half after the load stage advances, then one
  // wait and one barrier, and k step 0 of the next stage loads while k step 1 multiplies
  for (size_t tile_k = CHUNK_K * (K_STAGE - 1); tile_k < K_tiles; tile_k += CHUNK_K) {
    reg_store_idx ^= 1;
    reg_load_idx ^= 1;
    load_frags(smem, RA[reg_store_idx], RB[reg_store_idx], smem_load_off, 1, warp_id, lane_id);
    mma_step(RC, RA[reg_load_idx], RB[reg_load_idx]);

    // the chunk tile_k / CHUNK_K refills the stage consumed last: stage (tile_k / CHUNK_K) % K_STAGE
    const size_t store_off = ((tile_k / CHUNK_K) % K_STAGE) * smem_stage_off;
    copy_chunk(smem, A_warp_ptr, K, tile_k * MMA_K, store_off + BLOCK_ROWS / WARPS_PER_BLOCK * warp_id,
               0, A_smem_iters / CHUNK_K, lane_id);
    copy_chunk(smem, B_warp_ptr, K, tile_k * MMA_K,
               store_off + BLOCK_ROWS + BLOCK_COLS / WARPS_PER_BLOCK * warp_id, 0,
               B_smem_iters / CHUNK_K, lane_id);
    smem_load_idx = (smem_load_idx + 1) % K_STAGE;
    smem_load_off = smem_load_idx * smem_stage_off;
    copy_chunk(smem, A_warp_ptr, K, tile_k * MMA_K, store_off + BLOCK_ROWS / WARPS_PER_BLOCK * warp_id,
               (CHUNK_K - 1) * A_smem_iters / CHUNK_K, A_smem_iters, lane_id);
    copy_chunk(smem, B_warp_ptr, K, tile_k * MMA_K,
               store_off + BLOCK_ROWS + BLOCK_COLS / WARPS_PER_BLOCK * warp_id,
               (CHUNK_K - 1) * B_smem_iters / CHUNK_K, B_smem_iters, lane_id);
    cp_async_commit();
    cp_async_wait_2();
    __syncthreads();

    reg_store_idx ^= 1;
    reg_load_idx ^= 1;
    load_frags(smem, RA[reg_store_idx], RB[reg_store_idx], smem_load_off, 0, warp_id, lane_id);
    mma_step(RC, RA[reg_load_idx], RB[reg_load_idx]);
  }

  // drain: the stage being consumed and the two still in flight (one wait each)
#pragma unroll
  for (size_t k_step = 0; k_step < CHUNK_K; ++k_step) {
    reg_store_idx ^= 1;
    reg_load_idx ^= 1;
    load_frags(smem, RA[reg_store_idx], RB[reg_store_idx], smem_load_off, (k_step + 1) % CHUNK_K,
               warp_id, lane_id);
    mma_step(RC, RA[reg_load_idx], RB[reg_load_idx]);
    if (k_step + 2 == CHUNK_K) {
      smem_load_idx = (smem_load_idx + 1) % K_STAGE;
      smem_load_off = smem_load_idx * smem_stage_off;
      cp_async_wait_1();
      __syncthreads();
    }
  }
#pragma unroll
  for (size_t k_step = 0; k_step < CHUNK_K; ++k_step) {
    reg_store_idx ^= 1;
    reg_load_idx ^= 1;
    load_frags(smem, RA[reg_store_idx], RB[reg_store_idx], smem_load_off, (k_step + 1) % CHUNK_K,
               warp_id, lane_id);
    mma_step(RC, RA[reg_load_idx], RB[reg_load_idx]);
    if (k_step + 2 == CHUNK_K) {
      smem_load_idx = (smem_load_idx + 1) % K_STAGE;
      smem_load_off = smem_load_idx * smem_stage_off;
      cp_async_wait_0();
      __syncthreads();
    }
  }
#pragma unroll
  for (size_t k_step = 1; k_step < CHUNK_K; ++k_step) {
    reg_store_idx ^= 1;
    reg_load_idx ^= 1;
    load_frags(smem, RA[reg_store_idx], RB[reg_store_idx], smem_load_off, k_step, warp_id, lane_id);
    mma_step(RC, RA[reg_load_idx], RB[reg_load_idx]);
  }
  mma_step(RC, RA[reg_store_idx], RB[reg_store_idx]);

  __syncthreads();

  // C through shared memory: each warp's 64 x 64 accumulators into a permuted 256 x 128 tile
#pragma unroll
  for (size_t i = 0; i < WARP_COL_TILES; ++i) {
#pragma unroll
    for (size_t j = 0; j < WARP_ROW_TILES; ++j) {
      half* lane_ptr0 =
          smem_warp_tile_row_ptr + (i * MMA_M + lane_id / 4) * C_SMEM_STRIDE +
          ((warp_id % BLOCK_ROW_WARPS) * C_SMEM_OFFSET + j * MMA_N +
           (lane_id % 4) * sizeof(u32) / sizeof(half) + ((lane_id / 4) % 8) * PERMUTED_OFFSET) %
              C_SMEM_STRIDE;
      half* lane_ptr1 =
          smem_warp_tile_row_ptr + (i * MMA_M + lane_id / 4 + 8) * C_SMEM_STRIDE +
          ((warp_id % BLOCK_ROW_WARPS) * C_SMEM_OFFSET + j * MMA_N +
           (lane_id % 4) * sizeof(u32) / sizeof(half) + ((lane_id / 4 + 8) % 8) * PERMUTED_OFFSET) %
              C_SMEM_STRIDE;
      *((u32*)(lane_ptr0)) = RC[i][j][0];
      *((u32*)(lane_ptr1)) = RC[i][j][1];
    }
  }
  __syncthreads();

  // each warp streams 32 rows of the tile to C, 16 bytes a lane, undoing the permutation
#pragma unroll
  for (size_t i = 0; i < MMA_M; ++i) {
    *((int4*)(dst_gmem_warp_stream_ptr + (i * 2 + lane_id / 16) * N) + lane_id % 16) =
        *((const int4*)(smem_warp_stream_ptr + (i * 2 + lane_id / 16) * C_SMEM_STRIDE) +
          (lane_id % 16 + (i * 2 + lane_id / 16) % 8) % (C_SMEM_STRIDE * sizeof(half) / THREAD_COPY_BYTES));
  }
}
