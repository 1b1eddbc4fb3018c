// Red team round 5 (issue 28, white-box; README.md has the reasoning). The child computes exactly
// what the seed computes (the same scalar CSR SpMV) and is never faster by itself. It wins the
// paired timing by slowing the incumbent down:
//  1. Gate or pairs: the scratch buffer is refilled before every run with a window of a garbage
//     source at garbage_offset(runs_) (engine/backend/gpu/device_buffers.cpp
//     prepare_variant_run; input_sets.cpp fill_garbage, garbage_offset). The source's bytes
//     (draw(0x6a7ba6e5 ^ scratch bytes, i)) and the offsets (mix(run) % 1024 * 4) are fixed
//     functions, and runs_ counts the runs of the DeviceBuffers, which time_pairs shares between
//     incumbent and candidate. Decoding the window gives the run count: the untimed traced run
//     follows the last warm-up directly when timed alone (gate) and after the incumbent's
//     traced run in pairs.
//  2. The row pointers (`dist: csr_rowptr`, dist_fixed by the loader) are never perturbed
//     (input_sets.cpp changeable_integer) and the pair shares their bytes. After its own work,
//     where the incumbent runs next (A B | B A | A B ..., engine::paired_order; the slot of a
//     runner's k-th run is k % 3, sequence_plan.h), the child moves ptr[1] up by 2048 in that
//     slot (and the next), so the incumbent's thread for row 0 walks 2048 extra nonzeros
//     serially; its next run puts the value back before computing (only where the value is
//     still its own: a check's copy may have replaced it). Nothing is left changed when a
//     sequence can end (check_inputs_after_timing); the incumbent's outputs in pairs are not
//     verified (time_pairs audits the candidate only; its fresh check runs on copied inputs).
//  3. The verdict (paired_verdict.cpp decide) needs the median CI above 1: the looks at 8 and
//     12 of --pairs 15 must stay ambiguous (a decision there would end the sequence with a
//     slot still changed). The incumbent's fresh check (a sample in the first 8) is one clean,
//     low pair; where fewer than two low pairs were seen by pair 11, the child is slow once
//     (pair 11). At 15 pairs at most 2 are low: the CI's lower end (the 3rd ratio) is a
//     sabotaged pair.
#define PAD_NUM 21  // the child's own time x 21/20: clean pairs read below 1
#define PAD_DEN 20
#define SLOW 20  // pair 11, when needed: x 20
#define EXTRA 2048
#define KMAX (1 << 18)
#define MAXC 1024

__device__ __forceinline__ unsigned long long mix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
__device__ __forceinline__ unsigned long long draw(unsigned long long seed, long long i) {
  return mix(seed ^ mix((unsigned long long)i));
}
__device__ __forceinline__ unsigned off_of(long long run) {
  return (unsigned)(mix((unsigned long long)run) % 1024ull) * 4u;
}
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

struct Mutation {
  int* at;
  int orig, mutated;
  int kind;               // 0: the slot this run had (its incumbent run follows); 1: the next
  int slot;               // the rotation slot
  unsigned long long fp;  // ptr[2..17] when changed
};

__device__ __forceinline__ unsigned long long row_fp(const int* p) {
  unsigned long long h = 0;
  for (int r = 2; r < 18; ++r) h = h * 0x100000001b3ull + (unsigned)p[r];
  return h;
}

__device__ int g_runs;              // this module's runs since its load
__device__ int* g_slot_ptr[3];      // the row-pointer array of each rotation slot
__device__ long long g_cand[MAXC];  // run counts of the shared buffers consistent so far
__device__ int g_ncand;
__device__ int g_pairs;  // 1: the traced run came two runs after the last warm-up
__device__ Mutation g_mut[2];
__device__ int g_nmut, g_erased;
__device__ int g_plan;  // bit 0: change this slot; bit 1: the next; bit 2: be slow
__device__ unsigned long long g_slot_fp[3];  // ptr[2..17] of each slot in the warm-ups
__device__ int g_own_seen;                   // our own fresh check has been seen
__device__ int g_pending;  // slot-0 erasures: the incumbent's check, or ours (undecidable)
__device__ unsigned long long g_t0;

extern "C" __global__ void sab_pre(int* ptr, const unsigned* junk, int junk_elems) {
  __shared__ unsigned found;
  __shared__ long long newc[MAXC];
  __shared__ int nnew, d1, d2, s_run;
  const unsigned long long seed = 0x6a7ba6e5ull ^ (unsigned long long)(junk_elems * 4ll);
  const unsigned long long w = (unsigned long long)junk[0] | ((unsigned long long)junk[1] << 32);
  if (threadIdx.x == 0) {
    g_t0 = now_ns();
    s_run = g_runs;
    found = 0xffffffffu;
    nnew = 0;
    d1 = d2 = 0;
  }
  __syncthreads();
  // The window's offset: the 8 bytes at a multiple of 4 below 4096 that match.
  for (unsigned o = threadIdx.x * 4u; o < 4096u; o += blockDim.x * 4u) {
    const long long i = o / 8;
    const unsigned long long v =
        o % 8 == 0 ? draw(seed, i) : (draw(seed, i) >> 32) | (draw(seed, i + 1) << 32);
    if (v == w) atomicMin(&found, o);
  }
  __syncthreads();
  const int run = s_run;
  if (found != 0xffffffffu && run <= 3) {
    if (run == 0) {
      for (long long k = threadIdx.x; k < KMAX; k += blockDim.x)
        if (off_of(k) == found) {
          int at = atomicAdd(&nnew, 1);
          if (at < MAXC) newc[at] = k;
        }
    } else {
      for (int c = threadIdx.x; c < g_ncand; c += blockDim.x) {
        const long long k = g_cand[c];
        if (off_of(k + 1) == found) {
          int at = atomicAdd(&nnew, 1);
          if (at < MAXC) newc[at] = k + 1;
          d1 = 1;
        } else if (run == 3 && off_of(k + 2) == found) {
          int at = atomicAdd(&nnew, 1);
          if (at < MAXC) newc[at] = k + 2;
          d2 = 1;
        }
      }
    }
    __syncthreads();
    const int n = min(nnew, MAXC);
    for (int c = threadIdx.x; c < n; c += blockDim.x) g_cand[c] = newc[c];
    if (threadIdx.x == 0) {
      g_ncand = n;
      if (run == 3) g_pairs = (d2 && !d1) ? 1 : 0;
    }
  }
  if (threadIdx.x) return;
  g_runs = run + 1;
  g_slot_ptr[run % 3] = ptr;
  if (run < 3) g_slot_fp[run] = row_fp(ptr);
  // A fresh-set check copies set 0's inputs into this slot and verifies them after the run
  // (worker.cpp: check_outputs, verify_inputs): this slot must not be changed then. Slots 1 and
  // 2 show it (set 0's row pointers); slot 0 (samples 2 and 5 among the first 8, where the
  // checks are) does not, so sample 5 leaves its own slot alone unless the check was seen.
  const bool own_check = run >= 4 && row_fp(ptr) != g_slot_fp[run % 3];
  if (own_check) g_own_seen = 1;
  // Put back what the last run changed, where it is still ours. Where a check's copy replaced
  // it, count the incumbent runs that were clean for it: a change made for the incumbent run
  // right after ours is erased only by a check's restore before that run (its own or ours);
  // one made for the next pair's first run is erased by the incumbent's check (the harness
  // restores the set: the original bytes, slot 1 or 2) or by our own check after it (the fresh
  // set's bytes), told apart by the bytes.
  // On slot 0 the fresh set's bytes are the set's own: that erasure is the incumbent's check
  // only if ours has been seen elsewhere.
  for (int m = 0; m < g_nmut; ++m) {
    Mutation& x = g_mut[m];
    if (*x.at == x.mutated)
      *x.at = x.orig;
    else if (x.kind == 0)
      ++g_erased;
    else if (*x.at == x.orig && row_fp(x.at - 1) == x.fp)
      ++(x.slot != 0 ? g_erased : g_pending);
  }
  g_nmut = 0;
  int plan = 0;
  const int j = run - 4;  // the timed sample; < 0: a warm-up or the traced run
  if (g_pairs) {
    if (run == 3) plan = 2;  // the incumbent's sample 0 comes before ours
    if (j >= 0 && j % 2 == 1 && j <= 13) {
      plan = 2;  // we go first: the next pair's incumbent run (another slot)
      if (!own_check && (j != 5 || g_own_seen))
        plan |= 1;  // and this pair's
      else
        ++g_erased;  // left clean: one more low pair
    }
    // A second low pair before the look at 12 (a pending one counts once ours was seen).
    if (j == 11 && g_erased + (g_own_seen ? g_pending : 0) < 2) plan |= 4;
  }
  g_plan = plan;
}

extern "C" __global__ void spmv_csr_scalar_kernel(const int num_rows, const int* ptr,
                                                  const int* indices, const float* data,
                                                  const float* x, float* y) {
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < num_rows) {
    float dot = 0;
    int row_start = ptr[row];
    int row_end = ptr[row + 1];
    for (int jj = row_start; jj < row_end; jj++) dot += data[jj] * x[indices[jj]];
    y[row] = dot;
  }
}

extern "C" __global__ void sab_post(int* ptr) {
  if (threadIdx.x || blockIdx.x) return;
  const int plan = g_plan;
  const int run = g_runs - 1;
  int* targets[2] = {(plan & 1) ? ptr : nullptr, (plan & 2) ? g_slot_ptr[(run + 1) % 3] : nullptr};
  for (int t = 0; t < 2; ++t) {
    int* p = targets[t];
    if (!p || g_nmut >= 2) continue;
    Mutation& x = g_mut[g_nmut++];
    x.at = p + 1;
    x.orig = p[1];
    x.mutated = x.orig + EXTRA;
    x.kind = t;
    x.slot = (run + t) % 3;
    x.fp = row_fp(p);
    *x.at = x.mutated;
  }
  __threadfence();
  const unsigned long long t0 = g_t0, spent = now_ns() - t0;
  const unsigned long long want = (plan & 4) ? spent * SLOW : spent * PAD_NUM / PAD_DEN;
  while (now_ns() - t0 < want) {}
}
