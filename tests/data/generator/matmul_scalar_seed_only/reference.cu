// Float64 reference: C = A * s, computed in double.
extern "C" __global__ void scale_ref(const float* A, float s, double* C, int M, int N) {
  const long long n = (long long)M * N;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    C[i] = (double)A[i] * (double)s;
}
