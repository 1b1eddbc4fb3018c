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
#include <dp4a_row_scales.cuh>  // launch 1: max |x| of every row into scale (kernels/int8)

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
#include <dp4a_row_word.cuh>  // t, r, w, this word's float4 v and the row's inv (kernels/int8)
  const int a = narrow_by_branches(v.x, inv), b = narrow_by_branches(v.y, inv);
  const int c = narrow_by_branches(v.z, inv), d = narrow_by_branches(v.w, inv);
  words[t] = (a & 0xff) | (b & 0xff) << 8 | (c & 0xff) << 16 | (d & 0xff) << 24;
}

#include <dp4a_words_gemm.cuh>  // the last launch: the words in 64 x 64 dp4a tiles, rescaled
