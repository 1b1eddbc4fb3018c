// The live CUDA backend: drives the `solver-gpu` worker process (engine/backend/gpu/) over a pipe.
// The worker holds the CUDA context; a kernel that faults, aborts, runs out of memory or never
// returns (watchdog: the problem's timeout_ms) ends the worker, the request comes back as a
// GateStatus::Fault / Timeout outcome, and a fresh worker is started for the next request.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine/backend/backend.h"
#include "engine/backend/worker_protocol.h"

namespace solver::engine {

struct LiveOptions {
  std::string problems_root;  // folder holding problem folders
  std::string chips_file;     // chips.yaml
  std::string worker_path;    // solver-gpu executable; empty = next to the running binary
  std::string cache_dir;      // NVRTC cache; empty = $XDG_CACHE_HOME/solver or ~/.cache/solver
  // The tolerance lint's verdict cache in the same folder (engine/backend/gpu/lint_cache.h);
  // false: the worker runs the lint afresh (--no-lint-cache; `problems check --no-cache`).
  bool lint_cache = true;
  bool full_metrics = false;  // opt-in full CUPTI metric set
  bool pc_sampling = true;    // the PC sampling pass of the profile (--no-pc-sampling: off)
  // The metrics to collect: what the loaded rule table and its hypotheses' evidence read
  // (profiling/rule_metrics.h). Empty = the worker's default set.
  std::vector<std::string> metrics;
  int gate_input_sets = 2;
  // The sweep gate (WorkerRequest::sweep) for every gate: `solver record --sweep` only.
  bool sweep_gate = false;
  int sweep_samples = 0;  // the sweep gate's timed series (0: the gate's usual length)
  // Watchdog for one batch of launches; 0 = the problem's timeout_ms. (Tests and impatient
  // users set it; the whole request is bounded by it scaled by the work asked.)
  int timeout_ms = 0;
  // Extra arguments for the worker (tests pass the behaviour of a fake worker here).
  std::vector<std::string> worker_args;
};

// Where the worker is looked for when LiveOptions::worker_path is empty: next to the running
// executable (`solver-gpu` beside `solver`, in the build tree and once installed).
std::string default_worker_path();

// Why no live backend, when the machine simply has no NVIDIA driver (nothing is wrong).
inline constexpr const char* kNoDriver =
    "no NVIDIA driver on this machine (libcuda.so.1 not found)";

// Starts the worker and asks it for the device: the backend, or nullptr and why not (e.g. "no
// NVIDIA driver on this machine (libcuda.so.1 not found)") when no GPU can be used. An
// outcome, not an exception: `auto` falls back to the recording on it.
struct OpenedLive {
  std::unique_ptr<Backend> backend;
  std::string why_not;
};
OpenedLive open_live_backend(const LiveOptions& options);

}  // namespace solver::engine
