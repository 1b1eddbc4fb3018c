// Reference: per-block counts in shared memory (16 elements per thread), merged with one
// double atomicAdd per bin and block (kernels/histogram/hist8_ref.cuh, `kernels: [histogram]`).
#define HIST_REF_ENTRY hist_ref
#define HIST_WEIGHT(v) 1
#include <hist8_ref.cuh>
