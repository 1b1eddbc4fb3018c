// P5 (docs/reliability.md): a narrowed check is written down: which inputs are dist_fixed and
// whether the gate's adversarial sets ran, from the spec and the gate detail, into the ledger
// record ("narrowed_checks") and the report.
#include <doctest/doctest.h>

#include "engine/backend/narrowed_checks.h"
#include "engine/loop/ledger.h"

using namespace solver;
using namespace solver::engine;

namespace {
generators::BufferSpec buffer(const char* name, generators::BufferRole role, bool fixed) {
  generators::BufferSpec b;
  b.name = name;
  b.role = role;
  b.dist_fixed = fixed;
  return b;
}
}  // namespace

TEST_CASE("narrowed checks: dist_fixed inputs and adversarial sets that did not run") {
  generators::ProblemSpec spec;
  spec.buffers = {buffer("x", generators::BufferRole::In, false),
                  buffer("y", generators::BufferRole::Out, false)};
  GateResult g;
  g.status = GateStatus::Passed;
  g.detail = "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2)";
  CHECK(narrowed_checks(spec, g).empty());  // a whole check says nothing

  spec.buffers.push_back(buffer("idx", generators::BufferRole::In, true));
  spec.buffers.push_back(buffer("w", generators::BufferRole::InOut, true));
  g.detail =
      "median 10 us over 6 runs; fresh-set check at timed sample 2; adversarial sets: none apply "
      "(no float input that is not dist_fixed, or values already at the range's "
      "end); 1 sample(s) without the expected kernel records";
  auto n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[0].find("dist_fixed") != std::string::npos);
  CHECK(n[0].find("idx, w") != std::string::npos);
  CHECK(n[0].find(": idx, w") != std::string::npos);
  CHECK(n[1].rfind("adversarial sets: none apply", 0) == 0);
  CHECK(n[1].find("range's end)") != std::string::npos);
  CHECK(n[1].find("kernel records") == std::string::npos);  // cut at the next "; "

  g.detail = "adversarial sets: not applicable (the reference is not homogeneous)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] == g.detail);
  // A worker whose device derivation failed its self-check times on inputs one element apart:
  // said, with the worker's reason (it was silent, on stderr only, for a whole live call).
  g.detail =
      "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); timed "
      "perturbation: one element a run (the device derivation is not used: it disagrees)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] ==
        "timed perturbation: one element a run (the device derivation is not used: it disagrees)");
  // The measured class bound opted out of (measured_class: off, class_bound.h): written down.
  g.detail =
      "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); measured "
      "class bound: off (measured_class: off in problem.yaml: the fp64 outputs were held to the "
      "problem's tolerance only); audits compared on the host (no device)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] ==
        "measured class bound: off (measured_class: off in problem.yaml: the fp64 outputs were "
        "held to the problem's tolerance only)");
  // Outputs narrower than float64 under a measured class (red team 15, class_bound_narrowed):
  // not held to the class bound, written down the same way.
  g.detail =
      "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); measured "
      "class bound: off for out (f32) (only float64 outputs are held to the fp64 class's own "
      "bound: held to the problem's tolerance only)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] ==
        "measured class bound: off for out (f32) (only float64 outputs are held to the fp64 "
        "class's own bound: held to the problem's tolerance only)");
  // A class bound raised by the reference's own noise (class_bound.h reference_noise_note):
  // written down, with its own words, as the worker says it (class_bound_test holds the note to
  // its marker and to no "; " inside).
  const std::string gpu_note =
      "measured class bound: limited by the reference's own noise (a relative 2^-44 move of its "
      "float64 inputs moved its outputs by a median 3e-09 relative, and the class bound on 2048 "
      "element(s) was 64 x that x |reference|, above 2^-32 max(|reference|, S))";
  g.detail = "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); " +
             gpu_note + "; audits compared on the host (no device)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] == gpu_note);
  CHECK(n[1].find("median 3e-09 relative") != std::string::npos);
  // P4 measured in memory (gpu/scratch_resolution_op.cpp): a problem whose reference does not
  // respond to the fine move has its scratch not judged, said; a judged one is not narrowed.
  const std::string res_note =
      "scratch resolution: not judged (no float output of the reference changes on 50% of its "
      "own elements under a 2^-18 move of its inputs, the most: hist 3.1%: a discrete problem, "
      "whose scratch may hold counts)";
  g.detail = "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); " +
             res_note + "; audits compared on the host (no device)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] == res_note);
  g.detail =
      "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); "
      "scratch resolution: 0 of 4096 judged words unresolved at 2^-18";
  CHECK(narrowed_checks(spec, g).size() == 1);
  // Red team 35 (helper p4m37): what P4m claims and the step does not measure is said beside a
  // judged buffer's counts (a 16-bit scratch), and reaches the ledger.
  const std::string left_note =
      "scratch resolution: not judged: 16-bit scratch h f16 (a relative 2^-18 move is below "
      "its own resolution: a width the problem declared)";
  g.detail =
      "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2); "
      "scratch resolution: 0 of 4096 judged words unresolved at 2^-18 (mid u32); " +
      left_note;
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1] == left_note);
  // The tolerance lint (red team 7, engine/backend/gpu/sample_lint.h): a tolerance that cannot
  // tell a 1-in-2 sample from the whole is a narrowed check, written down, not silent.
  g.detail =
      "median 10 us over 6 runs; adversarial sets: not applicable (not homogeneous); tolerance "
      "admits a 1-in-2 sample (the reference on set 0 with every odd position of x copied from "
      "its even neighbour is within the tolerance, at 0.12 of it: law data cannot refuse a "
      "kernel that reads half its inputs, a tolerance under 0.12 times the declared one would); "
      "1 sample(s) without the expected kernel records";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 3);
  CHECK(n[2].rfind("tolerance admits a 1-in-2 sample (", 0) == 0);
  CHECK(n[2].find("declared one would)") != std::string::npos);
  CHECK(n[2].find("kernel records") == std::string::npos);
  // A law input the lint cannot echo (red team 27: a permutation or a cycle, sample_lint.h
  // unechoed_note): written down, never passed in silence.
  g.detail =
      "median 10 us over 6 runs; adversarial sets: not applicable (not homogeneous); tolerance "
      "lint: no 1-in-2 echo of p (permutation): a copied neighbour repeats a value, which no "
      "permutation or cycle holds, so no verified set is known to refuse a kernel that reads half "
      "of it and models the rest; 1 sample(s) without the expected kernel records";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 3);
  CHECK(n[2].rfind("tolerance lint: no 1-in-2 echo of p (permutation): ", 0) == 0);
  CHECK(n[2].find("kernel records") == std::string::npos);
  // The smallest skip a round catches (skip_bound.h, red team 25's thin skip): where a skip of
  // 1% of the work or more is left open, a narrowed check.
  g.detail =
      "median 10 us over 6 runs; 1-in-2 echo told apart by set 0 (at 1.5 of its tolerance); skip "
      "left open (the smallest fraction ...): out phi* 0.43 (~1/2.3 of the work, echo sd 1); "
      "1 sample(s) without the expected kernel records";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1].rfind("skip left open (", 0) == 0);
  CHECK(n[1].find("out phi* 0.43") != std::string::npos);
  // A floor lowered by the variant's own algorithm_flops (red team 11): written down.
  g.detail =
      "median 10 us over 6 runs; floor 4 us (max of 1e+06 B at 4800 GB/s and 3.7e+09 FLOP (the "
      "variant's algorithm_flops) at 67 FP32 TFLOP/s); adversarial sets: exponent range up "
      "(outputs x 2)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1].rfind("physical floor from the variant's own algorithm_flops", 0) == 0);
  CHECK(n[1].find("3.7e+09 FLOP") != std::string::npos);
  CHECK(n[1].find("adversarial") == std::string::npos);
  // An exponent set skipped because its reference leaves the output's format: written down.
  g.detail =
      "median 10 us over 6 runs; adversarial sets: exponent range up skipped (C's reference x 64 "
      "leaves the range its format holds), heavy-tailed random signs (error scaled by the "
      "reference on |inputs|)";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[1].rfind("exponent range up skipped (C's reference x 64", 0) == 0);
  // P6h (law_checks.h): verified runs drawn from the declared law instead of the off-law timed
  // kind (no P13 cells, no P6c shrink) is a change of the checked data: written down, with what it
  // leaves unchecked and the tolerance up to which it holds (law_exit, helper h29l; the numbers
  // are redteam27_law_taylor_sum's: weakest 39.2 at rtol 6e-7, atol 1; law_checks_element_test
  // holds law_exit's words to one segment).
  g.detail =
      "median 10 us over 6 runs; adversarial sets: not applicable (not homogeneous); 1-in-2 echo "
      "told apart by set 0 (at 2.2e+03 of its tolerance); verified runs drawn from the declared "
      "law (the law's own data tell a 1-in-2 sample apart by at least 30 x the tolerance): the "
      "tolerance is held on the law's data, not on every input of its support: a per-element "
      "model of the function whose error cancels under the law is kept (docs/reliability.md "
      "P6h), and output `y` stays on the law up to rtol 7.83e-07, atol 1.31 (its share 39.2 x on "
      "set 0): a looser tolerance may put the verified runs off the law, where such a model is "
      "tried; fresh-set check at timed sample 2";
  n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 3);
  CHECK(n[2] ==
        "verified runs drawn from the declared law (the law's own data tell a 1-in-2 sample apart "
        "by at least 30 x the tolerance): the tolerance is held on the law's data, not on every "
        "input of its support: a per-element model of the function whose error cancels under the "
        "law is kept (docs/reliability.md P6h), and output `y` stays on the law up to rtol "
        "7.83e-07, atol 1.31 (its share 39.2 x on set 0): a looser tolerance may put the "
        "verified runs off the law, where such a model is tried");
}

TEST_CASE("narrowed checks: an output declared blind to an input (blind_to, h28y)") {
  generators::ProblemSpec spec;
  spec.buffers = {buffer("grads", generators::BufferRole::In, false),
                  buffer("idx", generators::BufferRole::In, true),
                  buffer("params", generators::BufferRole::InOut, false),
                  buffer("v", generators::BufferRole::InOut, false)};
  GateResult g;
  g.status = GateStatus::Passed;
  g.detail = "median 10 us over 6 runs; adversarial sets: exponent range up (outputs x 2)";
  REQUIRE(narrowed_checks(spec, g).size() == 1);  // idx
  spec.buffers[3].blind_to.push_back({"grads", rules::SourceLocation("p.yaml", 5, 70)});
  const auto n = narrowed_checks(spec, g);
  REQUIRE(n.size() == 2);
  CHECK(n[0].find("dist_fixed") != std::string::npos);  // dist_fixed first, then blind_to
  CHECK(n[1].rfind("outputs declared blind to an input (blind_to", 0) == 0);
  CHECK(n[1].find("): v to grads") != std::string::npos);
  CHECK(n[1].find("; ") == std::string::npos);  // one line, as the ledger keeps it
}

TEST_CASE("the ledger record carries narrowed_checks, and only when there are some") {
  RoundRecord r;
  r.problem = "p";
  r.track = "on";
  r.round = 1;
  r.rules_hash = "h";
  nlohmann::json whole = to_json(r);
  CHECK_FALSE(whole.contains("narrowed_checks"));
  r.narrowed_checks = {"dist_fixed inputs never perturbed (...): idx", "adversarial sets: none"};
  nlohmann::json j = to_json(r);
  REQUIRE(j.contains("narrowed_checks"));
  RoundRecord back = round_record_from_json(j);
  CHECK(back.narrowed_checks == r.narrowed_checks);
  j["narrowed_checks"] = 3;
  CHECK_THROWS(round_record_from_json(j));
}
