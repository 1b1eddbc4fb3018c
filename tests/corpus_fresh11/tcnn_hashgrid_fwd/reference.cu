// Reference for corpus_fresh11 tcnn_hashgrid_fwd (written for the corpus): the multiresolution
// hash encoding of each (point, level), the trilinear blend in float64. The cell, the corner
// indices and the level's resolution are the kernel's float and 32-bit integer arithmetic (a
// point on a cell boundary must pick the same corners); only the blend differs (the kernel
// rounds the weights and the running sum to half).
#include <cuda_fp16.h>

__constant__ unsigned int c_ref_offsets[17] = {
    0,       4096,    16264,   46056,   125568,  330952,  855240,  1379528, 1903816,
    2428104, 2952392, 3476680, 4000968, 4525256, 5049544, 5573832, 6098120};

extern "C" __global__ void hashgrid_ref(unsigned int n, unsigned int base_resolution,
                                        float log2_scale, const __half* grid, const float* pos_in,
                                        double* out) {
  const long long total = (long long)n * 16;
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < total;
       e += (long long)blockDim.x * gridDim.x) {
    const unsigned int level = (unsigned int)(e / n), i = (unsigned int)(e % n);
    const unsigned int first = c_ref_offsets[level];
    const unsigned int size = c_ref_offsets[level + 1] - first;
    const float scale = exp2f(level * log2_scale) * base_resolution - 1.0f;
    const unsigned int res = (unsigned int)ceilf(scale) + 1;
    double frac[3];
    unsigned int cell[3];
    for (int d = 0; d < 3; ++d) {
      const float p = fmaf(scale, pos_in[(long long)i * 3 + d], 0.5f);
      const float fl = floorf(p);
      cell[d] = (unsigned int)(int)fl;
      frac[d] = (double)(p - fl);
    }
    // dense (row-major x fastest) when the level's table holds every vertex, hashed otherwise
    const bool dense = res <= 0x659 && (unsigned long long)res * res * res <= size;
    double acc[2] = {0.0, 0.0};
    for (int c = 0; c < 8; ++c) {
      unsigned int v[3];
      double w = 1.0;
      for (int d = 0; d < 3; ++d) {
        const bool up = (c >> d) & 1;
        v[d] = cell[d] + (up ? 1u : 0u);
        w *= up ? frac[d] : 1.0 - frac[d];
      }
      unsigned int h = dense ? v[0] + v[1] * res + v[2] * res * res
                             : v[0] ^ (v[1] * 2654435761u) ^ (v[2] * 805459861u);
      h %= size;
      const __half* g = grid + 2ull * (first + h);
      acc[0] += w * (double)__half2float(g[0]);
      acc[1] += w * (double)__half2float(g[1]);
    }
    out[(2ull * level + 0) * n + i] = acc[0];
    out[(2ull * level + 1) * n + i] = acc[1];
  }
}
