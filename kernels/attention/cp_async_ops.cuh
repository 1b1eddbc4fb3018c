// The flash-attention kernels' small PTX helpers (problems/attention flash_tf32,
// problems/attention_bf16 fa3w): a shared-memory address, 16-byte cp.async copies with their
// commit and wait (ordered against other memory accesses: "memory" clobbers), and the
// approximate exp2 of the online softmax. (attention_bf16's fa2 keeps its own: its cp.async
// helpers have no clobbers, and with its exp2 here the PC-sampling line tables of its fa2_pipe
// points moved the short-scoreboard stalls onto one line, a re-derived signal change.)
#pragma once

__device__ __forceinline__ unsigned ca_smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void ca_cp16(unsigned s, const void* g) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(g) : "memory");
}
__device__ __forceinline__ void ca_commit() {
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
template <int N>
__device__ __forceinline__ void ca_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
__device__ __forceinline__ float ca_exp2(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;\n" : "=f"(y) : "f"(x));
  return y;
}
