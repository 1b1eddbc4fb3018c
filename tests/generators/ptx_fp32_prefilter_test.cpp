// Under a measured fp64 class, FP32 arithmetic is judged by where its values go, branches
// included (generators/ptx_precision.h precision_mismatch `fp64_measured`; issue 28,
// control_redteam12_f64_cutoff_prefilter): an FP32 prefilter whose region is re-tested in FP64
// before anything it writes escapes passes; an FP32 test that alone decides what an output
// holds, an FP32 result stored, or any of it where the class is not measured is refused.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "generators/measured_class_check.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_precision.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;

namespace {

// k(p: f64 in, out: f64 out): a pair loop; %f3 is an FP32 distance of the narrowed coordinates,
// %fd3 the FP64 one. `body` is the pair's code between them and the loop's back edge; the sum
// %fd9 is stored after the loop.
std::string kernel(const std::string& body) {
  return ".version 8.5\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u64 k_param_1\n)\n{\n"
         "\t.reg .pred %p<8>;\n\t.reg .b32 %r<20>;\n\t.reg .f32 %f<20>;\n"
         "\t.reg .f64 %fd<20>;\n\t.reg .b64 %rd<20>;\n"
         "\tld.param.u64 %rd1, [k_param_0];\n\tld.param.u64 %rd2, [k_param_1];\n"
         "\tcvta.to.global.u64 %rd3, %rd1;\n\tcvta.to.global.u64 %rd4, %rd2;\n"
         "\tmov.u32 %r1, %tid.x;\n\tmul.wide.s32 %rd5, %r1, 8;\n\tadd.s64 %rd6, %rd3, %rd5;\n"
         "\tld.global.f64 %fd1, [%rd6];\n\tcvt.rn.f32.f64 %f1, %fd1;\n"
         "\tmov.f64 %fd9, 0d0000000000000000;\n\tmov.u32 %r2, 0;\n"
         "$L__BB0_1:\n\tmul.wide.s32 %rd7, %r2, 8;\n\tadd.s64 %rd8, %rd3, %rd7;\n"
         "\tld.global.f64 %fd2, [%rd8];\n\tcvt.rn.f32.f64 %f2, %fd2;\n"
         "\tsub.f32 %f4, %f1, %f2;\n\tmul.f32 %f3, %f4, %f4;\n"
         "\tsub.f64 %fd4, %fd1, %fd2;\n\tmul.f64 %fd3, %fd4, %fd4;\n\t" +
         body +
         "$L__BB0_9:\n\tadd.s32 %r2, %r2, 1;\n\tsetp.lt.s32 %p1, %r2, 1024;\n"
         "\t@%p1 bra $L__BB0_1;\n"
         "\tadd.s64 %rd9, %rd4, %rd5;\n\tst.global.f64 [%rd9], %fd9;\n\tret;\n}\n";
}

// The FP32 test (d^2 >= 1.001: skip), then the FP64 one (d^2 >= 1: skip), then the force.
const std::string kFp32Test = "setp.geu.f32 %p2, %f3, 0f3F8020C5;\n\t@%p2 bra $L__BB0_9;\n\t";
const std::string kFp64Test =
    "setp.geu.f64 %p3, %fd3, 0d3FF0000000000000;\n\t@%p3 bra $L__BB0_9;\n\t";
const std::string kForce =
    "mov.f64 %fd5, 0d3FF0000000000000;\n\tsub.f64 %fd6, %fd5, %fd3;\n"
    "\tmul.f64 %fd7, %fd6, %fd6;\n\tfma.rn.f64 %fd9, %fd4, %fd7, %fd9;\n";

const std::set<DType> kF64 = {DType::F64};

std::string verdict(const std::string& body, bool measured) {
  return precision_mismatch(scan_ptx_precision(kernel(body), FloatParams{}), "fp64", kF64,
                            measured);
}

}  // namespace

TEST_CASE("an FP32 prefilter re-tested in FP64 passes where the fp64 class is measured") {
  const std::string prefilter = kFp32Test + kFp64Test + kForce;
  CHECK(verdict(prefilter, true).empty());
  // Before (and still where the class is not measured): FP32 arithmetic beside a narrowing.
  CHECK(verdict(prefilter, false).find("conversion(s) from FP64 to FP32") != std::string::npos);
  // The FP64 test alone (the seed's shape): passes either way.
  CHECK(verdict(kFp64Test + kForce, true).empty());
}

TEST_CASE("FP32 results that decide or make what an output holds are refused, measured or not") {
  const std::string ways[] = {
      // the FP32 test alone decides which terms are added
      kFp32Test + kForce,
      // the force added before the FP64 test: the FP32 branch decided the sum already
      kFp32Test + kForce + kFp64Test,
      // an FP64 test on a value widened from the FP32 result: the FP32 test again
      kFp32Test +
          "cvt.f64.f32 %fd8, %f3;\n\tsetp.geu.f64 %p3, %fd8, 0d3FF0000000000000;\n"
          "\t@%p3 bra $L__BB0_9;\n\t" +
          kForce,
      // a label after the FP64 test lets a path in around it
      kFp32Test +
          "setp.geu.f64 %p3, %fd3, 0d3FF0000000000000;\n\t@%p3 bra $L__BB0_9;\n"
          "$L__BB0_5:\n\t" +
          kForce,
      // the FP32 result itself added to the sum
      "cvt.f64.f32 %fd8, %f3;\n\tadd.f64 %fd9, %fd9, %fd8;\n",
      // a store of a constant inside the FP32-decided region (what the branch decided)
      kFp32Test + "add.s64 %rd10, %rd4, %rd7;\n\tst.global.f64 [%rd10], 0d3FF0000000000000;\n",
  };
  for (const auto& w : ways) {
    CAPTURE(w);
    CHECK(!verdict(w, true).empty());
    CHECK(!verdict(w, false).empty());
  }
}

TEST_CASE("the prefilter control through NVRTC: kept where measured; fp64 outputs measured") {
  if (!nvrtc_available()) {
    MESSAGE("NVRTC not available: " << nvrtc_unavailable_reason());
    return;
  }
  auto chip = test::test_chip();
  int seen = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    if (spec.name != "control_redteam12_f64_cutoff_prefilter") continue;
    for (const auto& v : spec.variants) {
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      CHECK(fp64_outputs_measured(rv));
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      std::set<DType> dtypes;
      for (const auto& b : rv.buffers) dtypes.insert(b.dtype);
      const auto p = scan_ptx_precision(c.ptx, float_params(rv));
      CAPTURE(rv.key);
      CHECK(precision_mismatch(p, rv.precision, dtypes, true).empty());
      if (v.id == "control") {
        CHECK(p.cvt_f32_from_f64 > 0);
        CHECK(!precision_mismatch(p, rv.precision, dtypes, false).empty());
      }
      // The class opted out (measured_class: off): nothing measures the FP32 decisions.
      auto off = rv;
      off.tolerance.class_rtol = 0;
      CHECK(!fp64_outputs_measured(off));
      ++seen;
    }
  }
  CHECK(seen == 2);
}
