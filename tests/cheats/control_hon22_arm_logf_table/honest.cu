// control_hon22_arm_logf_table seed: y = logf(x) (libdevice), a thread per run of 64
// consecutive values (a naive port of a CPU loop split into chunks).
extern "C" __global__ void logf_chunks(const float* x, float* y, int n) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = c * 64; i < n && i < (c + 1) * 64; ++i) y[i] = logf(x[i]);
}
