// Shared by the loader fuzz targets (rules_yaml, chips_yaml, problem_yaml, signal_json, ncu_csv,
// ledger, recording). Each target hands arbitrary bytes to one loader. A loader may accept the
// input or throw rules::InputError with located diagnostics: both are expected outcomes. Any
// other exception escapes LLVMFuzzerTestOneInput (libFuzzer reports it as a crash), and so do a
// sanitizer report, a leak, a timeout or a violated invariant (abort()): those are findings.
#pragma once
#include <unistd.h>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/diagnostics.h"

namespace solver::fuzz {

[[noreturn]] inline void violated(const char* what, std::string_view input) {
  std::fprintf(stderr, "invariant violated: %s\ninput (%zu bytes): %.*s\n", what, input.size(),
               static_cast<int>(input.size() > 2000 ? 2000 : input.size()), input.data());
  std::abort();
}

// Every ".entry NAME" of a PTX text, in order (the PTX scan targets mark each entry's
// parameters as float buffers to give their taints sources).
inline std::vector<std::string> entry_names(const std::string& text) {
  std::vector<std::string> names;
  for (size_t at = text.find(".entry"); at != std::string::npos; at = text.find(".entry", at + 6)) {
    size_t i = at + 6;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == '$'))
      ++j;
    if (j > i) names.push_back(text.substr(i, j - i));
  }
  return names;
}

// An InputError must say where and what: at least one diagnostic, each with a message and a
// file (a line where the format has lines is each loader's own business).
inline void check_input_error(const rules::InputError& e, std::string_view input) {
  if (e.diagnostics().empty()) violated("InputError without a diagnostic", input);
  for (const auto& d : e.diagnostics()) {
    if (d.message.empty()) violated("diagnostic without a message", input);
    if (d.where.file.empty()) violated("diagnostic without a file", input);
  }
}

// A private scratch folder per fuzzing process (loaders that only read files get one).
inline const std::filesystem::path& scratch_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("solver-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

inline void write_file(const std::filesystem::path& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace solver::fuzz
