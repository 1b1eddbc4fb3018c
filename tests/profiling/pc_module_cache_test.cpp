// The PC sampling pass's memo per line-info cubin (issue 31, profiling/pc_module_cache.h): a PC
// is looked up in a cubin's line table once, whatever the number of kernels, launches, GetData
// rounds or requests that sample it again; the per-kernel summary merges repeated PCs and works
// per PC; the memo is keyed by the cubin's bytes and bounded.
#include <doctest/doctest.h>

#include <map>

#include "profiling/pc_module_cache.h"

using namespace solver::profiling;

namespace {

PcRecord pc(const std::string& fn, uint64_t off, std::map<std::string, uint64_t> stalls) {
  return PcRecord{fn, off, std::move(stalls)};
}

// A line table that counts how often it is read: 0x10 -> line 3, 0x20 and 0x30 -> line 4.
struct Table {
  int reads = 0;
  LineRef operator()(const std::string& fn, uint64_t off) {
    ++reads;
    if (fn != "k") return {};
    if (off == 0x10) return {"/src/k.cu", 3, ""};
    if (off == 0x20 || off == 0x30) return {"/src/k.cu", 4, ""};
    return {};
  }
};

}  // namespace

TEST_CASE("a PC repeated across GetData rounds is one record with its samples added") {
  auto merged = merge_pcs({pc("k", 0x20, {{"long_scoreboard", 5}}), pc("k", 0x10, {{"wait", 1}}),
                           pc("k", 0x20, {{"long_scoreboard", 7}, {"selected", 2}}),
                           pc("other", 0x20, {{"wait", 9}})});
  REQUIRE(merged.size() == 3);
  CHECK(merged[0].function == "k");
  CHECK(merged[0].pc_offset == 0x10);
  CHECK(merged[1].pc_offset == 0x20);
  CHECK(merged[1].stalls.at("long_scoreboard") == 12);
  CHECK(merged[1].stalls.at("selected") == 2);
  CHECK(merged[2].function == "other");
  CHECK(merged[2].stalls.at("wait") == 9);
}

TEST_CASE("the summary of a kernel reads each distinct PC's line once, and never again") {
  PcModuleCache cache;
  auto m = cache.module("cubin bytes A");
  Table table;
  Locate locate = cached_locate(*m, [&](const std::string& f, uint64_t o) { return table(f, o); });
  std::vector<PcRecord> pcs = {
      pc("k", 0x10, {{"selected", 10}}),        pc("k", 0x20, {{"long_scoreboard", 50}}),
      pc("k", 0x30, {{"long_scoreboard", 30}}), pc("k", 0x20, {{"long_scoreboard", 20}}),
      pc("k", 0x40, {{"branch_resolving", 4}}), pc("other", 0x10, {{"wait", 100}}),
  };
  PcSampling s;
  auto mine = summarize_samples(pcs, "k", locate, nullptr, s);
  CHECK(mine.size() == 4);  // 0x10, 0x20 (twice), 0x30, 0x40; `other` is another kernel's
  CHECK(s.kernel == "k");
  CHECK(s.total_samples == 114);
  CHECK(s.stall_totals.at("long_scoreboard") == 100);
  CHECK(s.stall_totals.count("wait") == 0);
  REQUIRE(s.lines.size() == 3);
  CHECK(s.lines[0].line == 4);
  CHECK(s.lines[0].samples == 100);
  CHECK(s.lines[0].pc_offset == 0x20);  // 70 samples once merged, against 0x30's 30
  CHECK(s.lines[1].line == 3);
  CHECK(s.lines[2].where() == "k+0x40");  // no line: its own entry
  CHECK(table.reads == 4);                // one per distinct PC of the kernel
  CHECK(m->misses == 4);

  // The same cubin again (the next round's incumbent, another request): the same memo, no read.
  auto again = cache.module("cubin bytes A");
  CHECK(again.get() == m.get());
  PcSampling s2;
  Locate locate2 =
      cached_locate(*again, [&](const std::string& f, uint64_t o) { return table(f, o); });
  summarize_samples(pcs, "k", locate2, nullptr, s2);
  CHECK(table.reads == 4);
  CHECK(s2.lines.size() == s.lines.size());
  CHECK(s2.lines[0].samples == s.lines[0].samples);

  // Another cubin (another variant, or the same one rebuilt differently) has its own table.
  auto other = cache.module("cubin bytes B");
  CHECK(other.get() != m.get());
  CHECK(other->lines.empty());
  Locate locate3 =
      cached_locate(*other, [&](const std::string& f, uint64_t o) { return table(f, o); });
  summarize_samples(pcs, "k", locate3, nullptr, s2);
  CHECK(table.reads == 8);
}

TEST_CASE("the memo keeps the most recently used cubins, up to its bound") {
  PcModuleCache cache(2);
  auto a = cache.module("A");
  a->lines[{"k", 0}] = LineRef{"a.cu", 1, ""};
  cache.module("B");
  cache.module("A");  // A is now the most recent
  cache.module("C");  // B goes
  CHECK(cache.size() == 2);
  CHECK(cache.module("A")->lines.size() == 1);
  CHECK(cache.module("B")->lines.empty());  // made anew
  CHECK(cache.size() == 2);
}

TEST_CASE("a module's disassembly is parsed once per function") {
  PcModule m;
  m.sass =
      "\tcode for sm_90\n"
      "\t\tFunction : k\n"
      "        /*0000*/                   LDC R1, c[0x0][0x28] ;\n"
      "        /*0010*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
      "        /*0020*/                   STG.E desc[UR4][R4.64], R2 ;\n"
      "\t\tFunction : j\n"
      "        /*0000*/                   EXIT ;\n";
  const auto& k = m.function_sass("k");
  REQUIRE(k.size() == 3);
  CHECK(k[1].opcode == "LDG.E");
  CHECK(&m.function_sass("k") == &k);  // the parsed list is kept
  CHECK(m.function_sass("j").size() == 1);
  PcModule none;
  CHECK(none.function_sass("k").empty());
}
