// control_hon22_nf4_lut_dequant child: the NF4 levels as a 16-entry table (QLoRA's NF4 data
// type; bitsandbytes' kDequantizeBlockwise, MIT, keeps them in a table too, written here), copied
// from __constant__ into shared memory once a block, each code looked up there; a thread per
// 32-bit word (8 codes, high nibble of each byte first), two float4 stores.
__constant__ float kNF4[16] = {-1.0f,
                               -0.6961928009986877f,
                               -0.5250730514526367f,
                               -0.39491748809814453f,
                               -0.28444138169288635f,
                               -0.18477343022823334f,
                               -0.09105003625154495f,
                               0.0f,
                               0.07958029955625534f,
                               0.16093020141124725f,
                               0.24611230194568634f,
                               0.33791524171829224f,
                               0.44070982933044434f,
                               0.5626170039176941f,
                               0.7229568362236023f,
                               1.0f};

extern "C" __global__ void __launch_bounds__(256)
    nf4_dequant_lut(const unsigned* __restrict__ q, const float* __restrict__ absmax,
                    float* __restrict__ out, int n) {
  __shared__ float lut[16];
  if (threadIdx.x < 16) lut[threadIdx.x] = kNF4[threadIdx.x];
  __syncthreads();
  const int w = blockIdx.x * blockDim.x + threadIdx.x;  // one word: 8 values
  if (w * 8 >= n) return;
  const unsigned word = __ldg(q + w);
  const float m = __ldg(absmax + w / 8);
  float v[8];
#pragma unroll
  for (int byte = 0; byte < 4; ++byte) {
    const unsigned b = (word >> (8 * byte)) & 0xffu;
    v[2 * byte] = lut[b >> 4] * m;
    v[2 * byte + 1] = lut[b & 0x0fu] * m;
  }
  float4* o = reinterpret_cast<float4*>(out + (size_t)w * 8);
  o[0] = make_float4(v[0], v[1], v[2], v[3]);
  o[1] = make_float4(v[4], v[5], v[6], v[7]);
}
