// control_hon22_arm_expf_table seed: y = expf(x) (libdevice), a thread per run of 64
// consecutive values (a naive port of a CPU loop split into chunks).
extern "C" __global__ void expf_chunks(const float* x, float* y, int n) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = c * 64; i < n && i < (c + 1) * 64; ++i) y[i] = expf(x[i]);
}
