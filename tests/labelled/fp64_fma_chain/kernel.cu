// 255 dependent DFMAs per element, four independent elements per thread. The H200's FP64 pipe
// issues 64 lanes per SM per cycle (half the FP32 rate: ~33 TFLOP/s), so ~4.3 GFLOP take
// ~0.13 ms while the 128 MiB of traffic needs ~30 us: the FP64 pipe is the limit.
// The coefficients are 1 - k/512: each is exact in the 32-bit immediate a SASS DFMA carries (the
// top half of the double), so every step is one DFMA. The first version used 1/(k+2): ptxas
// cannot encode those as immediates and put two UMOVs in front of every DFMA (1976 UMOV to 1020
// DFMA, cuobjdump -sass), so the kernel was issue-bound with the FP64 pipe 65% busy
// (docs/results/h200-2026-12-01d/confirm.txt), not FP64-bound.
// Four elements per thread: four loads in flight, then four interleaved chains, give each DRAM
// load four times the FP64 work to hide behind.
#define DEG 256
#define PER_THREAD 4
#define HORNER_ENTRY horner_fp64
#define HORNER_COEF(k) (1.0 - (double)(k) * (1.0 / 512.0))  // 1 - k/512
// The loop is the kernel library's (kernels/poly/horner_fp64.cuh, `kernels: [poly]`).
#include <horner_fp64.cuh>
