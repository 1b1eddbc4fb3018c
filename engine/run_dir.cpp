#include "engine/run_dir.h"

#include <unistd.h>

#include <ctime>
#include <filesystem>

#include "engine/backend/json_util.h"
#include "rules/diagnostics.h"

namespace solver::engine {

namespace fs = std::filesystem;

std::string utc_now_iso() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

RunDir create_run_dir(const std::string& out) {
  RunDir d;
  if (out.empty()) {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
    d.path = "runs/" + std::string(buf) + "-" + std::to_string(::getpid());
  } else {
    d.path = out;
  }
  std::error_code ec;
  fs::create_directories(d.path, ec);
  if (ec || !fs::is_directory(d.path))
    throw rules::InputError(rules::Diagnostic{{d.path, 0, 0}, "cannot create the run directory"});
  if (fs::exists(d.ledger()))
    throw rules::InputError(rules::Diagnostic{
        {d.ledger(), 0, 0},
        "a run already lives here; continue it with --resume " + d.path + " or pick another --out"});
  return d;
}

RunDir open_run_dir(const std::string& path) {
  RunDir d{path};
  if (!fs::exists(d.ledger()))
    throw rules::InputError(rules::Diagnostic{{path, 0, 0}, "not a run directory (no ledger.jsonl)"});
  return d;
}

nlohmann::json load_manifest(const RunDir& dir) {
  auto j = parse_json_text(read_text_file(dir.manifest(), "run manifest"), dir.manifest());
  if (!j.is_object() || j.value("format", "") != "solver-run")
    throw rules::InputError(rules::Diagnostic{{dir.manifest(), 1, 1},
                                              "not a solver run manifest (format must be \"solver-run\")"});
  return j;
}

void write_manifest(const RunDir& dir, const nlohmann::json& manifest) {
  write_file_atomically(dir.manifest(), manifest.dump(2) + "\n");
}

}  // namespace solver::engine
