#include "generators/candidate.h"

#include <algorithm>

#include <doctest/doctest.h>

#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

// axpy: naive(BLOCK) -> vec4(BLOCK, ITEMS: increase_ilp) -> staged(TILE, smem 8*TILE)
//                    -> grid_stride (reduce_launch_overhead)
//                    -> vec2 (vectorize_loads, after vec4 in the file)
const ProblemSpec& axpy() {
  static const ProblemSpec p = load_problem(good_dir() + "/axpy");
  return p;
}

CandidateChoice ask(const std::string& incumbent_key, const std::string& hypothesis,
                    std::set<std::string> tried = {},
                    const solver::rules::ChipProfile* chip = nullptr) {
  auto [id, knobs] = parse_variant_key(incumbent_key);
  tried.insert(incumbent_key);  // the loop has always measured its incumbent
  return next_candidate(CandidateRequest{&axpy(), {id, knobs}, hypothesis, tried, chip});
}

std::string key_of(const CandidateChoice& c) {
  return c.candidate ? c.candidate->key() : "none: " + c.why_none;
}

}  // namespace

TEST_CASE("a child applying the hypothesis, at the knob point closest to the incumbent's") {
  auto c = ask("naive[BLOCK=256]", "vectorize_loads");
  CHECK(key_of(c) == "vec4[BLOCK=256,ITEMS=1]");
  REQUIRE(c.candidate);
  CHECK(c.candidate->kind == CandidateKind::Child);
  CHECK(c.candidate->reason.find("child 'vec4'") != std::string::npos);
  // BLOCK=512 is not a vec4 value: 256 is one octave away, the closest.
  CHECK(key_of(ask("naive[BLOCK=512]", "vectorize_loads")) == "vec4[BLOCK=256,ITEMS=1]");
  CHECK(key_of(ask("naive[BLOCK=128]", "vectorize_loads")) == "vec4[BLOCK=128,ITEMS=1]");
}

TEST_CASE("children in file order; a tried child gives way to the next") {
  CHECK(key_of(ask("naive[BLOCK=256]", "vectorize_loads", {"vec4[BLOCK=256,ITEMS=1]"})) == "vec2");
  auto none = ask("naive[BLOCK=256]", "vectorize_loads", {"vec4[BLOCK=256,ITEMS=1]", "vec2"});
  CHECK_FALSE(none.candidate);
  CHECK(none.why_none.find("'vec2' already tried") != std::string::npos);
}

TEST_CASE("a child without knobs is its one key") {
  CHECK(key_of(ask("naive[BLOCK=256]", "reduce_launch_overhead")) == "grid_stride");
}

TEST_CASE("with no child applying it, a deeper descendant does") {
  auto c = ask("naive[BLOCK=256]", "add_smem_tiling");
  CHECK(key_of(c) == "staged[TILE=256]");
  REQUIRE(c.candidate);
  CHECK(c.candidate->kind == CandidateKind::Descendant);
  CHECK(c.candidate->reason.find("2 generations below 'naive'") != std::string::npos);
  // From vec4 the same variant is a direct child.
  auto d = ask("vec4[BLOCK=64,ITEMS=1]", "add_smem_tiling");
  REQUIRE(d.candidate);
  CHECK(d.candidate->kind == CandidateKind::Child);
}

TEST_CASE("tune_block_size moves an untagged knob one step, up before down") {
  auto up = ask("naive[BLOCK=256]", "tune_block_size");
  CHECK(key_of(up) == "naive[BLOCK=512]");
  REQUIRE(up.candidate);
  CHECK(up.candidate->kind == CandidateKind::KnobMove);
  CHECK(up.candidate->reason == "knob BLOCK 256 -> 512 (tune_block_size)");
  CHECK(key_of(ask("naive[BLOCK=256]", "tune_block_size", {"naive[BLOCK=512]"})) ==
        "naive[BLOCK=128]");
  CHECK(key_of(ask("naive[BLOCK=512]", "tune_block_size")) == "naive[BLOCK=256]");
  auto none = ask("naive[BLOCK=256]", "tune_block_size", {"naive[BLOCK=512]", "naive[BLOCK=128]"});
  CHECK_FALSE(none.candidate);
  // A tried neighbour stops the walk: 128 is not a neighbour of 512.
  CHECK_FALSE(ask("naive[BLOCK=512]", "tune_block_size", {"naive[BLOCK=256]"}).candidate);
}

TEST_CASE("a knob tagged for a hypothesis answers it, and only it") {
  CHECK(key_of(ask("vec4[BLOCK=128,ITEMS=2]", "increase_ilp")) == "vec4[BLOCK=128,ITEMS=4]");
  CHECK(key_of(ask("vec4[BLOCK=128,ITEMS=4]", "increase_ilp")) == "vec4[BLOCK=128,ITEMS=2]");
  // ITEMS=4 at BLOCK=256 breaks BLOCK*ITEMS <= 512, so the move goes down instead.
  CHECK(key_of(ask("vec4[BLOCK=256,ITEMS=2]", "increase_ilp")) == "vec4[BLOCK=256,ITEMS=1]");
  // ITEMS is tagged increase_ilp, so tune_block_size moves BLOCK only.
  CHECK(key_of(ask("vec4[BLOCK=256,ITEMS=1]", "tune_block_size")) == "vec4[BLOCK=128,ITEMS=1]");
  // naive's BLOCK answers tune_block_size only.
  auto none = ask("naive[BLOCK=256]", "increase_ilp");
  CHECK_FALSE(none.candidate);
  CHECK(none.why_none.find("no knob of 'naive' answers increase_ilp") != std::string::npos);
}

TEST_CASE("with a chip, points that fail static validation are skipped") {
  auto small = test_chip(16);  // 16 KiB: staged fits at TILE 256 and 1024, not 4096 (32 KiB)
  CHECK(key_of(ask("staged[TILE=1024]", "tune_block_size", {}, &small)) == "staged[TILE=256]");
  auto big = test_chip(227);
  CHECK(key_of(ask("staged[TILE=1024]", "tune_block_size", {}, &big)) == "staged[TILE=4096]");
  auto tiny = test_chip(1);  // no staged point fits
  auto none = ask("vec4[BLOCK=64,ITEMS=1]", "add_smem_tiling", {}, &tiny);
  CHECK_FALSE(none.candidate);
  CHECK(none.why_none.find("no knob point valid on testchip") != std::string::npos);
}

TEST_CASE("no variant: unknown hypothesis for this pool, unknown incumbent") {
  auto c = ask("naive[BLOCK=256]", "use_wgmma");
  CHECK_FALSE(c.candidate);
  CHECK(c.why_none.find("applies use_wgmma") != std::string::npos);
  auto u = next_candidate(CandidateRequest{&axpy(), {"ghost", {}}, "tune_block_size", {}, nullptr});
  CHECK_FALSE(u.candidate);
  CHECK(u.why_none.find("'ghost' is not a variant") != std::string::npos);
}

TEST_CASE("the policy never returns a tried key") {
  // Walk every hypothesis from every point, marking each answer tried: no answer repeats.
  std::set<std::string> tried;
  int answers = 0;
  for (int round = 0; round < 50; ++round) {
    bool any = false;
    for (const auto& v : axpy().variants)
      for (const auto& k : enumerate_knobs(axpy(), v))
        for (const auto& h :
             {"vectorize_loads", "tune_block_size", "increase_ilp", "add_smem_tiling"}) {
          auto c = next_candidate(CandidateRequest{&axpy(), {v.id, k}, h, tried, nullptr});
          if (!c.candidate) continue;
          CHECK(tried.count(c.candidate->key()) == 0);
          tried.insert(c.candidate->key());
          any = true;
          ++answers;
        }
    if (!any) break;
  }
  CHECK(answers > 0);
}

TEST_CASE("default knob point: ties keep the first enumerated point") {
  const VariantSpec& vec4 = *axpy().find_variant("vec4");
  CHECK(variant_key("vec4", *default_knob_point(axpy(), vec4, {})) == "vec4[BLOCK=64,ITEMS=1]");
  CHECK(variant_key("vec4", *default_knob_point(axpy(), vec4, {{"ITEMS", 3}})) ==
        "vec4[BLOCK=64,ITEMS=4]");  // |log2(4/3)| < |log2(2/3)|
}

TEST_CASE("applicable hypotheses follow the vocabulary's order") {
  auto hs = applicable_hypotheses(axpy(), {"naive", {{"BLOCK", 256}}}, {"naive[BLOCK=256]"});
  CHECK(hs == std::vector<std::string>{"vectorize_loads", "add_smem_tiling", "async_copy_pipeline",
                                       "reduce_launch_overhead", "tune_block_size"});
  auto fewer = applicable_hypotheses(axpy(), {"naive", {{"BLOCK", 256}}},
                                     {"naive[BLOCK=256]", "grid_stride"});
  CHECK(std::find(fewer.begin(), fewer.end(), "reduce_launch_overhead") == fewer.end());
}

TEST_CASE("a variant with two parents is reached from either (the built-in matmul pool)") {
  const ProblemSpec m = load_problem(source_dir() + "/problems/matmul");
  auto from = [&](const std::string& inc, const std::string& h) {
    auto [id, knobs] = parse_variant_key(inc);
    return next_candidate(CandidateRequest{&m, {id, knobs}, h, {inc}, nullptr});
  };
  // cp.async on top of WMMA: the measured 2.42 -> 1.94 ms step the tree pool could not offer.
  auto a = from("wmma_tf32", "async_copy_pipeline");
  REQUIRE(a.candidate);
  CHECK(a.candidate->key() == "wmma_tf32_async");
  CHECK(a.candidate->kind == CandidateKind::Child);
  // Tensor cores on top of the cp.async pipeline.
  auto t = from("async", "use_tensor_cores_tf32");
  REQUIRE(t.candidate);
  CHECK(t.candidate->key() == "wmma_tf32_async");
  // From the seed the shortest rewrite still wins: wmma_tf32 (3 generations) before
  // wmma_tf32_async (4 through wmma_tf32, 5 through async).
  auto n = from("naive", "use_tensor_cores_tf32");
  REQUIRE(n.candidate);
  CHECK(n.candidate->key() == "wmma_tf32");
}

TEST_CASE(
    "default knob point keeps the incumbent's threads per block when no knob name is shared") {
  // softmax: `fused` runs 256 threads without a knob; online_vec4 has BLOCK in {128, 256, 512}.
  const ProblemSpec s = load_problem(source_dir() + "/problems/softmax");
  const VariantSpec& fused = *s.find_variant("fused");
  const VariantSpec& vec = *s.find_variant("online_vec4");
  CHECK(variant_key("online_vec4", *default_knob_point(s, vec, {}, nullptr, &fused)) ==
        "online_vec4[BLOCK=256]");
  // Without the incumbent's variant: the first enumerated point, as before.
  CHECK(variant_key("online_vec4", *default_knob_point(s, vec, {})) == "online_vec4[BLOCK=128]");
  // Through the policy: vectorize_loads from fused (a descendant two generations down).
  auto c =
      next_candidate(CandidateRequest{&s, {"fused", {}}, "vectorize_loads", {"fused"}, nullptr});
  REQUIRE(c.candidate);
  CHECK(c.candidate->key() == "online_vec4[BLOCK=256]");
}
