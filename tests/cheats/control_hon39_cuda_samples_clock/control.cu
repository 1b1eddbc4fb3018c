// control_hon39_cuda_samples_clock child: timedReduction of NVIDIA's CUDA samples
// (Samples/0_Introduction/clock/clock.cu; Copyright NVIDIA Corporation, BSD-3-Clause; README.md).
// Adapted: each block reduces its own row (the sample's blocks all reduce one 512-value input),
// 64-bit timer words (clock_t on a 64-bit host); the loop and the stamps as the sample writes them.
extern "C" __global__ void timed_reduction(const float* input, float* output, long long* timer) {
  // __shared__ float shared[2 * blockDim.x];
  __shared__ float shared[512];
  const int tid = threadIdx.x;
  const int bid = blockIdx.x;
  const float* row = input + (size_t)bid * 2 * blockDim.x;
  if (tid == 0) timer[bid] = clock();
  // Copy input.
  shared[tid] = row[tid];
  shared[tid + blockDim.x] = row[tid + blockDim.x];
  // Perform reduction to find minimum.
  for (int d = blockDim.x; d > 0; d /= 2) {
    __syncthreads();
    if (tid < d) {
      float f0 = shared[tid];
      float f1 = shared[tid + d];
      if (f1 < f0) shared[tid] = f1;
    }
  }
  // Write result.
  if (tid == 0) output[bid] = shared[0];
  __syncthreads();
  if (tid == 0) timer[bid + gridDim.x] = clock();
}
