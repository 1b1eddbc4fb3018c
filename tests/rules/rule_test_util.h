// Shared by the rules/ tests: run a loader and collect its located diagnostics as strings.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::rules::test {

inline std::string source_path(const std::string& rel) {
  return std::string(SOLVER_SOURCE_DIR) + "/" + rel;
}

// Calls f(); returns every diagnostic of the InputError it throws, as "file:line:col: error: msg"
// (empty if it does not throw).
template <typename F>
std::vector<std::string> diagnostics_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    std::vector<std::string> out;
    for (const auto& d : e.diagnostics()) out.push_back(d.to_string());
    return out;
  }
  return {};
}

// True if some diagnostic starts with `location` ("file:line:col") and contains `text`.
inline bool has_diag(const std::vector<std::string>& diags, const std::string& location,
                     const std::string& text) {
  return std::any_of(diags.begin(), diags.end(), [&](const std::string& d) {
    return d.rfind(location + ": ", 0) == 0 && d.find(text) != std::string::npos;
  });
}

inline std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += s + "\n";
  return out;
}

}  // namespace solver::rules::test
