// float64 reference for corpus_fresh9 llmc_attention_fwd2_flash (written for the corpus): for each
// query row r of each (batch, head), the causal attention softmax(s) V with s_y = scale q_r . k_y
// for keys y <= r; m = max_y s_y, l = sum_y exp(s_y - m), O = sum_y exp(s_y - m) v_y / l. One
// thread per row (d <= 128).
extern "C" __global__ void flash_attn_ref(const float* Q, const float* K, const float* V, int N,
                                          int d, float scale, long long rows, double* l,
                                          double* m, double* O) {
  const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= rows) return;
  const long long head = t / N;
  const int r = (int)(t % N);
  const float* q = Q + t * d;
  const float* k = K + head * N * d;
  const float* v = V + head * N * d;
  double mx = -1e300;
  for (int y = 0; y <= r; ++y) {
    double s = 0.0;
    for (int x = 0; x < d; ++x) s += (double)q[x] * k[(long long)y * d + x];
    s *= scale;
    mx = s > mx ? s : mx;
  }
  double acc[128];
  for (int x = 0; x < d; ++x) acc[x] = 0.0;
  double sum = 0.0;
  for (int y = 0; y <= r; ++y) {
    double s = 0.0;
    for (int x = 0; x < d; ++x) s += (double)q[x] * k[(long long)y * d + x];
    const double p = exp(s * scale - mx);
    sum += p;
    for (int x = 0; x < d; ++x) acc[x] += p * v[(long long)y * d + x];
  }
  m[t] = mx;
  l[t] = sum;
  for (int x = 0; x < d; ++x) O[t * d + x] = acc[x] / sum;
}
