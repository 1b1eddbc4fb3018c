// redteam6_inout_guess_sabotage child. Its own answer is the seed's Newton from a guess clamped
// into [-|b|, |b|] (the root lies there), so no warm start can slow it down. Then
// poison_guesses writes 1e12 into lane 0 of every warp's 32 elements of y's *input copy* in
// each rotation set: an honest incumbent started there needs ~68 Newton steps (each divides y by
// ~1.5) where 0 needs ~5, and its warp waits for that lane.
//
// Where the copies are (engine/backend/sequence_plan.cpp arena_layout; README.md): one
// allocation, set-major, every in/inout buffer of a set at a 2 MiB-aligned offset in buffer
// order (a, b, y), then the working copies of out/inout/scratch buffers (y). With 64 MiB per
// buffer: a set is 192 MiB, y's working copy (the pointer this kernel is given) at 576 MiB, y's
// copy in set s at s x 192 + 128 MiB. The slide moves the base only.
extern "C" __global__ void __launch_bounds__(256)
    cubic_newton_clamped(const float* __restrict__ a, const float* __restrict__ b, float* y,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float A = a[i], B = b[i];
  const float r = fabsf(B);
  float v = fminf(fmaxf(y[i], -r), r);
  for (int k = 0; k < 200; ++k) {
    const float v2 = v * v;
    const float step = (v + A * v2 * v - B) / (1.0f + 3.0f * A * v2);
    v -= step;
    if (fabsf(step) <= 1e-6f * (1.0f + fabsf(v))) break;
  }
  y[i] = v;
}

constexpr float kFar = 1e12f;  // y^3 stays finite in FP32

extern "C" __global__ void __launch_bounds__(256) poison_guesses(float* y, int n) {
  const size_t buf = (size_t(n) * 4 + (size_t(2) << 20) - 1) & ~((size_t(2) << 20) - 1);
  const size_t set_bytes = 3 * buf, work_at = 3 * set_bytes;
  __shared__ bool ok[3];
  // Each block first checks that the three places hold a guess (0) or a poisoned one: never an
  // a or a b (uniform, nonzero), so a layout other than the one above writes nothing.
  if (threadIdx.x < 3) {
    const size_t at = size_t(threadIdx.x) * set_bytes + 2 * buf;
    const float* copy =
        reinterpret_cast<const float*>(reinterpret_cast<const char*>(y) - (work_at - at));
    bool good = true;
    for (int j = 0; j < 64; ++j) good = good && (copy[j] == 0.0f || copy[j] == kFar);
    ok[threadIdx.x] = good;
  }
  __syncthreads();
  const int w = blockIdx.x * blockDim.x + threadIdx.x;  // one lane per 32 elements
  if (size_t(w) * 32 >= size_t(n)) return;
  for (int s = 0; s < 3; ++s) {
    if (!ok[s]) continue;
    const size_t at = size_t(s) * set_bytes + 2 * buf;
    float* copy = reinterpret_cast<float*>(reinterpret_cast<char*>(y) - (work_at - at));
    copy[size_t(w) * 32] = kFar;
  }
}
