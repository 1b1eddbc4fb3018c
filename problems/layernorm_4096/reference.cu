// Float64 reference: one 256-thread block per row, two-pass mean and variance in double (the
// kernel library's kernels/layernorm/layernorm_ref.cuh).
#define LAYERNORM_REF_ENTRY ln_ref
#include <layernorm_ref.cuh>
