// The deferred adversarial gate (issue 28, the defences' cost per round; docs/reliability.md
// P16; engine/backend/gate_parts.h, round_loop.cpp steps 6, 7, 7b). A candidate's adversarial
// sets (and the rest of the deferred part) run only once the paired verdict would keep it:
//  - a candidate slower than the incumbent is rejected with its deferred checks never asked
//    for: no adversarial phase in its record, which says "not run: not faster";
//  - a faster candidate wrong on an adversarial set is gate-failed with the full gate's status
//    and words, never kept; a faster honest one is kept with the merged gate (deferred "ran");
//  - --eager-adversarial (LoopConfig::eager_adversarial) is the order before: full gates only;
//  - the recorded backend splits its recorded full gates the same way, and an offline ablation
//    of the bundled H200 recording gives the same outcomes in both orders.
// The loop runs on the SYNTHETIC toy pool (synthetic_pool.h) and on the REAL recording.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <utility>

#include "engine/backend/gate_parts.h"
#include "engine/backend/memo_backend.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/value_json.h"
#include "engine/backend/worker_protocol.h"
#include "engine/cli/command.h"
#include "engine/loop/ledger.h"
#include "engine/loop/round_loop.h"
#include "generators/problem_spec.h"
#include "rules/rule_table.h"
#include "synthetic_pool.h"

using namespace solver;
using namespace solver::engine;

namespace {

const char* kAdversarialFailure =
    "output y[17] = 3.5 but the reference is 1.25 (adversarial input set 4 [heavy-tailed random "
    "signs], seed 9)";

// A recorded variant whose recorded full gate failed on an adversarial set: its regular sets
// passed, so it still has time samples and a profile (what a live regular part would time).
void fail_on_adversarial(Recording& r, const std::string& key) {
  GateResult& g = *r.problems["toy"].variants[key].gate;
  g.status = GateStatus::WrongResult;
  g.detail = kAdversarialFailure;
}

// The toy recording behind a backend that says it is live (so the loop records phase times),
// gives each part of a gate its phases as the worker does, and logs every gate part asked for
// (the seed's own full gate, through gate(), is neither logged nor timed).
class PartsBackend : public RecordedBackend {
 public:
  using RecordedBackend::RecordedBackend;
  BackendInfo info() const override {
    BackendInfo i = RecordedBackend::info();
    i.kind = "live";
    return i;
  }
  GateResult gate_part(const VariantRef& v, GatePart part) override {
    asked.emplace_back(v.key(), part);
    GateResult g = RecordedBackend::gate_part(v, part);
    if (part != GatePart::Deferred) g.phases_ms["checks"] = 1;
    if (part != GatePart::Regular) g.phases_ms["adversarial"] = 5;
    return g;
  }
  std::vector<GatePart> parts_of(const std::string& key) const {
    std::vector<GatePart> out;
    for (const auto& [k, p] : asked)
      if (k == key) out.push_back(p);
    return out;
  }
  std::vector<std::pair<std::string, GatePart>> asked;
};

std::vector<RoundRecord> run_toy(Backend& backend, bool eager, int rounds = 3) {
  test::ToyWorld w("deferred-gate");
  auto spec = generators::load_problem(w.problems + "/toy");
  auto chip = *rules::load_chip_table(test::chips_yaml()).find("h200");
  auto table = rules::load_rule_table(w.rules);
  LoopConfig cfg{rounds, 16, 42, false, OffPolicy::BestStatic};
  cfg.eager_adversarial = eager;
  RoundLoop loop(backend, spec, chip, table, cfg);
  TrackState state = initial_state(spec, chip, "off");
  auto ledger = LedgerWriter::create(w.root + "/ledger.jsonl", {{"test", 1}});
  std::vector<RoundRecord> out;
  run_track(loop, state, nullptr, table, ledger, cfg,
            [&](const RoundRecord& r) { out.push_back(r); });
  return out;
}

const RoundRecord* round_of(const std::vector<RoundRecord>& records, const std::string& cand) {
  for (const auto& r : records)
    if (r.candidate == cand) return &r;
  return nullptr;
}

bool has_phase(const RoundRecord& r, const std::string& name) {
  return r.phases_ms.count(name) > 0;
}

}  // namespace

TEST_CASE("a candidate slower than the incumbent never runs its adversarial sets") {
  // The toy OFF track: round 1 keeps coalesced (50 us against 100), round 2 times slow (60 us
  // against 50), whose recorded gate failed on an adversarial set.
  Recording rec = test::toy_recording();
  fail_on_adversarial(rec, "slow");
  PartsBackend backend(rec);
  auto records = run_toy(backend, /*eager=*/false);
  const RoundRecord* slow = round_of(records, "slow");
  REQUIRE(slow);
  CHECK(slow->outcome == Outcome::Rejected);
  CHECK(slow->deferred_checks == "not run: not faster");
  REQUIRE(slow->gate);
  CHECK(slow->gate->passed());  // its regular part
  CHECK(slow->gate->deferred == DeferredChecks::NotRun);
  CHECK(slow->gate->detail.find(kDeferredNote) != std::string::npos);
  CHECK(backend.parts_of("slow") == std::vector<GatePart>{GatePart::Regular});
  CHECK(has_phase(*slow, "gate/checks"));
  CHECK_FALSE(has_phase(*slow, "gate/adversarial"));
  // The record says so in the ledger too.
  nlohmann::json j = to_json(*slow);
  CHECK(j["deferred_checks"] == "not run: not faster");
  CHECK(j["gate"]["deferred_checks"] == "not_run");
  RoundRecord back = round_record_from_json(j);
  CHECK(back.deferred_checks == slow->deferred_checks);
  REQUIRE(back.gate);
  CHECK(back.gate->deferred == DeferredChecks::NotRun);

  // The kept candidate of round 1 ran both parts; its record holds the adversarial phase.
  const RoundRecord* kept = round_of(records, "coalesced");
  REQUIRE(kept);
  CHECK(kept->outcome == Outcome::Kept);
  CHECK(kept->deferred_checks.empty());
  REQUIRE(kept->gate);
  CHECK(kept->gate->deferred == DeferredChecks::Ran);
  CHECK(backend.parts_of("coalesced") ==
        std::vector<GatePart>{GatePart::Regular, GatePart::Deferred});
  CHECK(has_phase(*kept, "gate/adversarial"));

  // Eager: the same candidate is gated in full first, and its adversarial set refuses it.
  PartsBackend eager_backend(rec);
  auto eager = run_toy(eager_backend, /*eager=*/true);
  const RoundRecord* slow_eager = round_of(eager, "slow");
  REQUIRE(slow_eager);
  CHECK(slow_eager->outcome == Outcome::GateFailed);
  CHECK(slow_eager->deferred_checks.empty());
  CHECK(eager_backend.parts_of("slow") == std::vector<GatePart>{GatePart::Full});
  CHECK(has_phase(*slow_eager, "gate/adversarial"));
}

TEST_CASE("a faster candidate wrong on an adversarial set is gate-failed, never kept") {
  Recording rec = test::toy_recording();
  fail_on_adversarial(rec, "coalesced");
  PartsBackend backend(rec);
  auto records = run_toy(backend, /*eager=*/false);
  PartsBackend eager_backend(rec);
  auto eager = run_toy(eager_backend, /*eager=*/true);
  const RoundRecord* r = round_of(records, "coalesced");
  const RoundRecord* e = round_of(eager, "coalesced");
  REQUIRE(r);
  REQUIRE(e);
  CHECK(r->outcome == Outcome::GateFailed);
  REQUIRE(r->gate);
  CHECK(r->gate->status == GateStatus::WrongResult);
  CHECK(r->gate->deferred == DeferredChecks::Ran);
  CHECK(r->verdict);  // it was timed (and faster) before its adversarial sets ran
  CHECK(backend.parts_of("coalesced") ==
        std::vector<GatePart>{GatePart::Regular, GatePart::Deferred});
  // The same status and words as the full gate before the timing.
  CHECK(e->outcome == Outcome::GateFailed);
  CHECK(r->detail == e->detail);
  CHECK(r->detail == std::string("wrong_result: ") + kAdversarialFailure);
  CHECK(r->narrowed_checks.empty());
  for (const auto& later : records) CHECK(later.incumbent != "coalesced");
  for (const auto& later : records)
    if (later.candidate == "coalesced") CHECK(later.outcome != Outcome::Kept);
}

TEST_CASE("deferred and eager orders agree on every outcome of the toy pool") {
  Recording rec = test::toy_recording();
  PartsBackend deferred(rec), eager(rec);
  auto a = run_toy(deferred, false, 8), b = run_toy(eager, true, 8);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    CAPTURE(i);
    CHECK(a[i].candidate == b[i].candidate);
    CHECK(a[i].outcome == b[i].outcome);
    if (a[i].outcome != Outcome::Rejected) CHECK(a[i].narrowed_checks == b[i].narrowed_checks);
    if (a[i].outcome == Outcome::Rejected) CHECK(a[i].deferred_checks == "not run: not faster");
    if (a[i].outcome == Outcome::Kept) CHECK(a[i].gate->deferred == DeferredChecks::Ran);
  }
  // No full gate is asked for a candidate in the deferred order (the seed's is its own).
  for (const auto& [key, part] : deferred.asked)
    if (key != "naive") CHECK(part != GatePart::Full);
}

// Red teams 33 and 34 live (docs/results/h100-2026-12-07c, helper scr38): the child of a
// 16-bit fixed-point f32 scratch passed its regular part, was refused wrong_result by the pairs'
// fresh-set check (off the law: P6c's shrink), and its deferred part, where the scratch-
// resolution step runs, never ran; eager, the full gate refuses it precision_mismatch before any
// timing. A pairs backend that refuses one candidate on its values, as the worker's pairs did.
const char* kPairsRefusal =
    "cheat: wrong result after timing: out[0] (at 0 0) = 0.0225150678, reference 0.0225105017 "
    "(check after timing, at timed sample 14, input set 3 [fresh])";
const char* kScratchRefusal =
    "scratch mid (f32) does not resolve its values at the declared class 'fp32': a relative move "
    "of 2^-18 of the inputs left 20515 of the 22528 stored words (91.1%) that a move of 2^-10 "
    "changes as they were";

class PairsRefuseBackend : public PartsBackend {
 public:
  PairsRefuseBackend(const Recording& r, std::string refused, GateStatus status)
      : PartsBackend(r), refused_(std::move(refused)), status_(status) {}
  PairSamples time_pairs(const VariantRef& incumbent, const VariantRef& candidate,
                         const PairPlan& plan, uint64_t seed) override {
    if (candidate.key() != refused_)
      return PartsBackend::time_pairs(incumbent, candidate, plan, seed);
    PairSamples out;
    out.failure = status_;
    out.detail = kPairsRefusal;
    return out;
  }

 private:
  std::string refused_;
  GateStatus status_;
};

void narrowed_scratch(Recording& r, const std::string& key) {
  GateResult& g = *r.problems["toy"].variants[key].gate;
  g.status = GateStatus::PrecisionMismatch;
  g.detail = kScratchRefusal;
}

TEST_CASE("red teams 33/34: a candidate the pairs refuse on its values is named by its full gate") {
  Recording rec = test::toy_recording();
  narrowed_scratch(rec, "coalesced");
  // The scratch step's refusal is the deferred part's: the regular part passes it.
  const GateResult& full = *rec.problems["toy"].variants["coalesced"].gate;
  CHECK(deferred_stage_failure(full));
  CHECK(regular_part(full).passed());
  PairsRefuseBackend backend(rec, "coalesced", GateStatus::WrongResult);
  auto records = run_toy(backend, /*eager=*/false);
  PartsBackend eager_backend(rec);
  auto eager = run_toy(eager_backend, /*eager=*/true);
  const RoundRecord* r = round_of(records, "coalesced");
  const RoundRecord* e = round_of(eager, "coalesced");
  REQUIRE(r);
  REQUIRE(e);
  // Live before the fix: regular part only, wrong_result, deferred "not_run". Now the deferred
  // part runs after the pairs' refusal and names it as the eager order does.
  CHECK(backend.parts_of("coalesced") ==
        std::vector<GatePart>{GatePart::Regular, GatePart::Deferred});
  CHECK(r->outcome == Outcome::GateFailed);
  REQUIRE(r->gate);
  CHECK(r->gate->status == GateStatus::PrecisionMismatch);
  CHECK(r->gate->deferred == DeferredChecks::Ran);
  CHECK(e->outcome == Outcome::GateFailed);
  CHECK(e->detail == std::string("precision_mismatch: ") + kScratchRefusal);
  CHECK(r->detail.rfind(e->detail, 0) == 0);                  // the full gate's words first
  CHECK(r->detail.find(kPairsRefusal) != std::string::npos);  // the pairs' after them
  CHECK(has_phase(*r, "gate/adversarial"));
  CHECK(r->narrowed_checks.empty());
  // The ledger keeps it: status, the deferred part ran.
  nlohmann::json j = to_json(*r);
  CHECK(j["gate"]["status"] == "precision_mismatch");
  CHECK(j["gate"]["deferred_checks"] == "ran");
  for (const auto& later : records) CHECK(later.incumbent != "coalesced");
}

TEST_CASE("a pairs refusal stands where the deferred part passes, and only value refusals ask") {
  Recording rec = test::toy_recording();
  {
    // An honest deferred part: the pairs' wrong_result is the round's, and the record says the
    // deferred part ran and passed.
    PairsRefuseBackend backend(rec, "coalesced", GateStatus::WrongResult);
    auto records = run_toy(backend, false);
    const RoundRecord* r = round_of(records, "coalesced");
    REQUIRE(r);
    CHECK(backend.parts_of("coalesced") ==
          std::vector<GatePart>{GatePart::Regular, GatePart::Deferred});
    CHECK(r->outcome == Outcome::GateFailed);
    REQUIRE(r->gate);
    CHECK(r->gate->status == GateStatus::WrongResult);
    CHECK(r->detail.rfind("wrong_result: during paired timing: ", 0) == 0);
    CHECK(r->deferred_checks ==
          "ran after the paired timing's refusal: passed (the paired timing's refusal stands)");
  }
  // A fault or a hang in the pairs, or a recording's missing samples: nothing more runs.
  for (GateStatus s : {GateStatus::Fault, GateStatus::Timeout, GateStatus::NotRecorded}) {
    CAPTURE(to_string(s));
    PairsRefuseBackend backend(rec, "coalesced", s);
    auto records = run_toy(backend, false);
    const RoundRecord* r = round_of(records, "coalesced");
    REQUIRE(r);
    CHECK(backend.parts_of("coalesced") == std::vector<GatePart>{GatePart::Regular});
    REQUIRE(r->gate);
    CHECK(r->gate->status == s);
    CHECK(r->deferred_checks.empty());
  }
  // Eager: the full gate ran before the pairs, nothing is asked after a refusal.
  PairsRefuseBackend eager(rec, "coalesced", GateStatus::WrongResult);
  auto records = run_toy(eager, true);
  CHECK(eager.parts_of("coalesced") == std::vector<GatePart>{GatePart::Full});
  const RoundRecord* r = round_of(records, "coalesced");
  REQUIRE(r);
  CHECK(r->gate->status == GateStatus::WrongResult);
}

TEST_CASE("a recorded full gate splits into its two parts") {
  GateResult full;
  full.status = GateStatus::Passed;
  full.detail =
      "median 50.1 us over 6 runs; floor 1.75 us (bytes); fresh-set check at timed sample 3; "
      "timed sample 5 audited; adversarial sets: exponent range up (outputs x 131072); "
      "timed perturbation: one element a run (no device derivation)";
  full.timed_us = {50, 51, 49};
  GateResult reg = regular_part(full);
  CHECK(reg.passed());
  CHECK(reg.deferred == DeferredChecks::NotRun);
  CHECK(reg.timed_us == full.timed_us);
  CHECK(reg.detail ==
        std::string("median 50.1 us over 6 runs; floor 1.75 us (bytes); timed perturbation: one "
                    "element a run (no device derivation); ") +
            kDeferredNote);
  GateResult rest = deferred_part(full, "toy x");
  CHECK(rest.passed());
  CHECK(rest.deferred == DeferredChecks::Ran);
  CHECK(rest.detail == full.detail);
  GateResult merged = merge_parts(reg, rest);
  CHECK(merged.detail == full.detail);
  CHECK(merged.deferred == DeferredChecks::Ran);

  // A failure of the regular part is the regular part's; one of the deferred part passes it.
  GateResult compile = full;
  compile.status = GateStatus::CompileError;
  compile.detail = "error: expected ';'";
  CHECK_FALSE(deferred_stage_failure(compile));
  CHECK(regular_part(compile).status == GateStatus::CompileError);
  GateResult adv = full;
  adv.status = GateStatus::WrongResult;
  adv.detail = kAdversarialFailure;
  CHECK(deferred_stage_failure(adv));
  CHECK(regular_part(adv).passed());
  CHECK(deferred_part(adv, "toy x").status == GateStatus::WrongResult);
  GateResult lint = full;
  lint.status = GateStatus::InvalidSpec;
  lint.detail = "tolerance admits a 1-in-2 sample on every set the gate verifies on";
  CHECK(deferred_stage_failure(lint));
  GateResult later = full;
  later.status = GateStatus::WrongResult;
  later.detail = "output y[3] = 2 but the reference is 1 (before timing, input set 2, seed 7)";
  CHECK(deferred_stage_failure(later));
  later.detail = "output y[3] = 2 but the reference is 1 (before timing, input set 0, seed 7)";
  CHECK_FALSE(deferred_stage_failure(later));
  GateResult spec = full;
  spec.status = GateStatus::InvalidSpec;
  spec.detail = "shared memory 300000 bytes over the chip's 232448";
  CHECK_FALSE(deferred_stage_failure(spec));

  // A regular part recorded alone (a rejected candidate of a live run): no deferred part.
  CHECK(deferred_part(reg, "toy x").status == GateStatus::NotRecorded);

  // The wire and the recording keep which part a result is.
  GateResult back = gate_result_from_json(to_json(reg), "test");
  CHECK(back.deferred == DeferredChecks::NotRun);
  CHECK_FALSE(to_json(full).contains("deferred_checks"));  // records before keep their bytes
  WorkerRequest q;
  q.id = 3;
  q.op = "gate";
  q.variant = VariantRef{"toy", "slow", {}, ""};
  q.gate_part = GatePart::Deferred;
  auto decoded = decode_request(encode_request(q));
  REQUIRE(decoded.ok());
  CHECK(decoded.value().gate_part == GatePart::Deferred);
  CHECK_FALSE(decode_request(R"({"id":1,"op":"gate","part":"half"})").ok());
}

TEST_CASE("the memo answers each part once, and a full gate from both parts") {
  Recording rec = test::toy_recording();
  PartsBackend inner(rec);
  MemoBackend memo(inner, true);
  VariantRef v{"toy", "coalesced", {}, ""};
  CHECK(memo.gate_part(v, GatePart::Regular).deferred == DeferredChecks::NotRun);
  CHECK(memo.gate_part(v, GatePart::Regular).reused);
  CHECK(memo.gate_part(v, GatePart::Deferred).deferred == DeferredChecks::Ran);
  GateResult full = memo.gate(v);
  CHECK(full.reused);
  CHECK(full.passed());
  CHECK(full.deferred == DeferredChecks::Ran);
  CHECK(inner.asked.size() == 2);
}

TEST_CASE("offline, the bundled H200 recording gives the same outcomes in both orders") {
  namespace fs = std::filesystem;
  const std::string src = SOLVER_SOURCE_DIR;
  auto ablate = [&](const std::string& name, std::vector<std::string> extra) {
    fs::path dir =
        fs::temp_directory_path() / ("solver-deferred-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    std::vector<std::string> args{
        "solver",   "--data-dir",  src,
        "ablate",   "--problems",  "softmax,layernorm,reduce,matmul_scalar,sigmoid,matmul",
        "--rounds", "12",          "--backend",
        "recorded", "--recording", src + "/tests/data/recordings/h200.json",
        "--out",    dir.string(),  "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::ostringstream out, err;
    int rc = cli::run_cli(args, out, err);
    INFO(err.str());
    REQUIRE(rc == 0);
    auto records = load_ledger((dir / "ledger.jsonl").string()).records;
    fs::remove_all(dir);
    return records;
  };
  auto deferred = ablate("default", {});
  auto eager = ablate("eager", {"--eager-adversarial"});
  REQUIRE(deferred.size() == eager.size());
  int rejected = 0;
  for (size_t i = 0; i < deferred.size(); ++i) {
    const RoundRecord& a = deferred[i];
    const RoundRecord& b = eager[i];
    CAPTURE(a.problem);
    CAPTURE(a.track);
    CAPTURE(a.round);
    CHECK(a.candidate == b.candidate);
    CHECK(a.outcome == b.outcome);
    CHECK(a.detail == b.detail);
    // A rejected candidate's adversarial sets never ran, so its gate cannot say whether any
    // applied ("not applicable" is learnt there): its narrowed checks are the regular part's.
    if (a.outcome != Outcome::Rejected) CHECK(a.narrowed_checks == b.narrowed_checks);
    CHECK(b.deferred_checks.empty());
    if (a.outcome == Outcome::Rejected) {
      ++rejected;
      CHECK(a.deferred_checks == "not run: not faster");
    }
    if (a.outcome == Outcome::Kept) CHECK(a.gate->deferred == DeferredChecks::Ran);
  }
  CHECK(rejected > 0);
}

TEST_CASE("red team 12's note: the sweep gate audits a timed run; only the regular part does not") {
  // `solver record --sweep` records the sweep gate's series as the point's samples: unaudited,
  // a kernel that skips its work in timed runs was recorded at its skipping time.
  const engine::GateSteps sweep = engine::gate_steps(true, engine::GatePart::Full);
  CHECK(sweep.light);
  CHECK(sweep.audit);
  // The regular part's series is followed by the deferred part's audited one.
  const engine::GateSteps regular = engine::gate_steps(false, engine::GatePart::Regular);
  CHECK(regular.light);
  CHECK_FALSE(regular.audit);
  const engine::GateSteps full = engine::gate_steps(false, engine::GatePart::Full);
  CHECK_FALSE(full.light);
  CHECK(full.audit);
  const engine::GateSteps deferred = engine::gate_steps(false, engine::GatePart::Deferred);
  CHECK_FALSE(deferred.light);
  CHECK(deferred.audit);
}

TEST_CASE("fix38b: a sweep point's series is verified as a full gate's: its check, three audits") {
  // Red team 38b's redteam38b_recorded_coin: the sweep gate's series is the recorded point's
  // samples, replayed as kept offline on that record alone, but it verified one run (no
  // fresh-set check, no P7e extras): a 3/4-coin cheat was recorded fast in ~1 point in 3
  // (red38b_sim record 200000 30 0.75: 0.315; with this schedule 0.010).
  const engine::GateSteps full = engine::gate_steps(false, engine::GatePart::Full);
  CHECK(full.fresh_check);
  CHECK(full.extra_audits);
  const engine::GateSteps deferred = engine::gate_steps(false, engine::GatePart::Deferred);
  CHECK(deferred.fresh_check);
  CHECK(deferred.extra_audits);
  const engine::GateSteps sweep = engine::gate_steps(true, engine::GatePart::Full);
  CHECK(sweep.light);  // still no adversarial sets or lint: the sweep's saving
  CHECK(sweep.audit == full.audit);
  CHECK(sweep.fresh_check == full.fresh_check);
  CHECK(sweep.extra_audits == full.extra_audits);
  // The regular part is verified by the deferred part's series, not its own.
  const engine::GateSteps regular = engine::gate_steps(false, engine::GatePart::Regular);
  CHECK_FALSE(regular.fresh_check);
  CHECK_FALSE(regular.extra_audits);
}
