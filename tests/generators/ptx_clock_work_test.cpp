// Work that follows the clock (generators/ptx_clock_work.h, red team 36): hand-written PTX in
// NVRTC's form, then the folders that read a clock through NVRTC.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_clock_work.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;

namespace {

std::string entry(const std::string& body) {
  return ".version 9.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)\n{\n"
         ".reg .pred %p<8>;\n.reg .b32 %r<16>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<16>;\n"
         "ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1];\n"
         "mov.u64 %rd2, %globaltimer;\n" +
         body + "st.global.u32 [%rd1], %r1;\nret;\n}\n";
}

// A loop of %r1 trips (the kernel's own work).
const std::string kLoop =
    "mov.u32 %r2, 0;\n$L__BB0_2:\nadd.s32 %r2, %r2, 1;\nsetp.lt.s32 %p2, %r2, %r1;\n"
    "@%p2 bra $L__BB0_2;\n";

std::string why(const std::string& ptx) { return clock_work_refusal(scan_ptx_clock_work(ptx)); }

}  // namespace

TEST_CASE("a branch on a clock window around a loop is refused; the clock's other uses are not") {
  // redteam36_clock_window_tail's shape: bits 28..32 of %globaltimer decide whether the loop runs.
  const std::string window = entry(
      "shr.u64 %rd3, %rd2, 28;\nand.b64 %rd4, %rd3, 31;\nsetp.ne.s64 %p1, %rd4, 0;\n"
      "@%p1 bra $L__BB0_3;\n" +
      kLoop + "$L__BB0_3:\n");
  const ClockWork w = scan_ptx_clock_work(window);
  CHECK(w.found);
  CHECK(w.entry == "k");
  CHECK(w.what == "a branch around a loop");
  CHECK(why(window).find("the work done depends on the clock") == 0);
  // The same loop, no clock: nothing.
  std::string plain = window;
  plain.replace(plain.find("%globaltimer"), 12, "%tid.x");
  CHECK_FALSE(scan_ptx_clock_work(plain).found);
  // The clock into the trip count.
  const std::string trips = entry(
      "cvt.u32.u64 %r3, %rd2;\nand.b32 %r4, %r3, 1023;\nmov.u32 %r2, 0;\n$L__BB0_2:\n"
      "add.s32 %r2, %r2, 1;\nsetp.lt.s32 %p2, %r2, %r4;\n@%p2 bra $L__BB0_2;\n");
  CHECK(scan_ptx_clock_work(trips).what == "a loop's trip count");
  // Through shared memory (one thread reads the clock, the block reads the word) and %clock64.
  std::string shared = trips;
  shared.replace(shared.find("cvt.u32.u64 %r3, %rd2;"), 22,
                 "st.shared.u64 [rot], %rd2;\nbar.sync 0;\nld.shared.u64 %rd9, [rot];\n"
                 "cvt.u32.u64 %r3, %rd9;");
  shared.replace(shared.find("%globaltimer"), 12, "%clock64");
  CHECK(scan_ptx_clock_work(shared).found);
  // An exit on the clock before the work, a branch out of the loop, a sleep of the clock's length.
  CHECK(scan_ptx_clock_work(
            entry("cvt.u32.u64 %r3, %rd2;\nsetp.eq.s32 %p1, %r3, 0;\n@%p1 ret;\n" + kLoop))
            .what == "an exit before a loop");
  CHECK(scan_ptx_clock_work(entry("cvt.u32.u64 %r3, %rd2;\nsetp.eq.s32 %p1, %r3, 0;\n"
                                  "mov.u32 %r2, 0;\n$L__BB0_2:\n@%p1 bra $L__BB0_9;\n"
                                  "add.s32 %r2, %r2, 1;\nsetp.lt.s32 %p2, %r2, %r1;\n"
                                  "@%p2 bra $L__BB0_2;\n$L__BB0_9:\n"))
            .what == "a loop's trip count");
  CHECK(scan_ptx_clock_work(entry("cvt.u32.u64 %r3, %rd2;\nand.b32 %r4, %r3, 65535;\n"
                                  "nanosleep.u32 %r4;\n"))
            .what == "a sleep's length");
  // control_redteam36_clock_rotate's shape: the clock picks an offset that wraps round inside
  // the loop (a branch whose region holds no loop) and an address: legal.
  const std::string rotate = entry(
      "cvt.u32.u64 %r3, %rd2;\nrem.u32 %r4, %r3, %r1;\nmov.u32 %r2, 0;\n$L__BB0_2:\n"
      "add.s32 %r5, %r2, %r4;\nsetp.lt.s32 %p3, %r5, %r1;\n@%p3 bra $L__BB0_4;\n"
      "sub.s32 %r5, %r5, %r1;\n$L__BB0_4:\nmul.wide.s32 %rd6, %r5, 4;\n"
      "add.s64 %rd7, %rd1, %rd6;\nld.global.f32 %f1, [%rd7];\nadd.s32 %r2, %r2, 1;\n"
      "setp.lt.s32 %p2, %r2, %r1;\n@%p2 bra $L__BB0_2;\nst.global.f32 [%rd1], %f1;\n");
  CHECK_MESSAGE(!scan_ptx_clock_work(rotate).found, why(rotate));
  // A time stamp stored, and a select of an order on a clock bit: legal.
  CHECK_FALSE(scan_ptx_clock_work(entry("st.global.u64 [%rd1+8], %rd2;\n" + kLoop)).found);
  CHECK_FALSE(scan_ptx_clock_work(entry("and.b64 %rd3, %rd2, 1;\nsetp.eq.s64 %p1, %rd3, 0;\n"
                                        "selp.b32 %r5, 3, 0, %p1;\n" +
                                        kLoop + "st.global.u32 [%rd1+4], %r5;\n"))
                  .found);
}

TEST_CASE(
    "a wait of fixed length is elapsed time, not the clock's phase; one of chosen length is") {
  // control_redteam_reduce_memo: `while (now() - t0 < 64000) {}`.
  const std::string wait = entry(
      "$L__BB0_5:\nmov.u64 %rd3, %globaltimer;\nsub.s64 %rd4, %rd3, %rd2;\n"
      "setp.lt.u64 %p1, %rd4, 64000;\n@%p1 bra $L__BB0_5;\n");
  CHECK_MESSAGE(!scan_ptx_clock_work(wait).found, why(wait));
  // The same against a deadline (t0 + 64000), as a compiler may fold it.
  const std::string deadline = entry(
      "add.s64 %rd5, %rd2, 64000;\n$L__BB0_5:\nmov.u64 %rd3, %globaltimer;\n"
      "setp.lt.u64 %p1, %rd3, %rd5;\n@%p1 bra $L__BB0_5;\n");
  CHECK_MESSAGE(!scan_ptx_clock_work(deadline).found, why(deadline));
  // A deadline whose length the clock's phase chooses: refused.
  std::string chosen = deadline;
  chosen.replace(chosen.find("add.s64 %rd5, %rd2, 64000;"), 26,
                 "shr.u64 %rd6, %rd2, 28;\nand.b64 %rd7, %rd6, 31;\nadd.s64 %rd5, %rd2, %rd7;");
  CHECK(scan_ptx_clock_work(chosen).what == "a loop's trip count");
  // An elapsed time compared against a bound the phase chooses: refused.
  std::string bound = wait;
  bound.replace(bound.find("setp.lt.u64 %p1, %rd4, 64000;"), 29,
                "shr.u64 %rd6, %rd2, 28;\nsetp.lt.u64 %p1, %rd4, %rd6;");
  CHECK(scan_ptx_clock_work(bound).found);
  // Two different clocks subtracted are no elapsed time.
  std::string mixed = wait;
  mixed.replace(mixed.find("mov.u64 %rd3, %globaltimer;"), 27, "mov.u64 %rd3, %clock64;");
  CHECK(scan_ptx_clock_work(mixed).found);
}

TEST_CASE("the folders that read a clock, through NVRTC: only the window's child is refused") {
  if (!nvrtc_available()) return;
  auto chip = test::test_chip();
  const std::map<std::string, bool> child_refused = {
      {"redteam36_clock_window_tail", true},    {"control_redteam36_clock_rotate", false},
      {"control_redteam20_timer_gauss", false}, {"control_redteam3_cache_hints", false},
      {"control_redteam_reduce_memo", false},   {"redteam36_forgiven_stall", false}};
  int seen = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    const auto want = child_refused.find(spec.name);
    if (want == child_refused.end()) continue;
    for (const auto& v : spec.variants) {
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      const ClockWork w = scan_ptx_clock_work(c.ptx);
      CAPTURE(rv.key);
      CAPTURE(clock_work_refusal(w));
      CHECK(w.found == (want->second && v.id != spec.seed_variant));
      ++seen;
    }
  }
  CHECK(seen == 12);  // six folders, two variants each
}
