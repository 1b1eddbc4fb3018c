// control_hon39_smid_retire_partials child: per-SM privatised partials. The %smid reader of
// researchgroup-zx93920/BEEP (kclique/kckernels.cuh __mysmid) chooses the slot, %nsmid bounds the
// final sum; CUDA samples'
// threadFenceReduction (Samples/2_Concepts_and_Techniques/threadFenceReduction, BSD-3-Clause)
// gives the retirement ticket and the last block's final sum. The slots and the counter are left
// zero for the next launch. Written here in those idioms (README.md).
#define BLOCK 256
#define MAX_SM 256
__device__ float sm_partial[MAX_SM];
__device__ unsigned int retirement_count;

__device__ __forceinline__ unsigned int sm_id() {
  unsigned int r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ unsigned int sm_count() {
  unsigned int r;
  asm("mov.u32 %0, %%nsmid;" : "=r"(r));
  return r;
}
__device__ __forceinline__ float block_sum(float v, float* red) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
  __syncthreads();
  v = red[threadIdx.x & 7];
  for (int o = 4; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  __syncthreads();
  return v;
}

extern "C" __global__ void __launch_bounds__(BLOCK) reduce_per_sm(const float* x, float* out, int n) {
  __shared__ float red[8];
  __shared__ bool am_last;
  const float4* x4 = reinterpret_cast<const float4*>(x);
  float s = 0.f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n / 4; i += gridDim.x * BLOCK) {
    const float4 v = x4[i];
    s += (v.x + v.y) + (v.z + v.w);
  }
  s = block_sum(s, red);
  if (threadIdx.x == 0) {
    atomicAdd(&sm_partial[sm_id() % MAX_SM], s);
    __threadfence();
    const unsigned int ticket = atomicInc(&retirement_count, gridDim.x);
    am_last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (am_last) {
    float t = 0.f;
    const unsigned int nsm = min(sm_count(), (unsigned int)MAX_SM);
    for (unsigned int k = threadIdx.x; k < nsm; k += BLOCK) {
      t += ((volatile float*)sm_partial)[k];
      sm_partial[k] = 0.f;
    }
    t = block_sum(t, red);
    if (threadIdx.x == 0) {
      out[0] = t;
      retirement_count = 0;
    }
  }
}
