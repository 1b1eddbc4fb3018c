// float64 reference: one block, float4 loads, a tree in double.
#define RB 1024
extern "C" __global__ void __launch_bounds__(RB) reduce_ref(const float* x, double* out, int n) {
  __shared__ double red[RB];
  const int tid = threadIdx.x;
  double acc = 0.0;
  for (int i = tid; i < n; i += RB) acc += (double)x[i];
  red[tid] = acc;
  __syncthreads();
  for (int s = RB / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[0] = red[0];
}
