// control_hon19_adamw_stochastic_bf16 child: llm.c's stochastic rounding (llmc/cuda_utils.cuh
// stochastic_rounding, MIT; written here): a hash of (index, seed) gives a 16-bit threshold;
// the float's low 16 bits above it round the value up to the next BF16 (bits | 0xFFFF, then
// cvt.rn rounds up), else down (bits & ~0xFFFF, exact).
#include "adamw.cuh"
__device__ __forceinline__ unsigned int noise(unsigned int i, unsigned int seed) {
  // SquirrelNoise5-style mixing (Squirrel Eiserloh, CC-BY 3.0 / public idea), as llm.c's
  // Get2dNoiseUint uses for its threshold.
  unsigned int b = i * 0xd2a80a3fu + seed;
  b ^= b >> 9;
  b += 0xa884f197u;
  b ^= b >> 11;
  b *= 0x6c736f4bu;
  b ^= b >> 13;
  b += 0xb79f3abbu;
  b ^= b >> 15;
  return b;
}
extern "C" __global__ void adamw_stochastic(const float* master, const __nv_bfloat16* grad,
                                            const float* m_in, const float* v_in,
                                            float* master_out, __nv_bfloat16* params, float* m_out,
                                            float* v_out, int n, int seed) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float p = adamw_update(master[i], __bfloat162float(grad[i]), m_in[i], v_in[i], &m_out[i],
                               &v_out[i]);
  master_out[i] = p;
  const unsigned int threshold = noise((unsigned int)i, (unsigned int)seed) & 0xFFFFu;
  unsigned int bits = __float_as_uint(p);
  bits = (bits & 0xFFFFu) > threshold ? (bits | 0xFFFFu) : (bits & ~0xFFFFu);
  params[i] = __float2bfloat16_rn(__uint_as_float(bits));
}
