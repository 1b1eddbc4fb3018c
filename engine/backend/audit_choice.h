// Which timed run of a sequence is audited (docs/reliability.md, P7): chosen after the runs, by a
// reservoir of one. The i-th run offered (1-based) replaces the one kept with probability 1/i, so
// when the sequence ends, wherever a sequential rule stops it, each of its n runs is the one
// kept with probability 1/n. The worker seeds it from std::random_device per sequence, and the
// kept run's outputs are copied aside after it ran: while a kernel runs, nothing it can observe
// says whether this run will be the audited one.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

namespace solver::engine {

class AuditChoice {
 public:
  explicit AuditChoice(uint64_t seed) : rng_(seed) {}
  // One more run: true when it becomes the run kept for the audit.
  bool offer() {
    ++seen_;
    return std::uniform_int_distribution<uint64_t>(0, seen_ - 1)(rng_) == 0;
  }
  uint64_t seen() const { return seen_; }

 private:
  std::mt19937_64 rng_;
  uint64_t seen_ = 0;
};

// The probability that auditing one uniformly chosen run per sequence catches a kernel whose
// output is wrong in `wrong` of the `runs` timed runs of each of `sequences` sequences (a memo
// served, a launch skipped): 1 - (1 - wrong/runs)^sequences.
inline double audit_catch_probability(int wrong, int runs, int sequences) {
  if (runs <= 0 || wrong <= 0 || sequences <= 0) return 0;
  double miss = 1.0 - double(wrong > runs ? runs : wrong) / runs;
  return 1.0 - std::pow(miss, sequences);
}

}  // namespace solver::engine
