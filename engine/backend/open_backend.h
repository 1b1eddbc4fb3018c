// The one way to open a backend (every command that measures goes through it): a BackendSpec
// says which backend and where its inputs live, open_backend answers with the backend, or with
// no backend and the reason a live one could not start.
#pragma once
#include <memory>
#include <string>

#include "engine/backend/backend.h"
#include "engine/backend/live_backend.h"

namespace solver::engine {

struct BackendSpec {
  // "live": the GPU or nothing; "recorded": the recording; "auto": live where a GPU answers,
  // else the recording.
  std::string kind = "auto";
  // The recording to replay; a given file forces the recorded backend under "auto". A
  // comma-separated list is merged in order (recording.h, load_recordings).
  std::string recording;
  // Replayed under "auto"/"recorded" when `recording` is empty (the data dir's bundled one).
  std::string default_recording;
  LiveOptions live;  // problems_root and chips_file are required for a live backend
};

struct OpenedBackend {
  std::unique_ptr<Backend> backend;  // nullptr only when a live backend was required
  std::string why_not_live;          // set whenever a live backend was tried and did not start
};

// Throws rules::InputError for a bad spec (an unknown kind; "auto" with no GPU and no
// recording to fall back on; a recording that does not load).
OpenedBackend open_backend(const BackendSpec& spec);

// The first line a measuring command prints: "live on NVIDIA H200 (h200)" or "no GPU:
// replaying recorded H200 measurements from FILE".
std::string backend_line(const BackendInfo& info);

}  // namespace solver::engine
