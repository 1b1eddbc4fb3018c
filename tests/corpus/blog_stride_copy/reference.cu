// float64 reference for corpus problem blog_stride_copy (written for the corpus)
extern "C" __global__ void stride_ref(double* a, int n, int s) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i * s] += 1.0;
}
