#include "engine/backend/gpu/floor_rate.h"

#include <algorithm>

namespace solver::gpu {

using generators::DType;

FloorRate fastest_rate(const generators::PtxPrecision& c, const std::set<DType>& dtypes,
                       const RoofRates& r) {
  FloorRate best{r.fp32, "FP32", "CUDA cores"};
  auto consider = [&](bool uses, double tops, const std::string& name, const std::string& why) {
    if (uses && tops > best.tops) best = {tops, name, why};
  };
  auto count = [](int n, const char* what) { return std::to_string(n) + " " + what; };
  auto evidence = [&](int mma, int cvt, int arith, bool stored, const char* fmt) {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (mma) add(count(mma, (std::string(fmt) + " MMA(s)").c_str()));
    if (cvt) add(count(cvt, (std::string("conversion(s) to ") + fmt).c_str()));
    if (arith) add(count(arith, (std::string(fmt) + " arithmetic instruction(s)").c_str()));
    if (stored) add(std::string("a buffer stored in ") + fmt);
    return s;
  };
  const bool bf16_data = dtypes.count(DType::BF16) > 0, f16_data = dtypes.count(DType::F16) > 0;
  const double half = std::max(r.fp16, r.bf16);
  // 2:4 structured-sparse MMAs skip half the products in hardware: the tensor cores run them at
  // twice the dense rate (the roofs are dense rates), so code that has any is held to the sparse
  // rates of every tensor format it could be running (red team 12 noted the dense rate refusing
  // an honest sparse GEMM within 2x of the sparse peak as too_fast).
  const double sp = c.mma_sparse > 0 ? 2 : 1;
  const std::string sparse =
      c.mma_sparse > 0 ? ", " + count(c.mma_sparse, "2:4 sparse MMA(s) at twice the dense rate")
                       : "";
  const auto tensor = [&](const char* name) {
    return std::string(name) + (c.mma_sparse > 0 ? " (2:4 sparse)" : "");
  };
  consider(c.mma_tf32 || c.cvt_tf32, sp * r.tf32, tensor("TF32 tensor"),
           evidence(c.mma_tf32, c.cvt_tf32, 0, false, "TF32") + sparse);
  consider(c.mma_bf16 || c.cvt_bf16 || c.arith_bf16 || bf16_data, sp * (r.bf16 > 0 ? r.bf16 : half),
           tensor("BF16 tensor"),
           evidence(c.mma_bf16, c.cvt_bf16, c.arith_bf16, bf16_data, "BF16") + sparse);
  consider(c.mma_f16 || c.cvt_f16 || c.arith_f16 || f16_data, sp * (r.fp16 > 0 ? r.fp16 : half),
           tensor("FP16 tensor"),
           evidence(c.mma_f16, c.cvt_f16, c.arith_f16, f16_data, "FP16") + sparse);
  consider(c.mma_fp8 || c.cvt_fp8, sp * (r.fp8 > 0 ? r.fp8 : 2 * half), tensor("FP8 tensor"),
           evidence(c.mma_fp8, c.cvt_fp8, 0, false, "FP8") + sparse);
  // Red team 14: a float narrowed in integer code counts as the class its bits make (the
  // narrowest class found; the code could be running at that class's rate elsewhere).
  const std::string bits = c.bit_narrowing.format();
  const std::string bits_why = bits.empty() ? ""
                                            : "a float narrowed in integer code to " +
                                                  std::to_string(c.bit_narrowing.mantissa) +
                                                  " mantissa bits";
  consider(bits == "tf32", sp * r.tf32, tensor("TF32 tensor"), bits_why);
  consider(bits == "bf16", sp * (r.bf16 > 0 ? r.bf16 : half), tensor("BF16 tensor"), bits_why);
  consider(bits == "f16", sp * (r.fp16 > 0 ? r.fp16 : half), tensor("FP16 tensor"), bits_why);
  consider(bits == "fp8", sp * (r.fp8 > 0 ? r.fp8 : 2 * half), tensor("FP8 tensor"), bits_why);
  const double int8 = r.int8_mma > 0 ? r.int8_mma : r.fp8 > 0 ? r.fp8 : 2 * half;
  consider(c.mma_int > 0, sp * int8, tensor("integer tensor"),
           count(c.mma_int, "integer MMA(s)") + sparse);
  bool any_float = false;
  for (DType d : dtypes)
    any_float =
        any_float || d == DType::F16 || d == DType::BF16 || d == DType::F32 || d == DType::F64;
  consider(c.int_dot > 0 || !any_float, 4 * r.fp32, "integer dot product (dp4a)",
           c.int_dot > 0 ? count(c.int_dot, "dp4a/dp2a instruction(s)")
                         : std::string("no float buffer: integer arithmetic"));
  return best;
}

FloorFlops floor_flops(double problem_flops, double algorithm_flops) {
  if (!(problem_flops > 0) || !(algorithm_flops > 0) || algorithm_flops >= problem_flops)
    return {problem_flops, ""};
  const double lowest = problem_flops / kMaxFlopReduction;
  if (algorithm_flops >= lowest) return {algorithm_flops, "the variant's algorithm_flops"};
  return {lowest, "the variant's algorithm_flops, clamped to the problem's flops / " +
                      std::to_string(static_cast<int>(kMaxFlopReduction))};
}

}  // namespace solver::gpu
