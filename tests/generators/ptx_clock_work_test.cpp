// Work that follows the clock (generators/ptx_clock_work.h, red team 36): hand-written PTX in
// NVRTC's form, then the folders that read a clock through NVRTC.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_launch_sources.h"
#include "generators/ptx_taint.h"
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

TEST_CASE("the property, not a list: any special register the launch does not fix is a source") {
  // redteam38_launch_count_window's shape on %gridid (a launch count), and the same on the other
  // registers a launch does not fix (placement, counters, driver state, a name a later ISA adds).
  const std::string window = entry(
      "shr.u64 %rd3, %rd2, 12;\nand.b64 %rd4, %rd3, 31;\nsetp.ne.s64 %p1, %rd4, 0;\n"
      "@%p1 bra $L__BB0_3;\n" +
      kLoop + "$L__BB0_3:\n");
  auto on = [&](const std::string& reg) {
    std::string k = window;
    k.replace(k.find("%globaltimer"), 12, reg);
    return k;
  };
  for (const char* reg : {"%gridid", "%smid", "%warpid", "%pm0_64", "%envreg3",
                          "%current_graph_exec", "%some_later_register"}) {
    CAPTURE(reg);
    const ClockWork w = scan_ptx_clock_work(on(reg));
    CHECK(w.found);
    CHECK(w.what == "a branch around a loop");
    CHECK(w.sources == reg);
    CHECK(why(on(reg)).find(std::string("from ") + reg) != std::string::npos);
  }
  // The registers the launch fixes decide work freely: the grid's shape, the lane, the cluster,
  // the configured shared memory, the chip's sizes.
  for (const char* reg : {"%tid.x", "%ntid.y", "%ctaid.z", "%nctaid.x", "%laneid", "%lanemask_lt",
                          "%cluster_ctarank", "%dynamic_smem_size", "%nsmid"}) {
    CAPTURE(reg);
    CHECK_MESSAGE(!scan_ptx_clock_work(on(reg)).found, why(on(reg)));
  }
  // A declared register is no special one, whatever its name.
  std::string declared = on("%gridid");
  declared.replace(declared.find(".reg .pred"), 0, ".reg .b64 %gridid;\n");
  CHECK_FALSE(scan_ptx_clock_work(declared).found);
}

TEST_CASE("review39: a register an asm block declares after a label is no special register") {
  // An honest spin wait in NVRTC's form: the loop's head label, then an inline asm block that
  // declares its own predicate (`{ .reg .pred %%ready; ... selp ... }`, as cuda_awbarrier_helpers.h
  // writes its test_wait) on a flag another block sets. Before review39 the `.reg` statement read
  // as "$L__BB0_1: { .reg ..." declared nothing, so %ready was taken for a special register the
  // launch does not fix and the wait's trip count for work keyed on it.
  const std::string spin =
      ".version 9.0\n.target sm_90\n.address_size 64\n"
      ".visible .entry k(.param .u64 k_param_0)\n{\n"
      ".reg .pred %p<4>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
      "ld.param.u64 %rd1, [k_param_0];\ncvta.to.global.u64 %rd2, %rd1;\n"
      "$L__BB0_1:\n{\n.reg .pred %ready;\nld.volatile.global.u32 %r1, [%rd2];\n"
      "setp.ne.b32 %ready, %r1, 0;\nselp.b32 %r2, 1, 0, %ready;\n}\n"
      "setp.eq.s32 %p1, %r2, 0;\n@%p1 bra $L__BB0_1;\n"
      "st.global.u32 [%rd2+4], %r2;\nret;\n}\n";
  CHECK_MESSAGE(!scan_ptx_clock_work(spin).found, why(spin));
  // The same wait on an undeclared name is on a special register: refused, named.
  std::string keyed = spin;
  keyed.replace(keyed.find(".reg .pred %ready;"), 18, "");
  keyed.replace(keyed.find("setp.ne.b32 %ready, %r1, 0;"), 27, "");
  keyed.replace(keyed.find("%ready;\n}"), 6, "%warpid");
  const ClockWork w = scan_ptx_clock_work(keyed);
  CHECK(w.found);
  CHECK(w.sources == "%warpid");
}

namespace {

// Two entries sharing a __device__ u64 `stamp`: `first` stores `value` (computed from %rd2, a
// read of `source`) to it, `second` loads it and runs `use` (on %rd3, the loaded value) then the
// loop; `second_first` puts the reading entry first in the module.
std::string relay(const std::string& source, const std::string& value, const std::string& use,
                  bool second_first = false) {
  const std::string head =
      ".version 9.0\n.target sm_90\n.address_size 64\n.global .align 8 .u64 stamp;\n";
  const std::string first = ".visible .entry first()\n{\n.reg .b64 %rd<8>;\nmov.u64 %rd2, " +
                            source + ";\n" + value + "st.global.u64 [stamp], %rd5;\nret;\n}\n";
  const std::string second =
      ".visible .entry second(.param .u64 k_param_0, .param .u32 k_param_1)\n{\n"
      ".reg .pred %p<8>;\n.reg .b32 %r<16>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<16>;\n"
      "ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1];\n"
      "mov.u64 %rd6, stamp;\nld.volatile.global.u64 %rd3, [%rd6];\n" +
      use + "st.global.u32 [%rd1], %r1;\nret;\n}\n";
  return head + (second_first ? second + first : first + second);
}

const std::string kWindowOnRd3 =
    "shr.u64 %rd4, %rd3, 28;\nand.b64 %rd7, %rd4, 31;\nsetp.ne.s64 %p1, %rd7, 0;\n"
    "@%p1 bra $L__BB0_3;\n" +
    kLoop + "$L__BB0_3:\n";

}  // namespace

TEST_CASE("a source relayed from launch to launch through a module variable is still a source") {
  // redteam38_clock_relay's shape: one launch stores the clock, the next decides work from it,
  // whichever order the entries have in the module.
  for (bool second_first : {false, true}) {
    const std::string k =
        relay("%globaltimer", "mov.u64 %rd5, %rd2;\n", kWindowOnRd3, second_first);
    const ClockWork w = scan_ptx_clock_work(k);
    CHECK(w.found);
    CHECK(w.entry == "second");
    CHECK(w.sources == "module variable stamp");
    // Computed from a launch count, then relayed: the same.
    CHECK(scan_ptx_clock_work(
              relay("%gridid", "xor.b64 %rd5, %rd2, 77;\n", kWindowOnRd3, second_first))
              .found);
  }
  // Stored by an atomic, and read back by one (its returned value): the same.
  std::string atomic = relay("%globaltimer", "mov.u64 %rd5, %rd2;\n", kWindowOnRd3);
  atomic.replace(atomic.find("st.global.u64 [stamp], %rd5;"), 28,
                 "atom.global.exch.b64 %rd4, [stamp], %rd5;");
  atomic.replace(atomic.find("ld.volatile.global.u64 %rd3, [%rd6];"), 36,
                 "atom.global.add.u64 %rd3, [%rd6], 0;");
  CHECK_MESSAGE(scan_ptx_clock_work(atomic).found, atomic);
  // control_redteam38_launch_count_rotate's shape: the relayed value picks where the loop starts
  // reading (an address), not how many trips it makes: legal.
  const std::string rotate =
      relay("%gridid", "mov.u64 %rd5, %rd2;\n",
            "cvt.u32.u64 %r3, %rd3;\nrem.u32 %r4, %r3, %r1;\nmov.u32 %r2, 0;\n$L__BB0_2:\n"
            "add.s32 %r5, %r2, %r4;\nsetp.lt.s32 %p3, %r5, %r1;\n@%p3 bra $L__BB0_4;\n"
            "sub.s32 %r5, %r5, %r1;\n$L__BB0_4:\nmul.wide.s32 %rd8, %r5, 4;\n"
            "add.s64 %rd9, %rd1, %rd8;\nld.global.f32 %f1, [%rd9];\nadd.s32 %r2, %r2, 1;\n"
            "setp.lt.s32 %p2, %r2, %r1;\n@%p2 bra $L__BB0_2;\nst.global.f32 [%rd1], %f1;\n");
  CHECK_MESSAGE(!scan_ptx_clock_work(rotate).found, why(rotate));
  // A module variable that holds no source's value decides work freely (decided: a memo's
  // machinery, control_redteam_reduce_memo): a fixed value stored, a launch-independent one.
  CHECK_FALSE(scan_ptx_clock_work(relay("%tid.x", "mov.u64 %rd5, %rd2;\n", kWindowOnRd3)).found);
  CHECK_FALSE(scan_ptx_clock_work(relay("%globaltimer", "mov.u64 %rd5, 7;\n", kWindowOnRd3)).found);
}

TEST_CASE("the folders that read a clock, through NVRTC: only the windows' children are refused") {
  if (!nvrtc_available()) return;
  auto chip = test::test_chip();
  const std::map<std::string, bool> child_refused = {
      {"redteam36_clock_window_tail", true},
      {"control_redteam36_clock_rotate", false},
      {"control_redteam20_timer_gauss", false},
      {"control_redteam3_cache_hints", false},
      {"control_redteam_reduce_memo", false},
      {"redteam36_forgiven_stall", false},
      {"redteam38_clock_relay", true},
      {"redteam38_launch_count_window", true},
      {"control_redteam38_launch_count_rotate", false},
      {"redteam39_placement_window", false},  // open: placement sources disconnected (below)
      {"redteam39_local_frame_relay", true},
      {"control_redteam39_placement_rotate", false}};
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
  CHECK(seen == 24);  // twelve folders, two variants each
}

TEST_CASE("taint::parse reads a .reg after a block's label as a declaration (review39)") {
  std::set<std::string> float_regs, bare_regs;
  taint::Insn in;
  // Declared; the statement is still one (its label is a loop's head: the callers' flows).
  CHECK(taint::parse("$L__BB0_1:\n\t{\n\t.reg .f32 %g<4>, q", in, float_regs, bare_regs));
  CHECK(float_regs.count("%g") == 1);
  CHECK(bare_regs.count("q") == 1);
  CHECK_FALSE(taint::parse(".reg .f32 %h", in, float_regs, bare_regs));
  CHECK(float_regs.count("%h") == 1);
  // An instruction after a label is still one.
  CHECK(taint::parse("$L__BB0_2:\n\tadd.s32 %r1, %r2, 1", in, float_regs, bare_regs));
  CHECK(in.parts.at(0) == "add");
}

namespace {

// An entry k(u64 p, u32 n, u64 m): %rd1 = p (stored through: a pointer), %r1 = n, %rd8 = m (a
// 64-bit number, never an address), no clock; `body` then the store.
std::string placed(const std::string& body) {
  return ".version 9.0\n.target sm_90\n.address_size 64\n"
         ".visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1, .param .u64 k_param_2)"
         "\n{\n.local .align 8 .b8 __local_depot0[16];\n.reg .b64 %SP;\n.reg .b64 %SPL;\n"
         ".reg .pred %p<8>;\n.reg .b32 %r<16>;\n.reg .f32 %f<8>;\n.reg .b64 %rd<16>;\n"
         ".shared .align 8 .b8 box[16];\n"
         "mov.u64 %SPL, __local_depot0;\ncvta.local.u64 %SP, %SPL;\n"
         "ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1];\n"
         "ld.param.u64 %rd8, [k_param_2];\n" +
         body + "st.global.u32 [%rd1], %r1;\nret;\n}\n";
}

// A branch on %p1 around kLoop.
std::string around(const std::string& setp) {
  return setp + "@%p1 bra $L__BB0_3;\n" + kLoop + "$L__BB0_3:\n";
}

}  // namespace

TEST_CASE("a local or shared word loaded before the entry stores it is a source (red team 39)") {
  // redteam39_local_frame_relay's shape: the frame read before any store of it.
  const std::string relay = placed(
      around("add.u64 %rd2, %SPL, 0;\nld.local.u64 %rd3, [%rd2+8];\nsetp.ne.s64 %p1, %rd3, 0;\n"));
  const ClockWork w = scan_ptx_clock_work(relay);
  CHECK(w.found);
  CHECK(w.sources == "local memory no store of the entry wrote first (__local_depot0+8)");
  // Generic, through the frame's generic address: the same.
  CHECK(scan_ptx_clock_work(placed(around("add.u64 %rd2, %SP, 0;\nld.u64 %rd3, [%rd2+8];\n"
                                          "setp.ne.s64 %p1, %rd3, 0;\n")))
            .found);
  // A spill: stored, then loaded: legal. Another word stored, or a store on one path only (a
  // guarded one), does not write the word loaded.
  const std::string spill =
      "add.u64 %rd2, %SPL, 0;\nst.local.u64 [%rd2+8], %rd8;\nld.local.u64 %rd3, [%rd2+8];\n"
      "setp.ne.s64 %p1, %rd3, 0;\n";
  CHECK_MESSAGE(!scan_ptx_clock_work(placed(around(spill))).found, why(placed(around(spill))));
  std::string other = spill;
  other.replace(other.find("[%rd2+8], %rd8"), 14, "[%rd2], %rd8");
  CHECK(scan_ptx_clock_work(placed(around(other))).found);
  std::string guarded = spill;
  guarded.replace(guarded.find("st.local"), 8, "setp.eq.s32 %p4, %r1, 7;\n@%p4 st.local");
  CHECK(scan_ptx_clock_work(placed(around(guarded))).found);
  // Shared memory: another thread's store covers the word (`if (tid == 0) box = n; bar.sync;`),
  // a word no store of the entry reaches does not.
  const std::string shared =
      "mov.u32 %r6, %tid.x;\nsetp.ne.s32 %p5, %r6, 0;\n@%p5 bra $L__BB0_5;\n"
      "st.shared.u32 [box+4], %r1;\n$L__BB0_5:\nbar.sync 0;\nld.shared.u32 %r7, [box+4];\n"
      "setp.ne.s32 %p1, %r7, 0;\n";
  CHECK_MESSAGE(!scan_ptx_clock_work(placed(around(shared))).found, why(placed(around(shared))));
  std::string unwritten = shared;
  unwritten.replace(unwritten.find("st.shared.u32 [box+4]"), 21, "st.shared.u32 [box+8]");
  CHECK(scan_ptx_clock_work(placed(around(unwritten))).found);
}

// Cooperative groups' grid sync (hon40, issue 28: review39's (e)): this_grid() reads the driver's
// grid workspace from %envreg1/%envreg2 and grid.sync() spins on a word there. The harness never
// launches cooperatively, so the kernel is refused for the launch it needs, not for the clock.
TEST_CASE("a read of the grid workspace (%envreg1/%envreg2) is refused for the cooperative launch") {
  // driver_abi.h's get_grid_workspace and details::grid::sync's spin, in NVRTC's form.
  const std::string sync = entry(
      "mov.u32 %r3, %envreg1;\nmov.u32 %r4, %envreg2;\ncvt.u64.u32 %rd3, %r3;\n"
      "cvt.u64.u32 %rd4, %r4;\nshl.b64 %rd5, %rd3, 32;\nor.b64 %rd6, %rd5, %rd4;\n"
      "add.s64 %rd7, %rd6, 4;\natom.add.release.gpu.u32 %r5, [%rd7], 1;\n"
      "$L__BB0_5:\nld.acquire.gpu.u32 %r6, [%rd7];\nxor.b32 %r7, %r6, %r5;\n"
      "and.b32 %r8, %r7, -2147483648;\nsetp.eq.s32 %p3, %r8, 0;\n@%p3 bra $L__BB0_5;\n");
  const ClockWork w = scan_ptx_clock_work(sync);
  CHECK(w.found);
  CHECK(w.cooperative);
  CHECK(w.what == "a grid-wide sync");
  CHECK(w.statement == "mov.u32 %r3, %envreg1");
  const std::string r = clock_work_refusal(w);
  CHECK(r.find("needs a cooperative launch") != std::string::npos);
  CHECK(r.find("depends on the clock") == std::string::npos);
  // Any other %envreg is driver state the launch does not fix: a source, refused for the clock.
  std::string other = sync;
  for (const char* reg : {"%envreg1", "%envreg2"}) other.replace(other.find(reg), 8, "%envreg5");
  const ClockWork o = scan_ptx_clock_work(other);
  CHECK(o.found);
  CHECK_FALSE(o.cooperative);
  CHECK(clock_work_refusal(o).find("depends on the clock") != std::string::npos);
}

TEST_CASE("CUDA samples' reductionMultiBlockCG through NVRTC: refused for the cooperative launch") {
  if (!nvrtc_available()) return;
  auto chip = test::test_chip();
  int seen = 0;
  for (const auto& spec : load_problems(test::source_dir() + "/tests/cheats")) {
    if (spec.name != "control_hon40_cg_grid_sync_reduce") continue;
    for (const auto& v : spec.variants) {
      if (v.id != "control") continue;
      auto rv = resolve(spec, v, {}, chip);
      REQUIRE_MESSAGE(rv.ok(), rv.key);
      auto c = compile_variant(rv, nullptr);
      REQUIRE_MESSAGE(c.ok, rv.key, c.log);
      const ClockWork w = scan_ptx_clock_work(c.ptx);
      CAPTURE(clock_work_refusal(w));
      CHECK(w.cooperative);
      CHECK(clock_work_refusal(w).find("needs a cooperative launch") != std::string::npos);
      ++seen;
    }
  }
  CHECK(seen == 1);
}

// Review39's (d), decided (hon40): a per-SM work queue, `while ((t = atomicAdd(&q[smid], 1)) < n)
// work(t)`, is refused, and must be. The tickets a word hands out are 0, 1, ... so each word a
// block claims from yields n items: the work a launch does is n times the number of distinct
// words claimed from, which the address's source chooses (the SMs that host a block; the clock's
// window where the same queue is keyed on %globaltimer, the cheat). %smid may choose an address
// whose contents decide no work (a privatised partial, a workspace slot), not a work counter.
TEST_CASE("a ticket loop on a word chosen by %smid is refused like one chosen by the clock") {
  auto queue = [](const std::string& reg) {
    return ".version 9.0\n.target sm_90\n.address_size 64\n"
           ".global .align 4 .b8 q[1024];\n"
           ".visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)\n{\n"
           ".reg .pred %p<8>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n"
           "ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1];\n"
           "mov.u32 %r2, " + reg + ";\nand.b32 %r3, %r2, 255;\nmul.wide.u32 %rd2, %r3, 4;\n"
           "mov.u64 %rd3, q;\nadd.s64 %rd4, %rd3, %rd2;\n"
           "$L__BB0_1:\natom.global.add.u32 %r4, [%rd4], 1;\nsetp.ge.s32 %p1, %r4, %r1;\n"
           "@%p1 bra $L__BB0_2;\nmul.wide.s32 %rd5, %r4, 4;\nadd.s64 %rd6, %rd1, %rd5;\n"
           "st.global.u32 [%rd6], %r4;\nbra.uni $L__BB0_1;\n$L__BB0_2:\nret;\n}\n";
  };
  for (const char* reg : {"%smid", "%globaltimer_lo"}) {
    CAPTURE(reg);
    const ClockWork w = scan_ptx_clock_work(queue(reg));
    CHECK(w.found);
    CHECK(w.what == "a loop's trip count");
    CHECK(w.sources.find(reg) != std::string::npos);
  }
  // The same queue on one word the launch fixes (a global ticket: hippie's persistent threads).
  CHECK_FALSE(scan_ptx_clock_work(queue("%nsmid")).found);
}

// P7k's launch counters (hon40, issue 28): a sense-reversing barrier's generation word changes
// every launch, so P7k seeds it as a launch count (control_hon39_deepep_timeout_barrier,
// control_hon40_atomic_ref_grid_barrier); a compare of two reads of it counts the bumps made in
// this launch, not the count's phase, as long as every write to it is a bump no phase decides.
TEST_CASE("two reads of a launch counter compared derive nothing; a phase-decided write between them does") {
  // a = generation; [the write]; b = generation; if (b != a) skip the loop.
  auto module = [](const std::string& decl, const std::string& write) {
    return ".version 9.0\n.target sm_90\n.address_size 64\n" + decl +
           ".visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)\n{\n"
           ".reg .pred %p<8>;\n.reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n"
           "ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1];\n"
           "ld.volatile.global.u32 %r10, [generation];\n" +
           write + "ld.volatile.global.u32 %r11, [generation];\nsetp.ne.s32 %p1, %r11, %r10;\n"
           "@%p1 bra $L__BB0_3;\n" + kLoop + "$L__BB0_3:\nst.global.u32 [%rd1], %r1;\nret;\n}\n";
  };
  const std::string scalar = ".global .align 4 .u32 generation;\n";
  const std::string bump = "add.s32 %r12, %r10, 1;\nst.volatile.global.u32 [generation], %r12;\n";
  const std::set<std::string> carried = {"generation"};
  // The barrier's bump (gen + 1), an atomic increment, a reset to 0: legal.
  for (const std::string& write :
       {bump, std::string("atom.global.add.u32 %r12, [generation], 1;\n"),
        std::string("mov.u32 %r12, 0;\nst.global.u32 [generation], %r12;\n")}) {
    CAPTURE(write);
    const std::string ptx = module(scalar, write);
    CHECK_MESSAGE(!scan_ptx_clock_work(ptx, carried).found,
                  clock_work_refusal(scan_ptx_clock_work(ptx, carried)));
  }
  // The cheats: the phase decides the value written, or whether it is written; a write through an
  // address of unknown origin (it may be the word); the word one of an array's; the phase read
  // directly. Each keeps P7k's refusal.
  const std::string phase = "and.b32 %r13, %r10, 31;\nsetp.eq.s32 %p3, %r13, 0;\n";
  const std::map<std::string, std::pair<std::string, std::string>> cheats = {
      {"a phase-valued write",
       {scalar, phase + "selp.b32 %r14, 0, 1, %p3;\nadd.s32 %r12, %r10, %r14;\n"
                        "st.volatile.global.u32 [generation], %r12;\n"}},
      {"a phase-decided write",
       {scalar, phase + "@%p3 bra $L__BB0_1;\n" + bump + "$L__BB0_1:\n"}},
      {"a write of unknown address",
       {scalar, "ld.global.u64 %rd9, [%rd1];\nadd.s32 %r12, %r10, 1;\nst.global.u32 [%rd9], %r12;\n"}},
      {"an array's word", {".global .align 4 .b8 generation[16];\n", bump}},
  };
  for (const auto& [what, c] : cheats) {
    CAPTURE(what);
    const ClockWork w = scan_ptx_clock_work(module(c.first, c.second), carried);
    CHECK(w.found);
    CHECK(w.sources.find("module variable generation") != std::string::npos);
  }
  std::string direct = module(scalar, bump);
  direct.replace(direct.find("setp.ne.s32 %p1, %r11, %r10"), 27, "and.b32 %r15, %r11, 31;\nsetp.ne.s32 %p1, %r15, 0");
  CHECK(scan_ptx_clock_work(direct, carried).found);
  // An ordered compare against an offset read flips at a chosen launch (b < a + 2^32 - 100: true
  // for the first 100 launches after a load, the ones the harness times): refused.
  std::string flip = module(scalar, bump);
  flip.replace(flip.find("setp.ne.s32 %p1, %r11, %r10"), 27,
               "add.s32 %r15, %r10, -100;\nsetp.lt.u32 %p1, %r11, %r15");
  CHECK(scan_ptx_clock_work(flip, carried).found);
  flip.replace(flip.find("setp.lt.u32"), 11, "setp.ne.u32");
  CHECK_FALSE(scan_ptx_clock_work(flip, carried).found);
  // Unmeasured, the word is no source at all.
  CHECK_FALSE(scan_ptx_clock_work(module(scalar, bump)).found);
}

// Red-teaming the elapsed-time exception (hon40): an ordered compare of two reads of a clock that
// wraps, with a clock-free offset, is a window of the clock's phase: `clock() < t0 + 0xF0000000`
// holds for t0 below 2^28 only (1/16 of %clock's ~2 s period). A difference or an equality stays
// an elapsed time; a 64-bit clock's ordered deadline stays legal (it wraps after centuries).
TEST_CASE("an ordered compare of two reads of a 32-bit clock is its phase; their difference is not") {
  auto on32 = [](const std::string& reg, const std::string& test) {
    return entry("mov.u32 %r3, " + reg + ";\nadd.s32 %r4, %r3, -268435456;\nmov.u32 %r5, " + reg +
                 ";\n" + test + "@%p1 bra $L__BB0_3;\n" + kLoop + "$L__BB0_3:\n");
  };
  for (const char* reg : {"%clock", "%globaltimer_lo"}) {
    CAPTURE(reg);
    const std::string window = on32(reg, "setp.lt.u32 %p1, %r5, %r4;\n");
    CHECK(scan_ptx_clock_work(window).what == "a branch around a loop");
    CHECK_FALSE(scan_ptx_clock_work(on32(reg, "setp.eq.u32 %p1, %r5, %r4;\n")).found);
    CHECK_FALSE(scan_ptx_clock_work(
                    on32(reg, "sub.s32 %r6, %r5, %r3;\nsetp.lt.u32 %p1, %r6, 64000;\n"))
                    .found);
  }
  // The same ordered compare of %clock64 reads (a deadline t0 + K): legal, as before.
  CHECK_FALSE(scan_ptx_clock_work(entry("mov.u64 %rd3, %clock64;\nadd.s64 %rd4, %rd3, 64000;\n"
                                        "mov.u64 %rd5, %clock64;\nsetp.lt.u64 %p1, %rd5, %rd4;\n"
                                        "@%p1 bra $L__BB0_3;\n" +
                                        kLoop + "$L__BB0_3:\n"))
                  .found);
}
