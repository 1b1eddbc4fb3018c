// A stand-in for `solver-gpu` that speaks the worker protocol without a GPU, so the live
// backend's watchdog, fault handling and restart can be tested in CI. What it does is chosen
// by the variant id of each request:
//   ok       answers normally (gate Passed, detail "pid <pid>")
//   hang     announces a launch batch (beat with the --timeout-ms budget) and never answers
//   abort    abort()s mid-request after writing to stderr
//   segv     raises SIGSEGV
//   exit     exits with status 3 without answering
//   fatal    answers Fault with "fatal":true (a sticky CUDA error) and exits
//   garbage  prints a non-protocol line on stdout first, then answers normally
//   beats    beats 5 times, sleeping 30% of the budget each time (longer than one budget in
//            total), then answers: the watchdog must re-arm on each beat
//   stale    gates and times, but its output check after paired timing fails: time_pairs
//            answers ok:false with error_status wrong_result (a kernel that breaks only
//            under repeated launches)
//   mutates  gates as input_mutated (a kernel that wrote its `in` buffer), with timed_us and
//            phases_ms like the real worker's gate
//   mutates_in_pairs / fast_in_pairs
//            gate, but time_pairs answers ok:false with error_status input_mutated / too_fast
//   homogeneous / not_homogeneous
//            gate with GateResult::homogeneous true / false (the problem's P6c flag); every
//            time, time_pairs and profile answer says in its detail what the request carried
//            ("homogeneous yes|no|unknown")
//   law_checks / off_law
//            gate with GateResult::law_checks true / false (the problem's P6h flag, law_checks.h);
//            carried alike ("law_checks yes|no|unknown", before the homogeneous word)
// SOLVER_GPU_DEVICE (set by `ablate --gpus`) is echoed in each detail as "gpu N"; with
// FAKE_ODD_GPU=N the worker on GPU N reports another device ("Other Fake GPU", chip fake2).
// Start-up mode (--fake-mode): "nodriver" exits 127 the way the dynamic loader does when
// libcuda.so.1 is missing; "nodevice" answers hello with ok:false (cuInit failed).
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "engine/backend/worker_protocol.h"

using namespace solver::engine;

namespace {

int g_timeout_ms = 1000;
bool g_no_lint_cache = false;  // --no-lint-cache (LiveOptions::lint_cache): said in a gate's detail

void send(const std::string& line) { std::cout << line << "\n" << std::flush; }

void beat(const std::string& phase) { send(encode_beat({phase, g_timeout_ms})); }

WorkerResponse answer_ok(const WorkerRequest& r) {
  WorkerResponse resp;
  resp.id = r.id;
  resp.ok = true;
  std::string pid = "pid " + std::to_string(getpid());
  const std::string carried = std::string(" law_checks ") +
                              (!r.law_checks   ? "unknown"
                               : *r.law_checks ? "yes"
                                               : "no") +
                              " homogeneous " +
                              (!r.homogeneous   ? "unknown"
                               : *r.homogeneous ? "yes"
                                                : "no");
  // Which GPU it was started for (ablate --gpus), so a test sees each shard's worker's GPU.
  if (const char* gpu = std::getenv("SOLVER_GPU_DEVICE")) pid += std::string(" gpu ") + gpu;
  if (r.op == "gate") {
    GateResult g;
    g.status = r.variant && r.variant->variant == "mutates" ? GateStatus::InputMutated
                                                            : GateStatus::Passed;
    g.detail = pid;
    // A generated variant's folder (VariantRef::problem_dir) is echoed, so a test sees it came.
    if (r.variant && !r.variant->problem_dir.empty()) g.detail += " dir " + r.variant->problem_dir;
    if (g_no_lint_cache) g.detail += " no-lint-cache";
    g.timed_us = {10.0, 10.5, 9.5};
    g.phases_ms = {{"checks", 1.5}, {"timing", 2.0}};
    g.input_sets = r.input_sets;
    g.seeds = {r.seed + 1, r.seed + 2};
    if (r.variant && r.variant->variant == "homogeneous") g.homogeneous = true;
    if (r.variant && r.variant->variant == "not_homogeneous") g.homogeneous = false;
    if (r.variant && r.variant->variant == "law_checks") g.law_checks = true;
    if (r.variant && r.variant->variant == "off_law") g.law_checks = false;
    resp.gate = g;
  } else if (r.op == "profile") {
    ProfileResult p;
    p.ok = true;
    p.detail = pid + carried;
    p.time_us = 12.5;
    p.signals.set("time_us", 12.5);
    p.raw_metrics["gpu__time_duration.sum"] = 20000;
    resp.profile = p;
  } else if (r.op == "time") {
    TimeSamples t;
    t.ok = true;
    // 10, 11, 12 repeated: P10t's top-up (tail_charge.h) reads a third of the runs as
    // excursions (1.2 x the series' lower quartile), beyond anything in the incumbent's constant
    // pairs, so a kept round also asks the incumbent's top-up. The seed `naive`, which every
    // pair below times as the incumbent at 20 us, is timed alone at its paired time too (20, 22,
    // 24): a kernel's time alone agrees with its paired time (P9), and a recording pools both
    // (TapBackend), from which a replay draws its pairs (external_generator_test).
    const double unit = r.variant && r.variant->variant == "naive" ? 2.0 : 1.0;
    for (int i = 0; i < r.samples; ++i) t.kernel_us.push_back(unit * (10.0 + i % 3));
    t.event_us = t.kernel_us;
    t.detail = pid + carried;
    resp.time = t;
  } else if (r.op == "time_pairs" && r.candidate && r.candidate->variant == "stale") {
    resp.ok = false;
    resp.error = "stale: wrong result after timing: y[7] = 0.5, reference 0.25";
    resp.error_status = GateStatus::WrongResult;
  } else if (r.op == "time_pairs" && r.candidate && r.candidate->variant == "mutates_in_pairs") {
    resp.ok = false;
    resp.error =
        "mutates_in_pairs: input mutated during paired timing: the kernel wrote its input buffer "
        "'x'";
    resp.error_status = GateStatus::InputMutated;
  } else if (r.op == "time_pairs" && r.candidate && r.candidate->variant == "fast_in_pairs") {
    resp.ok = false;
    resp.error =
        "fast_in_pairs: too fast in paired timing: median 1 us is below the physical floor of 10 "
        "us";
    resp.error_status = GateStatus::TooFast;
  } else if (r.op == "time_pairs") {
    PairSamples p;
    for (int i = 0; i < r.pairs; ++i) {
      p.incumbent_us.push_back(20.0);
      p.candidate_us.push_back(10.0);
      // law_pairs: the worker's law pairs (P6d, red team 18), where the candidate is slower.
      if (r.candidate && r.candidate->variant == "law_pairs") {
        p.law_incumbent_us.push_back(20.0);
        p.law_candidate_us.push_back(21.0 + 0.01 * i);
        p.law_audited = 8;  // P6e (red team 19): the worker audits the candidate's law pairs
      }
    }
    // fold_rescued: two of the pairs' audits passed only under P6p's allowance (red team 37).
    if (r.candidate && r.candidate->variant == "fold_rescued") p.fold_rescued = 2;
    // echo_seed: the seed the request carried (red team 18: not the loop's own).
    const std::string seed =
        r.candidate && r.candidate->variant == "echo_seed" ? " seed=" + std::to_string(r.seed) : "";
    p.sm_clock_mhz = 1980;
    p.detail = pid + carried + seed;
    resp.pairs = p;
  }
  return resp;
}

}  // namespace

int main(int argc, char** argv) {
  std::string mode;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--no-lint-cache") g_no_lint_cache = true;
  for (int i = 1; i + 1 < argc; ++i) {
    std::string a = argv[i];
    if (a == "--fake-mode") mode = argv[i + 1];
    if (a == "--timeout-ms") g_timeout_ms = std::atoi(argv[i + 1]);
  }
  if (mode == "nodriver") {
    std::fprintf(stderr,
                 "solver-gpu: error while loading shared libraries: libcuda.so.1: "
                 "cannot open shared object file: No such file or directory\n");
    return 127;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    auto req = decode_request(line);
    if (!req) {
      WorkerResponse bad;
      bad.error = req.error().why;
      send(encode_response(bad));
      continue;
    }
    if (req->op == "quit") return 0;
    if (req->op == "hello") {
      WorkerResponse resp;
      resp.id = req->id;
      if (mode == "nodevice") {
        resp.error = "cuInit failed: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)";
      } else {
        resp.ok = true;
        DeviceInfo d;
        // FAKE_ODD_GPU=N: GPU N is another chip (the --gpus chip check must refuse the mixture).
        const char* gpu = std::getenv("SOLVER_GPU_DEVICE");
        const char* odd = std::getenv("FAKE_ODD_GPU");
        bool other = gpu && odd && std::string(gpu) == odd;
        d.name = other ? "Other Fake GPU" : "Fake GPU";
        d.chip_id = other ? "fake2" : "fake";
        d.arch = "sm_90";
        d.sm_count = 4;
        resp.device = d;
      }
      send(encode_response(resp));
      continue;
    }
    const VariantRef* v = req->variant     ? &*req->variant
                          : req->candidate ? &*req->candidate
                                           : nullptr;
    std::string what = v ? v->variant : "ok";
    if (what == "hang") {
      beat("launch");
      for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    }
    if (what == "abort") {
      std::fprintf(stderr, "fake worker: about to abort\n");
      std::abort();
    }
    if (what == "segv") raise(SIGSEGV);
    if (what == "exit") {
      std::fprintf(stderr, "fake worker: exiting with status 3\n");
      return 3;
    }
    if (what == "fatal") {
      WorkerResponse resp;
      resp.id = req->id;
      resp.ok = true;
      resp.fatal = true;
      GateResult g;
      g.status = GateStatus::Fault;
      g.detail = "CUDA_ERROR_ILLEGAL_ADDRESS at fake.cpp:1 (sticky: the worker exits)";
      resp.gate = g;
      send(encode_response(resp));
      return 1;
    }
    if (what == "garbage") send("this is not protocol");
    if (what == "beats") {
      for (int i = 0; i < 5; ++i) {
        beat("launch batch " + std::to_string(i));
        std::this_thread::sleep_for(std::chrono::milliseconds(g_timeout_ms * 3 / 10));
      }
    }
    send(encode_response(answer_ok(*req)));
  }
  return 0;
}
