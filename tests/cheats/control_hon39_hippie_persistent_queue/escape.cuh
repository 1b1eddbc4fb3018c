// control_hon39_hippie_persistent_queue: one point's escape count, every operation rounded once.
#define MAX_STEPS 512
__device__ __forceinline__ int escape_count(float cr, float ci) {
  float zr = 0.f, zi = 0.f;
  int k = 0;
  while (k < MAX_STEPS) {
    const float rr = __fmul_rn(zr, zr), ii = __fmul_rn(zi, zi);
    if (__fadd_rn(rr, ii) > 4.f) break;
    const float ri = __fmul_rn(zr, zi);
    zi = __fadd_rn(__fadd_rn(ri, ri), ci);
    zr = __fadd_rn(__fsub_rn(rr, ii), cr);
    ++k;
  }
  return k;
}
