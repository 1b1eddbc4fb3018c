#pragma once
// A per-process memo of a pure function of a large PTX text (the code scans: their cost grows
// with the PTX, 6.6 s and 9.3 s on PyTorch's 1 MB erfcx module on the build host, and a worker
// scans the same compile for the gate, the profile and every later round that prepares it).
// Keyed by the text's sha256 and the caller's suffix (the function's other arguments); texts
// under 64 KiB are computed every time (their scans take milliseconds). Each call site has its
// own table of at most 256 entries, emptied when full.
#include <cstddef>
#include <map>
#include <mutex>
#include <string>

#include "rules/hash.h"

namespace solver::generators {

template <class Value, class Compute>
Value ptx_memo(const std::string& ptx, const std::string& suffix, Compute compute) {
  constexpr std::size_t kMemoFromBytes = std::size_t(64) << 10;
  constexpr std::size_t kMemoEntries = 256;
  if (ptx.size() < kMemoFromBytes) return compute();
  static std::mutex mutex;
  static std::map<std::string, Value> memo;
  std::string key = rules::sha256_hex(ptx) + suffix;
  {
    std::lock_guard<std::mutex> held(mutex);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  Value value = compute();
  std::lock_guard<std::mutex> held(mutex);
  if (memo.size() >= kMemoEntries) memo.clear();
  memo.emplace(std::move(key), value);
  return value;
}

}  // namespace solver::generators
