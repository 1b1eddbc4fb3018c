// The double-buffered GEMMs' cp.async helpers (issue 33: async_gemm.cuh and problems/matmul's
// wmma_tf32_async carried the same three): a 16-byte global->shared copy that bypasses L1 (.cg),
// the commit of the copies issued so far as one group, and a wait until at most one group is in
// flight. No "memory" clobbers: the kernels order their shared-memory reads with
// __syncthreads() after the wait, and the compiled code is the one the recordings measured.
#pragma once

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
__device__ __forceinline__ void cp_async_wait_1() { asm volatile("cp.async.wait_group 1;\n" ::); }
