// corpus_fresh20: af_iir_biquad -- ArrayFire (arrayfire/arrayfire), src/backend/cuda/kernel/iir.cuh:
// iir<float, batch_a = false>, the recursive half of af::iir(b, a, x) (the feed-forward half,
// c = b * x, is a convolution done before it). One block per signal, the filter state z in
// shared memory: for each sample thread 0 computes y[i] = (c[i] + z[0]) / a[0] and publishes it,
// then every thread shifts one state entry, z[k - 1] = z[k] - a[k] * y[i], between barriers --
// three __syncthreads per sample, whatever the filter's order. Rewritten for the problem format
// (see README.md): T = float, extern "C", the Param structs replaced by the signal length, the
// number of a coefficients and one contiguous column per signal (the batch offsets kept);
// MAX_A_SIZE = 1024 as the host file defines it; the loops, barriers and launch as the origin's.

#define IIR_MAX_A_SIZE 1024

extern "C" __global__ void iir(float* yp, const float* cp, const float* ap, int len, int num_a,
                               int blocks_y) {
  __shared__ float s_z[IIR_MAX_A_SIZE];
  __shared__ float s_a[IIR_MAX_A_SIZE];
  __shared__ float s_y;

  const int idz = blockIdx.x;
  const int idw = blockIdx.y / blocks_y;
  const int idy = blockIdx.y - idw * blocks_y;
  const int tx = threadIdx.x;

  // y and c: dims (len, blocks_y, gridDim.x, ...), contiguous
  const long long s1 = len, s2 = s1 * blocks_y, s3 = s2 * gridDim.x;
  const long long off = idw * s3 + idz * s2 + idy * s1;
  float* d_y = yp + off;
  const float* d_c = cp + off;
  const float* d_a = ap;  // batch_a = false: one set of coefficients for every signal
  const int repeat = (num_a + blockDim.x - 1) / blockDim.x;

  for (int ii = 0; ii < IIR_MAX_A_SIZE / blockDim.x; ii++) {
    const int id = ii * blockDim.x + tx;
    s_z[id] = 0.0f;
    s_a[id] = (id < num_a) ? d_a[id] : 0.0f;
  }
  __syncthreads();

  for (int i = 0; i < len; i++) {
    if (tx == 0) {
      s_y = (d_c[i] + s_z[0]) / s_a[0];
      d_y[i] = s_y;
    }
    __syncthreads();

#pragma unroll
    for (int ii = 0; ii < repeat; ii++) {
      const int id = ii * blockDim.x + tx + 1;
      const float z = s_z[id] - s_a[id] * s_y;
      __syncthreads();
      s_z[id - 1] = z;
      __syncthreads();
    }
  }
}
