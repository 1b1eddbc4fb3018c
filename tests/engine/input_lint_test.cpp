// The tolerance lint, each echoed input on its own (engine/backend/gpu/input_lint.h, helper
// h28z, red team 22's redteam22_loud_term_sum). Its own ctest, input_lint_test.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "engine/backend/gpu/input_lint.h"
#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/sample_lint.h"
#include "engine/backend/gpu/timed_perturbation.h"
#include "flat_buffer.h"
#include "host_floats.h"

using namespace solver;
using generators::DType;

namespace {

using Inputs = std::vector<std::vector<float>>;

// tests/cheats/redteam22_loud_term_sum's reference: y = the sum of every input's values.
gpu::HostDoubles total(const Inputs& in) {
  double y = 0;
  for (const auto& b : in)
    for (float v : b) y += double(v);
  return {y};
}

generators::Tolerance tol_of(double rtol, double atol) {
  generators::Tolerance t;
  t.rtol = rtol;
  t.atol = atol;
  return t;
}

// One set's share as Worker::sample_lint takes it (sample_lint_op.cpp): the largest over the
// lint's nine echoes of every input (only < 0) or of input `only` alone.
double set_share(const generators::ResolvedVariant& v, const Inputs& base,
                 const std::vector<gpu::HostInput>& bytes, const generators::Tolerance& tol,
                 int only) {
  const gpu::HostDoubles r0 = total(base);
  double top = 0;
  for (const gpu::EchoPattern& e : gpu::echo_patterns()) {
    Inputs echo = base;
    for (size_t i = 0; i < v.buffers.size(); ++i)
      if (only < 0 || size_t(only) == i)
        echo[i] = test::as_floats(*gpu::echo_positions(v.buffers[i], bytes[i], e.parity, e.block));
    top = std::max(top, gpu::tolerance_shares({r0}, {total(echo)}, tol)[0]);
  }
  return top;
}

gpu::InputShares shares_of(const std::string& name, std::vector<double> per_set) {
  gpu::InputShares in{name, false, {}};
  const char* sets[] = {"set 0", "the fresh set"};
  for (size_t i = 0; i < per_set.size(); ++i)
    in.sets.push_back(gpu::SetShare{sets[i], per_set[i], {per_set[i]}});
  return in;
}

}  // namespace

TEST_CASE("lint per input: redteam22_loud_term_sum's x is refused, every input at once passes") {
  // The folder's problem at 2^20 values of x (its 2^24 on the host takes a minute): z, 16 values
  // of U[0, 3e5); y = sum z + sum x at rtol 5e-4, atol 1e-6.
  generators::ResolvedVariant v;
  v.buffers = {test::flat_buffer("x", DType::F32, int64_t(1) << 20, {"uniform", 0, 1}),
               test::flat_buffer("z", DType::F32, 16, {"uniform", 0, 3e5})};
  const generators::Tolerance tol = tol_of(5e-4, 1e-6);
  const gpu::HostSet set0 = gpu::regular_set(v, 0x5eed2026, nullptr);
  // The fresh set: the timed runs' redraw of set 0 (off the law: cells and the shrink of a law
  // on [0, b); the problem is homogeneous), as add_fresh_set makes it: no P6l strata (input_sets
  // derived_set; with strata on every law input, h30g, x's would bias its 1-in-2 echo).
  std::vector<std::vector<gpu::HostInput>> sets(2);
  for (size_t i = 0; i < 2; ++i) {
    sets[0].push_back(test::floats(test::as_floats(*set0.inputs[i])));
    sets[1].push_back(test::floats(test::as_floats(*set0.inputs[i])));
  }
  for (const gpu::Perturbation& p : gpu::timed_perturbations(v, 0xf7e5b5e7ULL, true, false, false))
    gpu::apply_perturbation(v.buffers[p.buffer], sets[1][p.buffer].data.get(), p);
  std::vector<gpu::SetShare> all;
  std::vector<gpu::InputShares> each = {gpu::InputShares{"x", false, {}},
                                        gpu::InputShares{"z", false, {}}};
  const char* names[] = {"set 0", "the fresh set"};
  for (size_t s = 0; s < 2; ++s) {
    const Inputs base = {test::as_floats(sets[s][0]), test::as_floats(sets[s][1])};
    const double a = set_share(v, base, sets[s], tol, -1);
    all.push_back(gpu::SetShare{names[s], a, {a}});
    for (int j = 0; j < 2; ++j) {
      const double one = set_share(v, base, sets[s], tol, j);
      each[size_t(j)].sets.push_back(gpu::SetShare{names[s], one, {one}});
    }
    MESSAGE(std::string(names[s]) << ": every input " << a << ", x alone " << each[0].sets[s].share
                                  << ", z alone " << each[1].sets[s].share);
  }
  // Main's lint (every input echoed at once): z's 16 values tell y apart on set 0; no refusal.
  CHECK(all[0].share > 10);
  CHECK(gpu::sample_lint_verdict({all[0]}, "x, z", tol).refusal.empty());
  // x's echo alone: inside the tolerance on both sets the gate verifies on.
  CHECK(each[0].sets[0].share > 0);
  CHECK(each[0].sets[0].share <= 1);
  CHECK(each[0].sets[1].share <= 1);
  CHECK(each[1].sets[0].share > 10);
  // The worker takes the fresh set only where set 0 leaves an output untold with every input:
  // here set 0 told y apart (z's values), so set 0 is where each input must tell it apart.
  const std::vector<gpu::SetShare> taken = {all[0]};
  REQUIRE(gpu::telling_set(taken, 0) == &taken[0]);
  const gpu::SampleLintVerdict v2 = gpu::input_lint_verdict(each, taken, tol);
  MESSAGE(v2.refusal);
  REQUIRE_FALSE(v2.refusal.empty());
  CHECK(v2.refusal.rfind(gpu::kSampleLintMarker, 0) == 0);
  CHECK(v2.refusal.find("x's echo alone moves the output by 0.") != std::string::npos);
  CHECK(v2.refusal.find("at most on set 0, which tells it apart by") != std::string::npos);
  CHECK(v2.refusal.find("z's echo") == std::string::npos);
  CHECK(v2.refusal.find("dist_fixed") != std::string::npos);
  // An index structure (h28s: a sorted x, dist_fixed by the loader and judged anyway): the same
  // refusal without the dist_fixed remedy, which it cannot take.
  each[0].structured = true;
  const gpu::SampleLintVerdict structure = gpu::input_lint_verdict(each, taken, tol);
  CHECK(structure.refusal.find("x's echo alone moves the output by 0.") != std::string::npos);
  CHECK(structure.refusal.find("blind_to: [x]") != std::string::npos);
  CHECK(structure.refusal.find("dist_fixed") == std::string::npos);
  each[0].structured = false;
  // Marked dist_fixed, x is excused, and the gate detail says so.
  each[0].dist_fixed = true;
  const gpu::SampleLintVerdict fixed = gpu::input_lint_verdict(each, taken, tol);
  CHECK(fixed.refusal.empty());
  CHECK(fixed.note.find("x alone moves the output by 0.") != std::string::npos);
  CHECK(fixed.note.find("on set 0 (dist_fixed)") != std::string::npos);
}

TEST_CASE("lint per input: the verdict's cases") {
  const generators::Tolerance tol = tol_of(1e-5, 1e-5);
  const gpu::SetShare set0_told{"set 0", 40, {40}}, set0_blind{"set 0", 0.5, {0.5}};
  const gpu::SetShare fresh_told{"the fresh set", 9, {9}};
  // Set 0 told the output apart with every input: an input alone there at 0.3 is refused even
  // where a fresh set would tell it apart (redteam22_loud_term_sum at 2^24 values: 0.315 on set
  // 0, 1.44 on one fresh set, a child kept on 32 runs of that kind).
  const auto loud = gpu::input_lint_verdict({shares_of("a", {0.3, 1.44}), shares_of("b", {40})},
                                            {set0_told}, tol);
  CHECK(loud.refusal.find("a's echo alone moves the output by 0.3") != std::string::npos);
  CHECK(loud.refusal.find("(the fresh set 1.4)") != std::string::npos);
  // Set 0 blind with every input, the fresh set told it apart: each input is judged there.
  CHECK(gpu::input_lint_verdict({shares_of("a", {0.3, 2.5}), shares_of("b", {0.4, 3})},
                                {set0_blind, fresh_told}, tol)
            .refusal.empty());
  const auto fresh = gpu::input_lint_verdict({shares_of("a", {0.3, 0.8}), shares_of("b", {0.4, 9})},
                                             {set0_blind, fresh_told}, tol);
  CHECK(fresh.refusal.find("a's echo alone moves the output by 0.8 of the tolerance at most on "
                           "the fresh set") != std::string::npos);
  // Not taken on the telling set: pending (the worker takes it), and no verdict from it.
  CHECK(gpu::input_lint_pending(shares_of("a", {0.3}), {set0_blind, fresh_told}, 0));
  CHECK_FALSE(gpu::input_lint_pending(shares_of("a", {0.3}), {set0_told}, 0));
  CHECK(gpu::input_lint_verdict({shares_of("a", {0.3})}, {set0_blind, fresh_told}, tol)
            .refusal.empty());
  // No set told the output apart with every input: the all-input verdict's (no second refusal).
  CHECK(gpu::input_lint_verdict({shares_of("a", {0.3})}, {set0_blind}, tol).refusal.empty());
  CHECK(gpu::telling_set({set0_blind}, 0) == nullptr);
  // An input that moves the output by nothing: independent, excused.
  CHECK(gpu::input_lint_verdict({shares_of("a", {0}), shares_of("b", {40})}, {set0_told}, tol)
            .refusal.empty());
  // A NaN clears nothing but is not "inside the tolerance" either: the all-input lint's business.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(gpu::input_lint_verdict({shares_of("a", {nan})}, {set0_told}, tol).refusal.empty());
  // Exactly 1: inside the tolerance (as the all-input lint's bound).
  const auto one = gpu::input_lint_verdict({shares_of("a", {1.0})}, {set0_told}, tol);
  CHECK(one.refusal.find("a's echo alone moves the output by 1 of") != std::string::npos);
  // Judged per pair (h28y): b blind for w (0.4) is refused although it tells y apart (50): that
  // bounds a sampler of b's reads, not of the work on w (redteam25_twin_loud_input). Declared
  // (`blind_to: [b]` on w, as llmc_adamw_small_tensors' v for grads, 0.14), it is excused.
  gpu::InputShares b{"b", false, {gpu::SetShare{"set 0", 50, {50, 0.4}}}};
  const gpu::SetShare both{"set 0", 50, {50, 7}};
  const auto two = gpu::input_lint_verdict({b}, {both}, tol, {"y", "w"}, {tol, tol_of(1e-3, 1e-3)});
  CHECK(two.refusal.find("b's echo alone moves w by 0.4 of its tolerance") != std::string::npos);
  CHECK(two.refusal.find("b alone tells y apart") != std::string::npos);
  CHECK(two.refusal.find("`blind_to: [b]` on w") != std::string::npos);
  const auto declared = gpu::input_lint_verdict({b}, {both}, tol, {"y", "w"},
                                                {tol, tol_of(1e-3, 1e-3)}, {{"w", "b", "p:3:4"}});
  CHECK(declared.refusal.empty());
  CHECK(declared.note.find("b alone moves w by 0.4 of its tolerance at most on set 0 (declared "
                           "blind_to at p:3:4)") != std::string::npos);
  // A declaration on another output, or of another input, does not excuse the pair.
  CHECK_FALSE(gpu::input_lint_verdict({b}, {both}, tol, {"y", "w"}, {}, {{"y", "b", "p:2:4"}})
                  .refusal.empty());
  CHECK_FALSE(gpu::input_lint_verdict({b}, {both}, tol, {"y", "w"}, {}, {{"w", "a", "p:3:4"}})
                  .refusal.empty());
  // Blind on every output it moves: refused, each named, the remedy at the lowest's tolerance.
  gpu::InputShares c{"c", false, {gpu::SetShare{"set 0", 0.6, {0.6, 0.4}}}};
  const auto blind =
      gpu::input_lint_verdict({c}, {both}, tol, {"y", "w"}, {tol, tol_of(1e-3, 1e-3)});
  CHECK(blind.refusal.find("c's echo alone moves y by 0.6 of its tolerance") != std::string::npos);
  CHECK(blind.refusal.find("c's echo alone moves w by 0.4 of its tolerance") != std::string::npos);
  CHECK(blind.refusal.find("rtol 0.001") != std::string::npos);
  CHECK(blind.refusal.find("for w in a `tolerance:` of its own") != std::string::npos);
  // An output it does not move (0) neither tells nor blinds: blind on the other alone, refused.
  gpu::InputShares d{"d", false, {gpu::SetShare{"set 0", 0.5, {0, 0.5}}}};
  CHECK_FALSE(gpu::input_lint_verdict({d}, {both}, tol, {"y", "w"}, {tol, tol}).refusal.empty());
}
