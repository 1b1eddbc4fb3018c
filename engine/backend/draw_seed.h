// The seed of one measurement draw, shared by the loop (a round's seed) and the recorded backend
// (which samples of a recording a request gets): `seed` mixed with the names of what is drawn
// (FNV-1a over the bytes, then splitmix64), so each incumbent/candidate pair and each round
// gets its own stream, the same on every machine.
#pragma once
#include <cstdint>
#include <string>

namespace solver::engine {

uint64_t draw_seed(uint64_t seed, const std::string& a, const std::string& b = "");

}  // namespace solver::engine
