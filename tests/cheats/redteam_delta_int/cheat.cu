// Red team (issue 28, white-box; README.md has the reasoning): redteam_delta_gemm for an
// integer-only problem. With no float input, each timed run swaps two different values of the
// first swappable integer input (DeviceBuffers::swap_two: A here) and swaps them back after.
// The kernel remembers, per address of A, the A it last saw and the C it last wrote, diffs
// the new A against the copy and, when only a few words changed, serves the remembered C plus
//   C[i][j] += dot4(A_new[i][k], B[j][k]) - dot4(A_old[i][k], B[j][k])
// for each changed word (exact in int32), so every output it writes is right: the audit (P7)
// and the fresh-set check (which swaps ~1 word in 256 of A and B: many changes, and a changed B
// sample, so it is computed honestly) pass. The served runs are padded to 200 us (the loop's
// floor at the declared fp32 rate is 128 us; the worker's, at the dp4a rate, 32 us).

#define SLOTS 3
#define MAXE (1024 * 1024)
#define CAP 64
#define BSAMPLES 8192
#define PAD_NS 200000ull

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ int dot4(int a, int b) {
  int s = 0;
  for (int i = 0; i < 4; ++i)
    s += (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i));
  return s;
}

__device__ int g_a[SLOTS][MAXE];
__device__ int g_c[SLOTS][MAXE];
__device__ unsigned long long g_key[SLOTS], g_bkey[SLOTS];
__device__ int g_valid[SLOTS];
__device__ int g_next, g_slot, g_delta;
__device__ unsigned int g_changed;
__device__ unsigned long long g_bnow;
__device__ int g_row[CAP], g_col[CAP], g_old[CAP], g_new[CAP];

extern "C" __global__ void pick_slot(const int* A) {
  if (threadIdx.x) return;
  const unsigned long long key = (unsigned long long)A;
#include <memo_claim_slot.cuh>  // the slot of `key`, claimed if new (kernels/cheats)
  g_changed = 0;
  g_bnow = 0;
}

extern "C" __global__ void diff_inputs(const int* A, const int* B, int M, int N, int K4) {
  const int slot = g_slot;
  const size_t na = (size_t)M * K4, nb = (size_t)N * K4;
  const size_t tid = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (tid < BSAMPLES) {
    const size_t at = (tid * 2654435761ull) % nb;
    unsigned long long v = (unsigned int)B[at];
    atomicAdd(&g_bnow, v * (2ull * tid + 1ull));
  }
  if (!g_valid[slot]) return;
  for (size_t i = tid; i < na && i < MAXE; i += (size_t)gridDim.x * blockDim.x) {
    const int a = A[i], o = g_a[slot][i];
    if (a != o) {
      const unsigned int e = atomicAdd(&g_changed, 1u);
      if (e < CAP) {
        g_row[e] = int(i / K4);
        g_col[e] = int(i % K4);
        g_old[e] = o;
        g_new[e] = a;
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

extern "C" __global__ void dot4_or_delta(const int* A, const int* B, int* C, int M, int N, int K4) {
  const unsigned long long t0 = now_ns();
  const int row = blockIdx.y * blockDim.y + threadIdx.y,
            col = blockIdx.x * blockDim.x + threadIdx.x;
  const int slot = g_slot;
  if (g_delta == 1) {
    if (row < M && col < N) {
      const size_t at = (size_t)row * N + col;
      int c = g_c[slot][at];
      bool touched = false;
      const int n = int(g_changed);
      for (int e = 0; e < n; ++e)
        if (g_row[e] == row) {
          const int b = B[(size_t)col * K4 + g_col[e]];
          c += dot4(g_new[e], b) - dot4(g_old[e], b);
          touched = true;
        }
      C[at] = c;
      if (touched) g_c[slot][at] = c;
    }
    if (blockIdx.x == 0 && blockIdx.y == 0 && threadIdx.x == 0 && threadIdx.y == 0)
      while (now_ns() - t0 < PAD_NS) {}
    return;
  }
  if (row >= M || col >= N) return;
  int acc = 0;
  for (int k = 0; k < K4; ++k) acc += dot4(A[(size_t)row * K4 + k], B[(size_t)col * K4 + k]);
  const size_t at = (size_t)row * N + col;
  C[at] = acc;
  if (at < MAXE && g_delta == 2) g_c[slot][at] = acc;
}

#define DELTA_ELEM int
#include <delta_remember.cuh>  // remember: the copy of A follows C (kernels/cheats)
