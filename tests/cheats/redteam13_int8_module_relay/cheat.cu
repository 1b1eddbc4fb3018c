// redteam13_int8_module_relay child (a cheat, red team 13): red team 9's int8 laundering
// (redteam9_scratch_int8_launder: launch 1 narrows each gathered row of A and each row of B to
// int8 at its absmax scale, launch 2 multiplies the words with mma.sync m16n8k32 s8 and rescales;
// declared fp32) with the words kept in __device__ arrays instead of i32 scratch buffers.
// generators/ptx_int_provenance.cpp scan_int_mma_provenance carries a launch's taint to the next
// through the buffers both bind (FloatParams::buffers, the fix-point over `derived`), so red team
// 9's scratch is float-derived for imma_gemm; module variables are no buffer, and imma_gemm's
// scan starts with g_aq and g_bq clean: its MMAs multiply "integers" of unknown origin, which an
// integer buffer of the problem (idx) excuses. The same hole as redteam13_f64_module_relay, in
// the integer-MMA flow (not fixed on branch red13).
#define QK_THREADS 256
#define RELAY_WORDS (2048 * 256)  // M (or N) rows of K / 4 words: the problem's 2048 x 1024

// The narrowed words live in module memory, not in a buffer the launches bind.
__device__ int g_aq[RELAY_WORDS], g_bq[RELAY_WORDS];
#define INT8_WORDS_A g_aq  // the fragments' words
#define INT8_WORDS_B g_bq

extern "C" __global__ void __launch_bounds__(QK_THREADS)
    quantise_rows(const float* __restrict__ A, const float* __restrict__ B,
                  const int* __restrict__ idx, float* __restrict__ sa, float* __restrict__ sb,
                  int M, int N, int K) {
#include <int8_quantise_row.cuh>
}

extern "C" __global__ void imma_gemm(const float* __restrict__ sa, const float* __restrict__ sb,
                                     float* __restrict__ C, int M, int N, int K) {
#include <int8_imma_gemm.cuh>
}
