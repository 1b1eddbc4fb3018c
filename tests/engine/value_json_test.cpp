// The one JSON of the backend's value types (engine/backend/value_json.h): every type survives
// encode -> decode unchanged, NaN comes back as NaN where a field may be "not measured", a
// missing required key is an error naming it, a wrong type is never a default, and a key given
// twice is refused by the one parser.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "engine/backend/json_util.h"
#include "engine/backend/value_json.h"
#include "engine/backend/worker_protocol.h"
#include "engine/loop/ledger.h"

using namespace solver::engine;
using nlohmann::json;
namespace rules = solver::rules;

namespace {
// Through text, as the wire, a recording and a ledger carry it.
json via_text(const json& j) { return parse_json_strict(j.dump()); }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const rules::InputError& e) {
    return e.format();
  }
  return "";
}
}  // namespace

TEST_CASE("a gate result round-trips, NaN error bounds and timed runs included") {
  GateResult g;
  g.status = GateStatus::WrongResult;
  g.detail = "C[3] = nan";
  g.source_hash = "h";
  g.max_abs_err = std::nan("");
  g.max_rel_err = 0.25;
  g.input_sets = 2;
  g.seeds = {1, 18446744073709551615ULL};
  g.timed_us = {10.5, std::nan(""), 9.75};
  g.phases_ms = {{"checks", 1.5}, {"timing", std::nan("")}};
  GateResult b = gate_result_from_json(via_text(to_json(g)));
  CHECK(b.status == g.status);
  CHECK(b.detail == g.detail);
  CHECK(b.source_hash == g.source_hash);
  CHECK(std::isnan(b.max_abs_err));
  CHECK(b.max_rel_err == 0.25);
  CHECK(b.input_sets == 2);
  CHECK(b.seeds == g.seeds);
  REQUIRE(b.timed_us.size() == 3);  // a NaN sample keeps its place
  CHECK(b.timed_us[0] == 10.5);
  CHECK(std::isnan(b.timed_us[1]));
  CHECK(b.phases_ms.at("checks") == 1.5);
  CHECK(std::isnan(b.phases_ms.at("timing")));
  // Absent optional fields take their defaults (records from before them).
  GateResult old = gate_result_from_json(json{{"status", "passed"}});
  CHECK(old.passed());
  CHECK(old.max_abs_err == 0);
  CHECK(old.timed_us.empty());
}

TEST_CASE("a gate result refuses what it cannot mean, naming the key") {
  CHECK(error_of([] {
          gate_result_from_json(json{{"detail", ""}}, "f.json: /g");
        }).find("f.json: /g: error: at /status: missing") != std::string::npos);
  CHECK(error_of([] {
          gate_result_from_json(json{{"status", "fine"}});
        }).find("unknown gate status 'fine'") != std::string::npos);
  CHECK(error_of([] {
          gate_result_from_json(json{{"status", "passed"}, {"max_abs_err", "0"}});
        }).find("/max_abs_err") != std::string::npos);
  CHECK(error_of([] {
          gate_result_from_json(json{{"status", "passed"}, {"seeds", {-1}}});
        }).find("not a non-negative integer") != std::string::npos);
  CHECK(error_of([] {
          gate_result_from_json(json{{"status", "passed"}, {"timed_us", {"x"}}});
        }).find("/timed_us/0") != std::string::npos);
  CHECK(error_of([] { gate_result_from_json(json::array()); }).find("expected an object") !=
        std::string::npos);
}

TEST_CASE("a profile round-trips; a null signal is missing, a null metric is NaN") {
  ProfileResult p;
  p.ok = true;
  p.detail = "d";
  p.time_us = 139.5;
  p.signals.set("dram_frac", 0.77);
  p.signals.set("tensor_active", true);
  p.signals.set("dtype", std::string("tf32"));
  p.raw_metrics = {{"a.sum", 3.0}, {"b.sum", std::nan("")}};
  p.signal_origin = {{"dram_frac", "unprofiled"}};
  p.defects = {"occupancy 1.2 outside [0, 1]"};
  ProfileResult b = profile_result_from_json(via_text(to_json(p)));
  CHECK(b.ok);
  CHECK(b.detail == "d");
  CHECK(b.time_us == 139.5);
  CHECK(b.signals.values == p.signals.values);
  CHECK(b.raw_metrics.at("a.sum") == 3.0);
  CHECK(std::isnan(b.raw_metrics.at("b.sum")));
  CHECK(b.signal_origin == p.signal_origin);
  CHECK(b.defects == p.defects);
  // NaN time: not measured.
  p.time_us = std::nan("");
  CHECK(std::isnan(profile_result_from_json(via_text(to_json(p))).time_us));
  // A NaN signal is written as null and read back as missing, never as NaN or zero.
  rules::SignalSet s;
  s.set("dram_frac", std::nan(""));
  CHECK(signal_set_from_json(via_text(to_json(s))).values.empty());
  CHECK(error_of([] {
          profile_result_from_json(json{{"detail", ""}});
        }).find("/ok: missing") != std::string::npos);
  CHECK(error_of([] {
          signal_set_from_json(json{{"dram_frak", 1}});
        }).find("unknown signal 'dram_frak'") != std::string::npos);
  CHECK(error_of([] {
          signal_set_from_json(json{{"dram_frac", "high"}});
        }).find("must be a number") != std::string::npos);
}

TEST_CASE("pair and time samples round-trip, a timing failure included") {
  PairSamples p;
  p.incumbent_us = {10.5, std::nan("")};
  p.candidate_us = {9.0, 9.25};
  p.sm_clock_mhz = 1980;
  p.phases_ms = {{"timing", 8.5}};
  p.failure = GateStatus::Timeout;
  p.detail = "watchdog";
  PairSamples b = pair_samples_from_json(via_text(to_json(p)));
  REQUIRE(b.incumbent_us.size() == 2);
  CHECK(std::isnan(b.incumbent_us[1]));
  CHECK(b.candidate_us == p.candidate_us);
  CHECK(b.sm_clock_mhz == 1980);
  CHECK(b.phases_ms == p.phases_ms);
  CHECK(b.failure == GateStatus::Timeout);
  CHECK(b.detail == "watchdog");
  CHECK_FALSE(b.shared_buffers);
  p.shared_buffers = true;
  CHECK(pair_samples_from_json(via_text(to_json(p))).shared_buffers == std::optional<bool>(true));
  p.shared_buffers = false;
  CHECK(pair_samples_from_json(via_text(to_json(p))).shared_buffers == std::optional<bool>(false));
  CHECK_FALSE(pair_samples_from_json(via_text(to_json(p))).exchanged_allocations);
  p.exchanged_allocations = true;  // red team 34: placement_plan.h's exchange ran
  CHECK(pair_samples_from_json(via_text(to_json(p))).exchanged_allocations ==
        std::optional<bool>(true));
  CHECK_FALSE(to_json(PairSamples{}).contains("exchanged_allocations"));
  // A success carries neither key, so its bytes are what they always were (a recording has no
  // buffer placement either).
  CHECK_FALSE(to_json(PairSamples{}).contains("failure"));
  CHECK_FALSE(to_json(PairSamples{}).contains("shared_buffers"));
  // P5's rescue count round-trips; a count that is negative, fractional or past int is a located
  // error, and null reads as absent (review38: it was cast from a double, NaN and 1e300 included).
  p.fold_rescued = 3;
  CHECK(pair_samples_from_json(via_text(to_json(p))).fold_rescued == 3);
  {
    nlohmann::json j = to_json(p);
    j["fold_rescued"] = nullptr;
    CHECK(pair_samples_from_json(j).fold_rescued == 0);
  }
  for (const std::string key : {"fold_rescued", "law_audited"})
    for (const nlohmann::json& bad :
         {nlohmann::json(-1), nlohmann::json(2.5), nlohmann::json(1e300)}) {
      CAPTURE(key);
      CAPTURE(bad.dump());
      nlohmann::json j = to_json(p);
      j[key] = bad;
      try {
        pair_samples_from_json(j);
        FAIL("a bad count was accepted");
      } catch (const solver::rules::InputError& e) {
        CHECK(e.format().find(key) != std::string::npos);
      }
    }

  TimeSamples t;
  t.kernel_us = {1.5, 1.25};
  t.event_us = {1.75};
  t.sm_clock_mhz = std::nan("");
  t.clock_source = "nvml";
  t.ok = false;
  t.detail = "x";
  t.failure = GateStatus::Fault;
  TimeSamples u = time_samples_from_json(via_text(to_json(t)));
  CHECK(u.kernel_us == t.kernel_us);
  CHECK(u.event_us == t.event_us);
  CHECK(std::isnan(u.sm_clock_mhz));
  CHECK(u.clock_source == "nvml");
  CHECK_FALSE(u.ok);
  CHECK(u.detail == "x");
  CHECK(u.failure == GateStatus::Fault);
  CHECK(error_of([] {
          time_samples_from_json(json{{"failure", "crashed"}});
        }).find("unknown gate status 'crashed'") != std::string::npos);
}

TEST_CASE("a variant, a device and ceilings round-trip") {
  VariantRef v{"matmul", "regtile", {{"BM", 64}, {"BN", 128}}};
  CHECK(variant_ref_from_json(via_text(to_json(v))) == v);
  CHECK(error_of([] {
          variant_ref_from_json(json{{"problem", "p"}});
        }).find("/variant: missing") != std::string::npos);
  CHECK(error_of([] {
          variant_ref_from_json(json{{"problem", "p"}, {"variant", "v"}, {"knobs", {{"K", 1.5}}}});
        }).find("/knobs/K") != std::string::npos);

  DeviceInfo d;
  d.name = "NVIDIA H200";
  d.chip_id = "h200";
  d.cc_major = 9;
  d.sm_count = 132;
  d.l2_bytes = 62914560;
  d.total_mem_bytes = 150000000000LL;
  d.sm_clock_mhz = 1980;
  d.mem_clock_mhz = std::nan("");
  d.arch = "sm_90";
  DeviceInfo e = device_info_from_json(via_text(to_json(d)));
  CHECK(e.name == d.name);
  CHECK(e.sm_count == 132);
  CHECK(e.total_mem_bytes == d.total_mem_bytes);
  CHECK(std::isnan(e.mem_clock_mhz));
  CHECK(e.protocol == kWorkerProtocolVersion);
  CHECK(error_of([] {
          device_info_from_json(json{{"name", "x"}, {"sm_count", 1.5}});
        }).find("/sm_count") != std::string::npos);

  Ceilings c;
  c.chip_id = "h200";
  c.copy_gbps = 4100.5;
  c.sgemm_tflops = std::nan("");
  c.from_cache = true;
  Ceilings f = ceilings_from_json(via_text(to_json(c)));
  CHECK(f.copy_gbps == 4100.5);
  CHECK(std::isnan(f.sgemm_tflops));
  CHECK(f.from_cache);
}

TEST_CASE("a paired decision round-trips with NaN bounds; a missing one is named") {
  PairedDecision d;
  d.verdict = Verdict::Ambiguous;
  d.ratios = {1.01, std::nan("")};
  d.median_ratio = 1.01;
  d.ci_low = std::nan("");
  d.ci_high = 1.2;
  d.incumbent_median_us = 10;
  d.candidate_median_us = 9.9;
  d.incumbent_spread = 0.01;
  d.reason = "wide";
  PairedDecision b = paired_decision_from_json(via_text(to_json(d)));
  CHECK(b.verdict == Verdict::Ambiguous);
  REQUIRE(b.ratios.size() == 2);
  CHECK(std::isnan(b.ratios[1]));
  CHECK(std::isnan(b.ci_low));
  CHECK(b.ci_high == 1.2);
  CHECK(b.reason == "wide");
  // The total-time ratio (red team 34) is written only where measured, and read back.
  CHECK_FALSE(to_json(d).contains("mean_ratio"));
  d.mean_ratio = 0.7;
  CHECK(paired_decision_from_json(via_text(to_json(d))).mean_ratio == 0.7);
  json j = to_json(d);
  j.erase("ci_high");
  CHECK(error_of([&] {
          paired_decision_from_json(j, "ledger.jsonl", 4);
        }).find("ledger.jsonl:4: error: at /verdict/ci_high: missing") != std::string::npos);
}

TEST_CASE("the one parser refuses a key given twice, wherever it stands") {
  CHECK_NOTHROW(parse_json_strict(R"({"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]})"));
  CHECK_THROWS_AS(parse_json_strict(R"({"a":1,"a":2})"), DuplicateKey);
  try {
    parse_json_strict(R"({"x":[{"k":1,"k":1}]})");
    FAIL("no error");
  } catch (const DuplicateKey& e) {
    CHECK(std::string(e.what()).find("duplicate key 'k' in the object at /x/-") !=
          std::string::npos);
  }
  // Located for files; an answer line with a repeat is garbage, not a half-trusted answer.
  CHECK(error_of([] {
          parse_json_text("{\"a\":1,\n\"a\":2}", "r.json");
        }).find("duplicate key 'a'") != std::string::npos);
  CHECK(decode_worker_line(R"({"id":1,"ok":true,"ok":false})").kind == WorkerLine::Kind::Garbage);
  CHECK_FALSE(decode_request(R"({"id":1,"op":"gate","op":"quit"})"));
}
