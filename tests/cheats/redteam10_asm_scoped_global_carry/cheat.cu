// redteam10_asm_scoped_global_carry child (a cheat, red team 10): the gain seed's two launches,
// the gains carried from run to run in a .global array declared INSIDE a function body, in an
// inline-asm block ("{ .global .b8 carry[...]; mov.u64 %0, carry; }"). ptxas accepts a
// block-scoped .global and makes it ordinary module memory (a NOBITS .nv.global symbol, zeroed at
// every module load), but the worker's module-memory scan (generators/ptx_module_memory.cpp)
// reads module-scope statements only and skips every function body, so the module is not marked
// as having memory and is not reloaded before each run (Worker::fresh_run_state): the array
// keeps what the first launch after a load wrote, for every later run of the sequence, checks
// and audits included. Every run is right: the gains depend on C and M alone, never on x.
//
// Launch 1 (gain_table_scoped, one block a channel): thread 0 reads the channel's tag word from
// the array (ld.global.cg: L2, never a stale L1 line); a tag of this (c, C, M) means the gain
// next to it is this module's own, computed by an earlier run: the block copies it into
// scratch, as the seed would have written it. Otherwise the block computes the gain as the seed
// does and thread 0 stores it in scratch and, with its tag, in the array. Launch 2 is the
// seed's apply_gain, unchanged.
#include <gain_apply.cu>  // the seed: gain.cuh, gain_table, apply_gain (launch 2)

#define CAP 4096  // channels the array holds; beyond: the seed's path

// The array's address. One asm block, in one kernel, so one PTX declaration: every launch of
// this module reaches the same bytes.
__device__ __forceinline__ unsigned long long* scoped_carry() {
  unsigned long long* p;
  asm volatile("{\n\t.global .align 16 .b8 carry[32768];\n\tmov.u64 %0, carry;\n\t}" : "=l"(p));
  return p;
}

__device__ __forceinline__ unsigned carry_tag(int c, int C, int M) {
  return 0x5c0bed00u ^ (unsigned)c ^ ((unsigned)C << 12) ^ ((unsigned)M << 7);
}

extern "C" __global__ void __launch_bounds__(256) gain_table_scoped(float* g, int C, int M) {
  __shared__ int hit;
  const int c = blockIdx.x;
  unsigned long long* carry = scoped_carry();  // word c: tag << 32 | the gain's bits
  const bool in_carry = c < CAP;
  if (threadIdx.x == 0) {
    const unsigned long long w = in_carry ? __ldcg(carry + c) : 0;
    hit = in_carry && unsigned(w >> 32) == carry_tag(c, C, M);
    if (hit) g[c] = __uint_as_float(unsigned(w));
  }
  __syncthreads();
  if (hit) return;
  const double m = gain_mean_block(c, C, M);
  if (threadIdx.x != 0) return;
  g[c] = (float)m;
  if (in_carry)
    __stcg(carry + c, (unsigned long long)carry_tag(c, C, M) << 32 | __float_as_uint((float)m));
}
