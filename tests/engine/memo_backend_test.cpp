// MemoBackend: one gate and one profile per variant per run; timing always afresh.
#include <doctest/doctest.h>

#include "engine/backend/memo_backend.h"
#include "engine/backend/recorded_backend.h"
#include "engine/backend/worker_protocol.h"
#include "synthetic_pool.h"

using namespace solver;
using namespace solver::engine;

namespace {
class Counting : public RecordedBackend {
 public:
  using RecordedBackend::RecordedBackend;
  GateResult gate(const VariantRef& v) override {
    ++gates;
    GateResult g = RecordedBackend::gate(v);
    g.phases_ms["checks"] = 2;
    return g;
  }
  ProfileResult profile(const VariantRef& v) override {
    ++profiles;
    return RecordedBackend::profile(v);
  }
  PairSamples time_pairs(const VariantRef& a, const VariantRef& b, const PairPlan& p,
                         uint64_t seed) override {
    ++pairs;
    return RecordedBackend::time_pairs(a, b, p, seed);
  }
  int gates = 0, profiles = 0, pairs = 0;
};
}  // namespace

TEST_CASE("the memo answers a variant's second gate and profile from the first") {
  Counting inner(test::toy_recording());
  MemoBackend memo(inner, true);
  VariantRef naive{"toy", "naive", {}}, coalesced{"toy", "coalesced", {}};
  GateResult first = memo.gate(naive);
  GateResult again = memo.gate(naive);
  CHECK(inner.gates == 1);
  CHECK_FALSE(first.reused);
  CHECK(first.phases_ms.count("checks"));
  CHECK(again.reused);
  CHECK(again.phases_ms.empty());  // its cost was counted where it was paid
  CHECK(again.status == first.status);
  CHECK(again.source_hash == first.source_hash);
  memo.gate(coalesced);
  CHECK(inner.gates == 2);  // another variant is gated
  memo.profile(naive);
  memo.profile(naive);
  CHECK(inner.profiles == 1);
  memo.time_pairs(naive, coalesced, PairPlan(), 1);
  memo.time_pairs(naive, coalesced, PairPlan(), 1);
  CHECK(inner.pairs == 2);  // timing is never reused
  CHECK(memo.reused() == 2);
  // "reused" survives the ledger's encoding, and a fresh gate writes none.
  CHECK(gate_result_from_json(to_json(again)).reused);
  CHECK_FALSE(to_json(first).contains("reused"));
}

TEST_CASE("a disabled memo passes every call through") {
  Counting inner(test::toy_recording());
  MemoBackend memo(inner, false);
  VariantRef naive{"toy", "naive", {}};
  memo.gate(naive);
  CHECK_FALSE(memo.gate(naive).reused);
  memo.profile(naive);
  memo.profile(naive);
  CHECK(inner.gates == 2);
  CHECK(inner.profiles == 2);
}
