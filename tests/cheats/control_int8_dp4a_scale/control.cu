// control_int8_dp4a_scale child: the pattern of llama.cpp's q8_0 dot products (ggml-cuda
// vecdotq.cuh, vec_dot_q8_0_q8_1_impl: `sumi = ggml_cuda_dp4a(v[i], u[i], sumi)` over packed
// int8 quants, then `d8_0 * d8_1 * sumi`; MIT), written for this problem: one warp per row,
// lanes read consecutive words (coalesced), __dp4a accumulates in int32, a butterfly shuffle
// reduction (warp_reduce_sum in ggml's common.cuh), then the float scale.
extern "C" __global__ void gemv_q8_dp4a(const int* __restrict__ A, const int* __restrict__ x,
                                        const float* __restrict__ s, float* __restrict__ y, int M,
                                        int K4) {
  const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (row >= M) return;
  const int* a = A + (size_t)row * K4;
  int sumi = 0;
#pragma unroll 4
  for (int k = lane; k < K4; k += 32) sumi = __dp4a(__ldg(a + k), __ldg(x + k), sumi);
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sumi += __shfl_xor_sync(0xffffffffu, sumi, off);
  if (lane == 0) y[row] = (float)sumi * s[row];
}
