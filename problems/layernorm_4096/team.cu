// Row layer normalisation by teams of threads, every structural choice a knob:
//   TPR    threads per row (a team: one warp up to 16)
//   RPB    rows (teams) per block; RPT rows each team handles one after another
//   VEC    width of the loads and stores along the row (1, 2 or 4 floats)
//   CACHE  1: the row's values stay in registers from the statistics to the output (loops over
//          the row fully unrolled); 0: the row is read again from global memory (L1/L2) for
//          each later pass (loops unrolled by 4, so the compiler cannot keep the row either)
//   STATS  0: two passes (mean, then squared deviations); 1: one pass of sum and sum of
//          squares; 2: one pass of Welford (count, mean, M2) merged across the team
//   RED    0: the team's partial results combined through a shared-memory tree (a barrier per
//          level); 1: warp shuffles, then one shared exchange across the team's warps
// The row length is compiled in (NCOL = the problem's N, `requires`) so the per-thread item
// count is a constant and CACHE's registers are an array the compiler keeps in registers.
#ifndef TPR
#define TPR 128
#endif
#ifndef RPB
#define RPB 1
#endif
#ifndef RPT
#define RPT 1
#endif
#ifndef VEC
#define VEC 4
#endif
#ifndef CACHE
#define CACHE 1
#endif
#ifndef STATS
#define STATS 0
#endif
#ifndef RED
#define RED 1
#endif
#define NCOL 4096
#define ITEMS (NCOL / (TPR * VEC))  // vectors per thread and row
#define WARPS (TPR / 32)
#define NV (STATS == 2 ? 3 : STATS == 1 ? 2 : 1)  // values one reduction combines
#if CACHE
#define ROW_LOOP _Pragma("unroll")
#else
#define ROW_LOOP _Pragma("unroll 4")
#endif

#include <vec_width.cuh>  // vec_t by VEC (kernels/elementwise)

__device__ __forceinline__ float& lane(vec_t& v, int e) { return reinterpret_cast<float*>(&v)[e]; }

// Combines partial b into a: sums, or Welford's (n, mean, M2) merge.
__device__ __forceinline__ void combine(float* a, const float* b) {
#if STATS == 2
  const float n = a[0] + b[0];
  if (n > 0.0f) {
    const float delta = b[1] - a[1];
    const float fb = b[0] / n;
    a[2] = a[2] + b[2] + delta * delta * a[0] * fb;
    a[1] = a[1] + delta * fb;
    a[0] = n;
  }
#else
#pragma unroll
  for (int k = 0; k < NV; ++k) a[k] += b[k];
#endif
}

// The team's reduction of v[NV]: every thread of the team ends with the total. `sh` holds the
// block's scratch; every team of the block calls this together (barriers are block-wide).
__device__ __forceinline__ void team_reduce(float* v, float* sh, int team, int lt) {
#if RED == 0
  float* mine = sh + team * NV * TPR;
#pragma unroll
  for (int k = 0; k < NV; ++k) mine[k * TPR + lt] = v[k];
  __syncthreads();
#pragma unroll
  for (int s = TPR / 2; s > 0; s >>= 1) {
    if (lt < s) {
      float a[NV], b[NV];
#pragma unroll
      for (int k = 0; k < NV; ++k) a[k] = mine[k * TPR + lt], b[k] = mine[k * TPR + lt + s];
      combine(a, b);
#pragma unroll
      for (int k = 0; k < NV; ++k) mine[k * TPR + lt] = a[k];
    }
    __syncthreads();
  }
#pragma unroll
  for (int k = 0; k < NV; ++k) v[k] = mine[k * TPR];
  __syncthreads();
#else
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    float b[NV];
#pragma unroll
    for (int k = 0; k < NV; ++k) b[k] = __shfl_xor_sync(0xffffffffu, v[k], o);
    combine(v, b);
  }
#if WARPS > 1
  float* mine = sh + team * NV * WARPS;
  if (lt % 32 == 0)
#pragma unroll
    for (int k = 0; k < NV; ++k) mine[k * WARPS + lt / 32] = v[k];
  __syncthreads();
#pragma unroll
  for (int k = 0; k < NV; ++k) v[k] = mine[k * WARPS];
  for (int w = 1; w < WARPS; ++w) {
    float b[NV];
#pragma unroll
    for (int k = 0; k < NV; ++k) b[k] = mine[k * WARPS + w];
    combine(v, b);
  }
  __syncthreads();
#endif
#endif
}

extern "C" __global__ void __launch_bounds__(TPR * RPB)
    ln_team(const float* __restrict__ x, const float* __restrict__ gamma,
            const float* __restrict__ beta, float* __restrict__ y, int M, int N, float eps) {
  __shared__ float sh[RPB * NV * (RED == 0 ? TPR : WARPS)];
  const int team = threadIdx.x / TPR, lt = threadIdx.x % TPR;
  for (int i = 0; i < RPT; ++i) {
    const int row = (blockIdx.x * RPB + team) * RPT + i;  // M % (RPB * RPT) == 0: in range
    const vec_t* xr = reinterpret_cast<const vec_t*>(x + (size_t)row * NCOL);
#if CACHE
    vec_t c[ITEMS];
ROW_LOOP
    for (int j = 0; j < ITEMS; ++j) c[j] = xr[j * TPR + lt];
#define ROWV(j) c[j]
#else
#define ROWV(j) xr[(j) * TPR + lt]
#endif
    float mean, rstd;
#if STATS == 0
    float v[1] = {0.0f};
ROW_LOOP
    for (int j = 0; j < ITEMS; ++j) {
      vec_t q = ROWV(j);
#pragma unroll
      for (int e = 0; e < VEC; ++e) v[0] += lane(q, e);
    }
    team_reduce(v, sh, team, lt);
    mean = v[0] / NCOL;
    v[0] = 0.0f;
ROW_LOOP
    for (int j = 0; j < ITEMS; ++j) {
      vec_t q = ROWV(j);
#pragma unroll
      for (int e = 0; e < VEC; ++e) {
        const float d = lane(q, e) - mean;
        v[0] = fmaf(d, d, v[0]);
      }
    }
    team_reduce(v, sh, team, lt);
    rstd = rsqrtf(v[0] / NCOL + eps);
#elif STATS == 1
    float v[2] = {0.0f, 0.0f};
ROW_LOOP
    for (int j = 0; j < ITEMS; ++j) {
      vec_t q = ROWV(j);
#pragma unroll
      for (int e = 0; e < VEC; ++e) v[0] += lane(q, e), v[1] = fmaf(lane(q, e), lane(q, e), v[1]);
    }
    team_reduce(v, sh, team, lt);
    mean = v[0] / NCOL;
    rstd = rsqrtf(fmaxf(v[1] / NCOL - mean * mean, 0.0f) + eps);
#else
    float v[3] = {0.0f, 0.0f, 0.0f};  // n, mean, M2
ROW_LOOP
    for (int j = 0; j < ITEMS; ++j) {
      vec_t q = ROWV(j);
#pragma unroll
      for (int e = 0; e < VEC; ++e) {
        v[0] += 1.0f;
        const float d = lane(q, e) - v[1];
        v[1] += d / v[0];
        v[2] = fmaf(d, lane(q, e) - v[1], v[2]);
      }
    }
    team_reduce(v, sh, team, lt);
    mean = v[1];
    rstd = rsqrtf(v[2] / NCOL + eps);
#endif
    vec_t* yr = reinterpret_cast<vec_t*>(y + (size_t)row * NCOL);
    const vec_t* g = reinterpret_cast<const vec_t*>(gamma);
    const vec_t* b = reinterpret_cast<const vec_t*>(beta);
ROW_LOOP
    for (int j = 0; j < ITEMS; ++j) {
      vec_t q = ROWV(j), gq = g[j * TPR + lt], bq = b[j * TPR + lt], o;
#pragma unroll
      for (int e = 0; e < VEC; ++e)
        lane(o, e) = (lane(q, e) - mean) * rstd * lane(gq, e) + lane(bq, e);
      yr[j * TPR + lt] = o;
    }
#undef ROWV
  }
}
