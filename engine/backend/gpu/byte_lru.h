// A map bounded in bytes (and, where given, in entries), least recently used entry out first:
// the worker's caches kept between requests (device_input_cache.h, the reference outputs,
// the exponent sets' plans). Pure host code, so the eviction rule is tested
// without a GPU. Not thread-safe (the worker handles one request at a time).
#pragma once
#include <cstddef>
#include <list>
#include <map>
#include <string>
#include <utility>

namespace solver::gpu {

template <class V>
class ByteLru {
 public:
  // max_entries 0: no bound on the count.
  explicit ByteLru(size_t max_bytes, size_t max_entries = 0)
      : max_bytes_(max_bytes), max_entries_(max_entries) {}

  // The entry, now the most recently used; null on a miss.
  V* find(const std::string& key) {
    auto it = index_.find(key);
    if (it == index_.end()) {
      ++misses_;
      return nullptr;
    }
    ++hits_;
    lru_.splice(lru_.begin(), lru_, it->second);
    return &it->second->value;
  }
  // Keeps `value` (replacing an entry of the same key), evicting from the least recently used
  // end until the total and the count fit; false, keeping nothing, when `bytes` alone exceed
  // the byte cap.
  bool put(const std::string& key, V value, size_t bytes) {
    erase(key);
    if (bytes > max_bytes_) return false;
    while (!lru_.empty() &&
           (bytes_ + bytes > max_bytes_ || (max_entries_ && lru_.size() >= max_entries_))) {
      bytes_ -= lru_.back().bytes;
      index_.erase(lru_.back().key);
      lru_.pop_back();
      ++evictions_;
    }
    lru_.push_front(Entry{key, std::move(value), bytes});
    index_[key] = lru_.begin();
    bytes_ += bytes;
    return true;
  }
  void erase(const std::string& key) {
    auto it = index_.find(key);
    if (it == index_.end()) return;
    bytes_ -= it->second->bytes;
    lru_.erase(it->second);
    index_.erase(it);
  }

  size_t bytes() const { return bytes_; }
  size_t max_bytes() const { return max_bytes_; }
  size_t max_entries() const { return max_entries_; }
  size_t entries() const { return lru_.size(); }
  size_t hits() const { return hits_; }
  size_t misses() const { return misses_; }
  size_t evictions() const { return evictions_; }

 private:
  struct Entry {
    std::string key;
    V value;
    size_t bytes;
  };
  size_t max_bytes_, max_entries_, bytes_ = 0, hits_ = 0, misses_ = 0, evictions_ = 0;
  std::list<Entry> lru_;  // most recent first
  std::map<std::string, typename std::list<Entry>::iterator> index_;
};

}  // namespace solver::gpu
