// The arithmetic rate a variant's time is held to by the physical floor (too_fast): the
// fastest class its code could be running, read from its PTX and its buffers' storage
// formats, never from the class it declares (issue 28). Declaring a class faster than the
// code (tf32 on pure FP32 code) no longer lowers the floor a skipping kernel must clear, and
// an honest BF16 MMA or int8 dp4a kernel is held to the BF16 / integer rate, not the FP32 one.
// Pure host code: floor_rate_test checks every row without a GPU.
#pragma once
#include <set>
#include <string>

#include "generators/problem_spec.h"
#include "generators/ptx_precision.h"

namespace solver::gpu {

// Peak rates in 10^12 operations per second (0: the chip has none; a fallback stands in).
struct RoofRates {
  double fp32 = 0;  // CUDA-core FMA (or the measured SGEMM, whichever is larger)
  double tf32 = 0, fp16 = 0, bf16 = 0, fp8 = 0;  // dense tensor-core rates
  double int8_mma = 0;  // integer tensor-core rate (0: fp8's, else twice fp16's: H100/H200)
};

struct FloorRate {
  double tops = 0;   // 10^12 operations per second
  std::string name;  // "FP32", "BF16 tensor", "integer dot product (dp4a)", ...
  std::string why;   // what in the code or the buffers made it the fastest
};

// The largest of: FP32 (always); TF32 where the PTX has TF32 MMAs or conversions; BF16 / FP16
// where it has MMAs, conversions or arithmetic in that format or any buffer is stored in it;
// FP8 where it has FP8 MMAs or conversions; the class of a float narrowed in integer code
// (PtxPrecision::bit_narrowing: TF32, BF16, FP16 or FP8 by the bits it keeps); integer tensor cores
// where it has integer MMAs (each tensor rate doubled where the code has 2:4 sparse MMAs: mma.sp,
// wgmma .sp); the integer dot-product pipe (4 x the FP32 roof: a dp4a does 4 multiply-adds per lane
// and clock at most) where it has dp4a/dp2a or no buffer is a float.
FloorRate fastest_rate(const generators::PtxPrecision& code,
                       const std::set<generators::DType>& buffer_dtypes, const RoofRates& r);

// The most a variant's own operation count (`algorithm_flops:`, problem_spec.h) may lower the
// floor's count below the problem's: 4x, Winograd F(4x4,3x3)'s multiply saving on a 3x3
// convolution (36 products per 4x4 output tile instead of 144; F(2x2,3x3) saves 2.25x, a
// Strassen level 8/7). A declared count is the variant author's claim, not a measurement, so
// it may move the floor only within this documented factor: a variant that declares 1 FLOP
// is still held to the problem's count / 4 and, always, to the compulsory bytes at the copy
// bandwidth. Past the factor the floor says it clamped.
inline constexpr double kMaxFlopReduction = 4.0;

struct FloorFlops {
  double flops = 0;
  std::string how;  // "" when the problem's count stands; else where the count came from
};

// The operation count the floor divides by the rate: the problem's, or the variant's own
// where it is smaller, never below problem_flops / kMaxFlopReduction. A declared count above
// the problem's does not raise the floor (the problem's count is the floor of every variant).
FloorFlops floor_flops(double problem_flops, double algorithm_flops);

}  // namespace solver::gpu
