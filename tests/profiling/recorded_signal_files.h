// The signal sets recorded under a folder as signal files (any .json that loads as one; a
// ledger, an ablation summary and the like do not), sorted by path. Files under a
// `recordings/` folder are recordings, not signal files: their paths go to `recordings` for a
// caller that can load them (engine::load_recording).
#pragma once
#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "profiling/signal_file.h"

namespace solver::profiling::test {

inline std::vector<std::pair<std::string, rules::SignalSet>> recorded_signal_files(
    const std::string& dir, std::vector<std::string>* recordings = nullptr) {
  std::vector<std::string> paths;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".json") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::vector<std::pair<std::string, rules::SignalSet>> out;
  for (const auto& p : paths) {
    if (p.find("/recordings/") != std::string::npos) {
      if (recordings) recordings->push_back(p);
      continue;
    }
    try {
      out.emplace_back(p, load_signal_file(p).signals);
    } catch (const rules::InputError&) {
      // not a signal file
    }
  }
  return out;
}

}  // namespace solver::profiling::test
