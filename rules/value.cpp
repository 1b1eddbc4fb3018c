#include "rules/value.h"

#include <charconv>
#include <cmath>

namespace solver::rules {

const char* to_string(ValueType t) {
  switch (t) {
    case ValueType::Number:
      return "number";
    case ValueType::Bool:
      return "bool";
    case ValueType::String:
      return "string";
  }
  return nullptr;  // not an enumerator (rules/enum_names.h)
}

namespace {

// Shortest text that reads back to the same double, so logs and evolved rule tables are
// diffable and round-trip exactly ("0.563", not "0.56299999999999994").
std::string format_number(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  if (d == 0) return "0";  // also folds -0 to 0
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  if (ec != std::errc{}) return "?";
  return std::string(buf, end);
}

// The expression language has no escape sequences, so a string is quoted with whichever
// quote it does not contain (double quotes preferred).
std::string quote(const std::string& s) {
  char q = s.find('"') == std::string::npos ? '"' : '\'';
  return q + s + q;
}

}  // namespace

std::string format_value(const Value& v) {
  if (std::holds_alternative<std::monostate>(v)) return "missing";
  if (const double* d = std::get_if<double>(&v)) return format_number(*d);
  if (const bool* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  return quote(std::get<std::string>(v));
}

}  // namespace solver::rules
