#include "engine/run/run_inputs.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "engine/backend/json_util.h"
#include "engine/backend/recorded_backend.h"
#include "generators/kernel_library.h"
#include "rules/diagnostics.h"
#include "rules/hash.h"
#include "rules/names.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

int64_t header_int(const json& h, const char* key, int64_t lo, int64_t hi,
                   const std::string& file) {
  if (!h.contains(key) || !h[key].is_number_integer())
    rules::fail_at(file, 1,
                   std::string("ledger header: '") + key + "' is missing or not an integer");
  if (h[key].is_number_unsigned() && h[key].get<uint64_t>() > static_cast<uint64_t>(hi))
    rules::fail_at(
        file, 1,
        std::string("ledger header: '") + key + "' = " + h[key].dump() + " is out of range");
  int64_t v = h[key].get<int64_t>();
  if (v < lo || v > hi)
    rules::fail_at(file, 1,
                   std::string("ledger header: '") + key + "' = " + h[key].dump() +
                       " is out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

std::vector<std::string> header_strings(const json& h, const char* key, const std::string& file) {
  if (!h.contains(key) || !h[key].is_array() || h[key].empty())
    rules::fail_at(file, 1,
                   std::string("ledger header: '") + key + "' is missing or not a list of names");
  std::vector<std::string> out;
  for (const auto& e : h[key]) {
    if (!e.is_string())
      rules::fail_at(file, 1, std::string("ledger header: '") + key + "' holds a non-string");
    out.push_back(e.get<std::string>());
  }
  return out;
}

}  // namespace

RunSettings run_settings(const json& header, const std::string& ledger_path) {
  RunSettings r;
  r.problems = header_strings(header, "problems", ledger_path);
  r.tracks = header_strings(header, "tracks", ledger_path);
  r.rounds = static_cast<int>(header_int(header, "rounds", 1, kMaxRounds, ledger_path));
  r.pairs = static_cast<int>(header_int(header, "pairs", 1, kMaxPairs, ledger_path));
  if (!header.contains("seed") || !header["seed"].is_number_integer() ||
      (!header["seed"].is_number_unsigned() && header["seed"].get<int64_t>() < 0))
    rules::fail_at(ledger_path, 1,
                   "ledger header: 'seed' is missing or not a non-negative integer");
  r.seed = header["seed"].get<uint64_t>();
  if (!header.contains("chip") || !header["chip"].is_string())
    rules::fail_at(ledger_path, 1, "ledger header: 'chip' is missing or not a string");
  r.chip = header["chip"].get<std::string>();
  for (const auto& t : r.tracks)
    if (t != "on" && t != "off")
      rules::fail_at(ledger_path, 1, "ledger header: unknown track '" + t + "'");
  for (const char* key : {"off_policy", "precision"})
    if (header.contains(key) && !header[key].is_string())
      rules::fail_at(ledger_path, 1, std::string("ledger header: '") + key + "' is not a string");
  r.off_policy = header.value("off_policy", r.off_policy);
  r.precision = header.value("precision", r.precision);
  if (header.contains("pair_rule")) {
    const auto& rule = header["pair_rule"];
    if (!rule.is_string() || (rule != "sequential" && rule != "fixed" && rule != "adaptive"))
      rules::fail_at(ledger_path, 1,
                     "ledger header: 'pair_rule' must be \"sequential\", \"fixed\" or "
                     "\"adaptive\", got " +
                         rule.dump());
    r.sequential = rule == "sequential";
    r.adaptive = rule == "adaptive";
  }
  if (header.contains("screen")) {
    if (!header["screen"].is_number_integer() || header["screen"].get<int64_t>() < 1 ||
        header["screen"].get<int64_t>() > 64)
      rules::fail_at(ledger_path, 1, "ledger header: 'screen' must be an integer from 1 to 64");
    r.screen = header["screen"].get<int>();
  }
  if (header.contains("eager_adversarial")) {
    if (!header["eager_adversarial"].is_boolean())
      rules::fail_at(ledger_path, 1, "ledger header: 'eager_adversarial' must be true or false");
    r.eager_adversarial = header["eager_adversarial"].get<bool>();
  }
  if (header.contains("on_tables")) {
    const auto& m = header["on_tables"];
    if (!m.is_string() || (m != "carry" && m != "per-problem"))
      rules::fail_at(
          ledger_path, 1,
          "ledger header: 'on_tables' must be \"carry\" or \"per-problem\", got " + m.dump());
    r.on_tables = m.get<std::string>();
  }
  for (const char* key : {"backend", "rules_hash", "recording_hash"})
    if (header.contains(key) && !header[key].is_string())
      rules::fail_at(ledger_path, 1, std::string("ledger header: '") + key + "' is not a string");
  r.backend = header.value("backend", "");
  r.rules_hash = header.value("rules_hash", "");
  r.recording_hash = header.value("recording_hash", "");
  if (header.contains("generator")) {
    if (!header["generator"].is_object())
      rules::fail_at(ledger_path, 1, "ledger header: 'generator' is not an object");
    r.generator = header["generator"];
  }
  if (header.contains("shard")) {
    const json& sh = header["shard"];
    if (!sh.is_object()) rules::fail_at(ledger_path, 1, "ledger header: 'shard' is not an object");
    r.shard.index = static_cast<int>(header_int(sh, "index", 1, 4096, ledger_path));
    r.shard.count = static_cast<int>(header_int(sh, "count", 1, 4096, ledger_path));
    r.shard_of = header_strings(sh, "problems", ledger_path);
    if (r.shard.index > r.shard.count || shard_problems(r.shard_of, r.shard) != r.problems)
      rules::fail_at(ledger_path, 1,
                     "ledger header: 'problems' is not shard " + r.shard.text() +
                         " of shard.problems (the shard function assigns others)");
  }
  return r;
}

void apply_run_settings(AblationOptions& opt, const RunSettings& run) {
  // A shard's options name the whole run's problems; run_ablation takes the shard's part.
  opt.problems = run.shard.sharded() ? run.shard_of : run.problems;
  opt.tracks = run.tracks;
  opt.rounds = run.rounds;
  opt.pairs = run.pairs;
  opt.seed = run.seed;
  opt.chip = run.chip;
  opt.off_policy = run.off_policy;
  opt.precision = run.precision;
  opt.sequential = run.sequential;
  opt.adaptive = run.adaptive;
  opt.screen = run.screen;
  opt.eager_adversarial = run.eager_adversarial;
  opt.on_tables = run.on_tables;
  opt.shard = run.shard;
  opt.shard_of = run.shard_of;
}

void check_recording(const json& header, Backend& backend, const std::string& ledger) {
  if (!header.contains("recording_hash")) return;  // a live run, or one from before the field
  const Recording* rec = backend.recording();
  if (!rec) return;  // the backend-kind check says what is wrong
  std::string want =
      header["recording_hash"].is_string() ? header["recording_hash"].get<std::string>() : "";
  if (rec->content_hash != want)
    throw rules::InputError(rules::Diagnostic{
        {rec->file, 0, 0},
        "this recording is not the one the run started on (its content hash differs from "
        "recording_hash in " +
            ledger + "): resuming would mix measurements"});
}

void check_problem_names(const std::vector<std::string>& names) {
  std::set<std::string> seen;
  for (const auto& n : names) {
    bool ok =
        !n.empty() && n != "." && n != ".." && n.size() <= 128 &&
        std::all_of(n.begin(), n.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
        });
    if (!ok)
      throw rules::InputError(
          rules::Diagnostic{{"--problems", 0, 0},
                            "'" + n +
                                "' is not a problem name (names only, no paths: use "
                                "--problems-dir for another folder)"});
    if (!seen.insert(n).second)
      throw rules::InputError(
          rules::Diagnostic{{"--problems", 0, 0}, "'" + n + "' is given twice"});
  }
}

json problem_folder_hash(const std::string& dir) {
  json out = json::object();
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(dir, ec);
  auto refuse = [&](const fs::path& p, const std::string& why) {
    throw rules::InputError(rules::Diagnostic{{p.string(), 0, 0}, why});
  };
  auto inside = [&](const fs::path& p) {
    auto [r, q] = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
    return r == root.end();
  };
  std::vector<std::pair<std::string, fs::path>> files;  // (relative name, in-folder target)
  // The iterator does not descend into linked folders; a link to a file is followed only when
  // its target lies inside the folder (issue 27 item 14: a link to /etc/passwd was hashed).
  for (auto it = fs::recursive_directory_iterator(dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    // Hidden files and editor backups (.swp, ~) are not inputs; nor is anything in a hidden folder.
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.' || name.back() == '~') {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    // Lexical: fs::relative resolves links, which would name a link by its target.
    std::string rel = it->path().lexically_relative(dir).generic_string();
    // The names go into the ledger header (JSON): UTF-8 without control characters.
    if (auto why = rules::name_problem(rel, rules::kMaxPathBytes))
      refuse(it->path().parent_path(),
             "a file name in the problem folder ('" + rules::printable(rel) + "') " + *why);
    if (it->is_symlink(ec)) {
      fs::path target = fs::weakly_canonical(it->path(), ec);
      if (ec || !inside(target))
        refuse(it->path(), "a symbolic link that leaves the problem folder " + root.string() +
                               " (to " + rules::printable(target.string(), 200) +
                               "): a problem folder is hashed and read only inside itself");
      if (!fs::is_regular_file(target, ec)) continue;  // a linked folder is not walked
      files.emplace_back(rel, target);
      continue;
    }
    if (it->is_regular_file(ec)) files.emplace_back(rel, it->path());
    if (files.size() > 10000) break;  // a folder of that many files is not a problem folder
  }
  std::sort(files.begin(), files.end());
  for (const auto& [rel, f] : files) {
    try {
      out[rel] = rules::sha256_hex(read_text_file(f.string(), "problem file"));
    } catch (const std::exception&) {
      out[rel] = "unreadable";
    }
  }
  return out;
}

json problem_folder_hash(const generators::ProblemSpec& spec) {
  json out = problem_folder_hash(spec.dir);
  // The shared kernel library's files the problem reaches count as its own: editing one
  // between a run and its resume (or replay) is a change, as an edit in the folder is.
  for (const auto& [name, path] : generators::library_files(spec)) {
    try {
      out[name] = rules::sha256_hex(read_text_file(path, "kernel library file"));
    } catch (const std::exception&) {
      out[name] = "unreadable";
    }
  }
  return out;
}

void check_problem_hashes(const json& header,
                          const std::map<std::string, generators::ProblemSpec>& specs,
                          const json& spec_hashes, const json& folder_hashes,
                          const std::string& ledger) {
  for (const auto& [name, spec] : specs) {
    if (header.contains("problem_spec_hashes") && header["problem_spec_hashes"].contains(name) &&
        header["problem_spec_hashes"][name] != spec_hashes[name])
      throw rules::InputError(
          rules::Diagnostic{{spec.file, 0, 0},
                            "problem '" + name + "' changed since the run started (its spec hash " +
                                "differs from problem_spec_hashes in " + ledger + ")"});
    if (!header.contains("problem_folder_hashes") ||
        !header["problem_folder_hashes"].contains(name))
      continue;
    const json& was = header["problem_folder_hashes"][name];
    const json& now = folder_hashes[name];
    if (!was.is_object()) continue;
    for (const auto& [rel, h] : was.items())
      if (!now.contains(rel) || now[rel] != h)
        throw rules::InputError(rules::Diagnostic{
            {(fs::path(spec.dir) / rel).string(), 0, 0},
            std::string(now.contains(rel) ? "changed" : "was removed") +
                " since the run started (problem_folder_hashes in " + ledger + ")"});
    for (const auto& [rel, h] : now.items())
      if (!was.contains(rel))
        throw rules::InputError(rules::Diagnostic{
            {(fs::path(spec.dir) / rel).string(), 0, 0},
            "was added since the run started (problem_folder_hashes in " + ledger + ")"});
  }
}

}  // namespace solver::engine
