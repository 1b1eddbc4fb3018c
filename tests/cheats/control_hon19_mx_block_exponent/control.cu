// control_hon19_mx_block_exponent child, in the style of MX casts (microsoft/microxcaling's
// shared-exponent quantiser, MIT; written here): a warp per block of 32; the absmax by
// shuffles; its exponent from the IEEE bit field, (bits >> 23) & 0xff, minus 126 (frexp's
// convention), with frexpf kept for a subnormal absmax; the scale 2^(7 - e) assembled from bits
// when it is a normal float (else ldexpf); __float2int_rn rounds to nearest even.
extern "C" __global__ void mx_bits(const float* __restrict__ x, int* __restrict__ q,
                                   int* __restrict__ e, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float v = x[i];
  float m = fabsf(v);
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  const int biased = (__float_as_int(m) >> 23) & 0xff;
  int ex = biased - 126;
  if (m == 0.f) ex = 0;
  else if (biased == 0) frexpf(m, &ex);  // subnormal absmax: no implicit bit
  const int sb = 7 - ex + 127;           // biased exponent of 2^(7 - e)
  const float s = (sb > 0 && sb < 255) ? v * __int_as_float(sb << 23) : ldexpf(v, 7 - ex);
  const int r = __float2int_rn(s);
  q[i] = min(127, max(-127, r));
  if ((threadIdx.x & 31) == 0) e[i / 32] = ex;
}
