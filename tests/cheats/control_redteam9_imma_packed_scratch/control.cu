// control_redteam9_imma_packed_scratch child (honest, red team 9): the int8 values arrive one per
// int32 (as an activation quantiser or a framework's int tensor would hand them over); launch 1
// packs four per word, little-endian, into i32 scratch rows in integer code (the layout the
// tensor-core kernel reads: CUTLASS's and cuBLASLt's int8 GEMMs run a layout transform of the
// same kind first), and launch 2 is NVIDIA's CUDA samples' simple_wmma_gemm_imma (BSD-3-Clause,
// kernels/int8/simple_wmma_gemm_imma.cu) on the packed rows. Exact; integer operands from the
// problem's own integer buffers through a scratch buffer: the shape of
// redteam9_scratch_int8_launder, without a float anywhere.
#include <simple_wmma_gemm_imma.cu>

extern "C" __global__ void pack_int8_rows(const int4* A, const int4* B, int* Ap, int* Bp, int M,
                                          int N, int K4) {
  const int MK4 = M * K4, NK4 = N * K4, i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= MK4 + NK4) return;
  const int4 v = i < MK4 ? A[i] : B[i - MK4];
  const unsigned w =
      (v.x & 0xffu) | ((v.y & 0xffu) << 8) | ((v.z & 0xffu) << 16) | ((unsigned)v.w << 24);
  if (i < MK4)
    Ap[i] = (int)w;
  else
    Bp[i - MK4] = (int)w;
}
