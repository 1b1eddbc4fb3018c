#include "rules/signal_vector.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "rules/rule_table.h"

namespace solver::rules {

bool fits_signal(ValueType t, const Value& v) {
  switch (t) {
    case ValueType::Number: {
      const double* d = std::get_if<double>(&v);
      return d && std::isfinite(*d);
    }
    case ValueType::Bool:
      return std::holds_alternative<bool>(v);
    case ValueType::String:
      return std::holds_alternative<std::string>(v);
  }
  return false;
}

SignalVector::SignalVector()
    : values_(signal_table().size()),
      num_(signal_table().size(), std::numeric_limits<double>::quiet_NaN()),
      present_((signal_table().size() + 63) / 64, 0) {}

SignalVector::SignalVector(const SignalSet& named) : SignalVector() { assign(named); }

void SignalVector::assign(const SignalSet& named) {
  // bind_signal_slots resolves the names (one hash each) and applies the type rule.
  bind_signal_slots(named, values_);
  for (std::size_t i = 0; i < values_.size(); ++i) fill_number(i);
}

void SignalVector::fill_number(std::size_t i) {
  const Value& v = values_[i];
  const std::uint64_t bit = std::uint64_t{1} << (i % 64);
  if (is_missing(v))
    present_[i / 64] &= ~bit;
  else
    present_[i / 64] |= bit;
  if (const double* d = std::get_if<double>(&v))
    num_[i] = *d;
  else if (const bool* b = std::get_if<bool>(&v))
    num_[i] = *b ? 1.0 : 0.0;
  else
    num_[i] = std::numeric_limits<double>::quiet_NaN();
}

void SignalVector::set(int id, Value v) {
  if (id < 0 || static_cast<std::size_t>(id) >= values_.size())
    throw std::out_of_range("SignalVector::set: signal id " + std::to_string(id) +
                            " outside the signal table");
  const auto i = static_cast<std::size_t>(id);
  if (fits_signal(signal_table()[i].type, v))
    values_[i] = std::move(v);
  else
    values_[i] = std::monostate{};
  fill_number(i);
}

bool SignalVector::set(std::string_view name, Value v) {
  const std::optional<int> id = signal_index(name);
  if (!id) return false;
  set(*id, std::move(v));
  return true;
}

void SignalVector::clear() {
  for (std::size_t i = 0; i < values_.size(); ++i) {
    values_[i] = std::monostate{};
    num_[i] = std::numeric_limits<double>::quiet_NaN();
  }
  std::fill(present_.begin(), present_.end(), 0);
}

}  // namespace solver::rules
