// Binding a SignalSet's names to signal slots (rules/rule_slots.cpp): a perfect hash over the
// signal names whose key is the length and the first and last eight bytes (four for short
// names) plus the middle words of a long name. Every signal binds to its own slot, under both
// binders (bind_signal_slots for match_bound, bind_signal_frame for match), and a name that
// differs from a signal's in any one byte, or by one byte of length, binds nothing (unless it
// is itself another signal's name).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "rules/rule_program.h"
#include "rules/rule_table.h"
#include "rules/signals.h"

using namespace solver::rules;

namespace {

Value value_of(ValueType t) {
  switch (t) {
    case ValueType::Number:
      return 0.25;
    case ValueType::Bool:
      return true;
    case ValueType::String:
      return std::string("fp32");
  }
  return {};
}

// The slots each binder fills for a set holding one name with a value of `type`.
struct Bound {
  std::vector<int> slots;        // bind_signal_slots: indices left not missing
  std::vector<int> frame_slots;  // bind_signal_frame: indices with a value pointer
};

Bound bind_one(const std::string& name, ValueType type) {
  SignalSet set;
  set.set(name, value_of(type));
  const auto n = static_cast<std::size_t>(rule_slot_count());
  std::vector<Value> slots(n);
  bind_signal_slots(set, slots);
  SlotFrame frame;
  frame.resize(n);
  std::vector<const Value*> values(n, nullptr);
  bind_signal_frame(set, frame, values);
  Bound out;
  for (std::size_t i = 0; i < signal_table().size(); ++i) {
    if (!is_missing(slots[i])) out.slots.push_back(static_cast<int>(i));
    if (values[i]) out.frame_slots.push_back(static_cast<int>(i));
  }
  return out;
}

}  // namespace

TEST_CASE("every signal name binds to its own slot under both binders") {
  const auto table = signal_table();
  REQUIRE(table.size() > 50);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const std::string name(table[i].name);
    INFO(name);
    Bound b = bind_one(name, table[i].type);
    CHECK(b.slots == std::vector<int>{static_cast<int>(i)});
    CHECK(b.frame_slots == std::vector<int>{static_cast<int>(i)});
  }
}

TEST_CASE("a name one byte off a signal's binds nothing, wherever the byte is") {
  const auto table = signal_table();
  std::vector<std::string> variants;
  for (const auto& s : table) {
    const std::string name(s.name);
    for (std::size_t k = 0; k < name.size(); ++k) {  // each byte changed: head, middle, tail
      std::string v = name;
      v[k] = v[k] == 'q' ? 'z' : 'q';
      variants.push_back(v);
    }
    variants.push_back(name + "_");                       // one byte longer
    variants.push_back(name.substr(0, name.size() - 1));  // one byte shorter
    variants.push_back(name.substr(1));                   // first byte dropped
    variants.push_back(std::string(name.size(), 'x'));    // same length
  }
  variants.push_back("");
  variants.push_back("a");
  for (const std::string& v : variants) {
    INFO(v);
    const auto index = signal_index(v);  // the variant may itself be a signal
    for (ValueType t : {ValueType::Number, ValueType::Bool, ValueType::String}) {
      Bound b = bind_one(v, t);
      if (index && table[static_cast<std::size_t>(*index)].type == t) {
        CHECK(b.slots == std::vector<int>{*index});
        CHECK(b.frame_slots == std::vector<int>{*index});
      } else {
        CHECK(b.slots.empty());
        CHECK(b.frame_slots.empty());
      }
    }
  }
}
