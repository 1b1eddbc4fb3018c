// control_hon20_segscan_shfl seed: a thread per row; the running sum restarts at each head.
extern "C" __global__ void segscan_serial(const float* x, const int* head, float* y, int R, int L) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= R) return;
  float run = 0.f;
  for (int j = 0; j < L; ++j) {
    const size_t i = (size_t)r * L + j;
    run = head[i] ? x[i] : run + x[i];
    y[i] = run;
  }
}
