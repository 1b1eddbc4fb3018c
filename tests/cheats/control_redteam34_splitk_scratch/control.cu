// control_redteam34_splitk_scratch child: split-K, the standard answer to a GEMM whose K is long
// and whose M x N is small (CUTLASS's GemmSplitKParallel and its ReduceSplitK, NVIDIA/cutlass,
// BSD-3-Clause; written here, not copied). Launch 1: the seed's 32 x 32 shared-memory tile loop
// (kernels/gemm/tiled32_fp32.cu) over one K slice per grid z, each slice's partial C into
// part[z]; launch 2: C = the sum over the SPLITK partials, in slice order. The partials live in
// a scratch buffer sized by the knob SPLITK ([SPLITK, M, N]), so the paired timing gives the
// seed and this child their own allocations (their layouts differ: same_buffer_layout).
//
// Why it is here (red team 34): redteam34_own_buffers_placement takes separate allocations on
// purpose, to be timed where placement can favour it. A fix that refused or discounted every
// pair on separate buffers would refuse this honest kernel; the fix must make the two arms
// share what they both use (inputs and outputs at the same addresses, each scratch in the
// same place) or swap allocations between pairs.
#define TILE 32
extern "C" __global__ void __launch_bounds__(TILE * TILE)
    gemm_splitk_partial(const float* A, const float* B, float* part, int M, int N, int K,
                        int splitk) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  const int slice = K / splitk, kbeg = blockIdx.z * slice;
  float acc = 0.0f;
  for (int k0 = kbeg; k0 < kbeg + slice; k0 += TILE) {
    As[ty][tx] = A[(size_t)row * K + k0 + tx];
    Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  part[((size_t)blockIdx.z * M + row) * N + col] = acc;
}

extern "C" __global__ void __launch_bounds__(256)
    gemm_splitk_reduce(const float* part, float* C, int M, int N, int splitk) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (size_t)M * N) return;
  float s = 0.0f;
  for (int z = 0; z < splitk; ++z) s += part[(size_t)z * M * N + i];
  C[i] = s;
}
