#include "engine/backend/sequence_plan.h"

#include <algorithm>

namespace solver::engine {

namespace {

using generators::BufferRole;

size_t align_up(size_t n) { return (n + kArenaAlign - 1) / kArenaAlign * kArenaAlign; }

}  // namespace

std::vector<SequenceRun> sequence_schedule(int runners, const std::vector<int>& order,
                                           const std::vector<int>& check_at) {
  std::vector<SequenceRun> out;
  std::vector<int> runs(size_t(runners), 0), samples(size_t(runners), 0);
  auto next = [&](int r, bool timed) {
    SequenceRun s;
    s.runner = r;
    s.slot = rotation_slot(runs[size_t(r)]++);
    if (timed) {
      s.sample = samples[size_t(r)]++;
      s.check = size_t(r) < check_at.size() && check_at[size_t(r)] == s.sample;
    }
    out.push_back(s);
  };
  for (int r = 0; r < runners; ++r)
    for (int i = 0; i < kWarmupRuns; ++i) next(r, false);
  for (int r = 0; r < runners; ++r) next(r, false);  // the untimed traced run
  for (int r : order)
    if (r >= 0 && r < runners) next(r, true);
  return out;
}

std::vector<int> single_order(int samples) {
  return std::vector<int>(size_t(std::max(0, samples)), 0);
}

std::vector<int> paired_order(int pairs) {
  std::vector<int> order;
  for (int i = 0; i < pairs; ++i) {
    if (i % 2 == 0)
      order.insert(order.end(), {0, 1});
    else
      order.insert(order.end(), {1, 0});
  }
  return order;
}

RunnerView runner_view(const std::vector<SequenceRun>& schedule, int runner) {
  RunnerView v;
  for (const SequenceRun& s : schedule) {
    if (s.runner != runner) continue;
    if (s.check) v.check_run = int(v.slots.size());
    if (s.sample < 0) ++v.warmups;
    v.slots.push_back(s.slot);
  }
  return v;
}

ArenaLayout arena_layout(const std::vector<generators::ResolvedBuffer>& buffers, int sets) {
  ArenaLayout l;
  size_t at = 0;
  l.input.assign(size_t(std::max(0, sets)), std::vector<size_t>(buffers.size(), ArenaLayout::npos));
  for (auto& set : l.input)
    for (size_t i = 0; i < buffers.size(); ++i) {
      const auto& b = buffers[i];
      if ((b.role != BufferRole::In && b.role != BufferRole::InOut) || b.bytes <= 0) continue;
      set[i] = at;
      at += align_up(size_t(b.bytes));
    }
  l.work.assign(buffers.size(), ArenaLayout::npos);
  for (size_t i = 0; i < buffers.size(); ++i) {
    const auto& b = buffers[i];
    if (b.role == BufferRole::In || b.elements <= 0 || b.bytes <= 0) continue;
    l.work[i] = at;
    at += align_up(size_t(b.bytes));
  }
  l.bytes = at;
  return l;
}

std::vector<std::pair<size_t, size_t>> arena_slack(
    const ArenaLayout& layout, const std::vector<generators::ResolvedBuffer>& buffers) {
  std::vector<std::pair<size_t, size_t>> held;  // {start, end} of every buffer's bytes
  auto hold = [&](size_t at, size_t i) {
    if (at != ArenaLayout::npos && buffers[i].bytes > 0)
      held.push_back({at, at + size_t(buffers[i].bytes)});
  };
  for (const auto& set : layout.input)
    for (size_t i = 0; i < set.size() && i < buffers.size(); ++i) hold(set[i], i);
  for (size_t i = 0; i < layout.work.size() && i < buffers.size(); ++i) hold(layout.work[i], i);
  std::sort(held.begin(), held.end());
  std::vector<std::pair<size_t, size_t>> out;
  size_t at = 0;
  for (const auto& [start, end] : held) {
    if (start > at) out.push_back({at, start - at});
    at = std::max(at, end);
  }
  if (layout.bytes > at) out.push_back({at, layout.bytes - at});
  return out;
}

}  // namespace solver::engine
