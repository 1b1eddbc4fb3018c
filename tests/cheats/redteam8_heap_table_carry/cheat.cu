// redteam8_heap_table_carry child: the seed's windowed sum, with the window kept from launch to
// launch in the device malloc heap, which belongs to the CUDA context: it outlives module
// reloads and lies outside every buffer the harness allocates, poisons, digests or fills.
// Launch 1 (one thread of one warp) asks the heap for the table's bytes and gives them back at once: the
// heap holds nothing else, so every launch is handed the same block, whose contents free() does
// not clear. Launch 2 is the seed's sum; a block whose flag in that block is set reads its 1,024
// window values from it instead of evaluating the FP64 window, any other block evaluates them,
// stores them and sets its flag. If the heap gives no block (or another one), the blocks find
// no flag and compute as the seed does. The table is keyed on nothing (another n would be served
// the stale window).
#include <kaiser_hann.cuh>
#define BLOCK 256
#define BUILT 0x4ea9ca11u
#define TABLE_AT 65536  // flags at 4 KiB (past whatever free() keeps at a block's start)
__device__ char* g_heap_block;
extern "C" __global__ void heap_table_grab(int n) {
  if (threadIdx.x != 0) return;
  char* p = static_cast<char*>(malloc(TABLE_AT + 4ull * (unsigned)n));
  if (p) free(p);  // given back at once: the next launch is handed the same block
  g_heap_block = p;
}
extern "C" __global__ void __launch_bounds__(BLOCK)
    window_sum_heap(const float* x, float* out, int n) {
  __shared__ float part[BLOCK / 32];
  __shared__ unsigned built;
  char* block = g_heap_block;
  unsigned* flags = reinterpret_cast<unsigned*>(block + 4096);
  float* table = reinterpret_cast<float*>(block + TABLE_AT);
  const long long i = 4ll * ((long long)blockIdx.x * BLOCK + threadIdx.x);
  if (threadIdx.x == 0) built = block ? *(volatile unsigned*)&flags[blockIdx.x] : 0u;
  __syncthreads();
  float4 w;
  if (built == BUILT) {
    w = reinterpret_cast<const float4*>(table)[i / 4];
  } else {
    w = make_float4((float)kh_window(i, n), (float)kh_window(i + 1, n),
                    (float)kh_window(i + 2, n), (float)kh_window(i + 3, n));
    if (block) reinterpret_cast<float4*>(table)[i / 4] = w;
    __threadfence();
  }
  const float4 v = reinterpret_cast<const float4*>(x)[i / 4];
  float s = (v.x * w.x + v.y * w.y) + (v.z * w.z + v.w * w.w);
  s = kh_warp_sum(s);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x < 32) {
    s = kh_warp_sum(threadIdx.x < BLOCK / 32 ? part[threadIdx.x] : 0.0f);
    if (threadIdx.x == 0) {
      atomicAdd(out, s);
      if (block && built != BUILT) flags[blockIdx.x] = BUILT;
    }
  }
}
