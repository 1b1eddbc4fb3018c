#include "rules/diagnostics.h"

namespace solver::rules {

std::string SourceLocation::to_string() const {
  std::string out = file;
  // A column without a line means nothing, so it is only printed after a known line.
  if (line > 0) {
    if (!out.empty()) out += ':';
    out += std::to_string(line);
    if (column > 0) out += ':' + std::to_string(column);
  }
  return out;
}

std::string Diagnostic::to_string() const {
  std::string loc = where.to_string();
  return (loc.empty() ? std::string() : loc + ": ") + "error: " + message;
}

void Diagnostics::error(SourceLocation where, std::string message) {
  items_.push_back(Diagnostic{std::move(where), std::move(message)});
}

void Diagnostics::throw_if_any(const std::string& what) const {
  if (items_.empty()) return;
  std::string summary = what + ": " + std::to_string(items_.size()) +
                        (items_.size() == 1 ? " error" : " errors");
  throw InputError(summary, items_);
}

namespace {
std::string join(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) {
    if (!out.empty()) out += '\n';
    out += d.to_string();
  }
  return out;
}
}  // namespace

InputError::InputError(std::string what, std::vector<Diagnostic> diagnostics)
    : std::runtime_error(std::move(what)), diagnostics_(std::move(diagnostics)) {}

InputError::InputError(Diagnostic single)
    : std::runtime_error(single.to_string()), diagnostics_{std::move(single)} {}

std::string InputError::format() const {
  return diagnostics_.empty() ? std::string(what()) : join(diagnostics_);
}

}  // namespace solver::rules
