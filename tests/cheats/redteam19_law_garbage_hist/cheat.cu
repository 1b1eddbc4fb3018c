// Red team 19 (issue 28), adapted from red team 18's redteam18_cell_histogram (its sampled
// privatisation, unchanged, is the path of every run a check can see). Three launches:
//   1. sample_granules (red team 18's): the 256-bin granules a 4,096-key sample occupies, and
//      hot[257] = 0;
//   2. edge_census: how many of the first 2^20 keys lie in the law's outer 2^-12 at either end
//      (keys < 16 or >= 65520). The regular sets (host_data.cpp fill_chunk,
//      std::uniform_int_distribution) hold ~2^20 x 32 / 65536 = 512 there; the law pairs (P6d,
//      law_pairs.cpp: `law` => iid => squeeze_iid) none but the two planted extremes (each in
//      the prefix with probability 1/16); every timed run, fresh set and audit is told apart
//      by launch 1 already (the bulk in 3 of 15 cells: <= 96 granules occupied);
//   3. hist_routed: <= 96 granules (timed-kind data) or a census of 16 or more (the regular
//      sets): red team 18's child, right on every input. Otherwise (only the law pairs, which
//      nothing verifies) every bin gets the law's expected count n / bins: one store a bin, no
//      key read.
#define GRANULE_SAMPLE_TAIL hot[kGranules + 1] = 0;  // the edge census (launch 2)
#include <granule_sample.cuh>  // kGranules, kMaxHot, kSample, sample_granules (kernels/histogram)

extern "C" __global__ void __launch_bounds__(256) edge_census(const int* keys, int* hot, int n) {
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  int c = 0;
  if (base + 3 < n) {
    const int4 k = *reinterpret_cast<const int4*>(keys + base);
    c = (k.x < 16 || k.x >= 65520) + (k.y < 16 || k.y >= 65520) + (k.z < 16 || k.z >= 65520) +
        (k.w < 16 || k.w >= 65520);
  }
  for (int o = 16; o > 0; o >>= 1) c += __shfl_xor_sync(0xffffffffu, c, o);
  if ((threadIdx.x & 31) == 0 && c) atomicAdd(hot + kGranules + 1, c);
}

extern "C" __global__ void __launch_bounds__(1024) hist_routed(const int* keys, int* hist,
                                                               const int* hot, int n, int bins) {
  extern __shared__ int sh[];  // hot granules x 256 bins
  __shared__ int slot[kGranules];
  if (hot[kGranules] == 0 && hot[kGranules + 1] < 16) {  // the law pairs: nothing checks them
    for (int b = blockIdx.x * blockDim.x + threadIdx.x; b < bins; b += gridDim.x * blockDim.x)
      hist[b] = n / bins;
    return;
  }
#include <hot_granules_hist.cuh>  // privatised in the hot granules (kernels/histogram)
}
