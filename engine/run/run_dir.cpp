#include "engine/run/run_dir.h"

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <vector>

#include "engine/backend/json_util.h"
#include "rules/diagnostics.h"
#include "rules/names.h"
#include "rules/temp_name.h"

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

bool ledger_never_started(const std::string& ledger) {
  std::error_code ec;
  if (!fs::is_regular_file(ledger, ec)) return false;
  std::ifstream in(ledger, std::ios::binary);
  std::string first;
  char c;
  while (in.get(c)) {
    if (c == '\n') return first.find_first_not_of(" \t\r") == std::string::npos;
    first += c;
    if (first.size() > (1u << 20)) return false;
  }
  return true;  // no newline: the header line never completed
}

namespace {

std::string unfinished_merge_message(const std::string& dir) {
  return "a `solver merge` into " + dir +
         " did not finish (killed?): run the same merge again (solver merge with the same shards "
         "and --out " +
         dir + "; a multi-GPU run: solver ablate --gpus ... --resume " + dir + "), it starts over";
}

// What a run (or a merge, or an `ablate --gpus` root) puts in its folder (run_dir.h), what the
// Slurm recipe adds before its merge (logs/, scripts/slurm/submit.sh), and the temporary names
// of its atomic writes.
bool run_owned_name(const std::string& name) {
  static const std::set<std::string> kNames = {"ledger.jsonl",
                                               "manifest.json",
                                               "rules.yaml",
                                               "measurements.json",
                                               "evolved-rules.yaml",
                                               "summary.json",
                                               "report.html",
                                               "oracle.json",
                                               ".lock",
                                               ".merging",
                                               "evolved",
                                               "generated",
                                               "shards",
                                               "logs",
                                               "ablate.args"};
  return kNames.count(name) > 0 || rules::is_temp_name(name);
}

}  // namespace

// An --out folder that exists must be empty or one a run made: a run writes rules.yaml,
// report.html, summary.json... into it, removes every temporary-looking file below it (a
// killed writer's leftovers) and, when its start fails, removes those names again. In a folder
// of the user's (`--out .`, `--out ~`, `--out /`) that overwrote and deleted the user's files.
// A folder the tool made holds its lock file (.lock, taken first), a merge's marker or a
// ledger; `shards/` (and the Slurm recipe's `logs/` and `ablate.args`, scripts/slurm/submit.sh)
// alone is what a sharded run leaves before its merge.
void check_out_folder(const std::string& path) {
  std::error_code ec;
  std::vector<std::string> foreign;
  bool run_files = false, made_by_a_run = false;
  for (auto it = fs::directory_iterator(path, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!run_owned_name(name))
      foreign.push_back(name);
    else if (name == ".lock" || name == ".merging" || name == "ledger.jsonl")
      made_by_a_run = true;
    else if (name != "shards" && name != "logs" && name != "ablate.args")
      run_files = true;
  }
  if (ec)
    throw rules::InputError(rules::Diagnostic{
        {path, 0, 0}, "cannot list the folder to check it is free for a run: " + ec.message()});
  if (foreign.empty() && (made_by_a_run || !run_files)) return;
  std::string names;
  std::sort(foreign.begin(), foreign.end());
  for (std::size_t i = 0; i < foreign.size() && i < 3; ++i)
    names += (i ? ", '" : "'") + rules::printable(foreign[i]) + "'";
  if (foreign.size() > 3) names += " and " + std::to_string(foreign.size() - 3) + " more";
  throw rules::InputError(rules::Diagnostic{
      {path, 0, 0},
      foreign.empty()
          ? "the folder holds files named as a run's (rules.yaml, report.html, ...) but no run "
            "made it (no .lock, no ledger): a run would overwrite them; give a new or empty "
            "folder as --out"
          : "the folder is not empty and not a run directory (it holds " + names +
                "): a run writes rules.yaml, report.html, summary.json... there and removes "
                "temporary-looking files below it; give a new or empty folder as --out"});
}

bool merge_unfinished(const std::string& dir) {
  RunDir d;
  d.path = dir;
  std::error_code ec;
  return fs::exists(d.merge_marker(), ec);
}

RunDir create_run_dir(const std::string& out, const std::string& command, bool restart_merge) {
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
  d.created = !fs::exists(d.path, ec);
  if (!d.created && fs::is_directory(d.path, ec)) check_out_folder(d.path);
  fs::create_directories(d.path, ec);
  if (ec || !fs::is_directory(d.path))
    throw rules::InputError(rules::Diagnostic{{d.path, 0, 0}, "cannot create the run directory"});
  // Locked before looking at what is there: two starts into one folder cannot both see it empty.
  try {
    d.lock = std::make_shared<RunLock>(RunLock::acquire(d.lock_file(), command));
  } catch (...) {
    if (d.created) fs::remove(d.path, ec);
    throw;
  }
  remove_stale_tmp_files(d.path);
  if (merge_unfinished(d.path)) {
    if (!restart_merge)
      throw rules::InputError(
          rules::Diagnostic{{d.merge_marker(), 0, 0}, unfinished_merge_message(d.path)});
    RunDir leftover = d;
    leftover.created = false;
    discard_run_dir(leftover);  // the merge's own files; the marker last
  }
  if (ledger_never_started(d.ledger())) {
    fs::remove(d.ledger(), ec);
  } else if (fs::exists(d.ledger())) {
    throw rules::InputError(
        rules::Diagnostic{{d.ledger(), 0, 0},
                          "a run already lives here; continue it with --resume " + d.path +
                              " or pick another --out"});
  }
  return d;
}

void discard_run_dir(const RunDir& dir) {
  std::error_code ec;
  // A merge's marker is removed last: a kill part-way leaves it, and with it the merge's files
  // are known to be the merge's (create_run_dir with restart_merge removes them).
  const bool merge = merge_unfinished(dir.path);
  for (const auto& f : {dir.ledger(), dir.manifest(), dir.rules(), dir.measurements(),
                        dir.evolved_rules(), dir.summary(), dir.report(), dir.oracle()})
    fs::remove(f, ec);
  if (merge)
    for (const char* sub : {"evolved", "generated"}) fs::remove_all(fs::path(dir.path) / sub, ec);
  remove_stale_tmp_files(dir.path);
  fs::remove(dir.merge_marker(), ec);
  if (dir.created) {
    fs::remove(dir.lock_file(), ec);
    fs::remove(dir.path, ec);  // only if empty: never anything the user put there
  }
}

RunDir open_run_dir_for_writing(const std::string& path, const std::string& command) {
  RunDir d = open_run_dir(path);
  d.lock = std::make_shared<RunLock>(RunLock::acquire(d.lock_file(), command));
  remove_stale_tmp_files(d.path);
  return d;
}

RunDir open_run_dir(const std::string& path) {
  RunDir d;
  d.path = path;
  if (merge_unfinished(path))
    throw rules::InputError(
        rules::Diagnostic{{d.merge_marker(), 0, 0}, unfinished_merge_message(path)});
  if (!fs::exists(d.ledger()))
    throw rules::InputError(
        rules::Diagnostic{{path, 0, 0}, "not a run directory (no ledger.jsonl)"});
  if (ledger_never_started(d.ledger()))
    throw rules::InputError(
        rules::Diagnostic{{d.ledger(), 1, 0},
                          "this run recorded nothing (its ledger has no header line): start it "
                          "again with --out " +
                              path + ", the folder is reusable"});
  return d;
}

nlohmann::json load_manifest(const RunDir& dir) {
  auto j = parse_json_text(read_text_file(dir.manifest(), "run manifest"), dir.manifest());
  if (!j.is_object() || j.value("format", "") != "solver-run")
    throw rules::InputError(rules::Diagnostic{
        {dir.manifest(), 1, 1}, "not a solver run manifest (format must be \"solver-run\")"});
  return j;
}

void write_manifest(const RunDir& dir, const nlohmann::json& manifest) {
  write_file_atomically(
      dir.manifest(),
      manifest.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace solver::engine
