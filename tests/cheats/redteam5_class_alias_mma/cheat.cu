// Red team round 5 (issue 28, white-box; README.md has the reasoning). An "fp32" GEMM done as
// three BF16 tensor-core products (A = Ah + Al, B = Bh + Bl, C = Ah Bh + Ah Bl + Al Bh), spelled
// in plain PTX (`mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`, nothing hidden): the scan
// reads 24 BF16 MMAs. What hides them is the class name: the problem's full-precision class is
// called `float32`, and precision_mismatch (generators/ptx_precision.cpp) judged only the five
// names fp64/fp32/tf32/bf16/fp16 -- any other name returned "" (not checked). Kernel adapted
// from tests/cheats/redteam3_formfeed_mma/cheat.cu (red3), the form feed removed.
#define SPLIT_BF16_MMA "@p mma"
#include <split_bf16_gemm.cuh>  // kernels/cheats: the kernel, this spelling of its MMA
