// The measured class bound (docs/reliability.md, "a declared class is measured", issue 28): a
// declared precision class is a promise of precision, so under a class whose own error is far
// finer than the problem's tolerance (fp64: Tolerance::class_rtol = 2^-32) every comparison of
// a candidate's outputs also holds it to |o - r| <= atol + c * max(|r|, |reference on |inputs||)
// (compare(), host_data.h; the device comparison, compare_source.h). The plain bound (|r| alone)
// is tried first; only where it fails is the reference on |inputs| derived (these helpers) and
// the verdict taken on it. An output inside the problem's tolerance and outside the class bound
// is precision_mismatch, with what to declare.
// Pure host code: unit-tested without a GPU (tests/engine/class_bound_test.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "generators/variant_space.h"

namespace solver::gpu {

// `base` with every float input (role in or in-out, any dtype of f32/f64/f16/bf16, dist_fixed
// included) replaced by its absolute values (sign bits cleared), kind HeavyMagnitude and key
// `<base key>/absolute`: the set whose reference is the class bound's scale. nullopt where no
// float input has a sign bit set (the reference on |inputs| is the reference itself). `base`
// must hold host bytes (materialise an on_device set first).
std::optional<HostSet> absolute_set(const generators::ResolvedVariant& variant,
                                    const HostSet& base);

// `base` with a timed run's perturbation made on copies of its host bytes (timed_perturbations
// of `run_seed`, as the device made it: the same bytes by construction), keyed
// `<base key>/timed-<run_seed>`: what an audited timed run saw.
HostSet timed_inputs(const generators::ResolvedVariant& variant, const HostSet& base,
                     uint64_t run_seed, bool homogeneous);

// The precision_mismatch detail of a comparison with class failures and no failure: where,
// how many, the largest error as a multiple of the class bound, the relative error it means,
// and what to declare. `scaled`: the bound had the reference on |inputs|.
std::string class_failure_detail(const std::string& precision, const std::string& buffer,
                                 const std::vector<int64_t>& shape, const Comparison& c,
                                 const generators::Tolerance& tol, bool scaled);

// The measured class's narrowed check for `variant`, said in every passed gate (and so in the
// ledger's narrowed checks and the report; engine/backend/narrowed_checks.cpp reads "measured
// class bound: off"), or "" where the class is measured on every float output. Two cases: a
// class the worker would measure opted out of by the problem (`measured_class_on` false), and,
// with it on, float outputs that are not float64, which compare() does not hold to the class
// bound (red team 15, redteam15_f64_f32out_rsqrt: a declared fp64 stored as float32 was
// measured by nothing, and nothing said so).
std::string class_bound_narrowed(bool measured_class_on,
                                 const generators::ResolvedVariant& variant);

}  // namespace solver::gpu
