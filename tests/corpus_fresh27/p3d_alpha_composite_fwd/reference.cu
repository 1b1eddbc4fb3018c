// Reference for corpus_fresh27 p3d_alpha_composite_fwd (written for the corpus): one thread per
// (batch, channel, pixel), the K points of the pixel composited front to back in float64 with
// no atomics (result[b][c][j][i] = sum_k f[c][idx_k] * alpha_k * prod_{k' < k} (1 - alpha_k'),
// skipping idx < 0, as the origin does).
extern "C" __global__ void alpha_composite_ref(const float* features, const float* alphas,
                                               const long long* points_idx, double* result,
                                               long long N, long long C, long long K,
                                               long long H, long long W, long long P) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  const long long HW = H * W;
  if (t >= N * C * HW) return;
  const long long b = t / (C * HW);
  const long long c = (t / HW) % C;
  const long long pix = t % HW;
  double cum = 1.0, acc = 0.0;
  for (long long k = 0; k < K; ++k) {
    const long long idx = points_idx[(b * K + k) * HW + pix];
    if (idx < 0) continue;
    const double a = (double)alphas[(b * K + k) * HW + pix];
    acc += (double)features[c * P + idx] * cum * a;
    cum *= 1.0 - a;
  }
  result[t] = acc;
}
