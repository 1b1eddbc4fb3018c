#include "rules/diagnostics.h"

#include <algorithm>
#include <tuple>

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

void Diagnostics::throw_if_any_in_file_order(const std::string& what) const {
  if (items_.empty()) return;
  std::vector<Diagnostic> items = items_;
  std::stable_sort(items.begin(), items.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.where.line, a.where.column) < std::tie(b.where.line, b.where.column);
  });
  throw InputError(what, std::move(items));
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1] ? 1u : 0u)});
      diag = up;
    }
  }
  return row[b.size()];
}

void Diagnostics::throw_if_any(const std::string& what) const {
  if (items_.empty()) return;
  std::string summary =
      what + ": " + std::to_string(items_.size()) + (items_.size() == 1 ? " error" : " errors");
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

void fail_at(const std::string& file, int line, const std::string& message) {
  throw InputError(Diagnostic{{file, line, 0}, message});
}

}  // namespace solver::rules
