// A value an expression or a signal can hold. Missing (monostate) means "not measured":
// a rule over a missing signal does not match, and the matcher says which one was missing.
#pragma once
#include <string>
#include <variant>

namespace solver::rules {

enum class ValueType { Number, Bool, String };

using Value = std::variant<std::monostate, double, bool, std::string>;

const char* to_string(ValueType t);
inline bool is_missing(const Value& v) { return std::holds_alternative<std::monostate>(v); }
std::string format_value(const Value& v);  // "0.563", "true", "\"fp32\"", "missing"

}  // namespace solver::rules
