// corpus: kde_gauss_1d -- from written for the corpus, tests/corpus/kde_gauss_1d/kernel.cu @ -
// license: same license as this repository
// adapted: none (written here in the usual tiled all-pairs form of a Gaussian kernel density estimate / mean-shift weight sum, with the fast __expf)
#define TILE 256
// dens[i] = sum_j exp(-c (q_i - x_j)^2)
extern "C" __global__ void kde_gauss(float* dens, const float* __restrict__ q, const float* __restrict__ x,
                                     int nq, int nx, float c) {
  __shared__ float sx[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float qi = q[i], s = 0.0f;
  for (int t = 0; t < nx; t += TILE) {
    sx[threadIdx.x] = x[t + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < TILE; ++j) {
      float d = qi - sx[j];
      s += __expf(-c * d * d);
    }
    __syncthreads();
  }
  dens[i] = s;
}
