// The fp64_fma_chain kernel as it was first written, kept because it is a clean case of another
// bottleneck: its coefficients 1/(k+2) are not exact in the 32-bit immediate a SASS DFMA carries,
// so ptxas puts two UMOVs in front of every DFMA (sm_90: 1976 UMOV, 1020 DFMA, 10 IMAD in the
// cubin, cuobjdump -sass). Two thirds of the issued instructions are moves: the schedulers issue
// on ~97% of cycles while the FP64 pipe is ~65% busy. Instruction count is the limit, not the
// pipe (fp64_fma_chain, with immediate-exact coefficients, is the FP64-bound twin).
#define DEG 256
#define PER_THREAD 4
#define HORNER_ENTRY horner_fp64_umov
#define HORNER_COEF(k) (1.0 / (double)((k) + 2))  // 1/(k+2)
// The loop is the kernel library's (kernels/poly/horner_fp64.cuh, `kernels: [poly]`).
#include <horner_fp64.cuh>
