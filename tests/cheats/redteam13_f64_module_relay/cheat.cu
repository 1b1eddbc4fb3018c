// redteam13_f64_module_relay child (a cheat, red team 13): red team 9's FP32-tile GEMM
// (redteam9_dead_f64_majority: every product an FP32 FMA, each tile's 32-term sum widened and
// added in FP64, 96 dead DFMAs behind a test no launch passes so that the PTX's static FP64 count
// outnumbers the FP32 one) with its results relayed through module memory: launch 1 stores each
// FP64 result to a __device__ array, launch 2 copies that array into C.
// generators/ptx_int_provenance.cpp fp32_arith_to_buffers, the data-flow rule red team 9's cheat
// met, scans each entry on its own (scan_entry(..., Mode::Fp32Arith) per entry, no bindings
// across launches) and counts a store only through a kernel parameter or an address of unknown
// origin: launch 1 stores to a named module symbol (a region, neither), and launch 2's loads
// from that symbol start clean in its own scan.
#define TILE 32
#define RELAY_ELEMS (2048 * 2048)

__device__ double g_relay[RELAY_ELEMS];

extern "C" __global__ void __launch_bounds__(TILE* TILE)
    relay_tiles(const float* A, const float* B, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  double acc = 0.0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
    float part = 0.0f;
#pragma unroll
    for (int k = 0; k < TILE; ++k) part = fmaf(As[ty][k], Bs[k][tx], part);
    acc += (double)part;
    __syncthreads();
  }
  if (K < 0) {  // never true: K is a matrix extent; the compiler cannot know it
    double d = acc;
#pragma unroll
    for (int k = 0; k < 96; ++k) d = fma(d, d + (double)k, (double)M);
    acc = d;
  }
  const size_t at = (size_t)row * N + col;
  if (at < RELAY_ELEMS) g_relay[at] = acc;
}

// Launch 2: C from the relay, element by element (no arithmetic).
extern "C" __global__ void relay_copy(double* C, int M, int N) {
  const size_t n = (size_t)M * N < RELAY_ELEMS ? (size_t)M * N : RELAY_ELEMS;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    C[i] = g_relay[i];
}
