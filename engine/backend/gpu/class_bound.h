// The measured class bound (docs/reliability.md, "a declared class is measured", issue 28): a
// declared precision class is a promise of precision, so under a class whose own error is far
// finer than the problem's tolerance (fp64: Tolerance::class_rtol = 2^-32) every comparison of
// a candidate's outputs also holds it to |o - r| <= c * (atol + max(|r|, S)): the class's own
// share of the problem's atol, not the atol (red team 39, redteam39_atol_class_exp: with the
// atol added, every output below atol / c was measured no finer than the problem's tolerance)
// (compare(), host_data.h; the device comparison, compare_source.h). The plain bound (|r| alone)
// is tried first; only where it fails is the scale derived (these helpers) and the verdict
// taken on it. The scale is the reference's sensitivity S (sensitivity_sets, sensitivity_scale:
// helper h28y's recommendation (a), docs/reliability.md round 15), no longer the reference on
// |inputs| (absolute_set), which for a function not odd or even in its inputs' signs (exp of a
// signed input) is an unrelated, often huge, number. An output inside
// the problem's tolerance and outside the class bound is precision_mismatch, with what to declare.
// Pure host code: unit-tested without a GPU (tests/engine/class_bound_test.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/backend/gpu/host_data.h"
#include "engine/backend/gpu/input_sets.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

namespace solver::gpu {

// `base` with every float input (role in or in-out, any dtype of f32/f64/f16/bf16, dist_fixed
// included) replaced by its absolute values (sign bits cleared), kind HeavyMagnitude and key
// `<base key>/absolute`: the set whose reference was the class bound's scale before S (the
// worker no longer makes it; tests/engine/class_bound_test.cpp holds S against it). nullopt where
// no float input has a sign bit set (the reference on |inputs| is the reference itself). `base`
// must hold host bytes (materialise an on_device set first).
std::optional<HostSet> absolute_set(const generators::ResolvedVariant& variant,
                                    const HostSet& base);

// The class bound's sensitivity moves of `base`: two sets, keyed `<base key>/sensitivity-k`
// (k = 0, 1), in which every float64 and float32 input (role in or in-out) is moved by a
// relative `step` with a sign drawn per position from `seed` and k (x (1 + step s), rounded to
// the input's format). `step` is 2^-32 where every moved input is float64 and 2^-22 where one
// is float32 (whose own ulp is 2^-23). Integer, float16 and bfloat16 inputs are not moved
// (the move is below their ulp). `sets` is empty where nothing is moved. `base` must hold host
// bytes (materialise an on_device set first).
struct SensitivitySets {
  std::vector<HostSet> sets;
  double step = 0;
};
SensitivitySets sensitivity_sets(const generators::ResolvedVariant& variant, const HostSet& base,
                                 uint64_t seed);

// The class bound's scale S from the reference outputs on the moved sets: per output element,
// S_i = max over the moves k of |moved_k[i] - reference[i]| / step; 0 where a difference is not
// finite (the plain bound |r| stands there). Output buffers of `reference` and each moved run
// pair by index and must have the same sizes.
std::vector<HostDoubles> sensitivity_scale(const std::vector<HostDoubles>& reference,
                                           const std::vector<std::vector<HostDoubles>>& moved,
                                           double step);

// P4c's forward cap, the seed as witness (issue 28, helper wit39; red team 38b's
// redteam38b_kappa_short_exp): S is a backward scale (a condition number times |r|), so where a
// problem's arguments make it large through an ill-conditioned elementary function (exp at
// |x| ~ 700: S ~ |x| |r|) the bound 2^-32 S admits forward errors of FP32's size, although an
// honest FP64 kernel's own roundings reach the output with S's weight a few times only (the
// rounding of a computed argument: 2^-53 S), or, for a cancelling sum of n terms drawn from a
// law, ~2^-55 sqrt(n) S (a random walk of the partial sums' roundings against S's random-sign
// response). So S enters the bound at a share: c atol + max(c |r|, c max(share S, ...)) with
// share = min(1, max(kScaleFloorShare, kWitnessFactor w / c)), c the class rtol (2^-32) and w
// the seed's own largest |seed - reference| / S where S decided (its witness: what the problem's
// own seed errs by on inputs where its class bound needed S). The floor 2^-8 makes the S term
// 2^-40 S: a law-drawn cancelling sum's roundings up to ~2^30 terms (2^-55 sqrt(n) <= 2^-40),
// 2^13 roundings at S's full weight; the cap 1 is the bound before this (2^-32 S). A seed never
// gated by this worker (w unknown) leaves the floor. The seed itself is judged at share 1 (it is
// the witness). tests/engine/class_scale_sim prints the honest and cheating models against it.
inline constexpr double kScaleFloorShare = 0x1p-8;
inline constexpr double kWitnessFactor = 16;
// share from the seed's witness w (negative: unknown, the floor)
double witness_share(double witness, double class_rtol);
// Whether `v` is the problem's seed, the witness: its seed variant (the first where it names
// none) at the seed's own knob point on `chip` (engine/loop/track_state.cpp initial_state's
// default_knob_point). Another point of the seed variant is a candidate like any other (review40:
// matching the variant id alone judged every knob move of the seed at share 1 and let each raise
// the witness its problem's candidates are held to).
bool is_seed_point(const generators::ProblemSpec& spec, const generators::ResolvedVariant& v,
                   const rules::ChipProfile& chip);
// scale_i *= share, every element (the bound then reads max(|r|, share S))
void cap_scale(std::vector<HostDoubles>& scale, double share);
// The witness of a seed's comparison that passed on the scale S (uncapped): its largest class
// ratio q (|o - r| / (c (atol + max(|r|, S))) <= 1) bounds |o - r| / S by q c where S decided.
double witness_of(double class_ratio, double class_rtol);

// The class bound's term for the reference's own rounding (docs/reliability.md, round 15's
// recommendation (b), issue 28): a float64 reference that is a cancelling formula of computed
// values (a forward difference) errs far above 2^-32 |r|, and an honest candidate differs from
// it by that much. The term is measured on the reference itself: one more run on `base` with
// every float64 input (role in or in-out) moved by a relative kNoiseStep = 2^-44 at signs drawn
// per position from `seed` (x (1 + 2^-44 s)), keyed `<base key>/noise`. Such a move changes a
// well-conditioned reference by about 2^-44 |x f'|, and a noisy one by its own rounding.
// nullopt where there is no float64 input (float32 inputs do not move at 2^-44).
inline constexpr double kNoiseStep = 0x1p-44;
inline constexpr double kNoiseFactor = 64;
std::optional<HostSet> noise_set(const generators::ResolvedVariant& variant, const HostSet& base,
                                 uint64_t seed);

// Qmed: the median over output elements with a finite, non-zero reference r_i of
// Q_i = |moved_i - r_i| / |r_i| (a finite Q_i only), every output buffer pooled; 0 where there
// is none. Buffers pair by index; a buffer whose sizes differ is skipped.
double reference_noise(const std::vector<HostDoubles>& reference,
                       const std::vector<HostDoubles>& moved);

// Folds the rounding term into the class bound's scale, as compare() reads it
// (class_rtol (atol + max(|r|, scale))): scale_i = max(scale_i, kNoiseFactor Qmed |r_i| /
// class_rtol), so that the bound is class_rtol atol + max(class_rtol max(|r|, S),
// 64 Qmed |r|). Returns how many elements the term raised above class_rtol max(|r_i|, S_i)
// (where the term, not S, is what may pass an output).
int64_t fold_reference_noise(std::vector<HostDoubles>& scale,
                             const std::vector<HostDoubles>& reference, double qmed,
                             double class_rtol);

// The narrowed check said in a passed gate whose class bound the term raised on `raised`
// elements (engine/backend/narrowed_checks.cpp reads "measured class bound: limited").
std::string reference_noise_note(double qmed, int64_t raised);

// `base` with a timed run's perturbation made on copies of its host bytes (timed_perturbations
// of `run_seed`, `homogeneous` and `law`, as the device made it: the same bytes by
// construction), keyed `<base key>/timed-<run_seed>` (`/law-<run_seed>` for a law-pair run):
// what an audited timed run saw. `law` is the run's own (DeviceBuffers::Flip::law): a law-pair
// run (P6d) redraws every law i.i.d., a timed run puts it in cells, and the class bound's scale
// S and rounding term are per element, so a scale measured on the other kind of draw holds each
// output to another input's sensitivity (issue 28, helper h28x: the audited law pairs refused
// control_redteam15_f64_fd_shift, precision_mismatch on 293 elements, live 2026-12-05).
HostSet timed_inputs(const generators::ResolvedVariant& variant, const HostSet& base,
                     uint64_t run_seed, bool homogeneous, bool law);

// The precision_mismatch detail of a comparison with class failures and no failure: where,
// how many, the largest error as a multiple of the class bound, the relative error it means,
// and what to declare. `scaled`: the bound had the reference's sensitivity S.
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
