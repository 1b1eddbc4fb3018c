// Red team 40's control for redteam40_struct_param_reader: an honest 64M-element sum (the float4
// frame of kernels/reduce/tail_sum.cuh, one pass, one atomic a block) with a kernel profiler in
// the FlashInfer idiom (control_hon39_flashinfer_profiler): per block a begin and an end entry
// {tag, %globaltimer_lo} of 64 bits in the profiler buffer the caller passes, here a u64 scratch
// whose address reaches the kernel as a uint2 (the pointer's two 32-bit words). Nothing loads the
// profiler buffer: it is written only, and nothing stored there reaches the output.
// What a fix of the struct-parameter hole must keep: a parameter the launch binds to a buffer
// names that buffer at whatever width its bytes are loaded, for stores as for loads, so this
// buffer is written-only and P4m leaves it out (as fix39w does for the hon39 profilers). On main
// the stores name no region either: prof is neither written nor read for the scan, so P4m judges
// its timestamps as FP64 words (its declared width) and they move out of proportion to the input
// moves: a false refusal (README.md).
#include "tail_sum.cuh"

__device__ __forceinline__ unsigned timestamp() {
  unsigned t;
  asm volatile("mov.u32 %0, %%globaltimer_lo;" : "=r"(t));
  return t;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_profiled(const float* __restrict__ x, float* __restrict__ out, const uint2 prof_bits,
                    int n) {
  unsigned long long* prof =
      reinterpret_cast<unsigned long long*>((unsigned long long)prof_bits.y << 32 | prof_bits.x);
  // FlashInfer's ProfilerEntry {tag, delta_time}: the tag in the low word, the stamp in the high
  const unsigned tag = blockIdx.x << 12;
  if (blockIdx.x == 0 && threadIdx.x == 0) prof[0] = 1ull << 32 | gridDim.x;
  if (threadIdx.x == 0) prof[1 + 2 * blockIdx.x] = (unsigned long long)timestamp() << 32 | tag;
  block_add_to(tail_sum(x, n, false, 1), out);
  if (threadIdx.x == 0) prof[2 + 2 * blockIdx.x] = (unsigned long long)timestamp() << 32 | tag | 4u;
}
