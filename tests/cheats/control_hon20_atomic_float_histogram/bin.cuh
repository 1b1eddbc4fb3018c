// control_hon20_atomic_float_histogram: the bin of x, floor(x * NB) clamped to [0, NB - 1] in
// FP32 (x * NB is exact for a power-of-two NB; NaN falls in bin 0 through fmaxf).
__device__ __forceinline__ int bin_of(float x, int NB) {
  return (int)floorf(fminf(fmaxf(x * (float)NB, 0.0f), (float)(NB - 1)));
}
