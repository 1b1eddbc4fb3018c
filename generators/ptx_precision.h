// The precision a variant's PTX actually computes in, against the class it declares
// (`precision:` in problem.yaml): a kernel that runs FP16 tensor cores while declaring `tf32`
// may pass the tolerance on friendly data, and its ledger line would say "tf32". The PTX
// cannot hide it: every MMA names its operand types, every conversion its destination format,
// every half-precision arithmetic instruction its type. (Kept apart from ptx_scan.h, which
// counts tensor-core instructions for `tensor_active`; the statement splitting is the same.)
#pragma once
#include <set>
#include <string>

#include "generators/problem_spec.h"
#include "generators/ptx_bit_narrowing.h"
#include "generators/ptx_int_provenance.h"

namespace solver::generators {

// Static occurrences per format, comments and string literals ignored.
struct PtxPrecision {
  // Tensor-core operations (mma.sync / mma.sp / wmma.mma / wgmma.mma_async / tcgen05.mma) by
  // operand format. A wmma.mma naming no operand type takes f16 operands.
  int mma_f16 = 0, mma_bf16 = 0, mma_tf32 = 0, mma_fp8 = 0, mma_int = 0, mma_f64 = 0;
  // Of those, the 2:4 structured-sparse ones (mma.sp, wgmma.mma_async.sp, tcgen05.mma.sp): the
  // tensor cores run them at twice the dense rate, so the floor counts them so (red team 12).
  int mma_sparse = 0;
  // Conversions down to a format (cvt.rn.f16.f32, cvt.rn.bf16x2.f32, cvt.rna.tf32.f32,
  // cvt.rn.satfinite.e4m3x2.f32 ...).
  int cvt_f16 = 0, cvt_bf16 = 0, cvt_tf32 = 0, cvt_fp8 = 0;
  // Rounding arithmetic in half formats (add/sub/mul/fma/mad/div/rcp/sqrt/rsqrt/ex2/tanh on
  // .f16, .f16x2, .bf16, .bf16x2).
  int arith_f16 = 0, arith_bf16 = 0;
  // Tensor bulk reductions that add (cp.reduce.async.bulk.tensor ... .add): their format is the
  // tensor map's, not named in the PTX; the overload with parameters counts them as half
  // arithmetic where a map of the variant holds a half format.
  int reduce_tensor_add = 0;
  // Integer dot products on the CUDA cores (dp4a / dp2a): 4 (2) multiply-adds per instruction.
  int int_dot = 0;
  // FP64 narrowed to FP32 (cvt.rn.f32.f64), and rounding FP32 arithmetic (add, sub, mul, fma,
  // mad, div on .f32; not the approximations rcp/sqrt/rsqrt/ex2 that seed an FP64 Newton step):
  // together, under a declared fp64, the code computes in FP32 (red team 6).
  int cvt_f32_from_f64 = 0, arith_f32 = 0;
  // Rounding FP64 arithmetic (add, sub, mul, fma, mad, div on .f64, DMMA excluded): under a
  // declared fp64, FP32 arithmetic that outnumbers it is the work done in FP32 whatever the
  // buffers hold (red team 8: an FP64 accumulation of FP32 data summed in FP32 tiles).
  int arith_f64 = 0;
  // Entries that store values computed by rounding FP32 arithmetic into a buffer (a data flow,
  // fp32_arith_to_buffers; filled by the scan with parameters where arith_f32 > 0): under a
  // declared fp64 the output then depends on FP32 arithmetic, however much dead FP64 code
  // the text holds (red team 9).
  int f32_to_buffers = 0;
  // ... or that store what a branch on such a value decides, except a region re-tested in FP64
  // (fp32_arith_to_buffers with `decided`; filled where the PTX has FP64 arithmetic or a
  // narrowing to FP32). Under a measured fp64 class it replaces the static rule that refuses
  // any FP32 arithmetic beside a cvt.rn.f32.f64 (control_redteam12_f64_cutoff_prefilter).
  int f32_decides_buffers = 0;
  // Integer MMAs shown to multiply the problem's own integers (generators/ptx_int_provenance.h:
  // operands read from integer buffers, never from float-derived values; integer accumulate).
  // Filled by the overload that knows the kernels' parameters; 0 otherwise.
  int mma_int_honest = 0;
  int int_dot_honest = 0;  // dp4a/dp2a by the same rule (red team 10)
  // Instructions computing on values narrowed to BF16 / FP16 (narrowed_values_computed): a
  // buffer of that format excuses the conversions only while these are 0 (the value is stored
  // to it, not computed on). Filled by both overloads where there are such conversions.
  int bf16_computed = 0, f16_computed = 0;
  // The same for FP8/FP6/FP4 codes (hon19): with an integer buffer to hold them, conversions
  // whose codes are only stored are a quantiser's answer (precision_mismatch).
  int fp8_computed = 0;
  // Of arith_f32, the instructions compensated as double-single arithmetic (hon20,
  // ptx_compensated.h: error-free transformations and the low-part adds they absorb); filled
  // where the PTX has FP64 arithmetic too, and only where every rounding FP32 instruction was
  // seen by that scan (an FP32 instruction in a non-inlined function leaves it 0).
  int f32_compensated = 0;
  // A float's bits narrowed by integer code and stored or moved back into a float register
  // (red team 14, ptx_bit_narrowing.h): the narrowest such value, its class in format().
  BitNarrowing bit_narrowing;
  // The formats used at all: "f16", "bf16", "tf32", "fp8", "int8" (a narrowing in integer code
  // adds the format its bits make, below FP32).
  std::set<std::string> formats() const;
};

PtxPrecision scan_ptx_precision(const std::string& ptx);
// The same, with the integer MMAs' operand provenance read against which kernel parameters are
// float buffers (float_params(rv) of the variant compiled).
PtxPrecision scan_ptx_precision(const std::string& ptx, const FloatParams& params);

// The class a declared name is judged as: "fp64", "fp32", "tf32", "bf16", "fp16" or "int8" (also
// i8, s8, w8a8: hon19), read without case or punctuation and under the usual spellings (float32,
// f32, float64, double, float16, half, bfloat16, tensorfloat32); any other name ("exact", "loose",
// a problem's own label) is judged as "fp32": a class admits a format below FP32 only by naming it
// (issue 28, red team 5: an unknown name was not checked at all).
std::string judged_class(const std::string& declared);

// Empty when the code computes in at least the precision `declared` promises, else one line
// saying what it found. What each class (as judged_class reads it) admits: fp64, fp32: no lower
// format at all; tf32: tf32; bf16: tf32, bf16; fp16: tf32, f16; int8: integer dot products and
// MMAs whatever their operands were quantised from (the problem's author admits int8), no float
// format below FP32. A format that
// is the dtype of one of the problem's buffers (`buffer_dtypes`) may be converted to where the
// converted value is only stored (an f16 output), never computed on (bf16_computed), but MMAs and
// arithmetic in it are still a lower precision (issue 28: the class is bounded by what the code
// does, so an "fp32" GEMM done as BF16 products is refused whatever the buffers hold); the message
// says which class the code would pass under.
//
// `fp64_measured`: every float output is float64 and held to the fp64 class's measured bound
// (Tolerance::class_rtol > 0; fp64_outputs_measured). Under fp64 the rule that refuses rounding
// FP32 arithmetic wherever a double is narrowed to FP32 (or no FP32 buffer exists) then gives
// way to the flow: no buffer may hold an FP32 result or what a branch on one decides, except
// where the branch's region is re-tested in FP64; what FP32 decisions then change in an output
// is measured against the class's own bound on every set the outputs are compared on.
// hon20: under a measured fp64 class, FP32 arithmetic that is all compensated and never compared
// (double-single pairs, f32_compensated == arith_f32, ptx_compensated.h) is not counted against
// FP64 nor its results against the buffers: its precision is the measured bound's to judge.
std::string precision_mismatch(const PtxPrecision& p, const std::string& declared,
                               const std::set<DType>& buffer_dtypes, bool fp64_measured = false);

}  // namespace solver::generators
