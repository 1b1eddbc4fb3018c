// float64 reference for corpus problem llmc_matmul_fwd1 (written for the corpus)
extern "C" __global__ void matmul1_ref(double* out, const float* inp, const float* w, const float* bias, int BT, int C, int OC) {
  int oc = blockIdx.x * blockDim.x + threadIdx.x, bt = blockIdx.y * blockDim.y + threadIdx.y;
  if (bt >= BT || oc >= OC) return;
  double s = bias[oc];
  for (int i = 0; i < C; i++) s += (double)inp[(long)bt * C + i] * w[(long)oc * C + i];
  out[(long)bt * OC + oc] = s;
}
