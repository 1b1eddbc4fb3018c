// Issue 19, host side: the Hopper-only matmul variants (wgmma) are in the H200's pool compiled
// for sm_90a and in no other chip's pool (never validated, proposed or compiled there); the
// rules that lead WMMA -> wgmma -> pipelined wgmma fire on Hopper signals and are guard-blocked
// on an A100 and a T4; the PTX scan behind `mbarrier_pipeline` counts mbarrier waits.
#include <doctest/doctest.h>

#include "cli_run.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/cli/command.h"
#include "generators/candidate.h"
#include "generators/problem_loader.h"
#include "generators/ptx_scan.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/diagnostics.h"

using nlohmann::json;
using namespace solver::generators;

namespace {

const std::string kSrc = SOLVER_SOURCE_DIR;

const solver::rules::ChipTable& chips() {
  static const auto t = solver::rules::load_chip_table(kSrc + "/rules/chips.yaml");
  return t;
}
const solver::rules::ChipProfile& chip(const std::string& id) {
  const auto* c = chips().find(id);
  REQUIRE_MESSAGE(c, id);
  return *c;
}
const ProblemSpec& matmul() {
  static const ProblemSpec m = load_problem(kSrc + "/problems/matmul");
  return m;
}
const VariantSpec& variant(const std::string& id) {
  for (const auto& v : matmul().variants)
    if (v.id == id) return v;
  FAIL("no variant " << id);
  throw 0;
}
bool has_option(const ResolvedVariant& rv, const std::string& o) {
  return std::find(rv.nvrtc_options.begin(), rv.nvrtc_options.end(), o) != rv.nvrtc_options.end();
}

using Run = solver::test::CliRun;
Run cli(std::vector<std::string> args) { return solver::test::run_solver(std::move(args)); }

std::string temp_file(const std::string& name, const std::string& text) {
  auto p = std::filesystem::temp_directory_path() / ("solver_hopper_test_" + name);
  std::ofstream(p) << text;
  return p.string();
}

// A wgmma kernel whose slabs are copied and multiplied in turn (no mbarrier), as profiled on the
// H200 shape of the matmul problem: what the wgmma_tf32 variant looks like to the rules.
const char* kSyncWgmma = R"({
  "version": 1,
  "kernel": "wgmma_sync",
  "chip": "h200",
  "signals": {
    "time_us": 694.0, "dtype": "tf32", "weight": 1.0, "kernel_count": 1.0, "launch_count": 1.0,
    "arith_intensity": 682.7, "tensor_active": true, "mma_in_code": true, "wgmma_active": true,
    "mbarrier_pipeline": false, "tensor_frac": 0.45, "flop_frac": 0.40, "gemm_loop": true,
    "smem_per_block": 33792, "uses_cp_async": true
  }
})";

}  // namespace

TEST_CASE("wgmma variants: in the H200 pool for sm_90a, outside the A100 and T4 pools") {
  for (const char* id : {"wgmma_tf32", "wgmma_tf32_ws"}) {
    const VariantSpec& v = variant(id);
    CHECK(v.chip_requires == std::vector<std::string>{"wgmma"});
    auto point = default_knob_point(matmul(), v, {}, &chip("h200"));
    REQUIRE(point);
    CHECK(missing_capabilities(v, chip("h200")).empty());
    CHECK(variant_arch(v, chip("h200")) == "sm_90a");
    CHECK(validate(matmul(), v, *point, chip("h200")).empty());
    ResolvedVariant rv = resolve(matmul(), v, *point, chip("h200"));
    CHECK(rv.ok());
    CHECK(rv.arch == "sm_90a");
    CHECK(has_option(rv, "--gpu-architecture=sm_90a"));
    for (const char* other : {"a100", "t4"}) {
      CAPTURE(other);
      CHECK(missing_capabilities(v, chip(other)) == std::vector<std::string>{"wgmma"});
      CHECK(variant_arch(v, chip(other)) == chip_arch(chip(other)));  // never an "a" target
      auto issues = validate(matmul(), v, *point, chip(other));
      REQUIRE(!issues.empty());
      CHECK(issues.front().message.find("needs chip capability 'wgmma'") != std::string::npos);
      CHECK(issues.front().where.line > 0);  // located at the `chip:` list of problem.yaml
      CHECK_FALSE(resolve(matmul(), v, *point, chip(other)).ok());
      CHECK_FALSE(default_knob_point(matmul(), v, {}, &chip(other)));
    }
  }
  // The cp.async and WMMA variants keep the plain architecture on the H200, and their own
  // guards (cp_async, tf32) keep them off the T4, where NVRTC refuses them.
  for (const char* id : {"regtile_db", "async", "wmma_tf32", "wmma_tf32_async"}) {
    CAPTURE(id);
    CHECK(variant_arch(variant(id), chip("h200")) == "sm_90");
    CHECK(missing_capabilities(variant(id), chip("a100")).empty());
    CHECK_FALSE(missing_capabilities(variant(id), chip("t4")).empty());
  }
  CHECK(missing_capabilities(variant("regtile"), chip("t4")).empty());
}

TEST_CASE("wgmma_tf32_tma: guarded by wgmma and tma, its tensor maps resolved per knob point") {
  const VariantSpec& v = variant("wgmma_tf32_tma");
  CHECK(v.chip_requires == std::vector<std::string>{"wgmma", "tma"});
  CHECK(missing_capabilities(v, chip("h200")).empty());
  CHECK(variant_arch(v, chip("h200")) == "sm_90a");
  CHECK(missing_capabilities(v, chip("a100")) == std::vector<std::string>{"wgmma", "tma"});
  CHECK(missing_capabilities(v, chip("t4")) == std::vector<std::string>{"wgmma", "tma"});
  auto points = enumerate_knobs(matmul(), v);
  // BM=256 with 6 stages (295 KiB) is over the block's shared memory: 5 points.
  CHECK(points.size() == 5);
  for (const auto& knobs : points) {
    CAPTURE(variant_key(v.id, knobs));
    CHECK(validate(matmul(), v, knobs, chip("h200")).empty());
    ResolvedVariant rv = resolve(matmul(), v, knobs, chip("h200"));
    INFO(rv.issues.size());
    REQUIRE(rv.ok());
    REQUIRE(rv.tensor_maps.size() == 2);
    const ResolvedTensorMap& a = rv.tensor_maps[0];
    const ResolvedTensorMap& b = rv.tensor_maps[1];
    CHECK(rv.buffers.at(size_t(a.buffer)).name == "A");
    CHECK(rv.buffers.at(size_t(b.buffer)).name == "B");
    CHECK(a.dims == std::vector<int64_t>{4096, 4096});
    CHECK(a.strides == std::vector<int64_t>{4096 * 4});
    // The kernel's expect_tx count is one A box and four B boxes: the maps must agree.
    CHECK(a.box == std::vector<int64_t>{32, knobs.at("BM")});
    CHECK(b.box == std::vector<int64_t>{32, 32});
    CHECK(a.swizzle_bytes == 128);
    CHECK(b.swizzle_bytes == 128);
    CHECK(a.box_bytes() + 4 * b.box_bytes() == knobs.at("BM") * 128 + 16384);
    const auto& args = rv.launches.at(0).args;
    REQUIRE(args.size() == 6);
    CHECK(args[0].kind == ResolvedArg::Kind::TensorMap);
    CHECK(args[1].kind == ResolvedArg::Kind::TensorMap);
    CHECK(args[1].index == 1);
    CHECK(args[2].kind == ResolvedArg::Kind::Buffer);
  }
  // From the cp.async producer the copy-engine rewrite answers use_tma, at its defaults.
  auto c = next_candidate(
      CandidateRequest{&matmul(),
                       {"wgmma_tf32_ws", {{"BM", 256}, {"PREGS", 72}, {"STAGES", 4}}},
                       "use_tma",
                       {"wgmma_tf32_ws[BM=256,PREGS=72,STAGES=4]"},
                       &chip("h200")});
  REQUIRE(c.candidate);
  CHECK(c.candidate->key() == "wgmma_tf32_tma[BM=256,STAGES=4]");
  auto none = next_candidate(
      CandidateRequest{&matmul(),
                       {"wgmma_tf32_ws", {{"BM", 256}, {"PREGS", 72}, {"STAGES", 4}}},
                       "use_tma",
                       {"wgmma_tf32_ws[BM=256,PREGS=72,STAGES=4]"},
                       &chip("a100")});
  CHECK_FALSE(none.candidate);
}

TEST_CASE(
    "the pool walks WMMA -> wgmma -> pipelined wgmma on the H200 and stops at WMMA elsewhere") {
  auto from = [&](const std::string& inc, const std::string& h, const std::string& on) {
    auto [id, knobs] = parse_variant_key(inc);
    return next_candidate(CandidateRequest{&matmul(), {id, knobs}, h, {inc}, &chip(on)});
  };
  auto w = from("wmma_tf32_async", "use_wgmma", "h200");
  REQUIRE(w.candidate);
  CHECK(w.candidate->key() == "wgmma_tf32");
  auto ws = from("wgmma_tf32", "warp_specialize", "h200");
  REQUIRE(ws.candidate);
  CHECK(ws.candidate->variant == "wgmma_tf32_ws");
  CHECK(ws.candidate->key() == "wgmma_tf32_ws[BM=256,PREGS=72,STAGES=4]");  // the declared defaults
  for (const char* other : {"a100", "t4"}) {
    CAPTURE(other);
    auto none = from("wmma_tf32_async", "use_wgmma", other);
    CHECK_FALSE(none.candidate);
    CHECK(none.why_none.find("no knob point valid on") != std::string::npos);
  }
  // The CUDA-core line: from regtile the tuned double-buffered kernel comes first in file
  // order among the children that apply async_copy_pipeline.
  auto db = from("regtile", "async_copy_pipeline", "h200");
  REQUIRE(db.candidate);
  CHECK(db.candidate->key() == "regtile_db[BK=16]");
  auto tc = from("regtile_db[BK=16]", "use_tensor_cores_tf32", "a100");
  REQUIRE(tc.candidate);
  CHECK(tc.candidate->key() == "wmma_tf32_async");
}

TEST_CASE("problem.yaml `chip:` names must be known capabilities, located") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "solver_hopper_test_badchip" / "p";
  fs::remove_all(dir.parent_path());
  fs::create_directories(dir);
  std::ofstream(dir / "k.cu") << "extern \"C\" __global__ void k(float* x, int n) {}\n";
  std::ofstream(dir / "problem.yaml")
      << "version: 1\nname: p\nscalars: {n: 256}\nbuffers:\n  x: {dtype: f32, shape: [n], role: "
         "out}\n"
         "flops: n\nbytes: 4*n\ntolerance: {fp32: {rtol: 0, atol: 0}}\n"
         "reference: {source: k.cu, entry: k, args: [x, n], grid: [1], block: [256]}\n"
         "variants:\n  - id: a\n    source: k.cu\n    chip: [wgmma, warp_drive]\n"
         "    entry: k\n    args: [x, n]\n    grid: [1]\n    block: [256]\n";
  try {
    load_problem(dir.string());
    FAIL("loaded a problem with an unknown capability");
  } catch (const solver::rules::InputError& e) {
    std::string what = e.format();
    INFO(what);
    CHECK(what.find("problem.yaml:13:") != std::string::npos);
    CHECK(what.find("unknown chip capability 'warp_drive'") != std::string::npos);
    CHECK(what.find("wgmma") != std::string::npos);  // the known names are listed
  }
}

TEST_CASE("dry-run a100,t4: the Hopper rules fire on the H200 and are guard-blocked elsewhere") {
  std::string f = temp_file("wgmma_sync.json", kSyncWgmma);
  Run r = cli({"dry-run", "--chip", "h200,a100,t4", "--signals", f, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  const json& per_chip = j["kernels"][0]["chips"];
  REQUIRE(per_chip.size() == 3);
  REQUIRE(!per_chip[0]["fired"].is_null());
  CHECK(per_chip[0]["fired"]["id"] == "wgmma_block_synchronous");
  CHECK(per_chip[0]["fired"]["hypothesis"] == "warp_specialize");
  for (int c = 1; c < 3; ++c) {
    CAPTURE(per_chip[c]["chip"]);
    bool blocked = false;
    for (const auto& b : per_chip[c]["blocked"])
      if (b["id"] == "wgmma_block_synchronous")
        for (const auto& cap : b["missing_caps"]) blocked |= cap == "wgmma";
    CHECK(blocked);
    CHECK((per_chip[c]["fired"].is_null() ||
           per_chip[c]["fired"]["id"] != "wgmma_block_synchronous"));
  }
  // The same kernel without wgmma (a WMMA product): mma_without_wgmma fires on the H200 and is
  // blocked on both other chips.
  std::string wmma = kSyncWgmma;
  const std::string from = "\"wgmma_active\": true";
  wmma.replace(wmma.find(from), from.size(), "\"wgmma_active\": false");
  std::string g = temp_file("wmma.json", wmma);
  Run w = cli({"dry-run", "--chip", "h200,a100,t4", "--signals", g, "--json"});
  REQUIRE_MESSAGE(w.rc == 0, w.err);
  json jw = json::parse(w.out);
  const json& wc = jw["kernels"][0]["chips"];
  REQUIRE(!wc[0]["fired"].is_null());
  CHECK(wc[0]["fired"]["id"] == "mma_without_wgmma");
  for (int c = 1; c < 3; ++c) {
    bool blocked = false;
    for (const auto& b : wc[c]["blocked"]) blocked |= b["id"] == "mma_without_wgmma";
    CHECK(blocked);
  }
  Run text = cli({"dry-run", "--chip", "a100,t4", "--signals", f});
  CHECK(text.out.find("wgmma_block_synchronous (needs wgmma)") != std::string::npos);
}

TEST_CASE(
    "problems check --chip a100 / t4: guarded variants are reported outside the pool, not failed") {
  Run r = cli({"problems", "check", "matmul", "--problems-dir", kSrc + "/problems", "--chip",
               "a100", "--compile-only", "--json"});
  INFO(r.err);
  json j = json::parse(r.out);
  int not_on_chip = 0;
  for (const auto& row : j["rows"]) {
    CHECK_MESSAGE(row["failed"] == false, row["variant"]);
    std::string key = row["variant"];
    if (key.rfind("wgmma", 0) == 0) {
      CHECK(row["static"] == "not on chip");
      CHECK(row["compile"] == "-");  // never handed to NVRTC
      CHECK(row["failed"] == false);
      CHECK(row["detail"].get<std::string>().find("needs wgmma") != std::string::npos);
      ++not_on_chip;
    }
  }
  CHECK(not_on_chip == 4);  // one row per variant, not per knob point (wgmma_persistent the 4th)
  if (j["compiler"].get<std::string>().find("NVRTC") != std::string::npos) CHECK(r.rc == 0);
  // On a T4 the cp.async and TF32 variants are outside the pool too; nothing fails to compile.
  Run t = cli({"problems", "check", "matmul", "--problems-dir", kSrc + "/problems", "--chip", "t4",
               "--compile-only", "--json"});
  json jt = json::parse(t.out);
  std::set<std::string> off;
  for (const auto& row : jt["rows"]) {
    CHECK_MESSAGE(row["failed"] == false, row["variant"]);
    if (row["static"] == "not on chip") off.insert(row["variant"].get<std::string>());
  }
  CHECK(off == std::set<std::string>{"regtile_db", "async", "wmma_tf32", "wmma_tf32_async",
                                     "wgmma_tf32", "wgmma_tf32_ws", "wgmma_tf32_tma",
                                     "wgmma_persistent"});
}

TEST_CASE("PTX scan: mbarrier phase waits are counted per launched entry") {
  const std::string ptx =
      ".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry ws(.param .u64 p)\n{\n .reg .pred %p<2>; .reg .b32 %r<4>;\n"
      "$L1:\n mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r2;\n @!%p1 bra $L1;\n"
      " // mbarrier.try_wait in a comment does not count\n ret;\n}\n"
      ".visible .entry plain(.param .u64 p)\n{\n bar.sync 0;\n ret;\n}\n";
  CHECK(scan_launched_code(ptx, {"ws"}).tensor.mbarrier_waits == 1);
  CHECK(scan_launched_code(ptx, {"plain"}).tensor.mbarrier_waits == 0);
  CHECK(scan_launched_code(ptx, {"ws"}).tensor.total() == 0);  // not an MMA
}

TEST_CASE("PTX scan: bulk tensor copies (TMA) are counted, per-thread cp.async is not") {
  const std::string ptx =
      ".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry tma(.param .align 64 .b8 m[128])\n{\n .reg .b32 %r<4>; .reg .b64 %rd<2>;\n"
      " cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
      " [%r1], [%rd1, {%r2, %r3}], [%r1];\n ret;\n}\n"
      ".visible .entry thr(.param .u64 p)\n{\n cp.async.cg.shared.global [%r1], [%rd1], 16;\n"
      " // cp.async.bulk.tensor in a comment does not count\n ret;\n}\n";
  CHECK(scan_launched_code(ptx, {"tma"}).tensor.tma_copies == 1);
  CHECK(scan_launched_code(ptx, {"thr"}).tensor.tma_copies == 0);
  CHECK(scan_launched_code(ptx, {"tma"}).tensor.total() == 0);  // not an MMA
}

TEST_CASE("dry-run: a cp.async-fed wgmma pipeline leads to TMA on the H200 only") {
  // wgmma_tf32_ws[BM=256,PREGS=72,STAGES=4] as recorded on the H200 (tests/data/recordings).
  std::string ws = kSyncWgmma;
  auto set = [&](const std::string& from, const std::string& to) {
    auto at = ws.find(from);
    REQUIRE(at != std::string::npos);
    ws.replace(at, from.size(), to);
  };
  set("\"mbarrier_pipeline\": false", "\"mbarrier_pipeline\": true, \"tma_copies\": false");
  set("\"tensor_frac\": 0.45", "\"tensor_frac\": 0.54");
  std::string f = temp_file("wgmma_ws.json", ws);
  Run r = cli({"dry-run", "--chip", "h200,a100,t4", "--signals", f, "--json"});
  REQUIRE_MESSAGE(r.rc == 0, r.err);
  json j = json::parse(r.out);
  const json& per_chip = j["kernels"][0]["chips"];
  REQUIRE(!per_chip[0]["fired"].is_null());
  CHECK(per_chip[0]["fired"]["id"] == "wgmma_thread_copies");
  CHECK(per_chip[0]["fired"]["hypothesis"] == "use_tma");
  for (int c = 1; c < 3; ++c) {
    CAPTURE(per_chip[c]["chip"]);
    bool blocked = false;
    for (const auto& b : per_chip[c]["blocked"])
      if (b["id"] == "wgmma_thread_copies") blocked = true;
    CHECK(blocked);
  }
  // Fed by the copy engine already: the rule is quiet.
  set("\"tma_copies\": false", "\"tma_copies\": true");
  std::string g = temp_file("wgmma_tma.json", ws);
  Run t = cli({"dry-run", "--chip", "h200", "--signals", g, "--json"});
  REQUIRE_MESSAGE(t.rc == 0, t.err);
  json jt = json::parse(t.out);
  const json& fired = jt["kernels"][0]["chips"][0]["fired"];
  CHECK((fired.is_null() || fired["id"] != "wgmma_thread_copies"));
}
