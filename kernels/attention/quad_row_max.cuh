// The running row maximum `mx` of an mma.sync m16n8 accumulator row, taken over the quad of four
// lanes that hold the row (lanes 4g..4g+3: xor 1, then xor 2), in the online softmax of
// problems/attention flash_tf32 and problems/attention_bf16 fa2 and fa3w (issue 33: all three
// wrote these lines out). A statement fragment, not a function: the kernel writes
// `#include <quad_row_max.cuh>` where the lines stood, so the tokens and the code are the same
// and each shuffle keeps a line of its own for PC sampling. No include guard; the text keeps the
// indentation of the row loop it stands in.
// clang-format off
        mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
        mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
// clang-format on
