// The cheat suite (tests/cheats, issue 12) without a GPU: what CI can prove.
//  - every cheat folder loads as a problem: an honest seed and one cheating child the loop
//    tries first (each applies increase_ilp, tests/cheats/rules.yaml fires it), and an
//    `expect` file naming the outcome it must get live and offline;
//  - the offline defences decide their rows here: `problems check`'s lint warns on exactly
//    the cheats expected to be caught by lint, and the PTX precision scan of NVRTC's output
//    (no GPU needed) refuses exactly the cheats expected to be precision_mismatch;
//  - every kernel of the suite compiles, so the live run (scripts/gpu/cheats.sh) measures
//    cheats, not typos.
// The live outcomes come from scripts/gpu/cheats.sh on the H200 (docs/reliability.md).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "engine/backend/worker_protocol.h"
#include "engine/loop/round_loop.h"
#include "generators/candidate.h"
#include "generators/measured_class_check.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_precision.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "tests/generators/test_support.h"

using namespace solver;
namespace fs = std::filesystem;

namespace {

std::string cheats_dir() { return std::string(SOLVER_SOURCE_DIR) + "/tests/cheats"; }

std::map<std::string, std::string> read_expect(const fs::path& file) {
  std::map<std::string, std::string> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(' '));
    out[line.substr(0, colon)] = value;
  }
  return out;
}

const rules::ChipProfile& h200() {
  static const rules::ChipTable t =
      rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  return *t.find("h200");
}

// The point a folder's variant is judged at: its default knob point (red team 20's folders have
// knobs, as -D macros with defaults: 256 points make a large search), none where it has none.
generators::KnobValues point(const generators::ProblemSpec& p, const generators::VariantSpec& v) {
  if (v.knobs.empty()) return {};
  auto k = generators::default_knob_point(p, v, {}, &h200());
  return k ? *k : generators::KnobValues{};
}

}  // namespace

TEST_CASE("cheat suite: every folder is an honest seed and one cheat, with its expected outcome") {
  auto problems = generators::load_problems(cheats_dir());
  REQUIRE(problems.size() >= 18);
  std::set<std::string> outcomes;
  for (const auto& p : problems) {
    CAPTURE(p.name);
    CHECK(fs::path(p.dir).filename() == p.name);
    CHECK(p.seed_variant == "honest");
    REQUIRE(p.variants.size() == 2);
    auto expect = read_expect(fs::path(p.dir) / "expect");
    // Honest controls (issue 28): a child that must pass every check and be kept.
    const bool control = expect["control"] == "yes";
    CHECK(control == (p.name.rfind("control_", 0) == 0));
    const auto& cheat = p.variants[1];
    CHECK(cheat.id == (control ? "control" : "cheat"));
    CHECK(cheat.parents == std::vector<std::string>{"honest"});
    CHECK(cheat.applies == std::vector<std::string>{"increase_ilp"});
    REQUIRE(expect.count("live"));
    REQUIRE(expect.count("offline"));
    CHECK_FALSE(expect["why"].empty());
    const std::string live = expect["live"];
    if (control) {
      CHECK(live == "kept");
      // A control the scans refuse today (a false refusal a red team found, not yet answered)
      // says so with `open: yes` and the refusal (the PTX precision scan's precision_mismatch, or
      // since hon39 the clock-work scan's invalid_spec); the offline test below then requires it,
      // so answering it fails here until the expect file says `offline: none` again.
      const bool open = expect["open"] == "yes";
      if (open)
        CHECK((expect["offline"] == "precision_mismatch" || expect["offline"] == "invalid_spec"));
      else
        CHECK(expect["offline"] == "none");
      for (const auto& v : p.variants)
        CHECK_MESSAGE(generators::validate(p, v, point(p, v), h200()).empty(), v.id);
      continue;
    }
    // A gate outcome by its wire name, or a round outcome that is a refusal.
    CHECK_MESSAGE((engine::gate_status_from_string(live).has_value() || live == "rejected"), live);
    CHECK(live != "passed");
    CHECK(std::set<std::string>{"none", "lint", "precision_mismatch", "invalid_spec"}.count(
              expect["offline"]) == 1);
    outcomes.insert(live);
    // Static validation refuses a spec (`offline: invalid_spec`) only as a whole: the seed and
    // the cheat alike (red team 15's fp64 declared on a float32 output: the measured class
    // measures nothing, generators/measured_class_check.h). Every other folder validates.
    const bool spec_refused = !generators::validate(p, p.variants[0], {}, h200()).empty();
    CHECK_MESSAGE((!spec_refused || expect["offline"] == "invalid_spec"),
                  generators::format_issues(generators::validate(p, p.variants[0], {}, h200())));
    for (const auto& v : p.variants)
      CHECK_MESSAGE(generators::validate(p, v, point(p, v), h200()).empty() == !spec_refused, v.id);
  }
  // The suite exercises every new defence. inconsistent_timing (P9) no longer: its one cheat,
  // cheat_gate_padded, told the gate from the pairs by a launch count in module memory, which P7k
  // (helper ctr39, generators/module_state.h) refuses at the gate first; P9's band stays tested
  // on that cheat's numbers in measurement_test.
  for (const char* o :
       {"input_mutated", "wrong_result", "precision_mismatch", "too_fast", "rejected"})
    CHECK_MESSAGE(outcomes.count(o), o);
  CHECK(outcomes.count("invalid_spec"));  // P7k's and the clock scan's refusals, among others
  rules::RuleTable table = rules::load_rule_table(cheats_dir() + "/rules.yaml");
  REQUIRE(table.rules.size() == 1);
  CHECK(table.rules[0].hypothesis == "increase_ilp");
}

TEST_CASE("cheat suite offline: a measured class that measures nothing is an invalid spec") {
  // Red team 15 (issue 28): fp64 declared on a problem whose one output is float32. No class
  // bound measures a float32 output, so the spec is refused statically, seed and cheat alike,
  // with what to declare.
  const auto p = generators::load_problem(cheats_dir() + "/redteam15_f64_f32out_rsqrt");
  for (const auto& v : p.variants) {
    CAPTURE(v.id);
    const auto issues = generators::validate(p, v, {}, h200());
    REQUIRE(issues.size() == 1);
    CHECK(issues[0].where.line == v.precision_where.line);
    for (const char* part : {"declares precision 'fp64', a measured class",
                             "out (f32) are stored narrower than float64",
                             "store the outputs as f64", "measured_class: off"})
      CHECK_MESSAGE(issues[0].message.find(part) != std::string::npos, part);
  }
  CHECK(read_expect(fs::path(p.dir) / "expect")["offline"] == "invalid_spec");
  // The loop refuses the seed at the same place and says why (it used to say only "has no valid
  // knob point", the reason nowhere).
  try {
    engine::initial_state(p, h200(), "on");
    FAIL("the loop started a track on a refused seed");
  } catch (const rules::InputError& e) {
    const std::string what = e.what();
    CHECK(what.find("has no valid knob point on h200: variant honest declares precision 'fp64'") !=
          std::string::npos);
    CHECK(what.find("problem.yaml:" + std::to_string(p.variants[0].precision_where.line) + ":") !=
          std::string::npos);
  }
}

TEST_CASE("cheat suite offline: lint and the PTX precision scan refuse exactly their rows") {
  bool nvrtc = generators::nvrtc_available();
  if (!nvrtc) MESSAGE("SKIP (compile rows): no NVRTC: " << generators::nvrtc_unavailable_reason());
  // One NVRTC cache for the whole suite, in a folder of this process's own: most folders share
  // their reference and honest seed (kernels: of the shared library, the same source and
  // options), so each such kernel is compiled once and read back sealed for the next folder
  // (compile_cache.h); every kernel of the suite is still compiled, and every folder's PTX
  // scanned and judged as before.
  generators::test::TempDir cache_dir;
  generators::CompileCache cache(cache_dir.path().string());
  for (const auto& p : generators::load_problems(cheats_dir())) {
    CAPTURE(p.name);
    auto expect = read_expect(fs::path(p.dir) / "expect");
    bool lint = !generators::lint_problem(p).empty();
    CHECK(lint == (expect["offline"] == "lint"));
    if (!nvrtc) continue;
    const bool spec_refused = !generators::validate(p, p.variants[0], {}, h200()).empty();
    auto ref = generators::compile_variant(generators::resolve_reference(p, h200()), &cache);
    CHECK_MESSAGE(ref.ok, ref.log);
    for (const auto& v : p.variants) {
      auto rv = generators::resolve(p, v, point(p, v), h200());
      REQUIRE(rv.ok());
      auto c = generators::compile_variant(rv, &cache);
      REQUIRE_MESSAGE(c.ok, v.id, ": ", c.error, "\n", c.log);
      std::set<generators::DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      // As the worker and `problems check` judge it (the fp64 rule knows whether the class
      // bound measures every float output).
      std::string why = generators::precision_mismatch(
          generators::scan_ptx_precision(c.ptx, generators::float_params(rv)), rv.precision, dtypes,
          generators::fp64_outputs_measured(rv));
      bool refused = !why.empty();
      // Never a control, but one whose false refusal is open (`open: yes`).
      const bool refusable = v.id == "cheat" || (v.id == "control" && expect["open"] == "yes");
      bool want = refusable && expect["offline"] == "precision_mismatch";
      CHECK_MESSAGE(refused == want, v.id, ": ", why);
      // Device heap use (red team 8) and work that follows the clock (red team 36): problems
      // check's invalid_spec, the gate's too, where the spec itself validates (else static
      // validation is the refusal: the first test case).
      const std::string code =
          generators::heap_refusal(generators::scan_ptx_module_memory(c.ptx)) +
          generators::clock_work_refusal(generators::scan_ptx_clock_work(c.ptx));
      CHECK_MESSAGE(
          code.empty() != (refusable && expect["offline"] == "invalid_spec" && !spec_refused),
          v.id, ": ", code);
    }
  }
}
