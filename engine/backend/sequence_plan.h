// What a kernel sees of a timed sequence (docs/reliability.md, P8): the same in the gate's
// timing, `time`, the candidate of `time_pairs` and the profile's unprofiled samples, so a
// kernel that records its input pointers, its run count or the order its sets come in cannot
// tell which phase it is in. Pure host code, used by the worker (engine/backend/gpu/timing.cpp,
// device_buffers.cpp) and tested without a GPU (tests/engine/sequence_plan_test.cpp).
//
//  - Sets: every sequence rotates kRotationSets regular input sets, each at its own addresses.
//  - Runs: after its module is loaded, a runner makes kWarmupRuns untimed runs, then one more
//    untimed run with the activity trace on (CUPTI's set-up lands in it), then its timed runs.
//    Its k-th run since the load (0-based, warm-ups included) gets slot k % kRotationSets,
//    whatever the op and whatever other runner shares its buffers. The fresh-set check is one
//    timed run whose fresh values are copied into the slot that run gets anyway (the same
//    addresses in the same order as every other run).
//  - Addresses: the rotation sets' input buffers and the run's working buffers (out, inout,
//    scratch) are one allocation laid out by arena_layout (set-major, then the working buffers,
//    each at a kArenaAlign boundary), slid by a random multiple of kArenaAlign: the distances
//    between every pointer a kernel is given depend on its buffer list alone.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "generators/variant_space.h"

namespace solver::engine {

inline constexpr int kRotationSets = 3;
inline constexpr int kWarmupRuns = 3;   // per runner, before its untimed traced run
inline constexpr int kGateSamples = 6;  // the gate's timed runs
inline constexpr size_t kArenaAlign = size_t(2) << 20;
inline constexpr int kArenaSlides = 16;  // the base moves by 0..15 x kArenaAlign

// The slot of a runner's k-th run since its module was loaded.
inline int rotation_slot(int run) { return run % kRotationSets; }

struct SequenceRun {
  int runner = 0;
  int slot = 0;        // the rotation set whose addresses the run is given
  int sample = -1;     // this runner's timed sample; -1: a warm-up or the untimed traced run
  bool check = false;  // the fresh-set check: fresh values copied into `slot` first
};

// The runs of a sequence in the order they happen: every runner's warm-ups (runner by runner),
// every runner's untimed traced run, then one timed run per entry of `order` (runner indices).
// check_at[r] (may be shorter; < 0: none): runner r's timed sample that is the fresh-set check.
std::vector<SequenceRun> sequence_schedule(int runners, const std::vector<int>& order,
                                           const std::vector<int>& check_at = {});
// The timed order of one runner (gate, time, the profile's samples) and of a pair: A B B A,
// so each member goes first as often as second and drift within a pair cancels.
std::vector<int> single_order(int samples);
std::vector<int> paired_order(int pairs);

// One runner's view of a schedule: the slot of each of its runs, in order, and the index
// among them of its check (-1: none).
struct RunnerView {
  std::vector<int> slots;
  int check_run = -1;
  int warmups = 0;  // untimed runs before its first timed one
};
RunnerView runner_view(const std::vector<SequenceRun>& schedule, int runner);

// Offsets inside the kernel-visible allocation. npos: the buffer has no place there (an
// output has no input copy, an `in` buffer no working copy, an empty buffer neither).
struct ArenaLayout {
  static constexpr size_t npos = ~size_t(0);
  size_t bytes = 0;                        // without the slide
  std::vector<std::vector<size_t>> input;  // [set][buffer]: in and inout buffers
  std::vector<size_t> work;                // [buffer]: out, inout, scratch
};
ArenaLayout arena_layout(const std::vector<generators::ResolvedBuffer>& buffers,
                         int sets = kRotationSets);

// Every byte of the arena (without the slide) that no buffer holds, as {offset, bytes} ranges
// in increasing order: each buffer's slot past its bytes (red team 8: the 2 MiB slot of a
// 4-byte output carried a table between runs that no poison, digest or reload reached). The
// worker rewrites them, and the slide below the first slot, before every run.
std::vector<std::pair<size_t, size_t>> arena_slack(
    const ArenaLayout& layout, const std::vector<generators::ResolvedBuffer>& buffers);

}  // namespace solver::engine
