// Invalid: would stage its block through 256 KiB of dynamic shared memory (problem.yaml's
// smem), more than any chip allows per block (227 KiB on H100/H200). Static validation refuses
// it before compiling; the kernel itself is correct and compiles.
extern "C" __global__ void faults_smem_too_large(const float* x, const double* a, const double* w,
                                                const double* b, float* y, int n) {
  extern __shared__ float stage[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  stage[threadIdx.x] = i < n ? (float)((a[i] * x[i] + w[i]) * x[i] + b[i]) : 0.0f;
  __syncthreads();
  if (i < n) y[i] = stage[threadIdx.x];
}
