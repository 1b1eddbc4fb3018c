// control_int8_w8a8_scales child: an int8 W8A8 GEMM on the integer tensor cores, written for
// this suite after the fragment layout of PTX ISA 8.x, "Matrix Fragments for mma.m16n8k32"
// (.s8): thread t of a warp (g = t / 4, q = t % 4) holds A rows g and g + 8, bytes 4q..4q+3 and
// 16 + 4q.. of the 32-wide K step (a0..a3), B column g, the same bytes (b0, b1), and C rows g
// and g + 8, columns 2q, 2q + 1 (c0..c3). With A and B stored as packed int8 rows (4 per int32),
// every fragment register is one word of the problem's own buffers: no repacking, no
// conversion. The epilogue is the usual dequantise step (int32 -> float, times the per-token
// and per-channel scales), as in SmoothQuant / TensorRT-LLM int8 linear layers.
#include <mma_s8_m16n8k32.cuh>  // one int8 MMA (kernels/int8)

// Block: 4 warps over a 64x64 tile of C, 2 x 2 warps of 32x32; a warp: 2 x 4 MMAs per K step.
extern "C" __global__ void w8a8_imma(const int* __restrict__ A, const int* __restrict__ B,
                                     const float* __restrict__ sa, const float* __restrict__ sb,
                                     float* __restrict__ C, int M, int N, int K4) {
#include <w8a8_imma_tile.cuh>
}
