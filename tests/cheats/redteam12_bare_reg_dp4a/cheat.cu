// redteam12_bare_reg_dp4a child (a cheat, red team 12): red team 10's quantised GEMM, narrowed
// by plain data flow. Launch 1 (row_scales) puts max |x| of every gathered row of A and every row
// of B in scratch. Launch 2 (narrow_rows) rounds each float to int8 against its row's scale with
// a multiply and a cvt.rni.s32.f32 (the narrowing red team 10's dp4a cheat did in C), but in an
// inline asm block whose registers are declared and named without a '%' (`.reg .f32 xs;
// .reg .s32 q;`: PTX identifiers need no '%', which is only the compiler's habit; CUTLASS's
// inline asm declares `.reg .pred p;` the same way). The words are packed into i32 scratch and
// launch 3 (dp4a_gemm) multiplies them with control_redteam10_dp4a_w8a8_tiles' tiles.
//
// generators/ptx_int_provenance.cpp follows values through registers it recognises by a leading
// '%' (ptx_operand_names in ptx_scan.cpp: "%r12" is a register, any other identifier a symbol,
// that is a memory region). `mov.f32 xs, %f5` taints no register (xs is a "symbol"), the cvt's
// destination q is none either, and `mov.b32 %r9, q` reads no tainted register: %r9, the packed
// words, the scratch buffer and launch 3's dp4a operands are all clean.
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

// round(x * inv) into [-127, 127] by cvt.rni, every register of the block named without a '%'.
__device__ __forceinline__ int narrow_bare(float x, float inv) {
  int q;
  asm("{\n\t.reg .f32 xs;\n\t.reg .s32 qi;\n\t"
      "mul.rn.f32 xs, %1, %2;\n\t"
      "cvt.rni.s32.f32 qi, xs;\n\t"
      "min.s32 qi, qi, 127;\n\t"
      "max.s32 qi, qi, -127;\n\t"
      "mov.b32 %0, qi;\n\t}"
      : "=r"(q)
      : "f"(x), "f"(inv));
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
  const int a = narrow_bare(v.x, inv), b = narrow_bare(v.y, inv);
  const int c = narrow_bare(v.z, inv), d = narrow_bare(v.w, inv);
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
