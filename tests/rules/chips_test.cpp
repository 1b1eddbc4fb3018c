#include <doctest/doctest.h>

#include "rules/chips.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;
using solver::rules::test::diagnostics_of;
using solver::rules::test::has_diag;
using solver::rules::test::joined;
using solver::rules::test::source_path;

namespace {
const ChipTable& bundled() {
  static const ChipTable t = load_chip_table(source_path("rules/chips.yaml"));
  return t;
}
}  // namespace

TEST_CASE("chips.yaml loads with every profile the design names") {
  const ChipTable& t = bundled();
  for (const char* id :
       {"t4", "v100", "a100_40gb", "a100_80gb", "a10", "l4", "rtx4090", "h100_sxm", "h200"}) {
    const ChipProfile* c = t.find(id);
    REQUIRE_MESSAGE(c, id);
    CHECK_FALSE(c->source.empty());
    CHECK(c->number("sm_count") > 0);
    CHECK(c->number("dram_gbps") > 0);
    CHECK(c->number("fp32_tflops") > 0);
    CHECK(c->number("smem_per_block_kib") > 0);
  }
}

TEST_CASE("H200 profile carries the measured facts") {
  const ChipProfile* h = bundled().find("h200");
  REQUIRE(h);
  CHECK(h->cc_major == 9);
  CHECK(h->cc_minor == 0);
  CHECK(h->number("cc") == 90);
  CHECK(h->number("sm_count") == 132);
  CHECK(h->number("smem_per_block_kib") == 227);
  CHECK(h->number("l2_mib") == 60);
  CHECK(h->number("dram_gbps") == 4800);
  for (const char* cap : {"tf32", "bf16", "fp16_tensor", "fp8", "cp_async", "tma", "wgmma"})
    CHECK_MESSAGE(h->has(cap), cap);
}

TEST_CASE("capabilities follow the architecture") {
  const ChipTable& t = bundled();
  CHECK_FALSE(t.find("t4")->has("tf32"));
  CHECK(t.find("t4")->has("fp16_tensor"));
  CHECK_FALSE(t.find("t4")->has("cp_async"));
  CHECK_FALSE(t.find("v100")->has("bf16"));
  CHECK(t.find("a100_40gb")->has("tf32"));
  CHECK(t.find("a100_40gb")->has("cp_async"));
  CHECK_FALSE(t.find("a100_40gb")->has("wgmma"));
  CHECK_FALSE(t.find("a100_40gb")->has("fp8"));
  CHECK(t.find("l4")->has("fp8"));
  CHECK_FALSE(t.find("rtx4090")->has("tma"));
  CHECK(t.find("h100_sxm")->has("wgmma"));
  CHECK(t.find("t4")->number("tf32_tflops") == 0);
  CHECK(t.find("a100_80gb")->number("dram_gbps") > t.find("a100_40gb")->number("dram_gbps"));
}

TEST_CASE("find and match_device") {
  const ChipTable& t = bundled();
  CHECK(t.find("NVIDIA H200")->id == "h200");
  CHECK(t.find("nvidia h200")->id == "h200");  // case-insensitive
  CHECK(t.find("GH100")->id == "h200");        // CUPTI chip name
  CHECK(t.find("Tesla T4")->id == "t4");
  CHECK(t.find("no such chip") == nullptr);
  // By the driver's name first: the 80GB and 40GB A100 share cc and SM count.
  CHECK(t.match_device("NVIDIA A100-SXM4-80GB", 8, 0, 108)->id == "a100_80gb");
  CHECK(t.match_device("NVIDIA A100-SXM4-40GB", 8, 0, 108)->id == "a100_40gb");
  // Unknown name: fall back on (cc, SM count).
  CHECK(t.match_device("Some T4 rebrand", 7, 5, 40)->id == "t4");
  CHECK(t.match_device("Mystery", 8, 6, 72)->id == "a10");
  CHECK(t.match_device("Mystery", 8, 6, 84) == nullptr);
  CHECK(t.match_device("Mystery", 7, 5, 46) == nullptr);
}

TEST_CASE("chip loader reports every problem, located") {
  auto d = diagnostics_of([] { load_chip_table(source_path("tests/data/rules/bad_chips.yaml")); });
  const std::string f = source_path("tests/data/rules/bad_chips.yaml");
  INFO(joined(d));
  CHECK(has_diag(d, f + ":7:26", "unknown capability 'warp_drive'"));
  CHECK(has_diag(d, f + ":15:5", "missing required key 'name'"));
  CHECK(has_diag(d, f + ":16:15", "duplicate chip alias 'Fake'"));
  CHECK(has_diag(d, f + ":17:9", "cc must be a compute capability"));
  CHECK(has_diag(d, f + ":24:18", "'bf16_tflops' given but chip lacks capability 'bf16'"));
  CHECK(d.size() == 5);
}

TEST_CASE("chip loader: missing numbers, duplicate ids, capability without a rate") {
  const std::string base = R"(version: 1
chips:
  - id: a
    name: A
    cc: "8.0"
    capabilities: [tf32]
    sm_count: 10
    smem_per_block_kib: 48
    l2_mib: 4
    fp32_tflops: 1
    source: test
  - id: A
    name: Second
    cc: "8.0"
    capabilities: []
    sm_count: 10
    smem_per_block_kib: 48
    l2_mib: 4
    dram_gbps: 100
    fp32_tflops: 1
    source: test
)";
  auto d = diagnostics_of([&] { parse_chip_table(base, "c.yaml"); });
  INFO(joined(d));
  CHECK(has_diag(d, "c.yaml:3:5", "missing required key 'dram_gbps'"));
  CHECK(has_diag(d, "c.yaml:3:5", "has capability 'tf32' but no positive 'tf32_tflops'"));
  CHECK(has_diag(d, "c.yaml:12:9", "duplicate chip id 'A'"));
  CHECK(d.size() == 3);
}

TEST_CASE("chip loader: syntax errors and wrong version are located") {
  auto d = diagnostics_of([] { parse_chip_table("version: 2\nchips: []\n", "v.yaml"); });
  CHECK(has_diag(d, "v.yaml:1:10", "unsupported chips.yaml version 2"));
  d = diagnostics_of([] { parse_chip_table("chips: [\n", "s.yaml"); });
  REQUIRE(d.size() == 1);
  CHECK(d[0].find("s.yaml:") == 0);
  CHECK(d[0].find("invalid YAML") != std::string::npos);
}
