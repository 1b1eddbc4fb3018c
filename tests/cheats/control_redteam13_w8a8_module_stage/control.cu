// control_redteam13_w8a8_module_stage child (honest, red team 13): control_int8_w8a8_scales's
// int8 W8A8 GEMM on the integer tensor cores with its operands staged through module memory:
// launch 1 copies the problem's packed int8 words (A and B, i32 `in` buffers) into __device__
// arrays, launch 2 (the control's kernel, unchanged but for where it reads) multiplies them with
// mma.sync m16n8k32 s8 and dequantises by the float scales. Every operand is still one of the
// problem's own integer words; the fix of redteam13_int8_module_relay (module variables bound to
// every launch as buffers, generators/ptx_module_binding.h) must find the staged words
// integer-derived and keep it.
#define STAGE_WORDS (1024 * 1024)  // M (or N) x K4 of the problem

__device__ int g_a[STAGE_WORDS], g_b[STAGE_WORDS];

extern "C" __global__ void stage_words(const int* __restrict__ A, const int* __restrict__ B, int M,
                                       int N, int K4) {
  const size_t na = (size_t)M * K4, nb = (size_t)N * K4;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < na + nb;
       i += (size_t)gridDim.x * blockDim.x) {
    if (i < na && i < STAGE_WORDS) g_a[i] = A[i];
    if (i >= na && i - na < STAGE_WORDS) g_b[i - na] = B[i - na];
  }
}

#include <mma_s8_m16n8k32.cuh>  // one int8 MMA (kernels/int8)

// Block: 4 warps over a 64x64 tile of C, 2 x 2 warps of 32x32; a warp: 2 x 4 MMAs per K step.
extern "C" __global__ void w8a8_imma_staged(const float* __restrict__ sa,
                                            const float* __restrict__ sb, float* __restrict__ C,
                                            int M, int N, int K4) {
  const int* A = g_a;
  const int* B = g_b;
#include <w8a8_imma_tile.cuh>
}
