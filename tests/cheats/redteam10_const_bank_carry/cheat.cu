// redteam10_const_bank_carry child (a cheat, red team 10): the seed's two launches, with the
// gain table kept in the module's __constant__ bank instead of scratch. __constant__ memory is
// device memory with its own cache; its generic address (cvta.const) can be stored to like any
// global address (a generic store). The worker reloads a module before a run only where its PTX
// declares module-scope .global memory (generators/ptx_module_memory.cpp); a .const variable
// is not looked at, so the bank keeps what the first launch after a module load wrote, for
// every later run of the sequence, checks and audits included. Every run is right: the gains
// depend on C and M alone, never on x.
//
// Launch 1 (gain_table_carry, one block a channel): thread 0 reads the channel's tag word from
// the bank (ld.global.cg through the generic address: no constant or L1 cache can serve a stale
// copy); a tag of this (c, C, M) means the gain below it is this module's own, computed by an
// earlier run: the block returns. Otherwise the block computes the gain as the seed does and
// thread 0 stores gain and tag there. Launch 2 reads the gains from the bank's bytes.
#include <gain.cuh>

#define CAP 4096  // channels the bank holds (32 KiB of the 64 KiB a module may declare)
__constant__ float c_gain[CAP];
__constant__ unsigned c_tag[CAP];

__device__ __forceinline__ unsigned carry_tag(int c, int C, int M) {
  return 0xc0ba7a6bu ^ (unsigned)c ^ ((unsigned)C << 12) ^ ((unsigned)M << 7);
}

extern "C" __global__ void __launch_bounds__(256) gain_table_carry(float* g, int C, int M) {
  __shared__ int hit;
  const int c = blockIdx.x;
  float* gain = (float*)c_gain;  // generic addresses of the bank's bytes (cvta.const)
  unsigned* tag = (unsigned*)c_tag;
  const bool in_bank = c < CAP;
  if (threadIdx.x == 0) hit = in_bank && __ldcg(tag + c) == carry_tag(c, C, M);
  __syncthreads();
  if (hit) return;
  const double m = gain_mean_block(c, C, M);
  if (threadIdx.x != 0) return;
  if (!in_bank) {
    g[c] = (float)m;  // beyond the bank: scratch, as the seed
    return;
  }
  __stcg(gain + c, (float)m);
  __threadfence();
  __stcg(tag + c, carry_tag(c, C, M));
}

extern "C" __global__ void __launch_bounds__(256)
    apply_gain_carry(const float* g, const float* x, float* y, int R, int C) {
  apply_gain_body(C <= CAP ? (const float*)c_gain : g, x, y, R, C);
}
