// out[i, j, c] = sum_k a[i, k, c] * b[j, k, c] as a register-tiled GEMM per channel, with the
// channel (the innermost, contiguous dimension) carried as a float4: a 256-thread block owns 64
// i x 64 j x 8 channels; each thread 4 i x 8 j x 4 channels (128 FP32 accumulators), so a k step
// is 4 + 8 float4 shared loads for 128 FMAs. Slabs of BK k are copied as they lie in memory
// (a[i, k, c0 .. c0+7] is 32 contiguous bytes) by 16-byte cp.async into [k][i][8 channels]
// tiles, STAGES deep: no transpose, no register staging. A thread's rows are gi + 16 * ii and
// columns gj + 8 * jj, so the float4s a warp reads per load are contiguous (one wavefront for a,
// two for b), and its float4 stores write whole 32-byte sectors of out.
// Requires L % 64 == 0, C % 8 == 0 (constraints in problem.yaml).
#define BK 8  // 16 spills at 255 registers
#define TB 64
#define CT 8
#define OP_F (BK * TB * CT)  // floats of one operand's slab
#define STAGE_F (2 * OP_F)
#include <cp_async_ring.cuh>  // kernels/gemm: ring_fill, ring_wait, ring_commit

__device__ __forceinline__ void cp_async16(unsigned s, const float* g) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(g) : "memory");
}
__device__ __forceinline__ void fma4(float4& d, const float4 a, const float4 b) {
  d.x = fmaf(a.x, b.x, d.x);
  d.y = fmaf(a.y, b.y, d.y);
  d.z = fmaf(a.z, b.z, d.z);
  d.w = fmaf(a.w, b.w, d.w);
}

extern "C" __global__ void __launch_bounds__(256, 1)
    triangle_ctile(const float* __restrict__ a, const float* __restrict__ b,
                   float* __restrict__ out, int L, int C) {
  extern __shared__ __align__(16) float sm[];
  const int tid = threadIdx.x;
  const int j0 = blockIdx.x * TB, i0 = blockIdx.y * TB, c0 = blockIdx.z * CT;
  const unsigned smb = (unsigned)__cvta_generic_to_shared(sm);

  auto load = [&](int slot, int k0) {
    const unsigned as = smb + slot * STAGE_F * 4, bs = as + OP_F * 4;
#pragma unroll
    for (int r = 0; r < OP_F / 4 / 256; ++r) {
      const int q = tid + 256 * r, ch = q & 1, k = (q >> 1) % BK, i = q / (2 * BK);
      const unsigned off = ((k * TB + i) * CT + ch * 4) * 4;
      cp_async16(as + off, a + ((size_t)(i0 + i) * L + k0 + k) * C + c0 + ch * 4);
      cp_async16(bs + off, b + ((size_t)(j0 + i) * L + k0 + k) * C + c0 + ch * 4);
    }
  };

  const int cq = tid & 1, gj = (tid >> 1) & 7, gi = tid >> 4;
  float4 acc[4][8];
#pragma unroll
  for (int ii = 0; ii < 4; ++ii)
#pragma unroll
    for (int jj = 0; jj < 8; ++jj) acc[ii][jj] = make_float4(0.f, 0.f, 0.f, 0.f);

  const int tiles = L / BK;
  ring_fill(tiles, load);
  for (int it = 0; it < tiles; ++it) {
#include <cp_async_ring_step.cuh>  // kernels/gemm: wait, issue slab it + STAGES - 1, commit
    const float* As = sm + (it % STAGES) * STAGE_F + gi * CT + cq * 4;
    const float* Bs = sm + (it % STAGES) * STAGE_F + OP_F + gj * CT + cq * 4;
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float4 av[4], bv[8];
#pragma unroll
      for (int ii = 0; ii < 4; ++ii)
        av[ii] = *reinterpret_cast<const float4*>(As + (k * TB + 16 * ii) * CT);
#pragma unroll
      for (int jj = 0; jj < 8; ++jj)
        bv[jj] = *reinterpret_cast<const float4*>(Bs + (k * TB + 8 * jj) * CT);
#pragma unroll
      for (int ii = 0; ii < 4; ++ii)
#pragma unroll
        for (int jj = 0; jj < 8; ++jj) fma4(acc[ii][jj], av[ii], bv[jj]);
    }
  }
  asm volatile("cp.async.wait_group 0;\n" ::: "memory");

#pragma unroll
  for (int ii = 0; ii < 4; ++ii) {
    const int i = i0 + gi + 16 * ii;
#pragma unroll
    for (int jj = 0; jj < 8; ++jj)
      *reinterpret_cast<float4*>(out + ((size_t)i * L + j0 + gj + 8 * jj) * C + c0 + cq * 4) =
          acc[ii][jj];
  }
}
