// The device functions the blur stages (kernels/blur) call, on the host after emu.h: the loads,
// CUDA's vector makers, one rounded product (red team 34's rounding), binomial.h. Shared by
// p4fix_scratch_resolution.cpp and red38_dithered_scratch.cpp.
#pragma once
#include <cmath>
#include "emu.h"
// CUDA's half and bf16 types and conversions (scr38's 16-bit controls), and with them its own
// make_float4 / make_uint4 / make_int4 (host callable under emu.h's keywords)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
using std::fmaf;
using std::tanh;
static inline float __ldg(const float* p) { return *p; }
static inline float4 __ldg(const float4* p) { return *p; }
static inline unsigned __ldg(const unsigned* p) { return *p; }
static inline uint4 __ldg(const uint4* p) { return *p; }
// one rounded product (red team 34's rounding is three of them: no contraction, no folding
// without -ffast-math; x86 SSE keeps subnormals as the device does with -ftz=false)
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline int __float2int_rd(float f) { return (int)std::floor(f); }
#include "binomial.h"
