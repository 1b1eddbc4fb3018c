// How many unprofiled samples a profile takes (docs/benchmarks.md, "Adaptive unprofiled
// samples"): at least `floor`, at most `cap` (what the request asked for), and it stops at the
// first count n >= floor where the samples so far span at most `rel_spread` of their median.
//
// Why the time it reports stays within rel_spread of the kernel's median time: with n i.i.d.
// samples, the distribution's median lies outside [min, max] with probability 2 * 2^-n. The
// interval only widens as samples are added, so "outside at the stop" implies "outside after
// the first `floor` samples": whatever n the rule stops at, the chance is at most 2 * 2^-floor
// (3.1% for the floor of 6). Inside it, the sample median and the true median are both in
// [min, max], so they differ by at most max - min <= rel_spread * median. A series that never
// gets that tight runs to the cap, as every series did before, and its spread is recorded.
// This lives under the seam because the worker applies it while it times (worker's profile op).
#pragma once
#include <vector>

namespace solver::engine {

struct SampleRule {
  int floor = 6;
  int cap = 20;
  double rel_spread = 0.01;  // the verdict's 1% minimum gain: finer than any decision made on it
};

// (max - min) / median of `us` (0 for fewer than two samples or a zero median).
double relative_spread(const std::vector<double>& us);
// True when the series `us` (in the order taken) may stop: it has `cap` samples, or at least
// `floor` whose relative_spread is within rule.rel_spread.
bool enough_samples(const std::vector<double>& us, const SampleRule& rule);

}  // namespace solver::engine
