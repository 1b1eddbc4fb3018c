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
#include <dp4a_row_scales.cuh>  // launch 1: max |x| of every row into scale (kernels/int8)

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
#include <dp4a_row_word.cuh>  // t, r, w, this word's float4 v and the row's inv (kernels/int8)
  const int a = narrow_bare(v.x, inv), b = narrow_bare(v.y, inv);
  const int c = narrow_bare(v.z, inv), d = narrow_bare(v.w, inv);
  words[t] = (a & 0xff) | (b & 0xff) << 8 | (c & 0xff) << 16 | (d & 0xff) << 24;
}

#include <dp4a_words_gemm.cuh>  // the last launch: the words in 64 x 64 dp4a tiles, rescaled
