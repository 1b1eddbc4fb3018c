// Implicit GEMM on Hopper's TF32 wgmma with the input read ONCE per block from NCHW: no NHWC
// pass over x (wgmma_tma's prep moves ~51 MB), and each staged input tile feeds all nine taps.
//
// TF32 wgmma reads shared-memory operands K-major only (the reduction, channels, contiguous),
// while NCHW has a pixel's channels H*W floats apart. So the block transposes in shared memory:
// per 32-channel slab the copy engine brings the raw box x[n][c0 .. c0+31][h0-1 .. h0+ROWS][all
// W] (rows outside the image zero-filled), and the producer warpgroup's warps 1-3 rewrite it,
// rounded to TF32, as the K-major tile P without swizzle (8-row x 16-byte core matrices, row R
// of K chunk j at j*LBO + R*16; conv_halo_map.cuh): P row R = hh'*(W+2) + c' holds input row
// h0-1+hh', column c'-1, with columns c' = 0 and W+1 zero (the halo, written once). Output q =
// hh*(W+2) + ww of tap (r, s) then reads P row q + r*(W+2) + s: each tap's B operand is the
// same tile, its descriptor moved by a whole number of 16-byte rows (evenly spaced rows are why
// P is not swizzled). NQ = ROWS*(W+2) rounded up to 8 outputs per block, the two halo columns
// of each row computed and dropped (W/(W+2) = 93% useful at W = 28).
// The filter, permuted to wt[r][s][K][C] by a first launch (590 KB: the only prep), is wgmma's
// A operand as in wgmma_tma: a [128][32] box per (slab, tap) step, 128-byte swizzled, two
// consumer warpgroups of 64 output channels each. Warp 0 of the producer warpgroup streams the
// filter boxes through a STAGES-deep ring; warps 1-3 keep two raw slots and two P slots in
// flight (pfull: the 96 transposing threads, after fence.proxy.async so wgmma's async-proxy
// reads see their stores; pempty: the consumers, once the last group that read the slot
// retired). The consumers keep one wgmma group in flight and release a filter stage when the
// group that read it retires (wait_group 1), and store each pair of adjacent outputs of one
// channel plane of y (NCHW) as a float2, skipping the halo columns. Registers: the producer
// warpgroup keeps 56 (40 spilled 24 bytes of the transpose at ROWS = 7), the consumers 224
// (108 accumulators at ROWS = 7): 128 * 56 + 256 * 224 = 64512 of the 65536.
// Requires R = S = 3, PAD = 1, K % 128 == 0, C % 32 == 0, TW == W, W even, H % ROWS == 0
// (problem.yaml).
#include "conv_halo_map.cuh"
#include "conv_prep.cuh"
#include "conv_wgmma_ss.cuh"
#include "tma_ops.cuh"

#ifndef ROWS
#define ROWS 7
#endif
#ifndef TW
#define TW 28
#endif
#ifndef STAGES
#define STAGES 4
#endif
#define WP (TW + 2)
#define NQ ((ROWS * WP + 7) / 8 * 8)  // outputs per block (wgmma N)
#define PROWS ((NQ + 2 * WP + 2 + 7) / 8 * 8)
#define P_BYTES (PROWS * 128)  // 8 K chunks of PROWS 16-byte rows
#define LBO (PROWS * 16)
#define RAWN ((ROWS + 2) * TW)  // raw box rows (channel-major: [32][ROWS+2][TW])
#define RAW_BYTES (32 * RAWN * 4)
#define A_BYTES (128 * 32 * 4)
#define NTHREADS 384

#if NQ == 120
#define WGMMA_SS wgmma_m64n120k8_tf32_ss
#elif NQ == 216
#define WGMMA_SS wgmma_m64n216k8_tf32_ss
#else
#error "ROWS * (TW + 2) must round up to 120 or 216 outputs"
#endif

extern "C" __global__ void __launch_bounds__(256)
    conv_filter_prep(const float* __restrict__ w, float* __restrict__ wt, int C, int K) {
  conv_filter_permute(w, wt, C, K, blockIdx.x * 256 + threadIdx.x, gridDim.x * 256);
}

// Grid [NB*H/ROWS, K/128], block 384: warp 0 the filter ring, warps 1-3 the input tiles, two
// consumer warpgroups.
extern "C" __global__ void __launch_bounds__(NTHREADS, 1)
    conv_wgmma_halo(const __grid_constant__ TensorMap tmXr, const __grid_constant__ TensorMap tmW,
                    float* __restrict__ y, int NB, int C, int K, int H, int W) {
  extern __shared__ unsigned char smem_raw[];
  __shared__ __align__(8) uint64_t wfull[STAGES], wempty[STAGES], rawfull[2], pfull[2], pempty[2];
  unsigned char* const sbase = smem_raw + ((1024u - (smem_u32(smem_raw) & 1023u)) & 1023u);
  unsigned char* const ring = sbase;                  // STAGES filter boxes
  unsigned char* const pt = ring + STAGES * A_BYTES;  // 2 P tiles
  unsigned char* const raw = pt + 2 * P_BYTES;        // 2 raw boxes
  const int tid = threadIdx.x;
  const HaloTile tile = halo_tile(blockIdx.x, ROWS, H);
  const int k0 = blockIdx.y * 128, slabs = C / 32, steps = 9 * slabs;

  if (tid == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&wfull[s], 1);
      mbar_init(&wempty[s], 256);
    }
    for (int b = 0; b < 2; ++b) {
      mbar_init(&rawfull[b], 1);
      mbar_init(&pfull[b], 96);
      mbar_init(&pempty[b], 256);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    tma_prefetch_map(&tmXr);
    tma_prefetch_map(&tmW);
  }
  __syncthreads();

  if (tid < 128) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 56;\n" ::: "memory");
    if (tid == 0) {  // the filter ring: step = slab * 9 + tap
      for (int it = 0; it < steps; ++it) {
        const int s = it % STAGES, round = it / STAGES, slab = it / 9, tap = it - 9 * slab;
        if (round > 0) mbar_wait(&wempty[s], (round - 1) & 1);
        mbar_arrive_expect_tx(&wfull[s], A_BYTES);
        tma_load_2d(smem_u32(ring + s * A_BYTES), &tmW, slab * 32, tap * K + k0, &wfull[s]);
      }
      return;
    }
    if (tid < 32) return;
    const int p = tid - 32;  // 0 .. 95
    if (p == 0)
      for (int b = 0; b < 2 && b < slabs; ++b) {
        mbar_arrive_expect_tx(&rawfull[b], RAW_BYTES);
        tma_load_4d(smem_u32(raw + b * RAW_BYTES), &tmXr, 0, tile.h0 - 1, b * 32, tile.n,
                    &rawfull[b]);
      }
    // The halo columns and the rows past the staged ones: zero in both P tiles, never rewritten.
    for (int i = p; i < 2 * 8 * PROWS; i += 96) {
      const int b = i / (8 * PROWS), j = (i / PROWS) % 8, row = i % PROWS;
      if (halo_zero_row(row, ROWS, TW))
        *reinterpret_cast<float4*>(pt + b * P_BYTES + j * LBO + row * 16) =
            make_float4(0.f, 0.f, 0.f, 0.f);
    }
    for (int slab = 0; slab < slabs; ++slab) {
      const int b = slab & 1;
      if (slab >= 2) mbar_wait(&pempty[b], ((slab >> 1) - 1) & 1);
      mbar_wait(&rawfull[b], (slab >> 1) & 1);
      const float* rs = reinterpret_cast<const float*>(raw + b * RAW_BYTES);
      unsigned char* pd = pt + b * P_BYTES;
      // Item = (raw row, K chunk of 4 channels): lanes walk consecutive raw rows, so the four
      // loads of a warp are 32 consecutive floats and its 16-byte stores 512 contiguous bytes.
      for (int i = p; i < 8 * RAWN; i += 96) {
        const int j = i / RAWN, row = i - j * RAWN, hh = row / TW, w = row - hh * TW;
        const float* src = rs + 4 * j * RAWN + row;
        float4 v;
        v.x = __uint_as_float(to_tf32(src[0]));
        v.y = __uint_as_float(to_tf32(src[RAWN]));
        v.z = __uint_as_float(to_tf32(src[2 * RAWN]));
        v.w = __uint_as_float(to_tf32(src[3 * RAWN]));
        *reinterpret_cast<float4*>(pd + j * LBO + halo_p_row(hh, w, TW) * 16) = v;
      }
      // Generic-proxy stores made visible to wgmma (async proxy) before the consumers go.
      asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
      asm volatile("bar.sync 1, 96;\n" ::: "memory");  // raw slot b read by all 96
      if (p == 0 && slab + 2 < slabs) {
        mbar_arrive_expect_tx(&rawfull[b], RAW_BYTES);
        tma_load_4d(smem_u32(raw + b * RAW_BYTES), &tmXr, 0, tile.h0 - 1, (slab + 2) * 32, tile.n,
                    &rawfull[b]);
      }
      mbar_arrive(&pfull[b]);
    }
    return;
  }

  asm volatile("setmaxnreg.inc.sync.aligned.u32 224;\n" ::: "memory");
  const int ct = tid - 128, cw = ct >> 7, wq = (ct >> 5) & 3, lane = ct & 31;
  float acc[NQ / 2];
#pragma unroll
  for (int i = 0; i < NQ / 2; ++i) acc[i] = 0.0f;

  for (int slab = 0; slab < slabs; ++slab) {
    const int b = slab & 1;
    mbar_wait(&pfull[b], (slab >> 1) & 1);
    const uint32_t pb = smem_u32(pt + b * P_BYTES);
    for (int tap = 0; tap < 9; ++tap) {
      const int it = slab * 9 + tap, s = it % STAGES;
      mbar_wait(&wfull[s], (it / STAGES) & 1);
      const unsigned char* a = ring + s * A_BYTES + cw * (A_BYTES / 2);
      const uint32_t bt = pb + halo_tap_shift(tap, TW) * 16;
#pragma unroll
      for (int i = 0; i < NQ / 2; ++i) fence_acc(acc[i]);
      wgmma_fence();
#pragma unroll
      for (int kk = 0; kk < 4; ++kk)  // k8 = two 16-byte K chunks
        WGMMA_SS(acc, sw128_desc(a + kk * 32), kmajor_plain_desc(bt + 2 * kk * LBO, LBO), 1);
      wgmma_commit();
      wgmma_wait<1>();  // the group of step it - 1 has retired
#pragma unroll
      for (int i = 0; i < NQ / 2; ++i) fence_acc(acc[i]);
      if (it > 0) mbar_arrive(&wempty[(it - 1) % STAGES]);
      if (tap == 0 && slab > 0) mbar_arrive(&pempty[b ^ 1]);  // step it - 1 was its last reader
    }
  }
  wgmma_wait<0>();
#pragma unroll
  for (int i = 0; i < NQ / 2; ++i) fence_acc(acc[i]);

  // acc[4j + v]: channel k0 + 64cw + 16wq + g (+8 for v >= 2), output q = 8j + 2t (+1 for odd
  // v). W is even, so a pair never straddles a halo column: both stored or both dropped.
  const int k = k0 + 64 * cw + 16 * wq + (lane >> 2), t = lane & 3;
#pragma unroll
  for (int j = 0; j < NQ / 8; ++j) {
    const long long off = halo_out_offset(tile, ROWS, K, H, W, k, 8 * j + 2 * t);
    if (off < 0) continue;
    *reinterpret_cast<float2*>(y + off) = make_float2(acc[4 * j], acc[4 * j + 1]);
    *reinterpret_cast<float2*>(y + off + 8LL * H * W) = make_float2(acc[4 * j + 2], acc[4 * j + 3]);
  }
}
