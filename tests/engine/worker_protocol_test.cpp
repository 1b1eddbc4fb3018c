#include <doctest/doctest.h>

#include <cmath>

#include "engine/backend/worker_protocol.h"

using namespace solver::engine;

TEST_CASE("gate status names round-trip and unknown names are refused") {
  for (auto s :
       {GateStatus::Passed, GateStatus::InvalidSpec, GateStatus::CompileError,
        GateStatus::WrongResult, GateStatus::Fault, GateStatus::Timeout, GateStatus::TooFast,
        GateStatus::NotRecorded, GateStatus::NoDevice, GateStatus::InputMutated,
        GateStatus::InconsistentTiming, GateStatus::PrecisionMismatch}) {
    auto back = gate_status_from_string(to_string(s));
    REQUIRE(back);
    CHECK(*back == s);
  }
  CHECK_FALSE(gate_status_from_string("passd"));
  CHECK(std::string(to_string(GateStatus::InputMutated)) == "input_mutated");
  CHECK(std::string(to_string(GateStatus::InconsistentTiming)) == "inconsistent_timing");
  CHECK(std::string(to_string(GateStatus::PrecisionMismatch)) == "precision_mismatch");
}

TEST_CASE("the gate's timed runs and phase times cross the pipe; absent when empty") {
  GateResult g;
  g.status = GateStatus::Passed;
  g.timed_us = {101.5, 99.25, 100.0};
  g.phases_ms = {{"checks", 12.5}, {"adversarial", 30.25}, {"timing", 4.0}};
  WorkerResponse r;
  r.id = 3;
  r.ok = true;
  r.gate = g;
  WorkerLine line = decode_worker_line(encode_response(r));
  REQUIRE(line.response.gate);
  CHECK(line.response.gate->timed_us == g.timed_us);
  CHECK(line.response.gate->phases_ms == g.phases_ms);
  GateResult plain;
  plain.status = GateStatus::Passed;
  CHECK(to_json(plain).count("timed_us") == 0);
  CHECK(to_json(plain).count("phases_ms") == 0);
  PairSamples p;
  p.incumbent_us = {1, 2};
  p.candidate_us = {3, 4};
  p.phases_ms = {{"timing", 8.5}};
  CHECK(pair_samples_from_json(to_json(p)).phases_ms == p.phases_ms);
}

TEST_CASE("a request survives encoding") {
  WorkerRequest r;
  r.id = 42;
  r.op = "time_pairs";
  r.incumbent = VariantRef{"matmul", "tiled", {{"TILE", 32}}};
  r.candidate = VariantRef{"matmul", "regtile", {{"BM", 64}, {"BN", 128}}};
  r.pairs = 15;
  r.seed = 0xdeadbeefcafeULL;
  auto back = decode_request(encode_request(r));
  REQUIRE_MESSAGE(back, solver::rules::why(back));
  CHECK(back->id == 42);
  CHECK(back->op == "time_pairs");
  CHECK(*back->incumbent == *r.incumbent);
  CHECK(*back->candidate == *r.candidate);
  CHECK_FALSE(back->variant);
  CHECK(back->pairs == 15);
  CHECK(back->seed == r.seed);
  CHECK_FALSE(back->homogeneous);  // absent: unknown
  CHECK(encode_request(r).find("homogeneous") == std::string::npos);
}

TEST_CASE("the problem's homogeneity crosses the pipe in a gate answer and in a request (P6c)") {
  for (bool h : {true, false}) {
    GateResult g;
    g.status = GateStatus::WrongResult;  // learnt before the failure: a property of the problem
    g.homogeneous = h;
    WorkerResponse r;
    r.id = 5;
    r.ok = true;
    r.gate = g;
    WorkerLine line = decode_worker_line(encode_response(r));
    REQUIRE(line.response.gate);
    CHECK(line.response.gate->homogeneous == std::optional<bool>(h));
    WorkerRequest q;
    q.id = 6;
    q.op = "time_pairs";
    q.incumbent = VariantRef{"reduce", "tree", {}};
    q.candidate = VariantRef{"reduce", "warp", {}};
    q.homogeneous = h;
    auto back = decode_request(encode_request(q));
    REQUIRE_MESSAGE(back, solver::rules::why(back));
    CHECK(back->homogeneous == std::optional<bool>(h));
  }
  GateResult plain;
  CHECK(to_json(plain).count("homogeneous") == 0);  // recordings keep their bytes
  CHECK_FALSE(gate_result_from_json(to_json(plain), "test").homogeneous);
}

TEST_CASE("the problem's law checks cross the pipe in a gate answer and in a request (P6h)") {
  for (bool l : {true, false}) {
    GateResult g;
    g.status = GateStatus::WrongResult;  // learnt by the lint before the failure
    g.law_checks = l;
    WorkerResponse r;
    r.id = 5;
    r.ok = true;
    r.gate = g;
    WorkerLine line = decode_worker_line(encode_response(r));
    REQUIRE(line.response.gate);
    CHECK(line.response.gate->law_checks == std::optional<bool>(l));
    CHECK_FALSE(line.response.gate->homogeneous);  // its own field
    WorkerRequest q;
    q.id = 6;
    q.op = "time_pairs";
    q.incumbent = VariantRef{"reduce", "tree", {}};
    q.candidate = VariantRef{"reduce", "warp", {}};
    q.law_checks = l;
    auto back = decode_request(encode_request(q));
    REQUIRE_MESSAGE(back, solver::rules::why(back));
    CHECK(back->law_checks == std::optional<bool>(l));
    CHECK_FALSE(back->homogeneous);
  }
  GateResult plain;
  CHECK(to_json(plain).count("law_checks") == 0);  // recordings keep their bytes
  CHECK_FALSE(gate_result_from_json(to_json(plain), "test").law_checks);
  WorkerRequest unknown;
  unknown.id = 7;
  unknown.op = "time";
  unknown.variant = VariantRef{"reduce", "tree", {}};
  CHECK(encode_request(unknown).find("law_checks") == std::string::npos);
}

TEST_CASE("a malformed request is an error value, not an exception") {
  auto no_id = decode_request("{\"op\": \"gate\"}");
  CHECK_FALSE(no_id);  // no id
  CHECK(no_id.error().why.find("malformed request") != std::string::npos);
  CHECK_FALSE(decode_request("not json"));
  CHECK_FALSE(decode_request("{\"id\":1,\"op\":\"gate\",\"variant\":{\"problem\":3}}"));
}

TEST_CASE("a gate answer keeps every field, and a NaN error survives as NaN") {
  WorkerResponse r;
  r.id = 7;
  r.ok = true;
  r.fatal = true;
  GateResult g;
  g.status = GateStatus::WrongResult;
  g.detail = "C[17] = nan, reference 3.25 (input set 1, seed 99)";
  g.source_hash = "abc123";
  g.max_abs_err = std::nan("");
  g.max_rel_err = 0.5;
  g.input_sets = 2;
  g.seeds = {99, 18446744073709551615ULL};
  r.gate = g;
  WorkerLine line = decode_worker_line(encode_response(r));
  REQUIRE(line.kind == WorkerLine::Kind::Response);
  CHECK(line.response.id == 7);
  CHECK(line.response.fatal);
  REQUIRE(line.response.gate);
  const GateResult& b = *line.response.gate;
  CHECK(b.status == GateStatus::WrongResult);
  CHECK(b.detail == g.detail);
  CHECK(b.source_hash == "abc123");
  CHECK(std::isnan(b.max_abs_err));
  CHECK(b.max_rel_err == 0.5);
  CHECK(b.seeds == g.seeds);
}

TEST_CASE("a profile answer keeps signals of every type and the raw metrics") {
  ProfileResult p;
  p.ok = true;
  p.time_us = 139.5;
  p.signals.set("dram_frac", 0.77);
  p.signals.set("tensor_active", true);
  p.signals.set("dtype", std::string("tf32"));
  p.raw_metrics["dram__bytes_read.sum"] = 268435456.0;
  p.signal_origin["dram_frac"] = "unprofiled";
  WorkerResponse r;
  r.id = 1;
  r.ok = true;
  r.profile = p;
  WorkerLine line = decode_worker_line(encode_response(r));
  REQUIRE(line.response.profile);
  const ProfileResult& b = *line.response.profile;
  CHECK(b.ok);
  CHECK(b.time_us == 139.5);
  CHECK(std::get<double>(b.signals.get("dram_frac")) == 0.77);
  CHECK(std::get<bool>(b.signals.get("tensor_active")) == true);
  CHECK(std::get<std::string>(b.signals.get("dtype")) == "tf32");
  CHECK(solver::rules::is_missing(b.signals.get("l2_hit")));
  CHECK(b.raw_metrics.at("dram__bytes_read.sum") == 268435456.0);
  CHECK(b.signal_origin.at("dram_frac") == "unprofiled");
}

TEST_CASE("pairs, time samples, device and ceilings round-trip") {
  WorkerResponse r;
  r.id = 3;
  r.ok = true;
  r.pairs = PairSamples{};
  r.pairs->incumbent_us = {10.5, 10.7};
  r.pairs->candidate_us = {9.1, 9.0};
  r.pairs->sm_clock_mhz = 1980;
  TimeSamples t;
  t.ok = true;
  t.kernel_us = {1.5, 1.25};
  t.event_us = {2.0, 1.75};
  t.sm_clock_mhz = 1755;
  t.clock_source = "nvml";
  r.time = t;
  DeviceInfo d;
  d.name = "NVIDIA H200";
  d.chip_id = "h200";
  d.cc_major = 9;
  d.sm_count = 132;
  d.l2_bytes = 62914560;
  d.driver_version = 13000;
  d.arch = "sm_90";
  r.device = d;
  Ceilings c;
  c.copy_gbps = 3690;
  c.sgemm_tflops = 51.2;
  c.tf32_tflops = 378;
  c.datasheet_dram_gbps = 4800;
  c.from_cache = true;
  r.ceilings = c;
  WorkerLine line = decode_worker_line(encode_response(r));
  REQUIRE(line.kind == WorkerLine::Kind::Response);
  CHECK(line.response.pairs->incumbent_us == std::vector<double>{10.5, 10.7});
  CHECK(line.response.pairs->candidate_us == std::vector<double>{9.1, 9.0});
  CHECK(line.response.pairs->sm_clock_mhz == 1980);
  CHECK(line.response.time->event_us == std::vector<double>{2.0, 1.75});
  CHECK(line.response.time->clock_source == "nvml");
  CHECK(line.response.device->l2_bytes == 62914560);
  CHECK(line.response.device->chip_id == "h200");
  CHECK(line.response.ceilings->tf32_tflops == 378);
  CHECK(line.response.ceilings->from_cache);
}

TEST_CASE("beats and stray lines are told apart from answers") {
  WorkerLine beat = decode_worker_line(encode_beat({"launch", 10000}));
  CHECK(beat.kind == WorkerLine::Kind::Beat);
  CHECK(beat.beat.phase == "launch");
  CHECK(beat.beat.budget_ms == 10000);
  CHECK(decode_worker_line("CUDA warning: something").kind == WorkerLine::Kind::Garbage);
  CHECK(decode_worker_line("[1,2]").kind == WorkerLine::Kind::Garbage);
  CHECK(decode_worker_line("{\"id\":1}").kind == WorkerLine::Kind::Garbage);  // no ok
  CHECK(decode_worker_line("{\"id\":1,\"ok\":true,\"gate\":{\"status\":\"bogus\"}}").kind ==
        WorkerLine::Kind::Garbage);
}

TEST_CASE("an answer with invalid UTF-8 in a compiler log still encodes") {
  WorkerResponse r;
  r.id = 1;
  r.ok = true;
  GateResult g;
  g.status = GateStatus::CompileError;
  g.detail = std::string("bad byte \xff here");
  r.gate = g;
  WorkerLine line = decode_worker_line(encode_response(r));
  REQUIRE(line.kind == WorkerLine::Kind::Response);
  CHECK(line.response.gate->status == GateStatus::CompileError);
}

TEST_CASE("a failed op carries its gate outcome across the pipe") {
  WorkerResponse r;
  r.id = 9;
  r.ok = false;
  r.error = "vec[BLOCK=128]: wrong result after timing: y[3] = nan";
  r.error_status = GateStatus::WrongResult;
  WorkerLine l = decode_worker_line(encode_response(r));
  REQUIRE(l.kind == WorkerLine::Kind::Response);
  CHECK_FALSE(l.response.ok);
  CHECK(l.response.error == r.error);
  REQUIRE(l.response.error_status);
  CHECK(*l.response.error_status == GateStatus::WrongResult);
  // Without one (an older worker, or a non-gate error) it stays absent.
  r.error_status.reset();
  CHECK_FALSE(decode_worker_line(encode_response(r)).response.error_status);
}
