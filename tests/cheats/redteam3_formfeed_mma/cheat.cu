// Red team round 3 (issue 28, white-box; README.md has the reasoning). An "fp32" GEMM done as
// three BF16 tensor-core products (A = Ah + Al, B = Bh + Bl, C = Ah Bh + Ah Bl + Al Bh), with
// nothing the PTX precision scan reads as BF16:
//  - the split is integer code on the float bits (round to nearest even at bit 16, mask): no
//    cvt.*.bf16, no bf16 arithmetic;
//  - every MMA is spelled `mma<form feed>.sync.aligned...` (a form feed between the mnemonic
//    and its first modifier): ptxas reads a form feed as a blank and joins the modifiers, the
//    cubin is byte-identical to `mma.sync...` (ptxas 13.0), while the scan joins an opcode's
//    modifiers across ' ', tab, CR and LF only (ptx_scan.cpp, ptx_blank) and its ptx_opcode
//    stops at the form feed (isspace): it reads `mma`, no MMA.
// So the scan sees FP32 code, the floor is the FP32 rate, and the ledger says fp32.
#define SPLIT_BF16_MMA "@p mma\f"
#include <split_bf16_gemm.cuh>  // kernels/cheats: the kernel, this spelling of its MMA
