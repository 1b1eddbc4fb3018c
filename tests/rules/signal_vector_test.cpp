// A signal set by id (rules/signal_vector.h, issue 29): what it stores is what the matcher
// reads from the same values in a SignalSet (bind_signal_slots's rule: the signal's type, and a
// finite number; anything else is missing), by id and by name; the adapter from a SignalSet
// gives the same entries as binding it; bind_signal_vector fills the frame bind_signal_frame
// fills. Matcher results by id against by name: matcher_prefilter_test and
// tests/engine/matcher_equivalence_test.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules/rule_program.h"
#include "rules/rule_table.h"
#include "rules/signal_vector.h"
#include "tests/rules/random_rules.h"

using namespace solver::rules;
using solver::rules::test::RandomInputs;

namespace {

int id_of(std::string_view name) {
  const std::optional<int> id = signal_index(name);
  REQUIRE(id);
  return *id;
}

// Bit for bit, so NaN equals NaN.
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("a new SignalVector has every signal missing") {
  SignalVector v;
  REQUIRE(v.size() == signal_table().size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    CHECK(!v.has(static_cast<int>(i)));
    CHECK(std::isnan(v.numbers()[i]));
  }
}

TEST_CASE("set stores a value of the signal's type and reads anything else as missing") {
  SignalVector v;
  const int dram = id_of("dram_frac"), tensor = id_of("tensor_active"), dtype = id_of("dtype");
  v.set(dram, 0.25);
  v.set(tensor, true);
  v.set(dtype, std::string("bf16"));
  CHECK(v.get(dram) == Value{0.25});
  CHECK(v.numbers()[static_cast<std::size_t>(dram)] == 0.25);
  CHECK(v.numbers()[static_cast<std::size_t>(tensor)] == 1.0);
  CHECK(std::isnan(v.numbers()[static_cast<std::size_t>(dtype)]));  // a string: no number
  CHECK(v.get(dtype) == Value{std::string("bf16")});
  v.set(tensor, false);
  CHECK(v.numbers()[static_cast<std::size_t>(tensor)] == 0.0);

  // Wrong types and non-finite numbers: missing, and the slot's number NaN again.
  v.set(dram, true);
  CHECK(!v.has(dram));
  CHECK(std::isnan(v.numbers()[static_cast<std::size_t>(dram)]));
  v.set(dram, 0.5);
  v.set(dram, std::numeric_limits<double>::infinity());
  CHECK(!v.has(dram));
  v.set(dram, std::numeric_limits<double>::quiet_NaN());
  CHECK(!v.has(dram));
  v.set(tensor, 1.0);
  CHECK(!v.has(tensor));
  CHECK(std::isnan(v.numbers()[static_cast<std::size_t>(tensor)]));
  v.set(dtype, 3.0);
  CHECK(!v.has(dtype));

  v.set(dram, 0.75);
  v.erase(dram);
  CHECK(!v.has(dram));
  v.set(dram, 0.75);
  v.clear();
  CHECK(!v.has(dram));
  CHECK(std::isnan(v.numbers()[static_cast<std::size_t>(dram)]));
}

TEST_CASE("set by name: a signal's name sets its id; any other name stores nothing") {
  SignalVector v;
  CHECK(v.set("l2_hit", 0.5));
  CHECK(v.get(id_of("l2_hit")) == Value{0.5});
  CHECK(!v.set("l2_hitt", 0.5));
  CHECK(!v.set("chip.sm_count", 132.0));
  for (std::size_t i = 0; i < v.size(); ++i)
    if (static_cast<int>(i) != id_of("l2_hit")) CHECK(!v.has(static_cast<int>(i)));
  CHECK_THROWS_AS(v.set(-1, 1.0), std::out_of_range);
  CHECK_THROWS_AS(v.set(static_cast<int>(v.size()), 1.0), std::out_of_range);
}

TEST_CASE("from a SignalSet: the entries binding gives, and the frame bind_signal_frame fills") {
  RandomInputs in(20261205, {0.1, 0.5, 2.0});
  const auto n = static_cast<std::size_t>(rule_slot_count());
  const std::size_t S = signal_table().size();
  SignalVector reused;
  for (int k = 0; k < 300; ++k) {
    // Random sets: every signal, some missing, some of the wrong type or not finite.
    SignalSet s = in.signal_set(k % 3 == 0 ? 0.0 : 0.3);
    s.set("not_a_signal", 1.0);
    std::vector<Value> slots(n);
    bind_signal_slots(s, slots);
    const SignalVector v(s);
    reused.assign(s);  // over the previous set's entries
    SlotFrame named, by_id;
    named.resize(n);
    by_id.resize(n);
    std::vector<const Value*> values(n, nullptr);
    bind_signal_frame(s, named, values);
    bind_signal_vector(v, by_id);
    for (std::size_t i = 0; i < S; ++i) {
      INFO("set " << k << " signal " << signal_table()[i].name);
      CHECK(v.get(static_cast<int>(i)) == slots[i]);
      CHECK(reused.get(static_cast<int>(i)) == slots[i]);
      CHECK(v.has(static_cast<int>(i)) == (values[i] != nullptr));
      CHECK(same_bits(by_id.num[i], named.num[i]));
      CHECK((by_id.str[i] == nullptr) == (named.str[i] == nullptr));
      if (by_id.str[i]) CHECK(*by_id.str[i] == *named.str[i]);
    }
  }
}

TEST_CASE("present() has exactly the ids that hold a value, through set, erase, assign and clear") {
  auto agrees = [](const SignalVector& v) {
    const auto bits = v.present();
    REQUIRE(bits.size() == (v.size() + 63) / 64);
    for (std::size_t i = 0; i < bits.size() * 64; ++i) {
      const bool bit = (bits[i / 64] >> (i % 64)) & 1;
      if (bit != (i < v.size() && v.has(static_cast<int>(i)))) return false;
    }
    return true;
  };
  SignalVector v;
  CHECK(agrees(v));
  const int dram = id_of("dram_frac"), dtype = id_of("dtype");
  v.set(dram, 0.5);
  v.set(dtype, std::string("fp16"));
  CHECK(agrees(v));
  v.set(dram, std::numeric_limits<double>::infinity());  // read as missing: bit cleared
  CHECK(!v.has(dram));
  CHECK(agrees(v));
  v.erase(dtype);
  CHECK(agrees(v));
  RandomInputs in(20261208, {0.1, 0.5, 1, 4});
  for (int i = 0; i < 50; ++i) {
    v.assign(in.signal_set(0.3));
    CHECK(agrees(v));
  }
  v.clear();
  CHECK(agrees(v));
}
