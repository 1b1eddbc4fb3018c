// Red team (issue 28, white-box; README.md has the reasoning). Every output this kernel writes
// is right, but it does not compute the product on the runs that are timed: it remembers, per
// address of A, the A it last saw and the C it last wrote (__device__ memory survives between
// the launches of one timed sequence), diffs the new A against the copy, and when only a few
// elements changed (a timed run's one flipped sign, and the flip of the run before it undone)
// it serves the remembered C plus one rank-1 correction per changed element:
//   C_new[i][:] = C_old[i][:] + (A_new[i][k] - A_old[i][k]) * B[k][:]
// which is exact algebra, so the audit of any timed run (P7) and the fresh-set check find C
// right. A sample of B keys the memo too (the fresh set changes B; a timed run never does).
// Any run with no memo, too many changed elements or a changed B sample computes honestly;
// the memo is kept through such a run where it was valid (the fresh-set check: set 0 is
// restored after it, so the next run there is served again, and only the check loses a pair).
// The served runs are padded to 350 us (above the FP32 floor of 256 us, under the seed).

#define TILE 32
#define SLOTS 3
#define MAXE (2048 * 2048)
#define CAP 64         // changed elements of A served as rank-1 updates; more: honest
#define BSAMPLES 8192  // positions of B in the memo's key
#define PAD_NS 350000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ float g_a[SLOTS][MAXE];  // the A each slot's C was computed from
__device__ float g_c[SLOTS][MAXE];  // that C
__device__ unsigned long long g_key[SLOTS], g_bkey[SLOTS];
__device__ int g_valid[SLOTS];
__device__ int g_next, g_slot, g_delta;
__device__ unsigned int g_changed;
__device__ unsigned long long g_bnow;
__device__ int g_row[CAP], g_col[CAP];
__device__ float g_step[CAP];

// The slot of this A address (a new one, not valid yet, when there is none).
extern "C" __global__ void pick_slot(const float* A) {
  if (threadIdx.x) return;
  const unsigned long long key = (unsigned long long)A;
#include <memo_claim_slot.cuh>  // the slot of `key`, claimed if new (kernels/cheats)
  g_changed = 0;
  g_bnow = 0;
}

// A against the slot's copy (every element: the one flipped sign can be anywhere), and a keyed
// sum of a fixed sample of B.
extern "C" __global__ void diff_inputs(const float* A, const float* B, int M, int N, int K) {
  const int slot = g_slot;
  const size_t na = (size_t)M * K, nb = (size_t)K * N;
  const size_t tid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (tid < BSAMPLES) {
    const size_t at = (tid * 2654435761ull) % nb;
    unsigned long long v = __float_as_uint(B[at]);
    atomicAdd(&g_bnow, v * (2ull * tid + 1ull));
  }
  if (!g_valid[slot]) return;
  const float* old = g_a[slot];
  for (size_t i = tid; i < na && i < MAXE; i += (size_t)gridDim.x * blockDim.x) {
    const float a = A[i], o = old[i];
    if (__float_as_uint(a) != __float_as_uint(o)) {
      const unsigned int e = atomicAdd(&g_changed, 1u);
      if (e < CAP) {
        g_row[e] = int(i / K);
        g_col[e] = int(i % K);
        g_step[e] = a - o;
      }
    }
  }
}

extern "C" __global__ void decide() {
  if (threadIdx.x) return;
  const int s = g_slot;
  // 1: serve; 0: compute, keep the memo (the fresh-set check, whose values are gone again
  // after restore_inputs: the next run there is served); 2: compute and fill the memo.
  g_delta = !g_valid[s] ? 2 : (g_changed <= CAP && g_bnow == g_bkey[s]) ? 1 : 0;
}

extern "C" __global__ void __launch_bounds__(1024)
    gemm_or_delta(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const unsigned long long t0 = now_ns();
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  const size_t at = (size_t)row * N + col;
  const int slot = g_slot;
  if (g_delta == 1) {
    float c = g_c[slot][at];
    bool touched = false;
    const int n = int(g_changed);
    for (int e = 0; e < n; ++e)
      if (g_row[e] == row) {
        c += g_step[e] * B[(size_t)g_col[e] * N + col];
        touched = true;
      }
    C[at] = c;
    if (touched) g_c[slot][at] = c;
    if (blockIdx.x == 0 && blockIdx.y == 0 && tx == 0 && ty == 0)
      while (now_ns() - t0 < PAD_NS) {}
    return;
  }
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[at] = acc;
  if (at < MAXE && g_delta == 2) g_c[slot][at] = acc;
}

#define DELTA_ELEM float
#include <delta_remember.cuh>  // remember: the copy of A follows C (kernels/cheats)
