// Red team 13 (issue 28): module memory is no way around the data-flow scans. Under a declared
// fp64 no buffer may receive a value of FP32 arithmetic (red team 9's rule, fp32_arith_to_buffers),
// and an integer MMA's operands must not be narrowed from floats in any launch (red team 9's
// cross-launch provenance): a `.global` or `.const` variable one launch stores to is memory a later
// launch reads, so it is bound to every launch as a buffer (redteam13_f64_module_relay,
// redteam13_int8_module_relay). generators/ptx_module_memory.h module_variables,
// generators/ptx_module_binding.h, generators/ptx_int_provenance.cpp.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_precision.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;

namespace {

// Entry `relay` computes an FP32 product, widens it and stores it to `sink` (a module variable
// when the PTX declares one); no parameter receives it.
std::string relay_ptx(const std::string& decl, const std::string& sink) {
  return decl +
         ".visible .entry relay(\n\t.param .u64 relay_param_0\n)\n{\n"
         "\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<4>;\n\t.reg .b64 %rd<4>;\n"
         "\tld.param.u64 %rd1, [relay_param_0];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
         "\tld.global.f32 %f1, [%rd2];\n\tmul.rn.f32 %f2, %f1, %f1;\n\tcvt.f64.f32 %fd1, %f2;\n"
         "\tst." +
         sink + ".f64 [" + (sink == "shared" ? "s_tile" : "g_relay") + "], %fd1;\n\tret;\n}\n";
}

}  // namespace

TEST_CASE("red team 13: module variables, at module scope and inside a body") {
  const std::string ptx =
      ".global .align 8 .b8 g_relay[32];\n.const .align 4 .u32 c_taps[4] = {1, 2, 3, 4};\n"
      ".extern .shared .align 16 .b8 s_dyn[];\n"
      ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\t{\n\t.global .u32 asm_scoped;\n"
      "\tst.global.u32 [asm_scoped], %r1;\n\t}\n\tret;\n}\n";
  const std::vector<std::string> v = module_variables(ptx);
  CHECK(std::set<std::string>(v.begin(), v.end()) ==
        std::set<std::string>{"g_relay", "c_taps", "asm_scoped"});
}

TEST_CASE("red team 13: FP32 results stored to module memory reach a buffer") {
  // Fails before the fix: the scan counted stores through parameters and unknown addresses only.
  CHECK(fp32_arith_to_buffers(relay_ptx(".global .align 8 .b8 g_relay[8];\n", "global")) == 1);
  // Shared memory does not outlive the launch: a tile kept there is not a relay.
  CHECK(fp32_arith_to_buffers(relay_ptx(".shared .align 8 .b8 s_tile[8];\n", "shared")) == 0);
}

TEST_CASE("red team 13: the relay folders are refused, red team 9's seeds and cheats as before") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  // The FP32-arithmetic relay, the int8 narrowing relayed to an IMMA launch, red team 9's
  // originals, and the controls whose launches hand the problem's own integers to IMMAs.
  const std::set<std::string> folders = {
      "redteam13_f64_module_relay",        "redteam9_dead_f64_majority",
      "redteam13_int8_module_relay",       "redteam9_scratch_int8_launder",
      "control_int8_w8a8_scales",          "control_redteam9_imma_packed_scratch",
      "control_redteam10_dp4a_w8a8_tiles", "control_redteam13_w8a8_module_stage"};
  auto chip = test::test_chip();
  int seen = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    if (!folders.count(spec.name)) continue;
    for (const auto& v : spec.variants) {
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      std::set<DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      const std::string m =
          precision_mismatch(scan_ptx_precision(c.ptx, float_params(rv)), rv.precision, dtypes);
      CAPTURE(rv.key);
      CAPTURE(m);
      CHECK(m.empty() == (v.id != "cheat"));
      if (v.id == "cheat")
        CHECK(m.find(rv.precision == "fp64"
                         ? "kernel(s) storing results of"
                         : "not shown to multiply the problem's integer") != std::string::npos);
      ++seen;
    }
  }
  CHECK(seen == 16);
}
