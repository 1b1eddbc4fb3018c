// The epilogue's row sum `sum` of an mma.sync m16n8 accumulator row, added up over the quad of
// four lanes that hold the row (xor 1, then xor 2), and its reciprocal `inv` that O is scaled by:
// problems/attention flash_tf32 and problems/attention_bf16 fa2 and fa3w (issue 33: all three
// wrote these lines out). A statement fragment, not a function: the kernel writes
// `#include <quad_row_inv.cuh>` where the lines stood (the same tokens, so the same code, each
// line its own for PC sampling). No include guard; the text keeps the epilogue's indentation.
// clang-format off
    sum += __shfl_xor_sync(0xffffffffu, sum, 1);
    sum += __shfl_xor_sync(0xffffffffu, sum, 2);
    const float inv = 1.f / sum;
// clang-format on
