// The recording format and the recorded backend, on a SYNTHETIC recording (synthetic_pool.h).
#include <doctest/doctest.h>

#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "rules/diagnostics.h"
#include "synthetic_pool.h"

using namespace solver;
using engine::GateStatus;

TEST_CASE("a recording survives dump and parse unchanged") {
  engine::Recording r = test::toy_recording();
  std::string text = engine::dump_recording(r);
  engine::Recording back = engine::parse_recording(text, "mem.json");
  CHECK(engine::dump_recording(back) == text);
  const auto* v = back.find("toy", "vec[BLOCK=128]");
  REQUIRE(v);
  CHECK(v->samples_us.size() == 7);
  CHECK(v->profile->signals.get("load_eff") == rules::Value(0.95));
  CHECK(back.find("toy", "broken")->gate->status == GateStatus::WrongResult);
}

TEST_CASE("a recording of an unknown version or with bad values is refused with located errors") {
  nlohmann::json j = engine::to_json(test::toy_recording());
  j["version"] = 2;
  try {
    engine::parse_recording(j.dump(), "future.json");
    FAIL("version 2 accepted");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("future.json") != std::string::npos);
    CHECK(e.format().find("version 2 is not supported") != std::string::npos);
  }
  j["version"] = 1;
  j["problems"]["toy"]["variants"]["naive"]["samples_us"][2] = -3;
  j["problems"]["toy"]["variants"]["coalesced"]["profile"]["signals"]["no_such_signal"] = 1;
  try {
    engine::parse_recording(j.dump(), "bad.json");
    FAIL("bad values accepted");
  } catch (const rules::InputError& e) {
    REQUIRE(e.diagnostics().size() == 2);  // both problems reported in one pass
    CHECK(e.format().find("/problems/toy/variants/naive/samples_us/2") != std::string::npos);
    CHECK(e.format().find("unknown signal 'no_such_signal'") != std::string::npos);
  }
  CHECK_THROWS_AS(
      engine::parse_recording("{\"format\": \"solver-recording\",\n  \"version\": }", "x.json"),
      rules::InputError);
}

TEST_CASE("merging recordings adds variants, concatenates samples, refuses another chip") {
  engine::Recording a = test::toy_recording(), b;
  b.chip = "h200";
  b.at("toy", "naive").samples_us = {200, 201};
  b.at("other", "seed").samples_us = {5};
  CHECK(engine::merge_recording(a, b) == 1);
  CHECK(a.find("toy", "naive")->samples_us.size() == 9);
  CHECK(a.find("other", "seed"));
  engine::Recording c;
  c.chip = "a100";
  CHECK_THROWS_AS(engine::merge_recording(a, c), rules::InputError);
}

TEST_CASE("recorded backend: same seed, same draws; another seed, other draws; real samples only") {
  engine::RecordedBackend b(test::toy_recording());
  engine::VariantRef inc{"toy", "naive", {}}, cand{"toy", "coalesced", {}};
  auto p1 = b.time_pairs(inc, cand, 40, 7);
  auto p2 = b.time_pairs(inc, cand, 40, 7);
  auto p3 = b.time_pairs(inc, cand, 40, 8);
  CHECK(p1.incumbent_us == p2.incumbent_us);
  CHECK(p1.candidate_us == p2.candidate_us);
  CHECK(p1.incumbent_us != p3.incumbent_us);
  const std::vector<double> recorded =
      test::toy_recording().problems["toy"].variants["naive"].samples_us;
  for (double s : p1.incumbent_us)
    CHECK(std::find(recorded.begin(), recorded.end(), s) != recorded.end());
  auto t1 = b.time_samples(cand, 10, 3);
  CHECK(t1.ok);
  CHECK(t1.kernel_us.size() == 10);
  CHECK(t1.kernel_us == b.time_samples(cand, 10, 3).kernel_us);
  CHECK(p1.sm_clock_mhz == 1980);
}

TEST_CASE(
    "recorded backend: a variant absent from the recording is 'not recorded', never a number") {
  engine::RecordedBackend b(test::toy_recording());
  engine::VariantRef ghost{"toy", "vec", {{"BLOCK", 512}}};
  CHECK(b.gate(ghost).status == GateStatus::NotRecorded);
  auto p = b.profile(ghost);
  CHECK_FALSE(p.ok);
  CHECK(p.detail.find("not recorded") != std::string::npos);
  auto t = b.time_samples(ghost, 5, 1);
  CHECK(t.kernel_us.empty());
  CHECK_FALSE(t.ok);
  REQUIRE(t.failure);
  CHECK(*t.failure == GateStatus::NotRecorded);
  CHECK(t.detail.find("not recorded") != std::string::npos);
  auto pairs = b.time_pairs({"toy", "naive", {}}, ghost, 5, 1);
  CHECK(pairs.candidate_us.empty());
  REQUIRE(pairs.failure);
  CHECK(*pairs.failure == GateStatus::NotRecorded);
  // A recorded gate failure is served as recorded.
  CHECK(b.gate({"toy", "broken", {}}).status == GateStatus::WrongResult);
  auto info = b.info();
  CHECK(info.kind == "recorded");
  CHECK(info.note.find("synthetic-toy.json") != std::string::npos);
  CHECK(info.note.find("no GPU") != std::string::npos);
}
