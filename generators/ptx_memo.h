#pragma once
// A memo of a pure function of a large PTX text (the code scans: their cost grows with the PTX,
// 6.6 s and 9.3 s on PyTorch's 1 MB erfcx module on the build host, and a worker scans the same
// compile for the gate, the profile and every later round that prepares it). Keyed by the text's
// sha256 and the caller's suffix (the function's other arguments); texts under 64 KiB are
// computed every time (their scans take milliseconds). Each call site has its own table of at
// most 256 entries, emptied when full. With a codec (ptx_memo_kept), the answer is also kept
// on disk across processes (ptx_facts_store.h: keyed by the site, the scanners' sources' hash,
// the text's sha256 and the suffix), read before computing and written after.
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "generators/ptx_facts_store.h"
#include "rules/hash.h"

namespace solver::generators {

inline constexpr std::size_t kPtxMemoFromBytes = std::size_t(64) << 10;

// `site`: the scan's name on disk ("" : memory only). `encode` turns a Value into JSON and
// `decode` a JSON back (nullopt where its shape is not a Value's: then it is computed again).
template <class Value, class Compute, class Encode, class Decode>
Value ptx_memo_kept(const std::string& ptx, const std::string& suffix, const char* site,
                    Compute compute, Encode encode, Decode decode) {
  constexpr std::size_t kMemoEntries = 256;
  if (ptx.size() < kPtxMemoFromBytes) return compute();
  static std::mutex mutex;
  static std::map<std::string, Value> memo;
  const std::string sha = rules::sha256_hex(ptx);
  std::string key = sha + suffix;
  {
    std::lock_guard<std::mutex> held(mutex);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  const std::string dir = *site ? ptx_facts_dir() : std::string();
  const std::string disk_key = dir.empty() ? std::string() : ptx_facts_key(site, sha, suffix);
  std::optional<Value> value;
  if (!dir.empty())
    if (std::optional<nlohmann::json> j = load_ptx_facts(dir, disk_key)) value = decode(*j);
  if (!value) {
    value = compute();
    if (!dir.empty()) store_ptx_facts(dir, disk_key, site, encode(*value));
  }
  std::lock_guard<std::mutex> held(mutex);
  if (memo.size() >= kMemoEntries) memo.clear();
  memo.emplace(std::move(key), *value);
  return *value;
}

}  // namespace solver::generators
