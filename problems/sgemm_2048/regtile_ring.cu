// The kernel library's regtile_ring GEMM (kernels/gemm/regtile_ring_gemm.cuh: regtile_db's tile
// with stepping addresses, a cp.async ring, A's path and register fragment buffering as knobs).
#define GEMM_ENTRY sgemm_regtile_ring
#include <regtile_ring_gemm.cuh>
