// The byte-bounded LRU of the worker's device input cache (engine/backend/gpu/byte_lru.h):
// what stays, what goes first, and that the cap is never exceeded.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "engine/backend/gpu/byte_lru.h"

using solver::gpu::ByteLru;

TEST_CASE("byte LRU: the least recently used entry goes first, the cap holds") {
  ByteLru<int> c(100);
  CHECK(c.put("a", 1, 40));
  CHECK(c.put("b", 2, 40));
  CHECK(c.bytes() == 80);
  REQUIRE(c.find("a"));  // a is now the most recent: b goes next
  CHECK(*c.find("a") == 1);
  CHECK(c.put("c", 3, 40));
  CHECK(c.bytes() == 80);
  CHECK(c.bytes() <= c.max_bytes());
  CHECK(c.find("b") == nullptr);
  CHECK(c.find("a"));
  CHECK(c.find("c"));
  CHECK(c.evictions() == 1);
  // One entry over the cap is not kept, and evicts nothing.
  CHECK_FALSE(c.put("huge", 4, 101));
  CHECK(c.entries() == 2);
  CHECK(c.find("huge") == nullptr);
  // An entry exactly the cap's size pushes out everything else.
  CHECK(c.put("full", 5, 100));
  CHECK(c.entries() == 1);
  CHECK(c.bytes() == 100);
}

TEST_CASE("byte LRU: replacing a key, erasing, and counting hits and misses") {
  ByteLru<std::shared_ptr<int>> c(64);
  auto held = std::make_shared<int>(7);
  CHECK(c.put("k", held, 32));
  CHECK(c.put("k", std::make_shared<int>(8), 16));  // replaced, not added
  CHECK(c.entries() == 1);
  CHECK(c.bytes() == 16);
  CHECK(**c.find("k") == 8);
  CHECK(*held == 7);  // a value still held elsewhere outlives its eviction
  c.erase("k");
  c.erase("never there");
  CHECK(c.entries() == 0);
  CHECK(c.bytes() == 0);
  CHECK(c.find("k") == nullptr);
  CHECK(c.hits() == 1);
  CHECK(c.misses() == 1);
}
