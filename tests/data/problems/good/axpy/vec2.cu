extern "C" __global__ void axpy_vec2(const float* x, const float* y, float* out, float alpha,
                                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / 2) {
    float2 a = reinterpret_cast<const float2*>(x)[i], b = reinterpret_cast<const float2*>(y)[i];
    reinterpret_cast<float2*>(out)[i] = make_float2(alpha * a.x + b.x, alpha * a.y + b.y);
  }
}
