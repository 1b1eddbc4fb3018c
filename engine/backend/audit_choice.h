// Which timed run of a sequence is audited (docs/reliability.md, P7): chosen after the runs, by a
// reservoir of one. The i-th run offered (1-based) replaces the one kept with probability 1/i, so
// when the sequence ends, wherever a sequential rule stops it, each of its n runs is the one
// kept with probability 1/n. The worker seeds it from std::random_device per sequence, and the
// kept run's outputs are copied aside after it ran: while a kernel runs, nothing it can observe
// says whether this run will be the audited one.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

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

// P7e (red team 18): a reservoir of `size` runs (Algorithm R), so that a sequence can audit more
// than one timed run, each chosen after it ran. When the sequence ends the kept runs are a
// uniformly random subset of min(size, n) of the n runs offered, and order() lists them in a
// uniformly random order: its first is a uniform draw of the n runs (the one audit every
// sequence makes, as AuditChoice's), the others the extra audits. With size 1 the choice has
// AuditChoice's distribution.
// Extra audited runs a sequence keeps for a runner that may be kept (P7e): the time_pairs
// candidate and a full or deferred gate's series.
inline constexpr int kExtraAudits = 2;

class AuditReservoir {
 public:
  AuditReservoir(uint64_t seed, int size) : rng_(seed), size_(uint64_t(std::max(1, size))) {}
  // One more run: the slot it is kept in (its outputs copied there), or -1.
  int offer() {
    ++seen_;
    if (seen_ <= size_) return int(seen_ - 1);
    const uint64_t j = std::uniform_int_distribution<uint64_t>(0, seen_ - 1)(rng_);
    return j < size_ ? int(j) : -1;
  }
  // The slots that hold a run, in a uniformly random order (drawn once the runs are over).
  std::vector<int> order() {
    std::vector<int> v(size_t(std::min(seen_, size_)));
    std::iota(v.begin(), v.end(), 0);
    std::shuffle(v.begin(), v.end(), rng_);
    return v;
  }
  uint64_t seen() const { return seen_; }

 private:
  std::mt19937_64 rng_;
  uint64_t size_;
  uint64_t seen_ = 0;
};

// The probability that auditing `audits` runs chosen uniformly without replacement from the
// `runs` timed runs of each of `sequences` sequences catches a kernel wrong in `wrong` of them:
// 1 - (C(runs - wrong, audits) / C(runs, audits))^sequences.
inline double reservoir_catch_probability(int wrong, int runs, int audits, int sequences) {
  if (runs <= 0 || wrong <= 0 || sequences <= 0 || audits <= 0) return 0;
  double miss = 1;
  for (int i = 0; i < audits && i < runs; ++i)
    miss *= std::max(0.0, double(runs - wrong - i)) / double(runs - i);
  return 1.0 - std::pow(miss, sequences);
}

// The probability that auditing one uniformly chosen run per sequence catches a kernel whose
// output is wrong in `wrong` of the `runs` timed runs of each of `sequences` sequences (a memo
// served, a launch skipped): 1 - (1 - wrong/runs)^sequences.
inline double audit_catch_probability(int wrong, int runs, int sequences) {
  if (runs <= 0 || wrong <= 0 || sequences <= 0) return 0;
  double miss = 1.0 - double(wrong > runs ? runs : wrong) / runs;
  return 1.0 - std::pow(miss, sequences);
}

}  // namespace solver::engine
