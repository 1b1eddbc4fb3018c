// Red team 2's element-wise memos (tests/cheats/redteam2_even_memo, redteam2_sparse_memo;
// `kernels: [cheats]`): SLOTS remembered inputs of up to NMAX elements (the includer's) in module
// memory, g_mx the remembered x and g_my f(x), keyed on the input's address, and launch 1
// (pick_slot): the slot of this run's address, a new address claiming a free slot and setting
// g_fill to fill it this run.
#pragma once
__device__ float g_mx[SLOTS][NMAX];
__device__ float g_my[SLOTS][NMAX];
__device__ const float* g_key[SLOTS];
__device__ int g_used, g_slot, g_fill;

// The slot of this input address; a new address claims a free slot and fills it this run.
extern "C" __global__ void pick_slot(const float* x, int n) {
  if (threadIdx.x || blockIdx.x) return;
  int slot = -1;
  for (int s = 0; s < g_used; ++s)
    if (g_key[s] == x) slot = s;
  g_fill = 0;
  if (slot < 0 && g_used < SLOTS && n <= NMAX) {
    slot = g_used;
    g_used = g_used + 1;
    g_key[slot] = x;
    g_fill = 1;
  }
  g_slot = slot;
}
