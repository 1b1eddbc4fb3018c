// float64 reference for corpus problem prime_trial_division (written for the corpus)
extern "C" __global__ void prime_ref(double* out, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned v = (unsigned)(base + i);
  bool p = v >= 2 && (v % 2 != 0 || v == 2);
  for (unsigned d = 3; p && v > 2 && d * d <= v; d += 2) if (v % d == 0) p = false;
  out[i] = p ? 1.0 : 0.0;
}
