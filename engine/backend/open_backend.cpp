#include "engine/backend/open_backend.h"

#include <cctype>
#include <filesystem>

#include "engine/backend/recorded_backend.h"
#include "engine/backend/recording.h"
#include "rules/diagnostics.h"

namespace solver::engine {

namespace fs = std::filesystem;

std::string backend_line(const BackendInfo& info) {
  if (info.kind == "live")
    return "live on " + (info.device_name.empty() ? info.chip_id : info.device_name) +
           (info.chip_id.empty() ? "" : " (" + info.chip_id + ")");
  std::string chip = info.chip_id;
  for (auto& c : chip) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "no GPU: replaying recorded " + chip + " measurements from " + info.recording;
}

OpenedBackend open_backend(const BackendSpec& spec) {
  const std::string& kind = spec.kind;
  if (kind != "auto" && kind != "live" && kind != "recorded")
    throw rules::InputError(rules::Diagnostic{
        {"--backend", 0, 0}, "unknown backend '" + kind + "' (auto, live or recorded)"});
  OpenedBackend opened;
  if (kind == "live" || (kind == "auto" && spec.recording.empty())) {
    auto live = open_live_backend(spec.live);
    opened.why_not_live = live.why_not;
    if ((opened.backend = std::move(live.backend))) return opened;
    if (kind == "live") return opened;
  }
  std::string path = spec.recording.empty() ? spec.default_recording : spec.recording;
  std::vector<std::string> files = split_recording_list(path);
  if (kind == "auto" && (files.empty() || !fs::exists(files.front())))
    throw rules::InputError(
        rules::Diagnostic{{path, 0, 0},
                          "no GPU here (" +
                              (opened.why_not_live.empty() ? std::string("live backend unavailable")
                                                           : opened.why_not_live) +
                              ") and no recording to replay at this path (pass --recording FILE)"});
  // Absolute, so the manifest's recording path still works when resumed from elsewhere.
  std::string absolute;
  for (const auto& f : files) absolute += (absolute.empty() ? "" : ",") + fs::absolute(f).string();
  opened.backend =
      std::make_unique<RecordedBackend>(load_recordings(absolute.empty() ? path : absolute));
  return opened;
}

}  // namespace solver::engine
