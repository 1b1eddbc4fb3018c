// The live backend's reliability without a GPU: a fake worker (fake_worker.cpp) that hangs,
// aborts, segfaults, exits or reports a sticky CUDA error. Each must come back as the right
// outcome value, and the next request must get a fresh worker.
#include <doctest/doctest.h>

#include <string>

#include "engine/backend/law_verdict.h"
#include "engine/backend/live_backend.h"
#include "engine/backend/paired_verdict.h"
#include "engine/backend/sequence_plan.h"
#include "engine/cli/command.h"

#include <filesystem>
#include <sstream>

using namespace solver::engine;

namespace {

LiveOptions fake_options(const std::string& mode = "") {
  LiveOptions o;
  o.worker_path = FAKE_WORKER_PATH;
  o.problems_root = std::string(SOLVER_SOURCE_DIR) + "/problems";
  o.timeout_ms = 300;  // the watchdog per launch batch: short, the fake hangs on purpose
  if (!mode.empty()) o.worker_args = {"--fake-mode", mode};
  return o;
}

VariantRef ref(const std::string& variant) { return {"fake_problem", variant, {}}; }

std::string pid_of(const GateResult& g) { return g.detail; }

}  // namespace

TEST_CASE("open_live_backend reports a missing driver plainly and returns nullptr") {
  auto [b, why] = open_live_backend(fake_options("nodriver"));
  CHECK(b == nullptr);
  // One calm sentence, not the loader's error lines (nothing is wrong on a machine without GPU).
  CHECK(why == std::string(kNoDriver));
  CHECK(why.find("error while loading") == std::string::npos);
}

TEST_CASE("ablate on a machine without a driver: the backend line, no error-looking line") {
  auto out_dir = std::filesystem::temp_directory_path() / "solver-no-driver-run";
  std::filesystem::remove_all(out_dir);
  std::ostringstream o, e;
  int rc = solver::cli::run_cli(
      {"solver", "--data-dir", SOLVER_SOURCE_DIR, "ablate", "--problems", "sigmoid", "--rounds",
       "1", "--gpu-worker", FAKE_WORKER_PATH, "--gpu-worker-arg=--fake-mode",
       "--gpu-worker-arg=nodriver", "--out", out_dir.string(), "--quiet"},
      o, e);
  INFO(o.str() << e.str());
  CHECK(rc == 0);
  CHECK(o.str().find("no GPU: replaying recorded H200 measurements") != std::string::npos);
  CHECK(e.str().find("libcuda") == std::string::npos);
  CHECK(e.str().find("error") == std::string::npos);
  CHECK(e.str().find("unavailable") == std::string::npos);
  std::filesystem::remove_all(out_dir);
}

TEST_CASE("open_live_backend reports a worker without a device") {
  auto [b, why] = open_live_backend(fake_options("nodevice"));
  CHECK(b == nullptr);
  CHECK(why.find("CUDA_ERROR_NO_DEVICE") != std::string::npos);
}

TEST_CASE("open_live_backend reports a worker that does not exist") {
  LiveOptions o = fake_options();
  o.worker_path = "/nonexistent/solver-gpu";
  auto [b, why] = open_live_backend(o);
  CHECK(b == nullptr);
  CHECK(why.find("/nonexistent/solver-gpu") != std::string::npos);
}

TEST_CASE("a healthy worker answers every op") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE_MESSAGE(b != nullptr, why);
  CHECK(b->info().kind == "live");
  CHECK(b->info().device_name == "Fake GPU");
  GateResult g = b->gate(ref("ok"));
  CHECK(g.status == GateStatus::Passed);
  CHECK(g.input_sets == kRotationSets);  // the gate asks for every rotation set (P8)
  CHECK(b->time_samples(ref("ok"), 3, 1).kernel_us == std::vector<double>{10, 11, 12});
  PairSamples p = b->time_pairs(ref("ok"), ref("ok"), 4, 1);
  CHECK(p.incumbent_us.size() == 4);
  CHECK(p.candidate_us.size() == 4);
  ProfileResult pr = b->profile(ref("ok"));
  CHECK(pr.ok);
  CHECK(pr.time_us == 12.5);
  CHECK(b->workers_started() == 1);
  CHECK(pid_of(b->gate(ref("ok"))) == pid_of(g));  // same worker throughout
}

TEST_CASE("h29c: LiveOptions::lint_cache off reaches the worker as --no-lint-cache") {
  for (bool on : {true, false}) {
    LiveOptions o = fake_options();
    o.lint_cache = on;  // problems check --no-cache sets it false
    auto [b, why] = open_live_backend(o);
    REQUIRE_MESSAGE(b != nullptr, why);
    CAPTURE(on);
    CHECK((b->gate(ref("ok")).detail.find("no-lint-cache") == std::string::npos) == on);
  }
}

TEST_CASE("a problem's homogeneity from its gate goes with every later timing, to any worker") {
  // P6c: the gate's exponent-range set verifies the problem homogeneous; the timed runs of
  // every later request must shrink positive laws as the gate's did, also in a worker that
  // never gated the problem (here: the one started after the first died).
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  auto carried = [](const std::string& detail) {
    auto at = detail.find(" homogeneous ");
    return at == std::string::npos ? std::string("?") : detail.substr(at + 13);
  };
  CHECK(carried(b->time_pairs(ref("ok"), ref("ok"), 4, 1).detail) == "unknown");
  GateResult g = b->gate(ref("homogeneous"));
  REQUIRE(g.homogeneous.has_value());
  CHECK(*g.homogeneous);
  CHECK(b->gate(ref("exit")).status == GateStatus::Fault);  // the gating worker is gone
  PairSamples p = b->time_pairs(ref("ok"), ref("ok"), 4, 1);
  CHECK(b->workers_started() == 2);
  CHECK(carried(p.detail) == "yes");
  CHECK(p.detail.find(pid_of(g)) == std::string::npos);  // another worker timed it
  CHECK(carried(b->time_samples(ref("ok"), 3, 1).detail) == "yes");
  CHECK(carried(b->profile(ref("ok")).detail) == "yes");
  // A gate's answer is not carried to another problem; a "no" is carried as such.
  CHECK(carried(
            b->time_pairs({"other_problem", "ok", {}}, {"other_problem", "ok", {}}, 4, 1).detail) ==
        "unknown");
  CHECK(b->gate(ref("not_homogeneous")).homogeneous == std::optional<bool>(false));
  CHECK(carried(b->time_pairs(ref("ok"), ref("ok"), 4, 1).detail) == "no");
}

TEST_CASE("P6h: a problem's law checks from its gate go with every later timing, to any worker") {
  // law_checks.h: where the gate's lint finds set 0 telling every output from its echo, every
  // verified run is drawn from the declared law; a worker that never gated the problem (here:
  // the one started after the first died) must time and verify on the same kind of data.
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  auto carried = [](const std::string& detail) {
    auto at = detail.find(" law_checks ");
    if (at == std::string::npos) return std::string("?");
    const std::string rest = detail.substr(at + 12);
    return rest.substr(0, rest.find(' '));
  };
  CHECK(carried(b->time_pairs(ref("ok"), ref("ok"), 4, 1).detail) == "unknown");
  GateResult g = b->gate(ref("law_checks"));
  REQUIRE(g.law_checks.has_value());
  CHECK(*g.law_checks);
  CHECK(b->gate(ref("exit")).status == GateStatus::Fault);  // the gating worker is gone
  PairSamples p = b->time_pairs(ref("ok"), ref("ok"), 4, 1);
  CHECK(b->workers_started() == 2);
  CHECK(carried(p.detail) == "yes");
  CHECK(carried(b->time_samples(ref("ok"), 3, 1).detail) == "yes");
  CHECK(carried(b->profile(ref("ok")).detail) == "yes");
  CHECK(carried(
            b->time_pairs({"other_problem", "ok", {}}, {"other_problem", "ok", {}}, 4, 1).detail) ==
        "unknown");
  CHECK(b->gate(ref("off_law")).law_checks == std::optional<bool>(false));
  CHECK(carried(b->time_pairs(ref("ok"), ref("ok"), 4, 1).detail) == "no");
}

TEST_CASE("a hanging kernel becomes Timeout, the worker is killed, and a fresh one serves next") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  GateResult first = b->gate(ref("ok"));
  GateResult hung = b->gate(ref("hang"));
  CHECK(hung.status == GateStatus::Timeout);
  CHECK(hung.detail.find("watchdog") != std::string::npos);
  CHECK(hung.detail.find("300 ms") != std::string::npos);
  GateResult after = b->gate(ref("ok"));
  CHECK(after.status == GateStatus::Passed);
  CHECK(pid_of(after) != pid_of(first));
  CHECK(b->workers_started() == 2);
}

TEST_CASE("an abort, a segfault and an exit each become Fault with the reason and stderr") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  GateResult aborted = b->gate(ref("abort"));
  CHECK(aborted.status == GateStatus::Fault);
  CHECK(aborted.detail.find("signal 6") != std::string::npos);
  CHECK(aborted.detail.find("about to abort") != std::string::npos);
  GateResult segv = b->gate(ref("segv"));
  CHECK(segv.status == GateStatus::Fault);
  CHECK(segv.detail.find("signal 11") != std::string::npos);
  GateResult exited = b->gate(ref("exit"));
  CHECK(exited.status == GateStatus::Fault);
  CHECK(exited.detail.find("exit status 3") != std::string::npos);
  CHECK(b->gate(ref("ok")).status == GateStatus::Passed);
  CHECK(b->workers_started() == 4);
}

TEST_CASE("a sticky CUDA error: the worker's Fault answer is kept and the worker replaced") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  GateResult before = b->gate(ref("ok"));
  GateResult fatal = b->gate(ref("fatal"));
  CHECK(fatal.status == GateStatus::Fault);
  CHECK(fatal.detail.find("CUDA_ERROR_ILLEGAL_ADDRESS") != std::string::npos);
  GateResult after = b->gate(ref("ok"));
  CHECK(after.status == GateStatus::Passed);
  CHECK(pid_of(after) != pid_of(before));
}

TEST_CASE("faults in the timing ops come back as outcomes with reasons, not as exceptions") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  TimeSamples hung_t = b->time_samples(ref("hang"), 5, 1);
  CHECK(hung_t.kernel_us.empty());
  REQUIRE(hung_t.failure);
  CHECK(*hung_t.failure == GateStatus::Timeout);
  PairSamples crashed = b->time_pairs(ref("ok"), ref("segv"), 5, 1);
  CHECK(crashed.incumbent_us.empty());
  REQUIRE(crashed.failure);
  CHECK(*crashed.failure == GateStatus::Fault);
  CHECK(crashed.detail.find("signal 11") != std::string::npos);
  PairSamples hung = b->time_pairs(ref("ok"), ref("hang"), 5, 1);
  REQUIRE(hung.failure);
  CHECK(*hung.failure == GateStatus::Timeout);
  PairSamples stale = b->time_pairs(ref("ok"), ref("stale"), 5, 1);
  REQUIRE(stale.failure);
  CHECK(*stale.failure == GateStatus::WrongResult);
  CHECK(stale.detail.find("wrong result after timing") != std::string::npos);
  PairSamples fine = b->time_pairs(ref("ok"), ref("ok"), 5, 1);
  CHECK_FALSE(fine.failure);
  CHECK(fine.candidate_us.size() == 5);
  ProfileResult p = b->profile(ref("abort"));
  CHECK_FALSE(p.ok);
  CHECK(p.detail.find("signal 6") != std::string::npos);
  CHECK(b->time_samples(ref("ok"), 2, 1).kernel_us.size() == 2);
}

TEST_CASE("beats re-arm the watchdog; stray stdout lines are ignored") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  // 5 x 90 ms of work, each inside its 300 ms batch budget, 450 ms in all.
  CHECK(b->gate(ref("beats")).status == GateStatus::Passed);
  CHECK(b->gate(ref("garbage")).status == GateStatus::Passed);
  CHECK(b->workers_started() == 1);
}

TEST_CASE(
    "the hostile-candidate outcomes cross the pipe: input_mutated, too_fast in pairs, phases") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  GateResult g = b->gate(ref("mutates"));
  CHECK(g.status == GateStatus::InputMutated);
  CHECK(g.timed_us == std::vector<double>{10.0, 10.5, 9.5});
  CHECK(g.phases_ms.at("checks") == 1.5);
  PairSamples m = b->time_pairs(ref("ok"), ref("mutates_in_pairs"), 5, 1);
  REQUIRE(m.failure);
  CHECK(*m.failure == GateStatus::InputMutated);
  CHECK(m.detail.find("input mutated") != std::string::npos);
  PairSamples f = b->time_pairs(ref("ok"), ref("fast_in_pairs"), 5, 1);
  REQUIRE(f.failure);
  CHECK(*f.failure == GateStatus::TooFast);
  CHECK(b->workers_started() == 1);  // outcomes, not deaths
}

TEST_CASE("red team 18: the pairs' fresh-set seed is keyed per backend, not the loop's seed") {
  // The loop's seed for a round is draw_seed(--seed, problem, round): the same in every run.
  // It placed the pairs' fresh set and its check, so a kernel could fingerprint that set ahead
  // of the run. The live backend mixes it with its own random key (P7d).
  auto seed_of = [](const std::string& detail) {
    auto at = detail.find(" seed=");
    return at == std::string::npos ? std::string("?") : detail.substr(at + 6);
  };
  auto [a, why_a] = open_live_backend(fake_options());
  auto [b, why_b] = open_live_backend(fake_options());
  REQUIRE(a);
  REQUIRE(b);
  const std::string sa = seed_of(a->time_pairs(ref("ok"), ref("echo_seed"), 4, 12345).detail);
  const std::string sa2 = seed_of(a->time_pairs(ref("ok"), ref("echo_seed"), 4, 12346).detail);
  const std::string sb = seed_of(b->time_pairs(ref("ok"), ref("echo_seed"), 4, 12345).detail);
  CHECK(sa != "?");
  CHECK(sa != "12345");  // not the loop's seed
  CHECK(sa != sb);       // another backend (another run) draws another set
  CHECK(sa != sa2);      // another round, another set
}

TEST_CASE("red team 18: the worker's law pairs reach the backend and decide the verdict") {
  auto [b, why] = open_live_backend(fake_options());
  REQUIRE(b);
  PairSamples p = b->time_pairs(ref("ok"), ref("law_pairs"), 8, 1);
  REQUIRE(p.law_candidate_us.size() == 8);
  REQUIRE(p.law_incumbent_us.size() == 8);
  PairPlan plan(8);
  const PairedDecision timed = decide(p, plan);
  CHECK(timed.verdict == Verdict::Faster);  // 2x on the timed pairs
  CHECK(decide_on_law(timed, p, plan).verdict == Verdict::Slower);
  // A plain answer has none (the field is absent from its JSON).
  PairSamples plain = b->time_pairs(ref("ok"), ref("ok"), 8, 1);
  CHECK(plain.law_candidate_us.empty());
  CHECK(plain.fold_rescued == 0);
  // Red team 37 (P5): the pairs' audits that passed only under P6p's allowance are counted in
  // the worker's answer, not left in its Prepared.
  CHECK(b->time_pairs(ref("ok"), ref("fold_rescued"), 8, 1).fold_rescued == 2);
}
