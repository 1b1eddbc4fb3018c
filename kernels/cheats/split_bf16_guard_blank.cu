// Red team round 3's split-BF16 GEMM (issue 28; tests/cheats/redteam3_guard_blank_mma/README.md).
// A 2048^3 GEMM as three BF16 tensor-core products (A = Ah + Al, B = Bh + Bl,
// C = Ah Bh + Ah Bl + Al Bh): the split is integer code on the float bits, every MMA is guarded
// `@ p` (a blank after '@': ptxas assembles it as `@p`). Used twice: as a cheat declaring fp32
// (redteam3_guard_blank_mma, which a scan that misreads the guard let through) and as the honest
// control declaring bf16 (control_redteam3_split_bf16).
#define SPLIT_BF16_MMA "@ p mma"
#include <split_bf16_gemm.cuh>
