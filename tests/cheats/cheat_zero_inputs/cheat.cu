// Cheat: writes zeros over A (through a cast: `in` buffers are only const by convention) and
// zeros to C. A harness that computes the reference afterwards from the same device buffers
// would see C = 0 * B = 0: a match.
extern "C" __global__ void zero_all(const float* A, float* C, int M, int N, int K) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (size_t)M * K) const_cast<float*>(A)[i] = 0.0f;
  if (i < (size_t)M * N) C[i] = 0.0f;
}
