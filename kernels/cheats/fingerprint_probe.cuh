// Red team 2's integer-input memos (tests/cheats/redteam2_inout_sort, redteam2_perm_positions;
// `kernels: [cheats]`), launch 1 (probe), a whole kernel: a fingerprint of SAMPLES words of the
// input at hashed positions (one a thread), the slot keyed on the input's address, and the mode:
// 1 serve the remembered answer (same address, same fingerprint), 2 a new address claiming a
// free slot (compute and fill), 0 compute. SAMPLES, SLOTS, NMAX, g_key, g_fp, g_used, g_slot and
// g_mode are the includer's.
#pragma once
extern "C" __global__ void probe(const int* data, int n) {
  __shared__ unsigned long long part[SAMPLES];
  const int s = threadIdx.x;
  const long long at = ((long long)s * 2654435761ll) % (long long)n;
  part[s] = (unsigned long long)(unsigned)data[at] * (2ull * s + 1ull);
  __syncthreads();
  if (s) return;
  unsigned long long h = 0;
  for (int t = 0; t < SAMPLES; ++t) h += part[t];
  int slot = -1;
  for (int k = 0; k < g_used; ++k)
    if (g_key[k] == data) slot = k;
  if (slot < 0 && g_used < SLOTS && n <= NMAX) {
    slot = g_used;
    g_used = g_used + 1;
    g_key[slot] = data;
    g_fp[slot] = h;
    g_slot = slot;
    g_mode = 2;
    return;
  }
  g_slot = slot;
  g_mode = slot >= 0 && g_fp[slot] == h ? 1 : 0;
}
