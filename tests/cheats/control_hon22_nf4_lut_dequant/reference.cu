// float64 reference (hon22): the NF4 level (QLoRA's table, as floats) times the block's absmax.
__constant__ float kNF4Ref[16] = {-1.0f,
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
extern "C" __global__ void nf4_ref(const unsigned* q, const float* absmax, double* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned byte = (q[i / 8] >> (8 * ((i % 8) / 2))) & 0xffu;
  const unsigned code = (i % 2 == 0) ? (byte >> 4) : (byte & 0x0fu);
  out[i] = (double)kNF4Ref[code] * (double)absmax[i / 64];
}
