// A 4-byte cp.async copy global -> shared (L1-allocating: 4-byte copies cannot take .cg), for
// kernels that transpose an operand on its way into shared memory (regtile_ring_gemm.cuh's A);
// commit and wait are kernels/attention/cp_async_ops.cuh's.
#pragma once

__device__ __forceinline__ void ca_cp4(unsigned s, const void* g) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(g) : "memory");
}
