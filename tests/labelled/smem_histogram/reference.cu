// Reference: per-block counts in shared memory, merged with one double atomicAdd per bin and
// block, each value weighted 1 + (v >> 3) as the kernel does (kernels/histogram/hist8_ref.cuh,
// `kernels: [histogram]`).
#define HIST_REF_ENTRY shist_ref
#define HIST_WEIGHT(v) (1 + ((v) >> 3))
#include <hist8_ref.cuh>
