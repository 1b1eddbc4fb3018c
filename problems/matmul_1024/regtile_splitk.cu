// regtile_wave with K split into SPLITK slices (blockIdx.z): at 1024^3 the output has only 64
// (128 x 128) or 128 (64 x 128) tiles, one block per SM or fewer, so each SM runs 8 warps and
// the FMA pipe waits on the slab loads. SPLITK = 2 gives 2-4 blocks an SM (16-32 warps) with
// half the K loop each; the partial tiles are added into C by float4 atomics (sm_90), C zeroed
// by the first launch. With SPLITK = 2 the sum is exact and order-free (0 + a + b = 0 + b + a);
// with 4 the order of the adds varies, within the problem's tolerance (four partials of 256
// products each). The GEMM body is the kernel library's regtile_db (kernels/gemm).
extern "C" __global__ void mm_zero_c(float* __restrict__ C, int M, int N) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (size_t)M * N / 4) reinterpret_cast<float4*>(C)[i] = make_float4(0.f, 0.f, 0.f, 0.f);
}
#define GEMM_BM TILE_M
#define GEMM_SPLITK SPLITK
#define GEMM_ENTRY mm_regtile_splitk
#include <regtile_db_gemm.cuh>
