// More bytes in flight per thread: C = s * A with UNROLL independent float4 loads a thread
// before its first store, over a grid-stride loop (kernels/elementwise/ilp_map.cuh). BLOCK is
// the block size knob. Requires M*N % 4 == 0.
#define ILP_ENTRY scale_ilp
#define ILP_PARAMS const float *__restrict__ A, float s, float *__restrict__ C, int M, int N
#define ILP_COUNT (M * N)
#define ILP_IN A
#define ILP_OUT C
#define ILP_STORE(dst, val) \
  {                         \
    val.x *= s;             \
    val.y *= s;             \
    val.z *= s;             \
    val.w *= s;             \
    dst = val;              \
  }
#include <ilp_map.cuh>
