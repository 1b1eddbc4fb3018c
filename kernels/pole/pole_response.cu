// The seed of the pole response (red team round 15): h[i] = sum_j r[j] * exp(p[j] * t[i]), one
// thread per output, the poles and residues through shared-memory tiles, the CUDA math
// library's FP64 exp.
// The kernel: pole_response.cuh.
#define POLE_ENTRY pole_response_tiled
#include "pole_response.cuh"
