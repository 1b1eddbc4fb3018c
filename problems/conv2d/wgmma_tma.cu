// Implicit GEMM on Hopper's TF32 wgmma, fed by the bulk tensor copy engine (TMA). Two launches.
//
// (1) conv_nhwc_prep: TF32 wgmma reads shared-memory operands K-major only (the reduction
// contiguous), and in NCHW the channels of one pixel are H*W floats apart. So x goes to NHWC
// (the scratch xt[NB][H][W][C], a 32 x 32 shared-memory transpose per block) and the filter to
// wt[r][s][K][C] (blocks of grid z = NB), both rounded to TF32 (cvt.rna) on the way. Scratch
// holds garbage before every run, so both are rewritten by every call and timed with it
// (docs/problem-format.md). No padded copy: the halo comes from the copy engine (below).
//
// (2) conv_wgmma_tma: the transposed GEMM D[k][pixel] = sum_{r,s,c} wt[r][s][k][c] *
// xt[n][h+r-1][w+s-1][c]. Output channels are wgmma's M (128 per block: two consumer
// warpgroups of 64) and pixels its N: PIX pixels per block = IMGS images x ROWS whole rows x W
// (ROWS = PIX / (IMGS * W)), so one rank-4 box [IMGS][ROWS][W][32 channels] of xt is the
// B operand of tap (r, s) for 32 channels, started at (c0, s - 1, h0 + r - 1, n0): the copy
// engine zero-fills the coordinates outside the image (w = -1, w = W, h = -1, h = H), which is
// exactly the zero padding of 1. The filter box [128][32] of wt at row (r*3 + s)*K + k0 is the
// A operand. Both boxes have 128-byte rows (32 floats) and the 128-byte swizzle, so both are
// plain K-major SW128 descriptors (8-row groups 1024 bytes apart), advanced by 32 bytes per k8.
// The reduction runs 9 taps x C/32 slabs through a STAGES-deep mbarrier ring: one producer
// thread issues the two boxes of a stage (expect_tx of the whole stage: zero-filled elements
// count too); the consumers keep one wgmma group in flight and release a stage once the group
// that read it has retired (wait_group 1). Putting pixels on N (multiples of 8, up to 256)
// instead of M (multiples of 64) lets a tile be whole image rows (4 x 28 = 112), so no pixel is
// computed twice or wasted, and the accumulator rows are output channels: each thread stores
// pairs of adjacent pixels of one channel plane of y (NCHW) as float2, no output transpose.
// Requires R = S = 3, PAD = 1, K % 128 == 0, C % 32 == 0, PIX % (IMGS*W) == 0, H % ROWS == 0,
// NB % IMGS == 0, W even (constraints in problem.yaml).
#include "conv_prep.cuh"
#include "conv_tile_map.cuh"
#include "conv_wgmma_ss.cuh"
#include "tma_ops.cuh"
#include "wgmma_tf32_ops.cuh"

#ifndef PIX
#define PIX 112
#endif
#ifndef IMGS
#define IMGS 1
#endif
#ifndef STAGES
#define STAGES 4
#endif
#define BMK 128                 // output channels per block
#define BK 32                   // channels per slab: one 128-byte swizzled row
#define A_BYTES (BMK * BK * 4)  // filter box: 16 KiB
#define X_BYTES (PIX * BK * 4)  // pixel box
#define STAGE_BYTES (A_BYTES + X_BYTES)
#define NTHREADS 384

#if PIX == 56
#define WGMMA_SS wgmma_m64n56k8_tf32_ss
#elif PIX == 112
#define WGMMA_SS wgmma_m64n112k8_tf32_ss
#elif PIX == 224
#define WGMMA_SS wgmma_m64n224k8_tf32_ss
#else
#error "PIX must be 56, 112 or 224"
#endif

// Grid [ceil(H*W/32), C/32, NB + 1], block 256. Blocks of z < NB transpose a 32-pixel x 32-channel
// tile of image z; the blocks of z = NB permute the filter, grid-strided.
extern "C" __global__ void __launch_bounds__(256)
    conv_nhwc_prep(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ xt,
                   float* __restrict__ wt, int NB, int C, int K, int H, int W) {
  __shared__ float tile[32][33];
  const int tid = threadIdx.x, tx = tid & 31, ty = tid >> 5, HW = H * W;
  if (blockIdx.z == NB) {
    conv_filter_permute(w, wt, C, K, (blockIdx.y * gridDim.x + blockIdx.x) * 256 + tid,
                        gridDim.x * gridDim.y * 256);
    return;
  }
  const int n = blockIdx.z, p0 = blockIdx.x * 32, c0 = blockIdx.y * 32;
  const float* xs = x + ((size_t)n * C + c0) * HW + p0;
  const bool in = p0 + tx < HW;  // the last tile of a plane may be partial
#pragma unroll
  for (int j = ty; j < 32; j += 8) tile[j][tx] = in ? xs[(size_t)j * HW + tx] : 0.0f;
  __syncthreads();
  float* xd = xt + conv_nhwc_offset(n, p0, c0, HW, C);
#pragma unroll
  for (int j = ty; j < 32; j += 8)
    if (p0 + j < HW) xd[(size_t)j * C + tx] = __uint_as_float(to_tf32(tile[tx][j]));
}

// Grid [NB*H*W / PIX, K / 128], block 384 (a producer warpgroup, two consumer warpgroups).
extern "C" __global__ void __launch_bounds__(NTHREADS, 1)
    conv_wgmma_tma(const __grid_constant__ TensorMap tmX, const __grid_constant__ TensorMap tmW,
                   float* __restrict__ y, int NB, int C, int K, int H, int W) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ __align__(8) uint64_t full[STAGES], empty[STAGES];
  // Stages start 1024-aligned: the 128-byte swizzle repeats every 1024 bytes of address.
  unsigned char* const sbase = smem_raw + ((1024u - (smem_u32(smem_raw) & 1023u)) & 1023u);
  const int tid = threadIdx.x;
  const ConvTile tile = conv_tile(blockIdx.x, PIX, IMGS, H, W);
  const int k0 = blockIdx.y * BMK, steps = 9 * (C / BK);

  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], 256);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    tma_prefetch_map(&tmX);
    tma_prefetch_map(&tmW);
  }
  __syncthreads();

  if (tid < 128) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" ::: "memory");
    if (tid == 0) {
      for (int it = 0; it < steps; ++it) {
        const int s = it % STAGES, round = it / STAGES;
        if (round > 0) mbar_wait(&empty[s], (round - 1) & 1);
        const ConvStep b = conv_step(it, C, K, k0, tile);
        const uint32_t as = smem_u32(sbase + s * STAGE_BYTES);
        mbar_arrive_expect_tx(&full[s], STAGE_BYTES);
        tma_load_2d(as, &tmW, b.c0, b.wrow, &full[s]);
        tma_load_4d(as + A_BYTES, &tmX, b.c0, b.w, b.h, b.n, &full[s]);
      }
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" ::: "memory");
  const int ct = tid - 128, cw = ct >> 7, wq = (ct >> 5) & 3, lane = ct & 31;
  float acc[PIX / 2];
#pragma unroll
  for (int i = 0; i < PIX / 2; ++i) acc[i] = 0.0f;

  for (int it = 0; it < steps; ++it) {
    const int s = it % STAGES;
    mbar_wait(&full[s], (it / STAGES) & 1);
    const unsigned char* st = sbase + s * STAGE_BYTES;
#pragma unroll
    for (int i = 0; i < PIX / 2; ++i) fence_acc(acc[i]);
    wgmma_fence();
#pragma unroll
    for (int kk = 0; kk < BK / 8; ++kk)
      WGMMA_SS(acc, sw128_desc(st + cw * (A_BYTES / 2) + kk * 32),
               sw128_desc(st + A_BYTES + kk * 32), 1);
    wgmma_commit();
    wgmma_wait<1>();  // the group of slab it - 1 has retired: its stage is free
#pragma unroll
    for (int i = 0; i < PIX / 2; ++i) fence_acc(acc[i]);
    if (it > 0) mbar_arrive(&empty[(it - 1) % STAGES]);
  }
  wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < PIX / 2; ++i) fence_acc(acc[i]);

  // acc[4j + v]: channel k0 + 64cw + 16wq + g (+8 for v >= 2), tile pixel 8j + 2t (+1 for odd
  // v); the channel 8 further is 8*H*W floats further.
  const int k = k0 + 64 * cw + 16 * wq + (lane >> 2), t = lane & 3;
#pragma unroll
  for (int j = 0; j < PIX / 8; ++j) {
    float* yp = y + conv_out_offset(tile, K, H, W, k, 8 * j + 2 * t);
    *reinterpret_cast<float2*>(yp) = make_float2(acc[4 * j], acc[4 * j + 1]);
    *reinterpret_cast<float2*>(yp + 8 * H * W) = make_float2(acc[4 * j + 2], acc[4 * j + 3]);
  }
}
