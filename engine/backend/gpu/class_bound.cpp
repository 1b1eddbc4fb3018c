#include "engine/backend/gpu/class_bound.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>

#include "engine/backend/gpu/perturb_arith.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "generators/candidate.h"

namespace solver::gpu {

namespace {

using generators::BufferRole;
using generators::DType;

bool float_input(const generators::ResolvedBuffer& b) {
  const bool input = b.role == BufferRole::In || b.role == BufferRole::InOut;
  const bool floating = b.dtype == DType::F32 || b.dtype == DType::F64 || b.dtype == DType::F16 ||
                        b.dtype == DType::BF16;
  return input && floating;
}

// A copy of `in` with every element x moved to x (1 + step s), s = +-1 drawn per position from
// `buffer_seed`, computed in double and rounded to T.
template <typename T>
std::shared_ptr<HostInput> moved(const HostInput& in, uint64_t buffer_seed, double step) {
  auto out = copy_of(in);
  for (size_t at = 0; at + sizeof(T) <= out->size; at += sizeof(T)) {
    T x;
    std::memcpy(&x, out->data.get() + at, sizeof(T));
    const bool down = perturb_detail::draw(buffer_seed, int64_t(at / sizeof(T))) & 1;
    x = T(double(x) * (1 + (down ? -step : step)));
    std::memcpy(out->data.get() + at, &x, sizeof(T));
  }
  return out;
}

std::string num(double v) {
  std::ostringstream s;
  s.precision(3);
  s << v;
  return s.str();
}

}  // namespace

std::optional<HostSet> absolute_set(const generators::ResolvedVariant& variant,
                                    const HostSet& base) {
  return rewritten_set(
      variant, base, "absolute", SetKind::HeavyMagnitude,
      [](size_t, const generators::ResolvedBuffer& b,
         const HostInput& in) -> std::shared_ptr<HostInput> {
        if (!float_input(b)) return nullptr;
        const size_t size = generators::dtype_size(b.dtype);
        // The sign bit is the top bit of the element's last byte (little-endian) in every format.
        bool negative = false;
        for (size_t at = size - 1; at < in.size && !negative; at += size)
          negative = (in.data[at] & 0x80) != 0;
        if (!negative) return nullptr;
        auto abs = copy_of(in);
        for (size_t at = size - 1; at < abs->size; at += size) abs->data[at] &= 0x7f;
        return abs;
      });
}

SensitivitySets sensitivity_sets(const generators::ResolvedVariant& variant, const HostSet& base,
                                 uint64_t seed) {
  SensitivitySets out;
  bool any = false, narrow = false;
  for (size_t i = 0; i < variant.buffers.size() && i < base.inputs.size(); ++i) {
    const auto& b = variant.buffers[i];
    if (!base.inputs[i] || !float_input(b)) continue;
    if (b.dtype == DType::F64 || b.dtype == DType::F32) any = true;
    if (b.dtype == DType::F32) narrow = true;
  }
  if (!any) return out;
  out.step = narrow ? std::ldexp(1.0, -22) : std::ldexp(1.0, -32);
  for (uint64_t k = 0; k < 2; ++k) {
    const uint64_t pattern = perturb_detail::mix(seed ^ (0x5e57u + k));
    // Fresh: its bytes are its own, not the input cache's. Never nullopt: `any` input moves.
    out.sets.push_back(*rewritten_set(
        variant, base, "sensitivity-" + std::to_string(k), SetKind::Fresh,
        [&](size_t i, const generators::ResolvedBuffer& b,
            const HostInput& in) -> std::shared_ptr<HostInput> {
          if (!float_input(b)) return nullptr;
          const uint64_t buffer_seed = perturb_detail::mix(pattern ^ uint64_t(i));
          if (b.dtype == DType::F64) return moved<double>(in, buffer_seed, out.step);
          if (b.dtype == DType::F32) return moved<float>(in, buffer_seed, out.step);
          return nullptr;
        }));
  }
  return out;
}

std::vector<HostDoubles> sensitivity_scale(const std::vector<HostDoubles>& reference,
                                           const std::vector<std::vector<HostDoubles>>& moved,
                                           double step) {
  std::vector<HostDoubles> out(reference.size());
  for (size_t b = 0; b < reference.size(); ++b) {
    out[b].assign(reference[b].size(), 0.0);
    for (const auto& run : moved) {
      if (b >= run.size() || run[b].size() != reference[b].size()) continue;
      for (size_t i = 0; i < reference[b].size(); ++i) {
        const double s = std::fabs(run[b][i] - reference[b][i]) / step;
        if (std::isfinite(s) && s > out[b][i]) out[b][i] = s;
      }
    }
  }
  return out;
}

bool is_seed_point(const generators::ProblemSpec& spec, const generators::ResolvedVariant& v,
                   const rules::ChipProfile& chip) {
  const generators::VariantSpec* seed =
      spec.seed_variant.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                                : spec.find_variant(spec.seed_variant);
  if (!seed || v.variant != seed->id) return false;
  const auto point = generators::default_knob_point(spec, *seed, {}, &chip);
  return point && *point == v.knobs;
}

double witness_share(double witness, double class_rtol) {
  if (!(witness >= 0) || !(class_rtol > 0)) return kScaleFloorShare;
  return std::min(1.0, std::max(kScaleFloorShare, kWitnessFactor * witness / class_rtol));
}

void cap_scale(std::vector<HostDoubles>& scale, double share) {
  if (!(share < 1)) return;
  for (auto& b : scale)
    for (size_t i = 0; i < b.size(); ++i) b[i] = b[i] * share;
}

double witness_of(double class_ratio, double class_rtol) {
  return std::isfinite(class_ratio) && class_ratio > 0 ? class_ratio * class_rtol : 0;
}

std::optional<HostSet> noise_set(const generators::ResolvedVariant& variant, const HostSet& base,
                                 uint64_t seed) {
  const uint64_t pattern = perturb_detail::mix(seed ^ 0x2044u);
  // Fresh: its bytes are its own, not the input cache's.
  return rewritten_set(variant, base, "noise", SetKind::Fresh,
                       [&](size_t i, const generators::ResolvedBuffer& b,
                           const HostInput& in) -> std::shared_ptr<HostInput> {
                         if (!float_input(b) || b.dtype != DType::F64) return nullptr;
                         return moved<double>(in, perturb_detail::mix(pattern ^ uint64_t(i)),
                                              kNoiseStep);
                       });
}

double reference_noise(const std::vector<HostDoubles>& reference,
                       const std::vector<HostDoubles>& moved) {
  std::vector<double> q;
  for (size_t b = 0; b < reference.size() && b < moved.size(); ++b) {
    if (moved[b].size() != reference[b].size()) continue;
    for (size_t i = 0; i < reference[b].size(); ++i) {
      const double r = reference[b][i];
      if (r == 0 || !std::isfinite(r)) continue;
      const double v = std::fabs(moved[b][i] - r) / std::fabs(r);
      if (std::isfinite(v)) q.push_back(v);
    }
  }
  if (q.empty()) return 0;
  auto mid = q.begin() + std::ptrdiff_t(q.size() / 2);
  std::nth_element(q.begin(), mid, q.end());
  return *mid;
}

int64_t fold_reference_noise(std::vector<HostDoubles>& scale,
                             const std::vector<HostDoubles>& reference, double qmed,
                             double class_rtol) {
  if (!(qmed > 0) || !(class_rtol > 0)) return 0;
  const double factor = kNoiseFactor * qmed / class_rtol;
  int64_t raised = 0;
  for (size_t b = 0; b < scale.size() && b < reference.size(); ++b) {
    if (scale[b].size() != reference[b].size()) continue;
    for (size_t i = 0; i < scale[b].size(); ++i) {
      const double r = std::fabs(reference[b][i]);
      const double term = factor * r;
      if (!std::isfinite(term)) continue;
      if (term > std::max(r, double(scale[b][i]))) ++raised;
      if (term > scale[b][i]) scale[b][i] = term;
    }
  }
  return raised;
}

std::string reference_noise_note(double qmed, int64_t raised) {
  return "measured class bound: limited by the reference's own noise (a relative 2^-44 move of "
         "its float64 inputs moved its outputs by a median " +
         num(qmed) + " relative, and the class bound on " + std::to_string(raised) +
         " element(s) was 64 x that x |reference|, above 2^-32 max(|reference|, S))";
}

HostSet timed_inputs(const generators::ResolvedVariant& variant, const HostSet& base,
                     uint64_t run_seed, bool homogeneous, bool law) {
  HostSet out = base;
  out.key = base.key + (law ? "/law-" : "/timed-") + std::to_string(run_seed);
  out.kind = SetKind::Fresh;  // not Regular: its bytes are its own, not the input cache's
  out.on_device = false;
  out.plan.clear();
  out.magnitude_set = -1;
  for (const Perturbation& t : timed_perturbations(variant, run_seed, homogeneous, law)) {
    if (t.buffer >= out.inputs.size() || !out.inputs[t.buffer]) continue;
    auto changed = copy_of(*out.inputs[t.buffer]);
    apply_perturbation(variant.buffers[t.buffer], changed->data.get(), t);
    out.digests[t.buffer] = digest(changed->data.get(), changed->size);
    out.inputs[t.buffer] = std::move(changed);
  }
  return out;
}

std::string class_failure_detail(const std::string& precision, const std::string& buffer,
                                 const std::vector<int64_t>& shape, const Comparison& c,
                                 const generators::Tolerance& tol, bool scaled) {
  std::ostringstream s;
  s.precision(9);
  s << element_place(buffer, shape, c.class_first_bad);
  // The relative error the largest ratio stands for, on the class bound's own scale.
  const double relative = c.class_ratio * tol.class_rtol;
  const int bits =
      relative > 0 && std::isfinite(relative) ? int(std::floor(-std::log2(relative))) : 0;
  s << " = " << c.class_got << ", reference " << c.class_want << "; " << c.class_failures
    << " element(s) within the problem's tolerance (rtol " << num(tol.rtol) << ", atol "
    << num(tol.atol) << ") but outside the " << precision << " class's own error bound (2^"
    << std::ilogb(tol.class_rtol) << " x (atol + "
    << (scaled ? "M), M = max(|reference|, S), S the reference's sensitivity to a relative move "
                 "of its inputs, at the share the problem's seed witnessed (2^-8 where the seed "
                 "needed no more)"
               : "|reference|)")
    << "); the outputs are " << num(c.class_ratio) << " x the " << precision
    << " class's own error bound (a relative error of about " << num(relative);
  if (bits > 0) s << ", " << bits << " correct bits";
  s << "): the code computes at about " << (bits > 26 ? "between fp32 and " + precision : "fp32")
    << " precision; declare precision 'fp32' with a tolerance class that allows it (honest "
    << precision
    << " code whose error is not bounded by the sum of |terms|, a chaotic iteration: "
       "measured_class: off in problem.yaml, a narrowed check)";
  return s.str();
}

std::string class_bound_narrowed(bool measured_class_on,
                                 const generators::ResolvedVariant& variant) {
  if (generators::measured_class_rtol(variant.precision) <= 0) return "";
  if (!measured_class_on)
    return "measured class bound: off (measured_class: off in problem.yaml: the " +
           variant.precision + " outputs were held to the problem's tolerance only)";
  std::string unmeasured;
  for (const auto& b : variant.buffers) {
    const bool output = b.role == BufferRole::Out || b.role == BufferRole::InOut;
    const bool narrow = b.dtype == DType::F32 || b.dtype == DType::F16 || b.dtype == DType::BF16;
    if (output && narrow)
      unmeasured +=
          (unmeasured.empty() ? "" : ", ") + b.name + " (" + generators::to_string(b.dtype) + ")";
  }
  if (unmeasured.empty()) return "";
  return "measured class bound: off for " + unmeasured + " (only float64 outputs are held to the " +
         variant.precision + " class's own bound: held to the problem's tolerance only)";
}

}  // namespace solver::gpu
