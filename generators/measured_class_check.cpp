#include "generators/measured_class_check.h"

#include <string>

#include "generators/variant_space.h"

namespace solver::generators {

namespace {

bool narrow_float(DType d) { return d == DType::F32 || d == DType::F16 || d == DType::BF16; }

}  // namespace

std::optional<rules::Diagnostic> unmeasured_class_issue(const ProblemSpec& spec,
                                                        const VariantSpec& variant) {
  if (!spec.measured_class || measured_class_rtol(variant.precision) <= 0) return std::nullopt;
  std::string narrow, others;
  bool measured = false;
  for (const auto& b : spec.buffers) {
    if (b.role != BufferRole::Out && b.role != BufferRole::InOut) continue;
    const std::string named = b.name + " (" + to_string(b.dtype) + ")";
    if (b.dtype == DType::F64)
      measured = true;
    else if (narrow_float(b.dtype))
      narrow += (narrow.empty() ? "" : ", ") + named;
    else
      others += (others.empty() ? "" : ", ") + named;
  }
  if (measured && narrow.empty()) return std::nullopt;
  std::string what;
  if (!narrow.empty())
    what = "its float output(s) " + narrow +
           " are stored narrower than float64, whose own rounding (2^-24 relative for f32) is "
           "above that bound, so nothing measures the class there";
  else
    what = "it has no float64 output (its outputs: " + (others.empty() ? "none" : others) +
           "), so the bound has nothing to measure";
  return rules::Diagnostic{
      variant.precision_where,
      "variant " + variant.id + " declares precision '" + variant.precision +
          "', a measured class (every float64 output is held to its own error bound, 2^-32 "
          "relative), but " +
          what +
          ": store the outputs as f64, declare a class that is not measured (e.g. 'fp32', with a "
          "tolerance class that allows it), or write `measured_class: off` in problem.yaml (the "
          "outputs are then held to the problem's tolerance only, a narrowed check the gate, the "
          "ledger and the report say)"};
}

bool fp64_outputs_measured(const ResolvedVariant& rv) {
  if (!(rv.tolerance.class_rtol > 0)) return false;
  bool any = false;
  for (const auto& b : rv.buffers) {
    if (b.role != BufferRole::Out && b.role != BufferRole::InOut) continue;
    const bool flt = b.dtype == DType::F16 || b.dtype == DType::BF16 || b.dtype == DType::F32 ||
                     b.dtype == DType::F64;
    if (!flt) continue;
    if (b.dtype != DType::F64) return false;
    any = true;
  }
  return any;
}

}  // namespace solver::generators
