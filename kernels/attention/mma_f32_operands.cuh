// The operand list of a warp-level mma.sync m16n8 with FP32 accumulators updated in place:
// c[0..3] the accumulator fragment (read and written, %0-%3), a[0..3] the A fragment's four
// 32-bit registers (%4-%7), b0 and b1 B's two (%8, %9). The TF32 m16n8k8 of problems/attention
// flash_tf32 (t3_mma) and the BF16 m16n8k16 of problems/attention_bf16 fa2 (fa_mma) take the same
// list after their own PTX string (issue 33: both wrote it out), as in
//   asm("mma.sync.aligned.m16n8k8 ..." MMA_M16N8_F32_OPERANDS(c, a, b0, b1));
// The macro expands to the tokens the kernels had, so the code is the same.
#pragma once
#define MMA_M16N8_F32_OPERANDS(c, a, b0, b1)       \
  : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) \
  : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1)
