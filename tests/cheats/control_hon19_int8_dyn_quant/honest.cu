// control_hon19_int8_dyn_quant seed: a thread per row (the naive port of the CPU loop): the
// row's absolute maximum, then every value times 127 / absmax rounded to nearest even and
// clamped to [-128, 127], one int8 value per i32.
extern "C" __global__ void quant_plain(const float* x, int* q, float* scale, int T, int H) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= T) return;
  const float* row = x + (size_t)r * H;
  float m = 0.f;
  for (int i = 0; i < H; ++i) m = fmaxf(m, fabsf(row[i]));
  scale[r] = m / 127.0f;
  const float inv = 127.0f / m;
  for (int i = 0; i < H; ++i) q[(size_t)r * H + i] = min(127, max(-128, __float2int_rn(row[i] * inv)));
}
