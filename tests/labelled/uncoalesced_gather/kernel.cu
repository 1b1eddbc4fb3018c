// Consecutive lanes read x 40503 floats (158 KiB) apart, so a warp's load touches 32 sectors
// and uses 4 bytes of each 32 it moves. Each sector is touched again only ~n/8 loads later,
// far outside the 60 MiB L2, so the waste reaches DRAM: ~8x the useful read traffic.
extern "C" __global__ void __launch_bounds__(256)
    gather_strided(const float* __restrict__ x, float* __restrict__ y, int n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (unsigned)n) {
    const unsigned j = (i * 40503u) & (unsigned)(n - 1);
    y[i] = x[j];
  }
}
