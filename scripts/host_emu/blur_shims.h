// The device functions the blur stages (kernels/blur) call, on the host after emu.h: the loads,
// the vector makers, one rounded product (red team 34's rounding), binomial.h. Shared by
// p4fix_scratch_resolution.cpp and red38_dithered_scratch.cpp.
#pragma once
#include <cmath>
#include "emu.h"
using std::fmaf;
using std::tanh;
static inline float __ldg(const float* p) { return *p; }
static inline float4 __ldg(const float4* p) { return *p; }
static inline unsigned __ldg(const unsigned* p) { return *p; }
static inline uint4 __ldg(const uint4* p) { return *p; }
static inline float4 make_float4(float a, float b, float c, float d) {
  float4 v;
  v.x = a, v.y = b, v.z = c, v.w = d;
  return v;
}
static inline uint4 make_uint4(unsigned a, unsigned b, unsigned c, unsigned d) {
  uint4 v;
  v.x = a, v.y = b, v.z = c, v.w = d;
  return v;
}
// one rounded product (red team 34's rounding is three of them: no contraction, no folding
// without -ffast-math; x86 SSE keeps subnormals as the device does with -ftz=false)
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline int __float2int_rd(float f) { return (int)std::floor(f); }
static inline int4 make_int4(int a, int b, int c, int d) {
  int4 v;
  v.x = a, v.y = b, v.z = c, v.w = d;
  return v;
}
#include "binomial.h"
