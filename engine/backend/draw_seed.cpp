#include "engine/backend/draw_seed.h"

namespace solver::engine {

uint64_t draw_seed(uint64_t seed, const std::string& a, const std::string& b) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a offset basis
  auto eat = [&h](const std::string& s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xffu) * 1099511628211ull;  // separator, so ("ab","c") != ("a","bc")
  };
  eat(a);
  eat(b);
  uint64_t z = seed ^ h;
  z += 0x9e3779b97f4a7c15ull;  // splitmix64 finaliser
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace solver::engine
