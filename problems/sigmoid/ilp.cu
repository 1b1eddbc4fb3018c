// More bytes in flight per thread: y = 1 / (1 + exp(-x)) with UNROLL independent float4 loads
// issued before any result is computed, over a grid-stride loop (kernels/elementwise/
// ilp_map.cuh). BLOCK is the block-size knob. Requires n % 4 == 0.
__device__ __forceinline__ float sig(float v) { return 1.0f / (1.0f + expf(-v)); }

#define ILP_ENTRY sigmoid_ilp
#define ILP_PARAMS const float* __restrict__ x, float* __restrict__ y, int n
#define ILP_COUNT n
#define ILP_IN x
#define ILP_OUT y
#define ILP_STORE(dst, val) dst = make_float4(sig(val.x), sig(val.y), sig(val.z), sig(val.w))
#include <ilp_map.cuh>
