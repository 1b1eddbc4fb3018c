// Issue 33, host side: the persistent wgmma kernels (wgmma_persistent) of matmul_bf16 (BF16) and
// matmul (TF32). Each kernel counts bytes and shared memory from its knobs (the transaction
// bytes of one mbarrier phase, the epilogue's pieces, a 1 KiB alignment slack), and problem.yaml
// declares the tensor-map boxes and the dynamic shared memory: at every knob point the two must
// agree, or the ring hangs (a transaction count never reached) or overruns shared memory. Also:
// the variants are Hopper-only and the loop reaches them from the TMA kernel before them.
#include <doctest/doctest.h>

#include <array>
#include <map>
#include <string>

#include "generators/candidate.h"
#include "generators/problem_loader.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

using namespace solver::generators;

namespace {

const std::string kSrc = SOLVER_SOURCE_DIR;

const solver::rules::ChipProfile& chip(const std::string& id) {
  static const auto t = solver::rules::load_chip_table(kSrc + "/rules/chips.yaml");
  const auto* c = t.find(id);
  REQUIRE_MESSAGE(c, id);
  return *c;
}
const ProblemSpec& problem(const std::string& name = "matmul_bf16") {
  static std::map<std::string, ProblemSpec> loaded;
  auto it = loaded.find(name);
  if (it == loaded.end()) it = loaded.emplace(name, load_problem(kSrc + "/problems/" + name)).first;
  return it->second;
}
const VariantSpec& variant(const std::string& id, const std::string& name = "matmul_bf16") {
  for (const auto& v : problem(name).variants)
    if (v.id == id) return v;
  FAIL("no variant " << id);
  throw 0;
}
// Hopper only: an A100 or a T4 neither compiles nor proposes it.
void hopper_only(const ProblemSpec& p, const VariantSpec& v) {
  CHECK(missing_capabilities(v, chip("h200")).empty());
  CHECK(variant_arch(v, chip("h200")) == "sm_90a");
  for (const char* other : {"a100", "t4"}) {
    CAPTURE(other);
    CHECK(missing_capabilities(v, chip(other)) == std::vector<std::string>{"wgmma", "tma"});
    CHECK_FALSE(default_knob_point(p, v, {}, &chip(other)));
  }
}
// `from` (a variant key) reaches `to` by `hypothesis` on the H200, not on an A100.
void reached(const std::string& name, const std::string& from, const std::string& hypothesis,
             const std::string& to) {
  auto [id, knobs] = parse_variant_key(from);
  auto c = next_candidate(
      CandidateRequest{&problem(name), {id, knobs}, hypothesis, {from}, &chip("h200")});
  REQUIRE(c.candidate);
  CHECK(c.candidate->variant == to);
  auto none = next_candidate(
      CandidateRequest{&problem(name), {id, knobs}, hypothesis, {from}, &chip("a100")});
  CHECK_FALSE(none.candidate);
}

}  // namespace

TEST_CASE("wgmma_persistent: boxes, transaction bytes and shared memory agree with the kernel") {
  const VariantSpec& v = variant("wgmma_persistent");
  hopper_only(problem(), v);
  const auto points = enumerate_knobs(problem(), v);
  REQUIRE(!points.empty());
  const auto limit = int64_t(chip("h200").number("smem_per_block_kib") * 1024);
  REQUIRE(limit > 0);
  for (const auto& k : points) {
    CAPTURE(variant_key(v.id, k));
    CHECK(validate(problem(), v, k, chip("h200")).empty());
    ResolvedVariant rv = resolve(problem(), v, k, chip("h200"));
    REQUIRE(rv.ok());
    const int64_t bm = k.at("BM"), bn = k.at("BN"), cl = k.at("CLUSTER"), epi = k.at("EPI");
    REQUIRE(rv.tensor_maps.size() == 3);
    const auto &a = rv.tensor_maps[0], &b = rv.tensor_maps[1], &c = rv.tensor_maps[2];
    CHECK(rv.buffers.at(size_t(a.buffer)).name == "A");
    CHECK(rv.buffers.at(size_t(b.buffer)).name == "B");
    CHECK(rv.buffers.at(size_t(c.buffer)).name == "C");
    for (const auto* m : {&a, &b, &c}) CHECK(m->swizzle_bytes == 128);
    // The kernel's descriptors take 64 bf16 (128 bytes, one swizzle row) per K slab.
    CHECK(a.box == std::vector<int64_t>{64, bm});
    CHECK(b.box == std::vector<int64_t>{64, bn / cl});
    // expect_tx(STAGE_BYTES) per stage: A's box and one B box from each block of the cluster.
    CHECK(a.box_bytes() + cl * b.box_bytes() == (bm + bn) * 128);
    // The epilogue's buffers hold 64 x 64 pieces of C, 8 KiB each.
    CHECK(c.box == std::vector<int64_t>{64, 64});
    CHECK(c.box_bytes() == 8192);
    const auto& l = rv.launches.at(0);
    CHECK(l.smem_bytes >= k.at("STAGES") * (bm + bn) * 128 + epi * 4 * 8192 + 1024);
    CHECK(l.smem_bytes <= limit);
    CHECK(l.threads_per_block() == 384);  // producer warpgroup + two consumer warpgroups
    // __cluster_dims__(CLUSTER, 1, 1) needs a grid of whole clusters.
    CHECK(l.grid[0] % cl == 0);
    CHECK(l.grid[1] == 1);
    REQUIRE(l.args.size() == 7);
    for (int i = 0; i < 3; ++i) CHECK(l.args[size_t(i)].kind == ResolvedArg::Kind::TensorMap);
    // Whole units of CLUSTER tiles down M, whole tiles across N and K.
    CHECK(4096 % (bm * cl) == 0);
    CHECK(4096 % bn == 0);
  }
}

TEST_CASE("wgmma_persistent: reached from wgmma_tma by balance_waves on the H200 only") {
  REQUIRE(default_knob_point(problem(), variant("wgmma_persistent"), {}, &chip("h200")));
  reached("matmul_bf16", "wgmma_tma[BN=256,CTAS=1,STAGES=4]", "balance_waves", "wgmma_persistent");
}

// The TF32 kernel (kernels/gemm/wgmma_tf32_persistent_gemm.cuh) in `name` at every point: maps
// of rank `rank` (batched_gemm: 3, batch outermost, one batch a box); returns the point count.
size_t tf32_points(const std::string& name, size_t rank, size_t args) {
  const ProblemSpec& p = problem(name);
  const VariantSpec& v = variant("wgmma_persistent", name);
  CHECK(v.precision == "tf32");
  hopper_only(p, v);
  const auto points = enumerate_knobs(p, v);
  const auto limit = int64_t(chip("h200").number("smem_per_block_kib") * 1024);
  auto box = [&](int64_t inner, int64_t outer) {
    std::vector<int64_t> b{inner, outer};
    if (rank == 3) b.push_back(1);
    return b;
  };
  for (const auto& k : points) {
    CAPTURE(variant_key(v.id, k));
    CHECK(validate(p, v, k, chip("h200")).empty());
    ResolvedVariant rv = resolve(p, v, k, chip("h200"));
    REQUIRE(rv.ok());
    const int64_t bm = k.at("BM"), epi = k.at("EPI");
    REQUIRE(rv.tensor_maps.size() == 3);
    const auto &a = rv.tensor_maps[0], &b = rv.tensor_maps[1], &c = rv.tensor_maps[2];
    CHECK(rv.buffers.at(size_t(a.buffer)).name == "A");
    CHECK(rv.buffers.at(size_t(b.buffer)).name == "B");
    CHECK(rv.buffers.at(size_t(c.buffer)).name == "C");
    for (const auto* m : {&a, &b, &c}) CHECK(m->swizzle_bytes == 128);
    // K slabs of 32 floats (128 bytes, one swizzle row): A's box BM rows, B's four 32 x 32 boxes.
    CHECK(a.box == box(32, bm));
    CHECK(b.box == box(32, 32));
    // expect_tx(STAGE_BYTES) per stage: one A box and four B boxes.
    CHECK(a.box_bytes() + 4 * b.box_bytes() == bm * 128 + 16384);
    // The epilogue stores 32 x 32 boxes of C (4 KiB), two per 8 KiB piece, two pieces a warpgroup.
    CHECK(c.box == box(32, 32));
    CHECK(c.box_bytes() == 4096);
    const auto& l = rv.launches.at(0);
    CHECK(l.smem_bytes >= k.at("STAGES") * (bm * 128 + 16384) + epi * 2 * 2 * 8192 + 1024);
    CHECK(l.smem_bytes <= limit);
    CHECK(l.threads_per_block() == 384);  // producer warpgroup + two consumer warpgroups
    CHECK(l.grid == std::array<int64_t, 3>{132, 1, 1});
    REQUIRE(l.args.size() == args);
    for (int i = 0; i < 3; ++i) CHECK(l.args[size_t(i)].kind == ResolvedArg::Kind::TensorMap);
    // Whole tiles down M and across N; an even number of K slabs (the loop takes two a step).
    auto scalar = [&](const char* n) {
      REQUIRE(p.find_scalar(n));
      return int64_t(p.find_scalar(n)->value);
    };
    CHECK(scalar("M") % bm == 0);
    CHECK(scalar("N") % 128 == 0);
    CHECK(scalar("K") % 64 == 0);
  }
  return points.size();
}

TEST_CASE("matmul's TF32 wgmma_persistent: boxes, transaction bytes and shared memory agree") {
  CHECK(tf32_points("matmul", 2, 7) == 9);  // the cap is 12
}

TEST_CASE("batched_gemm's wgmma_persistent: the same over rank-3 maps, the batch an argument") {
  CHECK(tf32_points("batched_gemm", 3, 8) == 6);
}

TEST_CASE("matmul's wgmma_persistent: reached from wgmma_tf32_tma by balance_waves, H200 only") {
  reached("matmul", "wgmma_tf32_tma[BM=256,STAGES=4]", "balance_waves", "wgmma_persistent");
}

TEST_CASE("batched_gemm's wgmma_persistent: reached from wgmma_tf32_tma, H200 only") {
  reached("batched_gemm", "wgmma_tf32_tma[BM=256,STAGES=4]", "balance_waves", "wgmma_persistent");
}
