// control_redteam10_asm_scoped_counter child (honest, faster): a single-pass sum ("last block
// done", as CUDA samples' threadFenceReduction): 264 blocks sum grid-stride shares into scratch
// partials, __threadfence, thread 0 takes a ticket from a retirement counter, the block with the
// last ticket sums the partials, writes the total and resets the counter to 0. The counter is
// a .global word declared inside an inline-asm block (written in PTX where the code's atomics
// are: block-scoped declarations are how inline PTX keeps its names private). ptxas makes it
// module memory, like a __device__ counter; it carries nothing from launch to launch (0 at every
// launch's start, reset by the last block). A fix of red team 10's scoped-.global carry must
// keep it: reading the module's memory from what ptxas built (or reloading the module per run)
// keeps it, refusing a .global declared in a function body would not.
#define BLOCK 256
#define WARPS (BLOCK / 32)
#include <warp_reduce.cuh>

// The counter's address: one asm block, called once per launch, so one PTX declaration.
__device__ __forceinline__ unsigned* scoped_counter() {
  unsigned* p;
  asm volatile("{\n\t.global .align 4 .u32 retire;\n\tmov.u64 %0, retire;\n\t}" : "=l"(p));
  return p;
}

extern "C" __global__ void __launch_bounds__(BLOCK)
    reduce_last_block(const float* x, float* partial, float* out, int n) {
  __shared__ float slot[2][WARPS];
  __shared__ bool last;
  unsigned* retire = scoped_counter();
  const int n4 = n / 4;
  float v = 0;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n4; i += gridDim.x * BLOCK) {
    const float4 q = __ldg(reinterpret_cast<const float4*>(x) + i);
    v += (q.x + q.y) + (q.z + q.w);
  }
  for (int i = 4 * n4 + blockIdx.x * BLOCK + threadIdx.x; i < n; i += gridDim.x * BLOCK) v += x[i];
  v = block_sum(v, slot[0]);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = v;
    __threadfence();
    last = atomicInc(retire, gridDim.x - 1) == gridDim.x - 1;  // wraps to 0 after the last
  }
  __syncthreads();
  if (!last) return;
  __threadfence();
  float s = 0;
  for (int j = threadIdx.x; j < (int)gridDim.x; j += BLOCK) s += __ldcg(partial + j);
  s = block_sum(s, slot[1]);
  if (threadIdx.x == 0) out[0] = s;
}
