// Every enum <-> name table follows rules/enum_names.h: the names come from one exhaustive
// switch, the parse walks it. These checks break when an enumerator is given an explicit value
// (the walk would stop early), when two share a name, or when a name stops reading back.
#include <doctest/doctest.h>

#include <set>

#include "engine/backend/backend.h"
#include "engine/loop/ledger.h"
#include "engine/loop/measurement.h"
#include "engine/loop/round_loop.h"
#include "generators/candidate.h"
#include "generators/problem_spec.h"
#include "profiling/signal_derivation.h"
#include "rules/enum_names.h"
#include "rules/rule_table.h"
#include "rules/value.h"

using namespace solver;

namespace {
template <class E>
void round_trips(std::size_t expected_count, E last) {
  auto all = rules::enum_values<E>();
  CHECK(all.size() == expected_count);
  REQUIRE(!all.empty());
  CHECK(all.back() == last);
  std::set<std::string> names;
  for (E e : all) {
    REQUIRE(to_string(e) != nullptr);
    CHECK(names.insert(to_string(e)).second);  // names are distinct
    auto back = rules::parse_enum<E>(to_string(e));
    REQUIRE(back);
    CHECK(*back == e);
  }
  CHECK_FALSE(rules::parse_enum<E>("no-such-name"));
  CHECK_FALSE(rules::parse_enum<E>(""));
}
}  // namespace

TEST_CASE("every enum's names read back to the same enumerator") {
  round_trips(12, engine::GateStatus::PrecisionMismatch);
  round_trips(9, engine::Outcome::NotRecorded);
  round_trips(4, engine::Verdict::Ambiguous);
  round_trips(2, engine::OffPolicy::FirstRule);
  round_trips(2, engine::PrecisionPolicy::Same);
  round_trips(4, rules::RuleStatus::Retired);
  round_trips(3, rules::ValueType::String);
  round_trips(8, generators::DType::U64);
  round_trips(3, generators::CandidateKind::KnobMove);
  round_trips(8, profiling::Origin::Estimate);
}

TEST_CASE("the wrappers of older names agree with the generic parse") {
  CHECK(engine::gate_status_from_string("too_fast") == engine::GateStatus::TooFast);
  CHECK(engine::outcome_from_string("gate-failed") == engine::Outcome::GateFailed);
  CHECK(engine::off_policy_from_string("best-static") == engine::OffPolicy::BestStatic);
  CHECK(generators::dtype_from_string("bf16") == generators::DType::BF16);
  CHECK(generators::dtype_size(generators::DType::BF16) == 2);
  CHECK(generators::dtype_size(generators::DType::I64) == 8);
  CHECK(generators::dtype_size(generators::DType::U64) == 8);
  CHECK_FALSE(engine::verdict_from_string("unknown"));
}

TEST_CASE("an unknown name from the user is a located error listing the valid ones") {
  CHECK(rules::enum_names<engine::OffPolicy>() == "best-static or first-rule");
  CHECK(rules::enum_names<engine::Verdict>() == "faster, slower, same or ambiguous");
  try {
    rules::parse_enum_or_throw<engine::PrecisionPolicy>("half", {"--precision", 0, 0},
                                                        "precision policy");
    FAIL("no error");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("--precision") != std::string::npos);
    CHECK(e.format().find("unknown precision policy 'half' (any or same)") != std::string::npos);
  }
  CHECK(rules::parse_enum_or_throw<engine::PrecisionPolicy>("same", {"x"}, "p") ==
        engine::PrecisionPolicy::Same);
}

// Which gate failures `solver classify` and `solver eval` still diagnose (issue 29): a kernel that
// ran to the end (a wrong or too-fast answer, a tolerance the lint refuses for every candidate),
// never one that crashed, timed out or did not compile, nor another invalid spec.
TEST_CASE("a gate failure is diagnosed only where the kernel ran to the end") {
  using engine::GateStatus;
  engine::GateResult g;
  for (GateStatus s : {GateStatus::WrongResult, GateStatus::TooFast, GateStatus::InputMutated,
                       GateStatus::InconsistentTiming, GateStatus::PrecisionMismatch}) {
    g.status = s;
    CHECK(engine::gate_failure_diagnosable(g));
  }
  for (GateStatus s : {GateStatus::Fault, GateStatus::Timeout, GateStatus::CompileError,
                       GateStatus::NotRecorded, GateStatus::NoDevice}) {
    g.status = s;
    CHECK_FALSE(engine::gate_failure_diagnosable(g));
  }
  g.status = GateStatus::InvalidSpec;
  g.detail = "tolerance admits a 1-in-2 sample of the light part: histogram's positions ...";
  CHECK(engine::gate_failure_diagnosable(g));
  g.detail = "the device heap the kernel needs is over the limit";
  CHECK_FALSE(engine::gate_failure_diagnosable(g));
}
