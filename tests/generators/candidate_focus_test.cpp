// The generator's focus on the dominant launch of a multi-launch incumbent (signal
// dominant_launch): a descendant that still launches the dominant kernel is passed over, so a
// round's rewrite goes to the kernel that holds the time (issue 18, decoder_block).
#include <doctest/doctest.h>

#include "generators/candidate.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

const ProblemSpec& block3() {
  static const ProblemSpec p = load_problem(source_dir() + "/tests/data/problems/focus/block3");
  return p;
}

CandidateChoice ask(const std::string& incumbent, const std::string& hypothesis,
                    std::optional<int> focus, std::set<std::string> tried = {}) {
  auto [id, knobs] = parse_variant_key(incumbent);
  tried.insert(incumbent);
  CandidateRequest r{&block3(), {id, knobs}, hypothesis, tried, nullptr};
  r.focus_launch = focus;
  return next_candidate(r);
}

std::string key_of(const CandidateChoice& c) {
  return c.candidate ? c.candidate->key() : "none: " + c.why_none;
}

}  // namespace

TEST_CASE(
    "without a focus the first child in file order answers; with one, the child that rewrites the "
    "dominant launch") {
  CHECK(key_of(ask("seed", "vectorize_loads", std::nullopt)) == "norm_fast");
  // Launch 1 (attn) dominates: norm_fast keeps attn, attn_fused replaces it.
  auto c = ask("seed", "vectorize_loads", 1);
  CHECK(key_of(c) == "attn_fused[BLOCK=128]");
  REQUIRE(c.candidate);
  CHECK(c.candidate->reason.find("rewrites attn, the dominant kernel (launch 1)") !=
        std::string::npos);
  // Launch 0 (norm) dominates: norm_fast is the rewrite.
  CHECK(key_of(ask("seed", "vectorize_loads", 0)) == "norm_fast");
}

TEST_CASE("a rewrite of a minor kernel only is no variant while another kernel dominates") {
  // attn_fused tried, norm_fast is what is left for vectorize_loads: it keeps attn, so nothing.
  auto none = ask("seed", "vectorize_loads", 1, {"attn_fused[BLOCK=128]"});
  CHECK_FALSE(none.candidate);
  CHECK(none.why_none.find("'norm_fast' still launches attn, the dominant kernel (launch 1)") !=
        std::string::npos);
  // From attn_fused, mlp_fast keeps its dominant attn_fused launch: not offered ...
  auto kept = ask("attn_fused[BLOCK=128]", "increase_ilp", 1);
  CHECK_FALSE(kept.candidate);
  // ... but it is when the third launch dominates (mlp_fast replaces it).
  CHECK(key_of(ask("attn_fused[BLOCK=128]", "increase_ilp", 2)) == "mlp_fast");
}

TEST_CASE("knob moves are not filtered by the focus") {
  // BLOCK is untagged: tune_block_size moves it whichever launch dominates.
  CHECK(key_of(ask("attn_fused[BLOCK=128]", "tune_block_size", 0)) == "attn_fused[BLOCK=256]");
}

TEST_CASE(
    "the focus comes from weight and dominant_launch, only for a multi-launch incumbent below "
    "weight 1") {
  const Incumbent seed{"seed", {}};
  CHECK(focus_from_signals(block3(), seed, 0.7, 1.0) == std::optional<int>(1));
  CHECK_FALSE(focus_from_signals(block3(), seed, 1.0, 1.0));           // one kernel is everything
  CHECK_FALSE(focus_from_signals(block3(), seed, std::nullopt, 1.0));  // not measured
  CHECK_FALSE(focus_from_signals(block3(), seed, 0.7, std::nullopt));
  CHECK_FALSE(focus_from_signals(block3(), seed, 0.7, 3.0));  // past the launch list
  CHECK_FALSE(focus_from_signals(block3(), seed, 0.7, 0.5));  // not an index
  CHECK_FALSE(focus_from_signals(block3(), Incumbent{"nope", {}}, 0.7, 1.0));
  // An out-of-range focus in a request is ignored, not an error.
  CHECK(key_of(ask("seed", "vectorize_loads", 7)) == "norm_fast");
}
