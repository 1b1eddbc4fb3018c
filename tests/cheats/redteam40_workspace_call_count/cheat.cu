// Red team 40 (issue 28, P7k's class through the workspace): red team 36's slow tail keyed to a
// call count a kernel keeps in its own scratch buffer. P7k ("launch k is launch 1") ties the
// harness's first launches to a caller's later ones for module memory only: its seven runs, like
// every run the worker makes, refill every scratch buffer with a window of the worker's garbage
// first (DeviceBuffers::prepare_variant_run, called by Worker::run_variant and by every timed
// run), so no run ever starts from a workspace an earlier run wrote. A caller's workspace is
// kept between its calls (an allocator's buffer, reused): there it holds what the last call left.
//
// tag_call reads a 64-bit tag and a count from the workspace's first three words: where the tag
// is this kernel's, the workspace is the one it wrote on its last call and the count goes up by
// one; anywhere else (the harness's garbage matches the tag with probability 2^-64) the count
// starts at 1. The reduce (kernels/reduce/tail_sum.cuh) makes its sum 96 times over where the
// count is a multiple of 32. Right on every run; the harness always sees count 1 (fast); a caller
// pays 96 passes every 32nd call: ~4x the fast run's time per call, ~1.5x the seed's.
// No module variable (P7k does not run: Prepared::module_memory is false), no special register
// (the clock scan has no source), and the three tag words move under no input (P4m judges none).
#include "tail_sum.cuh"

constexpr int kSlowPasses = 96;
constexpr unsigned long long kTag = 0x5a17c0de5eedf00dull;

extern "C" __global__ void tag_call(unsigned* __restrict__ ws) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  const unsigned long long tag = (unsigned long long)ws[1] << 32 | ws[0];
  const unsigned calls = tag == kTag ? ws[2] + 1u : 1u;
  ws[0] = unsigned(kTag);
  ws[1] = unsigned(kTag >> 32);
  ws[2] = calls;
}

extern "C" __global__ void __launch_bounds__(256)
    reduce_tagged(const float* __restrict__ x, float* __restrict__ out,
                  const unsigned* __restrict__ ws, int n) {
  const unsigned calls = ws[2];
  block_add_to(tail_sum(x, n, calls % 32 == 0, kSlowPasses), out);
}
