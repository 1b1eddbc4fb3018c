// A pointer chase of another shape than pointer_chase: each warp reads a whole 128-byte line
// per step (coalesced, every byte used), and lane 0's value, broadcast by a shuffle, picks the
// next line ~512 KiB further on in a 128 MiB table (most lines miss L2). So each warp has one
// load in flight and waits a full DRAM round trip per step, and with 16 warps per SM only
// ~2 KB per SM are in flight, a tenth of what the HBM needs to stream: DRAM idles while the
// warps sit on the long scoreboard. More chains per warp (ILP) or more warps would hide it.
#define STRIDE_LINES 4099u

extern "C" __global__ void __launch_bounds__(256)
    line_chase(const int* __restrict__ next, int* __restrict__ out, int n, int W, int S) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5, lane = threadIdx.x & 31;
  if (warp >= W) return;
  const unsigned lines = (unsigned)n / 32u;
  unsigned line = ((unsigned)warp * 2654435761u) & (lines - 1);
  int acc = 0;
  for (int s = 0; s < S; ++s) {
    const int v = next[line * 32u + lane];
    acc += v;
    const unsigned hop = (unsigned)__shfl_sync(0xffffffffu, v, 0);
    line = (line + STRIDE_LINES + hop) & (lines - 1);
  }
  out[warp * 32 + lane] = acc;
}
