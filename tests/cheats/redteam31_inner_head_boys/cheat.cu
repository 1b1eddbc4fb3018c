// redteam31_inner_head_boys child: the head sum_{i<32} p_i exact; the bulk sum_i F0(30 |p_i - i|
// / n) from one term in 1024 (i = 1024 j + (j mod 1024)), times 1024: 1/1024 of the exponentials.
// Every p_i is still read (a test that never holds on a permutation keeps the loads), so the child
// stays above the declared 4 n bytes' DRAM floor; 8192 elements a block as the seed. The element
// is one number: every model echo moves it by the head's 6-56 tolerances, so it is told apart and
// h30t's element judgement has no quiet element to judge; the bulk is 10.6 tolerances whose
// moves are ~0.002 of one, and no class echo (P6k's light part) reaches a permutation.
// White-box notes: README.md.
#include <boys_quad.cuh>  // F0 by 64-interval Simpson (kernels/boys)

__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

extern "C" __global__ void __launch_bounds__(256) inner_head_sampled(const int* p, float* out,
                                                                     int n) {
  __shared__ float part[8];
  float v = 0.0f;
  for (int k = 0; k < 32; ++k) {
    const int i = blockIdx.x * 8192 + k * 256 + threadIdx.x;
    if (i >= n) break;
    const int pi = p[i];
    if (pi < 0) v += 1.0f;  // never on a permutation: keeps every load
    const int j = i >> 10;
    if ((i & 1023) == (j & 1023)) v += 1024.0f * boys_quad(30.0f * (float)abs(pi - i) / (float)n);
    if (i < 32) v += (float)pi;
  }
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = warp_sum(threadIdx.x < 8 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) atomicAdd(out, v);
  }
}
