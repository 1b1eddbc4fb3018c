// WGMMA: the register-A TF32 wgmma (wgmma_tf32_ops.cuh) whose N is the block tile's BM. The TF32
// GEMMs that take A from registers compute D = C^T, so a block's BM rows of C are the wgmma's N
// (problems/matmul wgmma_tf32_ws, wgmma_tf32_tma_gemm.cuh, wgmma_tf32_persistent_gemm.cuh; issue
// 33: each carried this choice). Include after BM is defined and after wgmma_tf32_ops.cuh.
#if BM == 256
#define WGMMA wgmma_m64n256k8_tf32_rs
#elif BM == 128
#define WGMMA wgmma_m64n128k8_tf32_rs
#else
#error "BM must be 128 or 256"
#endif
