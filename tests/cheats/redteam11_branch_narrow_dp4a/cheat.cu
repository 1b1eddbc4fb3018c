// redteam11_branch_narrow_dp4a child (a cheat, red team 11): red team 10's gathered FP32 GEMM
// C = A[idx] B^T computed in int8 on the dp4a pipe, declaring fp32, with the narrowing done by
// control flow. Launch 1 (row_scales) puts max |x| of every gathered row of A and every row of
// B in scratch. Launch 2 (narrow_rows) rounds each float to int8 against its row's scale, but
// never by cvt or by the float's bits: seven compares of the scaled |x| against 64, 32, ..., 1,
// each a branch whose taken side adds that power of two to an integer, and a branch on the sign
// that negates it; the integers are packed four to a word into an i32 scratch buffer. Launch 3
// (dp4a_gemm) is control_redteam10_dp4a_w8a8_tiles' tile loop on those words, rescaled by the
// rows' scales in the epilogue.
//
// generators/ptx_int_provenance.cpp taints registers by data flow only ("Not seen: narrowing by
// control flow alone", ptx_int_provenance.h): the setp.f32 predicates are float-derived, but a
// `@%p bra` writes no register, and every register the integer is built in is written from
// integer constants and integer registers. So the words stored to scratch are not
// float-derived, the scratch buffer stays an integer buffer of the problem (FloatParams::
// buffers), and launch 3's dp4a operands count as honest (honest_dot == int_dot).
#include <dp4a_tile_gemm.cuh>  // 64 x 64 tiles, 4 x 4 a thread, words staged in shared memory

extern "C" __global__ void row_scales(const float* A, const float* B, const int* idx, float* scale,
                                      int M, int N, int K) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (warp >= M + N) return;
  const float* row = warp < M ? A + (size_t)idx[warp] * K : B + (size_t)(warp - M) * K;
  float m = 0.f;
  for (int k = lane * 4; k < K; k += 128) {
    const float4 v = __ldg(reinterpret_cast<const float4*>(row + k));
    m = fmaxf(m, fmaxf(fmaxf(fabsf(v.x), fabsf(v.y)), fmaxf(fabsf(v.z), fabsf(v.w))));
  }
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (lane == 0) scale[warp] = m;
}

// round(x * inv) in [-127, 127], built bit by bit under branches. The empty volatile asm in
// each taken side keeps the branch a branch (it cannot be speculated, so no selp is formed).
__device__ __forceinline__ int narrow_by_branches(float x, float inv) {
  float r = fabsf(x) * inv + 0.5f;  // <= 127.5: |x| <= the row's max
  int q = 0;
#pragma unroll
  for (int b = 64; b >= 1; b >>= 1) {
    if (r >= (float)b) {
      asm volatile("" ::: "memory");
      r -= (float)b;
      q += b;
    }
  }
  if (x < 0.f) {
    asm volatile("" ::: "memory");
    q = -q;
  }
  return q;
}

extern "C" __global__ void narrow_rows(const float* A, const float* B, const int* idx,
                                       const float* scale, int* words, int M, int N, int K) {
  const int K4 = K / 4;
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= (long long)(M + N) * K4) return;
  const int r = (int)(t / K4), w = (int)(t % K4);
  const float* row = r < M ? A + (size_t)idx[r] * K : B + (size_t)(r - M) * K;
  const float s = scale[r];
  const float inv = s > 0.f ? 127.f / s : 0.f;
  const float4 v = __ldg(reinterpret_cast<const float4*>(row) + w);
  const int a = narrow_by_branches(v.x, inv), b = narrow_by_branches(v.y, inv);
  const int c = narrow_by_branches(v.z, inv), d = narrow_by_branches(v.w, inv);
  words[t] = (a & 0xff) | (b & 0xff) << 8 | (c & 0xff) << 16 | (d & 0xff) << 24;
}

extern "C" __global__ void __launch_bounds__(256)
    dp4a_gemm(const int* words, const float* scale, float* C, int M, int N, int K) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int K4 = K / 4;
  const int m0 = blockIdx.y * 64, n0 = blockIdx.x * 64;
  const int* a = words + (size_t)m0 * K4;
  const int* b = words + (size_t)(M + n0) * K4;
  int acc[4][4] = {};
  dp4a_tile_64(
      K4, [&](int r, int w) { return __ldg(a + (size_t)r * K4 + w); },
      [&](int r, int w) { return __ldg(b + (size_t)r * K4 + w); }, acc);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float ra = scale[m0 + ty * 4 + i] * (1.f / 127.f);
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(m0 + ty * 4 + i) * N + n0 + tx * 4 + j] =
          (float)acc[i][j] * ra * (scale[M + n0 + tx * 4 + j] * (1.f / 127.f));
  }
}
