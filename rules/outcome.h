// The third error idiom of the house, next to InputError (bad user input, located) and
// std::runtime_error (the environment broke): a step that may fail for a reason its caller
// reports, recovers from or records (a CUPTI call the device refuses, a knob point a
// constraint rules out, a paired timing a kernel broke) returns an Outcome: its value, or why
// there is none. No std::string* out-parameter to forget to check, no exception for an answer
// the caller expects.
#pragma once
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace solver::rules {

// The reason of a failed Outcome. A step whose failure carries more than a sentence (a status
// for the ledger) gives Outcome its own error type instead.
struct Failure {
  std::string why;
};

template <class T = void, class E = Failure>
class [[nodiscard]] Outcome {
  static_assert(!std::is_same_v<T, E>, "the value and the error must be told apart");

 public:
  Outcome(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit
  Outcome(E error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // The value; only where ok() (std::bad_variant_access otherwise: a caller's bug).
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // The error; only where !ok().
  const E& error() const { return std::get<1>(v_); }
  E& error() { return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

// A step with nothing to return but success.
template <class E>
class [[nodiscard]] Outcome<void, E> {
 public:
  Outcome() = default;
  Outcome(E error) : error_(std::move(error)) {}  // NOLINT: implicit

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const E& error() const { return *error_; }

 private:
  std::optional<E> error_;
};

// The reason of a failed Outcome<..., Failure>; "" where it succeeded.
template <class T>
std::string why(const Outcome<T, Failure>& o) {
  return o.ok() ? std::string() : o.error().why;
}

}  // namespace solver::rules
