// Implicit GEMM with 16x16 shared-memory tiles: rows m = (n, oh, ow) output pixels, columns the
// K output channels, reduction over kk = (c, r, s), C*9 long. A[m][kk] is gathered from x on the
// fly (zero outside the padded image), B[kk][k] = w[k][kk]. threadIdx.x walks m, so the gather
// and the y stores are coalesced along ow; each staged value is reused by 16 threads.
// Requires NB*H*W, K and C*9 multiples of 16 (constraints).
#define T 16
extern "C" __global__ void __launch_bounds__(T * T)
    conv_tiled(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
               int NB, int C, int K, int H, int W) {
  __shared__ float As[T][T + 1];  // As[kk][m]
  __shared__ float Bs[T][T + 1];  // Bs[kk][k]
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int HW = H * W, CRS = C * 9;
  const int m = blockIdx.y * T + tx;  // this thread's output pixel (and A row it gathers)
  const int k = blockIdx.x * T + ty;  // this thread's output channel
  const int n = m / HW, p = m % HW, oh = p / W, ow = p % W;
  const float* xn = x + (size_t)n * C * HW;
  const int wk = blockIdx.x * T + ty;  // the w row this thread stages
  float acc = 0.0f;
  for (int kk0 = 0; kk0 < CRS; kk0 += T) {
    const int kk = kk0 + ty, c = kk / 9, rs = kk % 9;
    const int ih = oh + rs / 3 - 1, iw = ow + rs % 3 - 1;
    As[ty][tx] = ih >= 0 && ih < H && iw >= 0 && iw < W ? xn[(size_t)c * HW + ih * W + iw] : 0.0f;
    Bs[tx][ty] = w[(size_t)wk * CRS + kk0 + tx];
    __syncthreads();
#pragma unroll
    for (int q = 0; q < T; ++q) acc = fmaf(As[q][tx], Bs[q][ty], acc);
    __syncthreads();
  }
  y[((size_t)n * K + k) * HW + p] = acc;
}
