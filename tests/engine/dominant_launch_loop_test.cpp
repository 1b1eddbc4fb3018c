// The round loop on a SYNTHETIC three-launch pool: the incumbent's profile says which launch
// dominates (weight, dominant_launch: engine/backend/gpu/profile_op.cpp), and the round's
// rewrite goes to that launch even where a rewrite of a minor launch comes first in the file
// (issue 18: a Llama block must spend its rounds on attention). Recorded backend, no GPU.
#include <doctest/doctest.h>

#include "engine/backend/recorded_backend.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "generators/problem_spec.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {

void write_block_problem(const std::string& root) {
  const std::string dir = root + "/blk";
  test::write_text(dir + "/k.cu",
                   "extern \"C\" __global__ void norm(float* x, int n) {}\n"
                   "extern \"C\" __global__ void norm_fast(float* x, int n) {}\n"
                   "extern \"C\" __global__ void attn(float* x, int n) {}\n"
                   "extern \"C\" __global__ void attn_fused(float* x, int n) {}\n"
                   "extern \"C\" __global__ void mlp(float* x, int n) {}\n");
  test::write_text(dir + "/problem.yaml", R"YAML(version: 1
name: blk
description: synthetic three-launch block
scalars:
  N: 1048576
buffers:
  x: {dtype: f32, shape: [N], role: in}
  y: {dtype: f32, shape: [N], role: out}
flops: N
bytes: 8*N
tolerance:
  fp32: {rtol: 1.0e-4, atol: 1.0e-6}
reference:
  source: k.cu
  entry: norm
  args: [x, N]
  grid: [4096]
  block: [256]
seed: seed
variants:
  - id: seed
    source: k.cu
    launches:
      - {entry: norm, args: [x, N], grid: [4096], block: [256]}
      - {entry: attn, args: [x, N], grid: [4096], block: [256]}
      - {entry: mlp, args: [x, N], grid: [4096], block: [256]}
  - id: norm_fast
    parent: seed
    applies: [coalesce_global_access]
    source: k.cu
    launches:
      - {entry: norm_fast, args: [x, N], grid: [4096], block: [256]}
      - {entry: attn, args: [x, N], grid: [4096], block: [256]}
      - {entry: mlp, args: [x, N], grid: [4096], block: [256]}
  - id: attn_fused
    parent: seed
    applies: [coalesce_global_access]
    source: k.cu
    launches:
      - {entry: norm, args: [x, N], grid: [4096], block: [256]}
      - {entry: attn_fused, args: [x, N], grid: [4096], block: [256]}
      - {entry: mlp, args: [x, N], grid: [4096], block: [256]}
)YAML");
}

// SYNTHETIC samples; the seed's profile carries the two signals when `shares` is set.
engine::Recording block_recording(bool shares) {
  engine::Recording r;
  r.chip = "h200";
  r.device_name = "synthetic H200 (test)";
  r.created = "synthetic";
  r.note = "synthetic test recording";
  r.file = "synthetic-blk.json";
  auto& p = r.problems["blk"];
  p.spec_hash = "synthetic";
  p.variants["seed"] = test::variant({100, 101, 99.5, 100.4, 102, 99.8, 100.9}, 0.3, 0.2, 0.5, 0.5);
  if (shares) {
    p.variants["seed"].profile->signals.set("weight", 0.8);
    p.variants["seed"].profile->signals.set("dominant_launch", 1.0);
  }
  p.variants["norm_fast"] =
      test::variant({98, 98.5, 97.8, 98.2, 99, 97.9, 98.3}, 0.3, 0.2, 0.5, 0.5);
  p.variants["attn_fused"] =
      test::variant({30, 30.2, 29.9, 30.4, 30.1, 29.8, 30.3}, 0.9, 0.5, 0.5, 0.5);
  return r;
}

engine::RoundRecord first_round(bool shares, const std::string& tag) {
  const std::string root = test::make_temp_dir(tag);
  const std::string problems = root + "/problems";
  write_block_problem(problems);
  test::write_text(root + "/rules.yaml", test::toy_rules());
  engine::Recording rec = block_recording(shares);
  test::stamp_hashes(rec, problems);
  auto spec = generators::load_problem(problems + "/blk");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  auto table = rules::load_rule_table(root + "/rules.yaml");
  engine::RecordedBackend backend(std::move(rec));
  engine::LoopConfig cfg{1, 9, 42, false, engine::OffPolicy::FirstRule};
  engine::RoundLoop loop(backend, spec, chip, table, cfg);
  engine::TrackState state = engine::initial_state(spec, chip, "off");
  std::vector<engine::RoundRecord> records;
  auto ledger = engine::LedgerWriter::create(root + "/ledger.jsonl", {{"test", true}});
  engine::run_track(loop, state, nullptr, table, ledger, cfg,
                    [&](const engine::RoundRecord& r) { records.push_back(r); });
  std::error_code ec;
  std::filesystem::remove_all(root, ec);
  REQUIRE_FALSE(records.empty());
  return records.front();
}

}  // namespace

TEST_CASE("without launch shares the first child in file order takes the round") {
  engine::RoundRecord r = first_round(false, "dominant-none");
  CHECK(r.match.fired == "uncoalesced");
  CHECK(r.candidate == "norm_fast");
}

TEST_CASE("with launch 1 dominating, the round rewrites launch 1") {
  engine::RoundRecord r = first_round(true, "dominant-attn");
  CHECK(r.match.fired == "uncoalesced");
  CHECK(r.candidate == "attn_fused");
  CHECK(r.candidate_reason.find("rewrites attn, the dominant kernel (launch 1)") !=
        std::string::npos);
  CHECK(r.outcome == engine::Outcome::Kept);
}
