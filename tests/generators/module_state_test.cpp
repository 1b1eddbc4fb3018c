// P7k, launch k is launch 1 (generators/module_state.h, cubin_module_data.h): the host side of
// the worker's carried-state check. The runs it makes and the pairs it compares; the variables it
// reads back, from CUBINs NVRTC compiles here; and its verdict on the cheat suite's module-memory
// folders, given which variables changed (what the GPU measures; the probe scripts/gpu/
// probe_ctr39.sh predicts it for each folder).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "generators/cubin_module_data.h"
#include "generators/module_state.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_module_memory.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;

TEST_CASE("the carried-state runs compare like with like") {
  const auto& runs = carried_state_runs();
  // Snapshot k is taken after the run at position at[k].
  std::vector<size_t> at;
  for (size_t r = 0; r < runs.size(); ++r)
    if (runs[r].snapshot) at.push_back(r);
  REQUIRE(at.size() == 4);
  CHECK(!runs[0].snapshot);  // the run from the load image leaves a memo's first fill: not compared
  bool other_input = false;
  for (const auto& r : runs) other_input |= r.set != 0;
  CHECK(other_input);  // a kept answer served to other inputs shows (redteam39_first_answer_flag)
  const auto& pairs = settle_pairs();
  REQUIRE(pairs.size() == 2);
  for (const auto& p : pairs) {
    REQUIRE(p.a < p.b);
    REQUIRE(size_t(p.b) < at.size());
    const size_t ra = at[size_t(p.a)], rb = at[size_t(p.b)];
    // The same input after the same input: a state that is a function of the recent inputs is
    // equal, a launch count is not.
    CHECK(runs[ra].set == runs[rb].set);
    REQUIRE(ra >= 1);
    CHECK(runs[ra - 1].set == runs[rb - 1].set);
  }
  // The second pair follows another input: a count of input changes moves there.
  CHECK(runs[at[size_t(pairs[1].a)] - 1].set != runs[at[size_t(pairs[1].a)]].set);
}

TEST_CASE("changed variables: a differing digest, and a name only one reading holds") {
  const ModuleSnapshot a = {{"calls", 1}, {"g_sum", 7}, {"table", 3}};
  const ModuleSnapshot b = {{"calls", 2}, {"g_sum", 7}, {"extra", 5}};
  CHECK(changed_variables(a, b) == std::vector<std::string>{"calls", "extra", "table"});
  CHECK(changed_variables(a, a).empty());
  CHECK(judge_carried_state("", {}).refusal.empty());
  CHECK(judge_carried_state("", {}).note.empty());
}

namespace {

std::vector<CubinSymbol> symbols_of(const std::string& source) {
  auto r = nvrtc_compile(source, "m.cu", {"--gpu-architecture=sm_90"});
  REQUIRE_MESSAGE(r.ok, r.log);
  std::string error = "unset";
  auto out = cubin_module_symbols(r.cubin, &error);
  CHECK(error.empty());
  return out;
}

const CubinSymbol* named(const std::vector<CubinSymbol>& s, const std::string& name) {
  for (const auto& x : s)
    if (x.name == name) return &x;
  return nullptr;
}

}  // namespace

TEST_CASE("the variables read back are the image's module-data symbols") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: NVRTC is not available here");
    return;
  }
  CHECK(symbols_of("extern \"C\" __global__ void k(float* x) { x[threadIdx.x] *= 2.f; }").empty());
  // The threadfence reduction's ticket (CUDA samples) and a partial-sum array.
  const auto fence = symbols_of(
      "__device__ unsigned int retirementCount = 0;\n__device__ float partial[64];\n"
      "extern \"C\" __global__ void k(float* x) {\n"
      "  partial[blockIdx.x & 63] = x[threadIdx.x];\n  __threadfence();\n"
      "  if (atomicInc(&retirementCount, gridDim.x) == gridDim.x - 1) x[0] = partial[0];\n}\n");
  REQUIRE(named(fence, "retirementCount"));
  CHECK(named(fence, "retirementCount")->bytes == 4);
  CHECK(named(fence, "retirementCount")->section.rfind(".nv.global", 0) == 0);
  REQUIRE(named(fence, "partial"));
  CHECK(named(fence, "partial")->bytes == 256);
  // A __constant__ bank's array: writable through a generic address (red team 10).
  const auto bank = symbols_of(
      "__constant__ float c[64];\n"
      "extern \"C\" __global__ void k(float* x) { x[threadIdx.x] *= c[threadIdx.x & 63]; }");
  REQUIRE(named(bank, "c"));
  CHECK(named(bank, "c")->section.rfind(".nv.constant", 0) == 0);
  CHECK(named(bank, "c")->bytes == 256);
  // A .global declared inside an asm block: a symbol of the image, and a variable of the PTX
  // (module_variables), so the verdict can follow it.
  const std::string asm_scoped =
      "extern \"C\" __global__ void k(unsigned* x) {\n"
      "  unsigned v;\n"
      "  asm volatile(\"{\\n\\t.global .align 4 .u32 hidden[8];\\n\\t"
      "atom.global.add.u32 %0, [hidden], 1;\\n\\t}\" : \"=r\"(v));\n"
      "  x[threadIdx.x] = v;\n"
      "}\n";
  const auto hidden = symbols_of(asm_scoped);
  REQUIRE(hidden.size() == 1);
  CAPTURE(hidden[0].name);
  CHECK(hidden[0].bytes == 32);
  auto r = nvrtc_compile(asm_scoped, "a.cu", {"--gpu-architecture=sm_90"});
  REQUIRE(r.ok);
  const auto vars = module_variables(r.ptx);
  CHECK(hidden[0].name != "hidden");  // ptxas's own name for a block-scoped variable
  CHECK(ptx_variable_name(hidden[0].name) == "hidden");
  CHECK(std::find(vars.begin(), vars.end(), ptx_variable_name(hidden[0].name)) != vars.end());
  CHECK(ptx_variable_name("calls") == "calls");
  CHECK(ptx_variable_name("$__x__y") == "$__x__y");  // not ptxas's pattern: kept
  std::string error;
  CHECK(cubin_module_symbols("not an elf", &error).empty());
  CHECK_FALSE(error.empty());
}

TEST_CASE("the verdict on the cheat suite's module-memory folders, given what changed") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: NVRTC is not available here");
    return;
  }
  auto chip = test::test_chip();
  struct Case {
    std::set<std::string> changed;  // what the runs would show (the probe's prediction)
    bool refused;
    const char* says;  // in the refusal, or the note
  };
  const std::multimap<std::string, Case> cases = {
      // The hole: a launch count deciding the 96 passes; the scan alone passes it (offline none).
      {"redteam39_launch_count_tail", {{"calls"}, true, "from module variable calls"}},
      {"redteam39_launch_count_tail", {{}, false, ""}},
      // A settled flag: no variable changes; the verified runs refuse it, not the scan.
      {"redteam39_first_answer_flag", {{}, false, ""}},
      // Red team 1's launch count (the estimate, padded by a loop): refused once it moves.
      {"redteam_first_launch", {{"g_launches"}, true, "module variable g_launches"}},
      // A launch count choosing which loads, not how many loops: the scan's rule lets it.
      {"cheat_gate_count", {{"g_launches"}, false, "g_launches changed"}},
      // ... and choosing the padding loop's length: refused (its expect since P7k).
      {"cheat_gate_padded", {{"g_launches"}, true, "module variable g_launches"}},
      // Red team 1's delta memos: the changed elements listed in atomicAdd's order, which moves
      // from run to run; listed, they decide the serve path's work (their expects since P7k).
      {"redteam_delta_gemm", {{"g_row", "g_col", "g_step"}, true, "g_step changed"}},
      {"redteam_delta_int", {{"g_row", "g_col", "g_old", "g_new"}, true, "g_new changed"}},
      // Controls. The memo settles; the ticket returns to 0; the census word accumulates (the
      // reload zeroes it, a caller's process does not) and chooses a route without a loop; the
      // relayed clock is the clock scan's; staged arrays, even if their bits moved, decide nothing.
      {"control_redteam_reduce_memo", {{}, false, ""}},
      {"control_redteam7_cuda_samples_threadfence", {{}, false, ""}},
      {"control_redteam19_census_boys", {{"g_small"}, false, "g_small changed"}},
      {"control_redteam38_launch_count_rotate", {{"launch_stamp"}, false, ""}},
      {"control_redteam38_module_stage", {{"stage_mid"}, false, "stage_mid changed"}},
      {"control_redteam13_w8a8_module_stage", {{"g_a", "g_b"}, false, "g_a changed"}},
      // A sense-reversing barrier's generation word (hon40): bumped every launch, so it changes
      // between runs; the wait compares two reads of it, which counts bumps, not the phase.
      {"control_hon39_deepep_timeout_barrier", {{"generation"}, false, "generation changed"}},
  };
  std::set<std::string> seen;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    auto [lo, hi] = cases.equal_range(spec.name);
    if (lo == hi) continue;
    for (const auto& v : spec.variants) {
      if (v.id == spec.seed_variant) continue;
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      // Every variable the worker reads back is one the verdict can follow.
      const auto vars = module_variables(c.ptx);
      const auto symbols = cubin_module_symbols(c.cubin);
      CHECK_FALSE(symbols.empty());
      for (const auto& s : symbols) {
        CAPTURE(s.name);
        CHECK(std::find(vars.begin(), vars.end(), ptx_variable_name(s.name)) != vars.end());
      }
      for (auto it = lo; it != hi; ++it) {
        const Case& k = it->second;
        std::map<std::string, std::string> changed;
        for (const auto& n : k.changed) {
          CAPTURE(n);
          CHECK(named(symbols, n));  // a name the image holds
          changed[n] = settle_pairs()[0].what;
        }
        const CarriedStateVerdict verdict = judge_carried_state(c.ptx, changed);
        CAPTURE(rv.key);
        CAPTURE(verdict.refusal);
        CAPTURE(verdict.note);
        CHECK(verdict.refusal.empty() == !k.refused);
        const std::string& said = k.refused ? verdict.refusal : verdict.note;
        CHECK(said.find(k.says) != std::string::npos);
        if (!k.refused && std::string(k.says).empty()) CHECK(verdict.note.empty());
      }
      seen.insert(spec.name);
    }
  }
  CHECK(seen.size() == 14);
  // A changed variable the PTX does not name cannot be followed: refused, said.
  const std::string ptx = ".version 9.0\n.target sm_90\n.address_size 64\n"
                          ".global .align 4 .u32 calls;\n"
                          ".visible .entry k()\n{\nret;\n}\n";
  const auto v = judge_carried_state(ptx, {{"elsewhere", "changed"}});
  CHECK(v.refusal.find("cannot follow") != std::string::npos);
  CHECK(v.refusal.find("elsewhere") != std::string::npos);
}

