extern "C" __global__ void axpy_grid_stride(const float* x, const float* y, float* out,
                                            float alpha, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = alpha * x[i] + y[i];
}
