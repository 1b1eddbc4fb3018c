// Hopper (sm_90a) building blocks for BF16 warpgroup MMA (matmul_bf16's wgmma variants and
// attention_bf16's fa3w, issue 33: kept once in the kernel library, `kernels: [gemm]`): the
// tensor map a kernel receives by value, mbarriers, the 2-D TMA tile load, the K-major
// 128-byte-swizzled shared-memory descriptor and BF16 warpgroup MMAs with both operands in shared
// memory (A and B of C = A.B^T are both K-major, so no transpose is needed: the layout of
// nn.Linear, x.W^T), or A from registers and B MN-major (attention's P.V).
#pragma once
#include <cuda/std/cstdint>
using cuda::std::uint32_t;
using cuda::std::uint64_t;

// CUtensorMap's layout without cuda.h: 128 opaque bytes, 64-aligned, passed by value.
struct __align__(64) TensorMap {
  unsigned long long opaque[16];
};

__device__ __forceinline__ uint32_t smem_u32(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(smem_u32(bar)), "r"(count)
               : "memory");
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity) {
  uint32_t done = 0;
  const uint32_t a = smem_u32(bar);
  while (!done)
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
        "selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(a), "r"(parity)
        : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(smem_u32(bar)) : "memory");
}
// Arrives once on `bar` and adds `bytes` to the transaction count its phase waits for.
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(smem_u32(bar)),
               "r"(bytes)
               : "memory");
}
// One box of `map` at element coordinates (c0 innermost, c1) into shared memory at `dst`
// (1024-aligned for the 128-byte swizzle), completing on `bar`.
__device__ __forceinline__ void tma_load_2d(uint32_t dst, const TensorMap* map, int c0, int c1,
                                            uint64_t* bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(dst),
      "l"(reinterpret_cast<uint64_t>(map)), "r"(c0), "r"(c1), "r"(smem_u32(bar))
      : "memory");
}
__device__ __forceinline__ void tma_prefetch_map(const TensorMap* map) {
  asm volatile("prefetch.tensormap [%0];\n" ::"l"(reinterpret_cast<uint64_t>(map)) : "memory");
}

// Descriptor of a K-major operand whose rows are 128 bytes (64 bf16) stored with the 128-byte
// swizzle (what TMA's SWIZZLE_128B writes for a box 64 elements wide): 8-row groups of 1024
// bytes one after another (SBO = 1024); LBO unused when a row spans the swizzle width. A k16
// step inside the 128-byte row advances the start address by 32 bytes.
__device__ __forceinline__ uint64_t sw128_desc(uint32_t addr) {
  uint64_t d = (uint64_t)((addr & 0x3FFFF) >> 4);
  d |= (uint64_t)1 << 16;            // LBO (ignored for this layout)
  d |= (uint64_t)(1024 >> 4) << 32;  // SBO: next 8-row group
  d |= (uint64_t)1 << 62;            // 128-byte swizzle
  return d;
}

__device__ __forceinline__ void wgmma_fence() {
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int N>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}
// Keeps the compiler from moving accumulator reads/writes across an asynchronous wgmma.
__device__ __forceinline__ void fence_acc(float& r) { asm volatile("" : "+f"(r)::"memory"); }
__device__ __forceinline__ void fence_acc(uint32_t& r) { asm volatile("" : "+r"(r)::"memory"); }

// Two floats to one bf16x2 word (round to nearest even), lo in the low half.
__device__ __forceinline__ uint32_t pack_bf16x2(float lo, float hi) {
  uint32_t r;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;\n" : "=r"(r) : "f"(hi), "f"(lo));
  return r;
}

// The accumulator registers of a warpgroup MMA: the template's "{%0, ..., %N-1}" and the
// matching "+f" operands d[o] .. d[o + N - 1].
#define WGMMA_REGS32                                                            \
  "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20," \
  "%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31"
#define WGMMA_REGS64                                                                  \
  WGMMA_REGS32                                                                        \
      ",%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50," \
      "%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63"
#define WGMMA_REGS128                                                                     \
  WGMMA_REGS64                                                                            \
      ",%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79,%80,%81,%82,%83," \
      "%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95,%96,%97,%98,%99,%100,%101,%102,"   \
      "%103,%104,%105,%106,%107,%108,%109,%110,%111,%112,%113,%114,%115,%116,%117,%118,"  \
      "%119,%120,%121,%122,%123,%124,%125,%126,%127"
#define WGMMA_ACC8(d, o)                                                                      \
  "+f"(d[o]), "+f"(d[o + 1]), "+f"(d[o + 2]), "+f"(d[o + 3]), "+f"(d[o + 4]), "+f"(d[o + 5]), \
      "+f"(d[o + 6]), "+f"(d[o + 7])
#define WGMMA_ACC32(d, o) \
  WGMMA_ACC8(d, o), WGMMA_ACC8(d, o + 8), WGMMA_ACC8(d, o + 16), WGMMA_ACC8(d, o + 24)
#define WGMMA_ACC64(d, o) WGMMA_ACC32(d, o), WGMMA_ACC32(d, o + 32)
#define WGMMA_ACC128(d) WGMMA_ACC64(d, 0), WGMMA_ACC64(d, 64)

// D[64 x 64] (+)= A[64 x 16] x B[16 x 64], both bf16 from shared memory through K-major
// descriptors, FP32 accumulators in registers (scale_d = 0 overwrites D).
__device__ __forceinline__ void wgmma_m64n64k16_bf16_ss(float* d, uint64_t desc_a, uint64_t desc_b,
                                                        int scale_d) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 " WGMMA_REGS32
      "}, %32, %33, p, 1, 1, 0, 0;\n}\n"
      : WGMMA_ACC32(d, 0)
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
}
// D[64 x 128] (+)= A[64 x 16] x B[16 x 128], both bf16 from shared memory through K-major
// descriptors, FP32 accumulators in registers (scale_d = 0 overwrites D).
__device__ __forceinline__ void wgmma_m64n128k16_bf16_ss(float* d, uint64_t desc_a, uint64_t desc_b,
                                                         int scale_d) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 " WGMMA_REGS64
      "}, %64, %65, p, 1, 1, 0, 0;\n}\n"
      : WGMMA_ACC64(d, 0)
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
}
// D[64 x 256] (+)= A[64 x 16] x B[16 x 256], both bf16 from shared memory through K-major
// descriptors, FP32 accumulators in registers (scale_d = 0 overwrites D).
__device__ __forceinline__ void wgmma_m64n256k16_bf16_ss(float* d, uint64_t desc_a, uint64_t desc_b,
                                                         int scale_d) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 " WGMMA_REGS128
      "}, %128, %129, p, 1, 1, 0, 0;\n}\n"
      : WGMMA_ACC128(d)
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
}
// D[64 x 128] += A[64 x 16] (registers, four BF16 pairs a thread) x B[16 x 128] (shared,
// MN-major: the transposed form, V of attention's P.V), FP32 accumulators in registers.
__device__ __forceinline__ void wgmma_m64n128k16_bf16_rs_t(float* d, const uint32_t* a,
                                                           uint64_t desc_b) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 " WGMMA_REGS64
      "}, {%64,%65,%66,%67}, %68, p, 1, 1, 1;\n}\n"
      : WGMMA_ACC64(d, 0)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(1));
}
