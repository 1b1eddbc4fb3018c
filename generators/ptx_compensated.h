// Double-single ("df64") arithmetic in PTX (hon20, issue 28): FP32 operations whose rounding
// errors are recovered exactly and carried on, so a result kept as a float pair (hi, lo) has
// ~48 significant bits (Dekker 1971; Knuth's TwoSum; Thall 2006, "Extended-Precision
// Floating-Point Numbers for GPU Computation"; DSFUN90). The fp64 precision rule counts such
// FP32 arithmetic as FP32 work (redteam8/9: FP32 tiles under a declared fp64); under a measured
// fp64 class (the outputs held to FP64's own bound, P4c) FP32 arithmetic that is all
// compensated is left to that measurement (ptx_precision.h).
//
// An FP32 rounding instruction is compensated when it is
//  - an error-free transformation or one of its steps: TwoSum (s = a + b, bb = s - a,
//    e = (a - (s - bb)) + (b - bb)), Fast2Sum (s = a + b, e = b - (s - a)) or TwoProd by FMA
//    (p = a * b, e = fma(a, b, -p)), matched on the statements as NVRTC emits them (operands
//    in either order, no register of the pattern redefined in between, no guard, round to
//    nearest);
//  - or a low-part add: an add/sub of values that all come from such transformations (their
//    results or errors, other low-part adds, zero constants, and moves and shuffles of these;
//    never a load, a parameter or a conversion), every reader of which is a transformation
//    taking it as an operand that transformation's error accounts for (the small operand of
//    a Fast2Sum, either operand of a TwoSum): its own rounding is second order, the pair's
//    renormalisation.
// Anything else (a product kept as one float, a sum of loaded values) is not, so FP32 tiles, a
// plain FP32 sum or dead error terms (NVRTC removes them, and the match with them) stay FP32
// work. A pair that merely looks compensated but loses precision (low-part adds of two large
// values) is not told apart here: the measured class bound is what judges the values.
#pragma once
#include <string>

namespace solver::generators {

struct Fp32Compensation {
  int fp32_ops = 0;     // rounding FP32 instructions (add sub mul fma mad div .f32) in entries
  int compensated = 0;  // of which compensated, as above
  // Decisions on FP32 values (setp, set, min, max, testp, slct on .f32): double-single code as
  // admitted is branchless, so any of these leaves the FP32 work to the static rule.
  int fp32_decisions = 0;
};

Fp32Compensation scan_fp32_compensation(const std::string& ptx);

}  // namespace solver::generators
