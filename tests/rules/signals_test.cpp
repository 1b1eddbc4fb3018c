#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "rules/hypotheses.h"
#include "rules/signals.h"
#include "tests/rules/rule_test_util.h"

using namespace solver::rules;

TEST_CASE("signal table: names unique, indexable, documented") {
  std::set<std::string_view> names;
  auto table = signal_table();
  REQUIRE(table.size() >= 20);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const SignalDef& s = table[i];
    CHECK_MESSAGE(names.insert(s.name).second, "duplicate signal ", s.name);
    REQUIRE(signal_index(s.name).has_value());
    CHECK(*signal_index(s.name) == static_cast<int>(i));
    CHECK_FALSE(s.unit.empty());
    CHECK_FALSE(s.meaning.empty());
    CHECK_FALSE(s.source.empty());
    // A markdown table cell cannot hold '|'.
    CHECK(s.meaning.find('|') == std::string_view::npos);
    CHECK(s.source.find('|') == std::string_view::npos);
    // Every *_frac is a 0..1 fraction: thresholds must read the same everywhere.
    if (s.name.size() > 5 && s.name.substr(s.name.size() - 5) == "_frac")
      CHECK_MESSAGE(s.unit == "fraction 0..1", s.name);
  }
  CHECK_FALSE(signal_index("dram_fracc").has_value());
  CHECK_FALSE(signal_index("").has_value());
}

TEST_CASE("signal table: the vocabulary the issue and the rule files rely on") {
  for (const char* n : {"dram_frac",       "dram_pct_profiled",
                        "compute_frac",    "fma_frac",
                        "tensor_frac",     "tensor_active",
                        "load_eff",        "l2_hit",
                        "occupancy",       "theoretical_occupancy",
                        "regs_per_thread", "smem_per_block",
                        "local_bytes",     "bank_conflicts_per_request",
                        "waves",           "kernel_count",
                        "weight",          "dtype",
                        "arith_intensity", "time_us"})
    CHECK_MESSAGE(signal_index(n).has_value(), n);
  CHECK(signal_table()[*signal_index("dtype")].type == ValueType::String);
  CHECK(signal_table()[*signal_index("tensor_active")].type == ValueType::Bool);
  CHECK(signal_table()[*signal_index("dram_pct_profiled")].unit == "percent 0..100");
}

TEST_CASE("signal_index_by_name is sorted and covers the table") {
  auto rows = signal_index_by_name();
  REQUIRE(rows.size() == signal_table().size());
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(rows[i - 1].first < rows[i].first);
  for (const auto& [name, idx] : rows) CHECK(signal_table()[idx].name == name);
}

TEST_CASE("SignalSet: absent signals read as missing") {
  SignalSet s;
  s.set("dram_frac", 0.5);
  CHECK(std::get<double>(s.get("dram_frac")) == 0.5);
  CHECK(is_missing(s.get("weight")));
}

// docs/signals.md carries the table signals_markdown() generates, between two markers.
TEST_CASE("docs/signals.md matches the signal table") {
  std::ifstream in(test::source_path("docs/signals.md"));
  REQUIRE_MESSAGE(in.good(), "docs/signals.md is missing");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string doc = ss.str();
  const std::string begin = "<!-- signal-table:begin (generated from rules/signals.cpp) -->\n";
  const std::string end = "<!-- signal-table:end -->";
  auto b = doc.find(begin);
  auto e = doc.find(end);
  REQUIRE(b != std::string::npos);
  REQUIRE(e != std::string::npos);
  std::string table = doc.substr(b + begin.size(), e - b - begin.size());
  CHECK_MESSAGE(table == signals_markdown(),
                "docs/signals.md is stale; replace its table with signals_markdown(), which is:\n"
                    << signals_markdown());
}

TEST_CASE("every hypothesis names evidence signals, all numeric and known") {
  for (const auto& h : hypothesis_table()) {
    auto ev = hypothesis_evidence(h.id);
    CHECK_MESSAGE(!ev.empty(), h.id << " has no evidence signals");
    std::set<std::string_view> seen;
    for (auto name : ev) {
      CHECK_MESSAGE(seen.insert(name).second, h.id << " names " << name << " twice");
      auto idx = signal_index(name);
      REQUIRE_MESSAGE(idx, h.id << " names unknown signal '" << name << "'");
      const SignalDef* def = &signal_table()[std::size_t(*idx)];
      CHECK_MESSAGE(def->type == ValueType::Number, h.id << ": " << name << " is not numeric");
    }
  }
  CHECK(hypothesis_evidence("no_such_hypothesis").empty());
  auto v = hypothesis_evidence("fix_bank_conflicts");
  REQUIRE(v.size() == 2);
  CHECK(v[0] == "bank_conflicts_per_request");
}
