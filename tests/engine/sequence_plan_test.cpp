// P8 (docs/reliability.md): gate, time, time_pairs and the profile's samples are one schedule and
// one address layout to the kernel (engine/backend/sequence_plan.h, which the worker's
// time_sequence and DeviceBuffers use). A kernel counting its runs, the slots they come in or the
// distances between its pointers sees the same thing in every op.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "engine/backend/sequence_plan.h"

using namespace solver::engine;
using solver::generators::BufferRole;
using solver::generators::ResolvedBuffer;

namespace {

// The ops' sequences as the worker builds them (timing.cpp, gate_op.cpp, profile_op.cpp).
RunnerView gate_view(int check) {
  return runner_view(sequence_schedule(1, single_order(kGateSamples), {check}), 0);
}
RunnerView time_view(int samples, int check) {
  return runner_view(sequence_schedule(1, single_order(samples), {check}), 0);
}
RunnerView pairs_view(int pairs, int runner, int check_a, int check_b) {
  return runner_view(sequence_schedule(2, paired_order(pairs), {check_a, check_b}), runner);
}

// The common prefix of two slot lists is equal.
bool same_prefix(const std::vector<int>& a, const std::vector<int>& b) {
  size_t n = std::min(a.size(), b.size());
  return std::equal(a.begin(), a.begin() + long(n), b.begin());
}

ResolvedBuffer buf(const char* name, BufferRole role, int64_t bytes) {
  ResolvedBuffer b;
  b.name = name;
  b.role = role;
  b.bytes = bytes;
  b.elements = bytes / 4;
  return b;
}

}  // namespace

TEST_CASE("every op rotates the same sets in the same order, warm-ups included") {
  const RunnerView gate = gate_view(2);
  CHECK(gate.warmups == kWarmupRuns + 1);
  CHECK(gate.slots.size() == size_t(kWarmupRuns + 1 + kGateSamples));
  // The gate's timed runs visit every rotation set.
  std::set<int> timed(gate.slots.begin() + gate.warmups, gate.slots.end());
  CHECK(timed.size() == size_t(kRotationSets));
  for (int samples : {3, 10, 31}) {
    for (int check : {0, samples / 2, samples - 1}) {
      const RunnerView t = time_view(samples, check);
      CHECK(t.warmups == gate.warmups);
      CHECK(same_prefix(t.slots, gate.slots));
      for (int runner : {0, 1}) {
        const RunnerView p = pairs_view(samples, runner, check, (check + 1) % samples);
        CHECK(p.warmups == gate.warmups);
        CHECK(p.slots.size() == size_t(gate.warmups + samples));
        // The candidate (runner 1) and the incumbent see what a runner alone sees: the other
        // member's runs on the same buffers do not move its rotation.
        CHECK(p.slots == t.slots);
      }
    }
  }
  // The profile's unprofiled samples: no check, the same rotation.
  CHECK(same_prefix(runner_view(sequence_schedule(1, single_order(20)), 0).slots, gate.slots));
}

TEST_CASE("the fresh-set check takes the slot its run gets anyway") {
  for (int check = 0; check < kGateSamples; ++check) {
    const RunnerView with = gate_view(check);
    const RunnerView without = gate_view(-1);
    CHECK(with.check_run == with.warmups + check);
    CHECK(without.check_run == -1);
    CHECK(with.slots == without.slots);  // no set out of turn marks the check
  }
  const auto pairs = sequence_schedule(2, paired_order(8), {3, 5});
  int checks = 0;
  for (const SequenceRun& s : pairs)
    if (s.check) {
      ++checks;
      CHECK(s.sample == (s.runner == 0 ? 3 : 5));
    }
  CHECK(checks == 2);
}

TEST_CASE("the schedule: warm-ups runner by runner, then one untimed run each, then the order") {
  const auto s = sequence_schedule(2, paired_order(2), {});
  REQUIRE(s.size() == size_t(2 * (kWarmupRuns + 1) + 4));
  for (int i = 0; i < kWarmupRuns; ++i) {
    CHECK(s[size_t(i)].runner == 0);
    CHECK(s[size_t(kWarmupRuns + i)].runner == 1);
  }
  const size_t t = size_t(2 * (kWarmupRuns + 1));
  CHECK(s[t - 2].sample == -1);
  CHECK(s[t - 1].sample == -1);
  // A B B A
  CHECK(s[t].runner == 0);
  CHECK(s[t + 1].runner == 1);
  CHECK(s[t + 2].runner == 1);
  CHECK(s[t + 3].runner == 0);
  CHECK(s[t + 3].sample == 1);
  // An order naming no runner of the sequence adds nothing.
  CHECK(sequence_schedule(1, {0, 3, -1, 0}).size() == size_t(kWarmupRuns + 1 + 2));
}

TEST_CASE("one address layout: set-major rotation inputs, then the working buffers, aligned") {
  const std::vector<ResolvedBuffer> bufs = {
      buf("x", BufferRole::In, 3 << 20), buf("y", BufferRole::Out, 1000),
      buf("s", BufferRole::InOut, 4096), buf("t", BufferRole::Scratch, 5 << 20),
      buf("empty", BufferRole::In, 0),
  };
  const ArenaLayout l = arena_layout(bufs);
  REQUIRE(l.input.size() == size_t(kRotationSets));
  // Every range aligned and disjoint, inside the arena.
  std::vector<std::pair<size_t, size_t>> ranges;
  for (const auto& set : l.input)
    for (size_t i = 0; i < bufs.size(); ++i)
      if (set[i] != ArenaLayout::npos) ranges.push_back({set[i], set[i] + size_t(bufs[i].bytes)});
  for (size_t i = 0; i < bufs.size(); ++i)
    if (l.work[i] != ArenaLayout::npos)
      ranges.push_back({l.work[i], l.work[i] + size_t(bufs[i].bytes)});
  std::sort(ranges.begin(), ranges.end());
  for (size_t k = 0; k < ranges.size(); ++k) {
    CHECK(ranges[k].first % kArenaAlign == 0);
    CHECK(ranges[k].second <= l.bytes);
    if (k) CHECK(ranges[k - 1].second <= ranges[k].first);
  }
  // Inputs only where a kernel reads a set's copy; working copies only where it writes.
  for (const auto& set : l.input) {
    CHECK(set[0] != ArenaLayout::npos);
    CHECK(set[1] == ArenaLayout::npos);
    CHECK(set[2] != ArenaLayout::npos);
    CHECK(set[3] == ArenaLayout::npos);
    CHECK(set[4] == ArenaLayout::npos);
  }
  CHECK(l.work[0] == ArenaLayout::npos);
  CHECK(l.work[1] != ArenaLayout::npos);
  CHECK(l.work[2] != ArenaLayout::npos);
  CHECK(l.work[3] != ArenaLayout::npos);
  // One stride between the sets: the pointer pattern is a function of the buffer list.
  const size_t stride = l.input[1][0] - l.input[0][0];
  CHECK(stride > 0);
  for (size_t s = 1; s < l.input.size(); ++s)
    for (size_t i : {size_t(0), size_t(2)}) CHECK(l.input[s][i] - l.input[s - 1][i] == stride);
  // Working buffers after every set.
  CHECK(*std::min_element(l.work.begin() + 1, l.work.begin() + 4) >= l.input.back()[2]);
  // The same buffer list (an incumbent and a candidate of one problem, any op) gives the same
  // offsets; a different one (a size changed) moves them.
  const ArenaLayout again = arena_layout(bufs);
  CHECK(again.input == l.input);
  CHECK(again.work == l.work);
  CHECK(again.bytes == l.bytes);
  auto other = bufs;
  other[0].bytes = 5 << 20;
  CHECK(arena_layout(other).input[1][0] != l.input[1][0]);
}

TEST_CASE("the arena's slack is every byte no buffer holds (red team 8)") {
  // A 4-byte output owns a 2 MiB slot: 2 MiB - 4 bytes a kernel reaches at out + 4, which no
  // poison, digest or module reload rewrote (redteam8_slack_table_carry).
  const std::vector<ResolvedBuffer> bufs = {
      buf("x", BufferRole::In, 3 << 20), buf("out", BufferRole::Out, 4),
      buf("s", BufferRole::InOut, 4096), buf("t", BufferRole::Scratch, 4 << 20),
      buf("empty", BufferRole::In, 0),
  };
  const ArenaLayout l = arena_layout(bufs);
  const auto slack = arena_slack(l, bufs);
  // Held bytes and slack tile the arena exactly, without overlap.
  std::vector<std::pair<size_t, size_t>> all = slack;
  for (const auto& set : l.input)
    for (size_t i = 0; i < bufs.size(); ++i)
      if (set[i] != ArenaLayout::npos && bufs[i].bytes > 0)
        all.push_back({set[i], size_t(bufs[i].bytes)});
  for (size_t i = 0; i < bufs.size(); ++i)
    if (l.work[i] != ArenaLayout::npos && bufs[i].bytes > 0)
      all.push_back({l.work[i], size_t(bufs[i].bytes)});
  std::sort(all.begin(), all.end());
  size_t at = 0;
  for (const auto& [start, bytes] : all) {
    CHECK(start == at);
    CHECK(bytes > 0);
    at = start + bytes;
  }
  CHECK(at == l.bytes);
  // The output's slot past its 4 bytes is slack, whole; a 4 MiB scratch leaves none.
  const size_t out_end = l.work[1] + 4;
  CHECK(std::count(slack.begin(), slack.end(), std::make_pair(out_end, kArenaAlign - 4)) == 1);
  for (const auto& [start, bytes] : slack) CHECK(start != l.work[3] + (size_t(4) << 20));
  // Ranges in increasing order; none when every buffer fills its slots.
  CHECK(std::is_sorted(slack.begin(), slack.end()));
  const std::vector<ResolvedBuffer> full = {buf("x", BufferRole::In, 2 << 20),
                                            buf("y", BufferRole::Out, 4 << 20)};
  CHECK(arena_slack(arena_layout(full), full).empty());
}
