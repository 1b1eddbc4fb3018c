// A 4-byte global -> shared cp.async (cp.async takes 4 and 8 bytes only through L1, .ca), for
// copies that transpose an operand on the way (bigtile_gemm.cuh's A); kernels/attention's
// cp_async_ops.cuh has the 16-byte copy, the commit and the wait. A header of its own so that
// a host emulation of the kernel (tests/kernels/) can stand in for the PTX.
#pragma once

__device__ __forceinline__ void ca_cp4(unsigned s, const void* g) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(g) : "memory");
}
