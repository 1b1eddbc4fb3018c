// Float64 reference: out[i,j,c] = sum_k a[i,k,c] * b[j,k,c], products and sum in double.
extern "C" __global__ void triangle_ref(const float* a, const float* b, double* out, int L,
                                        int C) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y, i = blockIdx.z;
  if (c >= C) return;
  double acc = 0.0;
  for (int k = 0; k < L; ++k)
    acc += (double)a[((size_t)i * L + k) * C + c] * (double)b[((size_t)j * L + k) * C + c];
  out[((size_t)i * L + j) * C + c] = acc;
}
