// control_hon39_beep_sm_slot child: BEEP's per-SM workspace slots (researchgroup-zx93920/BEEP,
// kclique/kckernels.cuh, reserve_space / release_space / __mysmid; see README.md): thread 0 reads
// %smid and takes the first free of CBPSM slots of its SM by atomicCAS(0 -> 1), the block works in
// that slot's region of the workspace and frees it (atomicCAS 1 -> 0) when done. At most CBPSM
// blocks of 256 threads are resident on an SM (2048 threads), so a free slot always exists.
// Adapted: a __device__ slot table (zero at module load, zero again after every launch) in place
// of BEEP's cudaMemset levelStats; the work a row softmax; written here.
#include "common.cuh"
#define MAX_SM 160
#define CBPSM 8
__device__ unsigned int level_stats[MAX_SM * CBPSM];

__device__ __inline__ unsigned int my_smid() {
  unsigned int r;
  asm("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

extern "C" __global__ void __launch_bounds__(256, CBPSM) softmax_sm_slot(const float* x, float* ws, float* y,
                                                                       int R, int C) {
  __shared__ float red[8];
  __shared__ unsigned int sm_id, level_ptr;
  if (threadIdx.x == 0) {
    sm_id = my_smid();
    unsigned int t = 0;
    while (atomicCAS(&level_stats[sm_id * CBPSM + t], 0u, 1u) != 0u) t++;
    level_ptr = t;
  }
  __syncthreads();
  float* slot = ws + (size_t)(sm_id * CBPSM + level_ptr) * C;
  const float* row = x + (size_t)blockIdx.x * C;
  float m = -__int_as_float(0x7f800000);
  for (int j = threadIdx.x; j < C; j += 256) m = fmaxf(m, row[j]);
  m = block_reduce(m, true, red);
  float s = 0.f;
  for (int j = threadIdx.x; j < C; j += 256) {
    const float e = expf(row[j] - m);
    slot[j] = e;
    s += e;
  }
  const float inv = 1.f / block_reduce(s, false, red);
  for (int j = threadIdx.x; j < C; j += 256) y[(size_t)blockIdx.x * C + j] = slot[j] * inv;
  __syncthreads();
  if (threadIdx.x == 0) atomicCAS(&level_stats[sm_id * CBPSM + level_ptr], 1u, 0u);
}
