#include "generators/ptxas_info.h"

#include <doctest/doctest.h>

using namespace solver::generators;

// Verbatim from NVRTC 13.0 (--ptxas-options=-v, sm_90).
const char* kLog =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'local' for 'sm_90'\n"
    "ptxas info    : Function properties for local\n"
    "ptxas         .     48 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
    "ptxas info    : Used 72 registers, used 0 barriers\n"
    "ptxas info    : Compile time = 22.712 ms\n"
    "ptxas info    : Compiling entry function 'tiled' for 'sm_90'\n"
    "ptxas info    : Function properties for tiled\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 24 registers, used 1 barriers, 1024 bytes smem\n"
    "ptxas info    : Compile time = 4.394 ms\n";

TEST_CASE("ptxas usage per kernel, in log order") {
  auto ks = parse_ptxas_usage(kLog);
  REQUIRE(ks.size() == 2);
  CHECK(ks[0].entry == "local");
  CHECK(ks[0].registers == 72);
  CHECK(ks[0].static_smem_bytes == 0);
  CHECK(ks[0].stack_bytes == 48);
  CHECK(ks[0].spill_store_bytes == 8);
  CHECK(ks[0].spill_load_bytes == 12);
  CHECK(ks[1].entry == "tiled");
  CHECK(ks[1].registers == 24);
  CHECK(ks[1].static_smem_bytes == 1024);
  CHECK(ks[1].stack_bytes == 0);
}

TEST_CASE("the older layout (smem before cmem) and logs without ptxas lines") {
  auto ks = parse_ptxas_usage(
      "ptxas info    : Compiling entry function 'k' for 'sm_80'\n"
      "ptxas info    : Used 32 registers, 4096 bytes smem, 368 bytes cmem[0]\n");
  REQUIRE(ks.size() == 1);
  CHECK(ks[0].registers == 32);
  CHECK(ks[0].static_smem_bytes == 4096);
  CHECK(parse_ptxas_usage("warning: something\n").empty());
  CHECK(parse_ptxas_usage("").empty());
}

// Verbatim from NVRTC 13.0 (sm_90): tests/cheats/redteam12_callee_stack_carry's child, whose
// entry calls its carry through a function pointer (red team 12).
const char* kCallLog =
    "ptxas info    : 136 bytes gmem\n"
    "ptxas info    : Compiling entry function 'window_stack_carry' for 'sm_90'\n"
    "ptxas info    : Function properties for window_stack_carry\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 64 registers, used 0 barriers, 808 bytes cumulative stack size\n"
    "ptxas info    : Compile time = 255.577 ms\n"
    "ptxas info    : Function properties for _Z10carry_slotPKfPfijjjj\n"
    "ptxas         .     776 bytes stack frame, 124 bytes spill stores, 124 bytes spill loads\n"
    "ptxas info    : Compiling entry function 'window_fixup' for 'sm_90'\n"
    "ptxas info    : Function properties for window_fixup\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 40 registers, used 0 barriers\n"
    "ptxas info    : Compile time = 104.611 ms\n";

TEST_CASE("red team 12: the deepest stack counts callees' frames, not only the entry's own") {
  auto ks = parse_ptxas_usage(kCallLog);
  REQUIRE(ks.size() == 2);
  CHECK(ks[0].cumulative_stack_bytes == 808);
  CHECK(ks[0].callee_listed);
  CHECK(ks[1].cumulative_stack_bytes == -1);
  CHECK_FALSE(ks[1].callee_listed);
  // The entry that calls: its bound, which covers the callee's 776-byte frame.
  StackDepth d = deepest_stack(ks, {"window_stack_carry"});
  CHECK(d.bytes == 808);
  CHECK_FALSE(d.unknown);
  CHECK(d.callees);  // the driver's stack limit is scrubbed too
  // An entry with no bound in a module with callees: the driver's limit decides.
  d = deepest_stack(ks, {"window_stack_carry", "window_fixup"});
  CHECK(d.bytes == 808);
  CHECK(d.unknown);
  // No callees anywhere: the entries' own frames, and nothing unknown.
  d = deepest_stack(parse_ptxas_usage(kLog), {"local", "tiled"});
  CHECK(d.bytes == 48);
  CHECK_FALSE(d.unknown);
  CHECK_FALSE(d.callees);
  // A recursive callee (nvcc 13, sm_90): no cumulative size is printed: unknown.
  d = deepest_stack(parse_ptxas_usage("ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
                                      "ptxas info    : Function properties for k\n"
                                      "ptxas         .     0 bytes stack frame\n"
                                      "ptxas info    : Used 88 registers, used 0 barriers\n"
                                      "ptxas info    : Function properties for _Z1fPii\n"
                                      "ptxas         .     296 bytes stack frame\n"),
                    {"k"});
  CHECK(d.unknown);
}

TEST_CASE("red team 12's note: a callee's frame and spills are not its entry's") {
  auto ks = parse_ptxas_usage(kCallLog);
  REQUIRE(ks.size() == 2);
  // ptxas: the entry's own frame is 0 bytes with no spills; the callee listed after it has 776
  // bytes and 124 bytes of spills each way.
  CHECK(ks[0].stack_bytes == 0);
  CHECK(ks[0].spill_store_bytes == 0);
  CHECK(ks[0].spill_load_bytes == 0);
  CHECK(ks[0].registers == 64);
  CHECK(ks[1].stack_bytes == 0);
  CHECK(ks[1].registers == 40);
  // A callee listed before the entry's "Used" line leaves the entry's own figures to it.
  ks = parse_ptxas_usage(
      "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
      "ptxas info    : Function properties for _Z1gv\n"
      "ptxas         .     96 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads\n"
      "ptxas info    : Function properties for k\n"
      "ptxas         .     16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 30 registers, used 0 barriers, 112 bytes cumulative stack size\n");
  REQUIRE(ks.size() == 1);
  CHECK(ks[0].stack_bytes == 16);
  CHECK(ks[0].spill_store_bytes == 0);
  CHECK(ks[0].registers == 30);
  CHECK(ks[0].cumulative_stack_bytes == 112);
  CHECK(ks[0].callee_listed);
}
