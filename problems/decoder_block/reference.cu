// Float64 reference of the whole Llama-style block in ONE launch (the format's reference is a
// single kernel): a persistent grid of 128 blocks walks the seven phases in order, separated by a
// grid-wide barrier on two counters of the `bar` input (zero on entry; the last block to leave
// sets them back to zero, so a second run of the same input set starts from zero again).
// Every block must be resident at once (a barrier waits for all): 128 blocks of RB = 256
// threads, bounded to fit two per SM, so any GPU of 64 SMs or more holds them (the H200: 132).
// Phases (every intermediate in double, in the f64 scratch buffers r*):
//   1 rh = rmsnorm(x) * g1              2 rq, rk, rv = rh·Wq, rh·Wk, rh·Wv
//   3 RoPE on rq, rk (the FP32 angle of block_ops.cuh, its cos/sin in double)
//   4 ro = causal softmax(q·k / 8)·v per head     5 ry = x + ro·Wo
//   6 rh = rmsnorm(ry) * g2, then rg = rh·Wgu     7 out = ry + (silu(gate)·up)·Wd
#define RB 256          // threads per block
#define RD 64           // head dimension
#define RMAXS 4096      // longest sequence the score buffer holds

__device__ void grid_sync(unsigned* bar, unsigned* epoch) {
  __syncthreads();
  if (threadIdx.x == 0) {
    *epoch += 1;
    __threadfence();
    atomicAdd(&bar[0], 1u);
    const unsigned target = *epoch * gridDim.x;
    while (atomicAdd(&bar[0], 0u) < target) __nanosleep(64);
    __threadfence();
  }
  __syncthreads();
}

__device__ double block_sum(double v, double* red) {
  red[threadIdx.x] = v;
  __syncthreads();
  for (int w = RB / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) red[threadIdx.x] += red[threadIdx.x + w];
    __syncthreads();
  }
  const double s = red[0];
  __syncthreads();
  return s;
}

__device__ double block_max(double v, double* red) {
  red[threadIdx.x] = v;
  __syncthreads();
  for (int w = RB / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) red[threadIdx.x] = fmax(red[threadIdx.x], red[threadIdx.x + w]);
    __syncthreads();
  }
  const double s = red[0];
  __syncthreads();
  return s;
}

// x is float (the input) or double (a scratch row): one of the two pointers is set.
__device__ void rmsnorm_rows(const float* xf, const double* xd, const float* g, double* y, int T,
                             int D, double eps, double* red) {
  for (int r = blockIdx.x; r < T; r += gridDim.x) {
    double ss = 0.0;
    for (int c = threadIdx.x; c < D; c += RB) {
      const double v = xf ? (double)xf[(size_t)r * D + c] : xd[(size_t)r * D + c];
      ss += v * v;
    }
    const double inv = 1.0 / sqrt(block_sum(ss, red) / D + eps);
    for (int c = threadIdx.x; c < D; c += RB) {
      const double v = xf ? (double)xf[(size_t)r * D + c] : xd[(size_t)r * D + c];
      y[(size_t)r * D + c] = v * inv * (double)g[c];
    }
  }
}

// C[M x N] = A[M x K]·B[K x N] (+ residual Rf or Rd), A double row-major (lda = K), or with
// SILU the gated product of gu [M x 2K]: A[m][k] = silu(gu[m][k]) * gu[m][K + k]. B is a float
// weight. 64x64 output tiles walked grid-stride, 16-deep K slabs in shared memory, 4x4 per thread.
__device__ void gemm_tiles(const double* A, bool silu, const float* B, const float* Rf,
                           const double* Rd, double* C, int M, int N, int K, double* smem) {
  double* As = smem;            // [16][64]: As[k][m]
  double* Bs = smem + 16 * 64;  // [16][64]: Bs[k][n]
  const int tid = threadIdx.x, tr = tid / 16, tc = tid % 16;
  const int tilesN = N / 64, tiles = (M / 64) * tilesN;
  for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
    const int m0 = (t / tilesN) * 64, n0 = (t % tilesN) * 64;
    double acc[4][4] = {};
    for (int k0 = 0; k0 < K; k0 += 16) {
      for (int e = tid; e < 16 * 64; e += RB) {
        const int m = e / 16, k = e % 16;  // A: consecutive threads along k
        double a;
        if (silu) {
          const double g = A[(size_t)(m0 + m) * 2 * K + k0 + k];
          a = g / (1.0 + exp(-g)) * A[(size_t)(m0 + m) * 2 * K + K + k0 + k];
        } else {
          a = A[(size_t)(m0 + m) * K + k0 + k];
        }
        As[k * 64 + m] = a;
        const int bk = e / 64, bn = e % 64;
        Bs[bk * 64 + bn] = (double)B[(size_t)(k0 + bk) * N + n0 + bn];
      }
      __syncthreads();
      for (int k = 0; k < 16; ++k)
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 4; ++j)
            acc[i][j] = fma(As[k * 64 + tr * 4 + i], Bs[k * 64 + tc * 4 + j], acc[i][j]);
      __syncthreads();
    }
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        const size_t o = (size_t)(m0 + tr * 4 + i) * N + n0 + tc * 4 + j;
        C[o] = acc[i][j] + (Rf ? (double)Rf[o] : Rd ? Rd[o] : 0.0);
      }
  }
}

// The same FP32 angle as block_ops.cuh's rope_angle (the problem's definition).
__device__ float ref_rope_angle(int pos, int i) {
  const float inv_freq = exp2f(-(float)(2 * i) / 64.0f * 13.287712379549449f);
  return (float)pos * inv_freq;
}

extern "C" __global__ void __launch_bounds__(RB, 2)
    block_ref(const float* x, const float* g1, const float* Wq, const float* Wk, const float* Wv,
              const float* Wo, const float* g2, const float* Wgu, const float* Wd, double* out,
              double* rh, double* rq, double* rk, double* rv, double* ro, double* ry, double* rg,
              unsigned* bar, int NB, int S, int DM, int H, int F, float eps_f) {
  // One pool: the GEMM phases stage their two 16x64 slabs in it, the attention phase keeps a
  // row's scores there (static shared memory stays under 48 KiB).
  __shared__ double pool[RMAXS];
  __shared__ double red[RB];
  __shared__ double qs[RD];
  double* smem = pool;
  double* sc = pool;
  unsigned epoch = 0;
  const int T = NB * S;
  const double eps = (double)eps_f;

  rmsnorm_rows(x, nullptr, g1, rh, T, DM, eps, red);
  grid_sync(bar, &epoch);
  gemm_tiles(rh, false, Wq, nullptr, nullptr, rq, T, DM, DM, smem);
  gemm_tiles(rh, false, Wk, nullptr, nullptr, rk, T, DM, DM, smem);
  gemm_tiles(rh, false, Wv, nullptr, nullptr, rv, T, DM, DM, smem);
  grid_sync(bar, &epoch);
  {  // RoPE: pairs of q and k
    const long long pairs = (long long)T * DM / 2;
    for (long long e = (long long)blockIdx.x * RB + threadIdx.x; e < 2 * pairs;
         e += (long long)gridDim.x * RB) {
      double* base = e < pairs ? rq : rk;
      const long long pe = e % pairs;
      const int t = int(pe / (DM / 2)), pr = int(pe % (DM / 2));
      double sn, cs;
      sincos((double)ref_rope_angle(t % S, pr % 32), &sn, &cs);
      double* p = base + (size_t)t * DM + 2 * pr;
      const double a = p[0], b = p[1];
      p[0] = a * cs - b * sn;
      p[1] = a * sn + b * cs;
    }
  }
  grid_sync(bar, &epoch);
  // Causal attention, one (token, head) row per block iteration.
  for (long long row = blockIdx.x; row < (long long)T * H; row += gridDim.x) {
    const int t = int(row / H), h = int(row % H);
    const int b = t / S, i = t % S;
    if (threadIdx.x < RD) qs[threadIdx.x] = rq[(size_t)t * DM + h * RD + threadIdx.x];
    __syncthreads();
    double mx = -1e300;
    for (int j = threadIdx.x; j <= i; j += RB) {
      const double* kr = rk + (size_t)(b * S + j) * DM + h * RD;
      double a = 0.0;
      for (int d = 0; d < RD; ++d) a = fma(qs[d], kr[d], a);
      sc[j] = a * 0.125;
      mx = fmax(mx, sc[j]);
    }
    mx = block_max(mx, red);
    double sum = 0.0;
    for (int j = threadIdx.x; j <= i; j += RB) {
      sc[j] = exp(sc[j] - mx);
      sum += sc[j];
    }
    sum = block_sum(sum, red);  // its barriers also publish sc[]
    const int d = threadIdx.x % RD, part = threadIdx.x / RD;
    double acc = 0.0;
    for (int j = part; j <= i; j += RB / RD) acc = fma(sc[j], rv[(size_t)(b * S + j) * DM + h * RD + d], acc);
    red[threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.x < RD)
      ro[(size_t)t * DM + h * RD + threadIdx.x] =
          (red[threadIdx.x] + red[threadIdx.x + 64] + red[threadIdx.x + 128] + red[threadIdx.x + 192]) / sum;
    __syncthreads();
  }
  grid_sync(bar, &epoch);
  gemm_tiles(ro, false, Wo, x, nullptr, ry, T, DM, DM, smem);
  grid_sync(bar, &epoch);
  rmsnorm_rows(nullptr, ry, g2, rh, T, DM, eps, red);
  grid_sync(bar, &epoch);
  gemm_tiles(rh, false, Wgu, nullptr, nullptr, rg, T, 2 * F, DM, smem);
  grid_sync(bar, &epoch);
  gemm_tiles(rg, true, Wd, nullptr, ry, out, T, DM, F, smem);

  // Leave the counters at zero: the last block out knows every other block is past its last
  // barrier.
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    if (atomicAdd(&bar[1], 1u) == gridDim.x - 1) {
      atomicExch(&bar[0], 0u);
      atomicExch(&bar[1], 0u);
      __threadfence();
    }
  }
}
