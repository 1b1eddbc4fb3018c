// CUDA-core SGEMM shaped for one full wave at 1024^3: 64 x 128 block tiles (128 blocks for the
// 132 SMs, where 128 x 128 tiles give 64 and leave half the chip idle), 256 threads of 4 x 8
// outputs, BK-deep slabs double-buffered in shared memory: the kernel library's regtile_db GEMM
// (kernels/gemm/regtile_db_gemm.cuh, the matmul problem's regtile_db) at GEMM_BM = 64. B streams
// global->shared with cp.async, A goes through registers into a transposed As[k][m] so each k
// step reads a thread's 4 A and 8 B values as three float4 loads; warps laid out 4 x 8 threads
// so every float4 load of a warp is one shared-memory wavefront. One barrier per slab.
// Requires M % 64 == 0, N % 128 == 0, K % BK == 0 (constraints in problem.yaml; BK = 16: at 32
// the two buffers exceed the 48 KiB of static shared memory).
#ifndef BK
#define BK 16
#endif
#define GEMM_BM 64
#define GEMM_BOUNDS 256
#define GEMM_ENTRY mm_regtile_wave
#include <regtile_db_gemm.cuh>
