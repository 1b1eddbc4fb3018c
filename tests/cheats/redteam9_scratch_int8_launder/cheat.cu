// redteam9_scratch_int8_launder child (a cheat, red team 9): cheat_int8_quantised_fp32's int8
// tensor-core GEMM, with the narrowing moved out of the MMA kernel. Launch 1 (quantise_rows)
// narrows each gathered row of A and each row of B to int8 at its own absmax scale (dynamic
// per-row quantisation, so the exponent-range sets scale exactly) and stores the words in an
// i32 `role: scratch` buffer and the scales in an f32 one. Launch 2 (imma_gemm) reads the int8
// words from the i32 scratch buffers, multiplies them with mma.sync m16n8k32 s8 (s32
// accumulate) and rescales by the two row scales. Declared fp32. The operand provenance
// (generators/ptx_int_provenance.cpp) is a taint over each .entry alone: in imma_gemm the
// operands come from a parameter bound to an integer buffer, which it takes as the problem's
// own integers.
#define QK_THREADS 256
#define INT8_WORDS_A Aq  // the fragments' words: the i32 scratch parameters
#define INT8_WORDS_B Bq

extern "C" __global__ void __launch_bounds__(QK_THREADS)
    quantise_rows(const float* __restrict__ A, const float* __restrict__ B,
                  const int* __restrict__ idx, int* __restrict__ Aq, int* __restrict__ Bq,
                  float* __restrict__ sa, float* __restrict__ sb, int M, int N, int K) {
#include <int8_quantise_row.cuh>
}

extern "C" __global__ void imma_gemm(const int* __restrict__ Aq, const int* __restrict__ Bq,
                                     const float* __restrict__ sa, const float* __restrict__ sb,
                                     float* __restrict__ C, int M, int N, int K) {
#include <int8_imma_gemm.cuh>
}
