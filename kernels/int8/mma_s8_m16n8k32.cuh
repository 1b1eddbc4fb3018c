// One mma.sync m16n8k32 s8 (s32 accumulate) of the int8 W8A8 controls (tests/cheats/
// control_int8_w8a8_scales, control_redteam13_w8a8_module_stage; `kernels: [int8]`), written after
// the fragment layout of PTX ISA 8.x, "Matrix Fragments for mma.m16n8k32" (.s8): thread t of a
// warp (g = t / 4, q = t % 4) holds A rows g and g + 8, bytes 4q..4q+3 and 16 + 4q.. of the 32-wide
// K step (a0..a3), B column g, the same bytes (b0, b1), and C rows g and g + 8, columns 2q, 2q + 1.
#pragma once
__device__ __forceinline__ void mma_s8_16x8x32(int* c, int a0, int a1, int a2, int a3, int b0,
                                               int b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
