// The seed of tests/cheats/redteam16_twin_output_sample and
// control_redteam16_twin_output_recurrence: red team 7's lbeta_sum (one 32,768-element chunk of 32
// float4 tiles per block, three lgammaf per element in FP32, warp shuffles, one atomic per block)
// that also writes the chunk's mean of x, summed in the same pass. Needs n a multiple of 32,768.
// The kernel: twin_sum.cuh.
#define TWIN_ENTRY twin_sum
#include "twin_sum.cuh"
