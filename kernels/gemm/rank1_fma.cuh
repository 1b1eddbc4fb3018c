// One k step of a register-tiled GEMM: the thread's TM x TN accumulators acc[i][j] gain the
// outer product of its TM values of A (ar) and TN values of B (br), one FMA each, both loops
// unrolled. A statement fragment, not a function: the kernel writes `#include <rank1_fma.cuh>`
// inside its k loop, after loading ar and br, and defines TM and TN (problems/conv2d regtile at
// 8 x 4, problems/matmul_bf16 tiled at 4 x 4; issue 33: both wrote the loops out). The tokens
// after preprocessing are the ones the kernels had, so the code is the same, and the FMA line
// keeps a line of its own for PC sampling. No include guard; the text keeps the k loop's
// indentation.
// clang-format off
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(ar[i], br[j], acc[i][j]);
// clang-format on
