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
