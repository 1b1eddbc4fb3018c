// control_hon20_lut_gelu_int8 child: a 256-entry GELU table per block (ggml's table idiom,
// ggml_table_gelu_f16, MIT; written here for int8 codes), indexed by the unsigned byte (the
// table holds code - 256 above 127); 16 codes a thread from one uint4, four float4 stores.
#include "gelu.cuh"
extern "C" __global__ void __launch_bounds__(256) gelu_lut(const unsigned int* __restrict__ q,
                                                          float* __restrict__ y, int n, float scale) {
  __shared__ float table[256];
  table[threadIdx.x] = gelu_code(threadIdx.x < 128 ? (int)threadIdx.x : (int)threadIdx.x - 256, scale);
  __syncthreads();
  const uint4* q4 = reinterpret_cast<const uint4*>(q);
  float4* y4 = reinterpret_cast<float4*>(y);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 16; i += gridDim.x * blockDim.x) {
    const uint4 v = q4[i];
    const unsigned int words[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const unsigned int b = words[k];
      y4[4 * i + k] = make_float4(table[b & 255u], table[(b >> 8) & 255u], table[(b >> 16) & 255u],
                                  table[b >> 24]);
    }
  }
}
