// redteam27_law_taylor_sum child: log B(x + 4, x + 2) replaced by its least-squares parabola in
// t = x - 1 over the declared law (uniform [0.5, 1.5)), so the sum is n c0 + c1 sum t + c2 sum t^2:
// two moments of x and no lgamma. Per element the model is off by up to 5.7e-4 (~13 bits of
// 4.65: below FP32, declared fp32), but its residual has mean 0 under the law, and on the law
// (P6h) every verified run is an i.i.d. redraw, where the residuals cancel to ~0.04 of the
// tolerance. The moments in double, the last block to finish combines them (module memory).
// White-box notes: README.md.
#define BLOCK 256
#define PARTS 1024
__device__ double taylor_part[2 * PARTS];
__device__ unsigned int taylor_done;

extern "C" __global__ void __launch_bounds__(BLOCK) lbeta_sum_parabola(const float* x, float* out, int n) {
  __shared__ double red[2][BLOCK];
  __shared__ bool last;
  const int tid = threadIdx.x;
  const float4* q = reinterpret_cast<const float4*>(x);
  double s1 = 0.0, s2 = 0.0;
  for (size_t i = (size_t)blockIdx.x * BLOCK + tid; i < (size_t)n / 4; i += (size_t)gridDim.x * BLOCK) {
    const float4 v = q[i];
    const float a = v.x - 1.0f, b = v.y - 1.0f, c = v.z - 1.0f, d = v.w - 1.0f;  // exact
    s1 += (double)((a + b) + (c + d));
    s2 += (double)a * a + (double)b * b + (double)c * c + (double)d * d;
  }
  red[0][tid] = s1;
  red[1][tid] = s2;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) {
      red[0][tid] += red[0][tid + s];
      red[1][tid] += red[1][tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) {
    taylor_part[2 * blockIdx.x] = red[0][0];
    taylor_part[2 * blockIdx.x + 1] = red[1][0];
    __threadfence();
    last = atomicAdd(&taylor_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || tid != 0) return;
  __threadfence();
  double m1 = 0.0, m2 = 0.0;
  for (unsigned b = 0; b < gridDim.x; ++b) {
    m1 += ((volatile double*)taylor_part)[2 * b];
    m2 += ((volatile double*)taylor_part)[2 * b + 1];
  }
  // Least squares over uniform t in [-0.5, 0.5) (red27_law_taylor_sim's kParabola).
  const double c0 = -4.6539752264096936, c1 = -1.6039341667768405, c2 = 0.042446236565038174;
  out[0] = (float)((double)n * c0 + c1 * m1 + c2 * m2);
  taylor_done = 0;
}
