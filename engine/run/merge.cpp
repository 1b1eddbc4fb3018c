#include "engine/run/merge.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <set>

#include "engine/backend/json_util.h"
#include "engine/backend/recording.h"
#include "engine/loop/ledger.h"
#include "engine/loop/oracle.h"
#include "engine/run/ablation.h"
#include "engine/run/replay.h"
#include "engine/run/run_inputs.h"
#include "engine/run/run_seal.h"
#include "engine/run/shard.h"
#include "rules/diagnostics.h"
#include "rules/hash.h"

namespace solver::engine {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Shard {
  RunDir dir;
  json manifest;
  LoadedLedger ledger;
  RunSettings settings;
};

// What a header key means, for the refusal.
std::string what_key(const std::string& key) {
  static const std::map<std::string, std::string> names{{"rules_hash", "the rules hash"},
                                                        {"seed", "the seed"},
                                                        {"recording_hash", "the recording"},
                                                        {"chip", "the chip class"},
                                                        {"backend", "the backend"},
                                                        {"shard", "the problem set or shard count"},
                                                        {"rounds", "the round budget"},
                                                        {"pairs", "the pair cap"},
                                                        {"tracks", "the tracks"},
                                                        {"on_tables", "the ON-table mode"},
                                                        {"generator", "the external generator"}};
  auto it = names.find(key);
  return it == names.end() ? "'" + key + "'" : it->second;
}

// The header of the run as a whole: what every shard must share.
json common_header(const json& header) {
  json h = header;
  for (const char* k : {"problems", "problem_spec_hashes", "problem_folder_hashes"}) h.erase(k);
  if (h.contains("shard") && h["shard"].is_object()) h["shard"].erase("index");
  return h;
}

std::string show(const json& j) { return j.is_null() ? std::string("(absent)") : j.dump(); }

void check_same_run(const Shard& ref, const Shard& s) {
  json a = common_header(ref.ledger.header), b = common_header(s.ledger.header);
  std::set<std::string> keys;
  for (const auto& [k, v] : a.items()) keys.insert(k);
  for (const auto& [k, v] : b.items()) keys.insert(k);
  for (const auto& k : keys) {
    json va = a.contains(k) ? a[k] : json(), vb = b.contains(k) ? b[k] : json();
    if (va != vb)
      rules::fail_at(s.dir.ledger(), 1,
                     "not a shard of the same run as " + ref.dir.path + ": " + what_key(k) +
                         " differs (" + show(vb) + " here, " + show(va) + " there)");
  }
  // The manifest's side: the binary, and the device the backend measured on.
  auto m = [](const json& man, const char* k) { return man.contains(k) ? man[k] : json(); };
  auto dev = [](const json& man) {
    return man.contains("backend") && man["backend"].is_object()
               ? man["backend"].value("device_name", "")
               : std::string();
  };
  for (const char* k : {"solver_version", "build"})
    if (m(ref.manifest, k) != m(s.manifest, k))
      rules::fail_at(s.dir.manifest(), 0,
                     std::string("made by another build of solver than ") + ref.dir.path + " (" +
                         k + " " + show(m(s.manifest, k)) + " here, " + show(m(ref.manifest, k)) +
                         " there)");
  if (dev(ref.manifest) != dev(s.manifest))
    rules::fail_at(s.dir.manifest(), 0,
                   "measured on " + dev(s.manifest) + ", " + ref.dir.path + " on " +
                       dev(ref.manifest) + ": one run measures one chip class");
}

Shard load_shard(const std::string& path, const std::optional<RunKey>& key, std::ostream& err) {
  Shard s;
  s.dir = open_run_dir(path);
  s.manifest = load_manifest(s.dir);
  s.ledger = load_ledger(s.dir.ledger());  // the hash chain is checked here
  for (const auto& n : s.ledger.notes) {
    if (n.find("torn") != std::string::npos)
      rules::fail_at(s.dir.ledger(), 0,
                     "the shard was cut short (" + n +
                         "): resume it first (solver ablate --resume " + path + ")");
    err << "solver merge: " << path << ": " << n << '\n';
  }
  s.settings = run_settings(s.ledger.header, s.dir.ledger());
  if (!s.settings.shard.sharded())
    rules::fail_at(s.dir.ledger(), 1,
                   "not a shard: its ledger header has no 'shard' (made without --shard K/N)");
  if (!s.manifest.contains("finished"))
    rules::fail_at(s.dir.manifest(), 0,
                   "shard " + s.settings.shard.text() +
                       " did not finish (no 'finished'): "
                       "resume it (solver ablate --resume " +
                       path + ")");
  // The shard is copied only as it finished: its ledger's length and last hash, measurements,
  // oracle, evolved tables and generated sources against its seal (and signature, with a key).
  for (const auto& n : verify_run_seal(s.dir, s.manifest, s.ledger, key, /*require_seal=*/true))
    err << "solver merge: " << path << ": " << n << '\n';
  verify_run_inputs(s.dir, s.ledger, s.manifest, "");
  std::set<std::string> mine(s.settings.problems.begin(), s.settings.problems.end());
  for (std::size_t i = 0; i < s.ledger.records.size(); ++i)
    if (!mine.count(s.ledger.records[i].problem))
      rules::fail_at(
          s.dir.ledger(), static_cast<int>(i) + 2,
          "a record of " + s.ledger.records[i].problem + ", which is not in this shard's problems");
  return s;
}

// The removal of the marker is durable before the merge says it is done.
void sync_folder(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

void copy_tree(const fs::path& from, const fs::path& to) {
  if (!fs::exists(from)) return;
  fs::create_directories(to.parent_path());
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

json merged_hashes(const std::vector<Shard>& shards, const char* key) {
  json out = json::object();
  for (const auto& s : shards)
    if (s.ledger.header.contains(key))
      for (const auto& [k, v] : s.ledger.header[key].items()) out[k] = v;
  return out;
}

}  // namespace

MergeResult merge_runs(const std::vector<std::string>& shard_dirs, const std::string& out,
                       const std::string& command, std::ostream& err) {
  if (shard_dirs.empty()) rules::fail_at("solver merge", 0, "no shard directories given");
  const std::optional<RunKey> key = run_key_from_env();
  std::vector<Shard> shards;
  for (const auto& d : shard_dirs) shards.push_back(load_shard(d, key, err));
  std::sort(shards.begin(), shards.end(), [](const Shard& a, const Shard& b) {
    return a.settings.shard.index < b.settings.shard.index;
  });
  const Shard& ref = shards.front();
  const int count = ref.settings.shard.count;
  for (std::size_t i = 1; i < shards.size(); ++i) {
    check_same_run(ref, shards[i]);
    if (shards[i].settings.shard.index == shards[i - 1].settings.shard.index)
      rules::fail_at(shards[i].dir.ledger(), 1,
                     "shard " + shards[i].settings.shard.text() + " is given twice (" +
                         shards[i - 1].dir.path + " and " + shards[i].dir.path + ")");
  }
  std::string missing;
  for (int k = 1, at = 0; k <= count; ++k) {
    if (at < static_cast<int>(shards.size()) && shards[at].settings.shard.index == k)
      ++at;
    else
      missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  }
  if (!missing.empty())
    rules::fail_at(ref.dir.ledger(), 1,
                   "the run has " + std::to_string(count) + " shards; shard(s) " + missing +
                       " of " + std::to_string(count) + " are not given");
  const std::vector<std::string>& all = ref.settings.shard_of;

  // The measurements and oracle: each problem's come from its one shard.
  Recording measurements = load_recording(ref.dir.measurements());
  measurements.problems.clear();
  std::optional<PoolOracle> oracle;
  std::map<std::string, const Shard*> owner;
  for (const auto& s : shards) {
    for (const auto& p : s.settings.problems) owner[p] = &s;
    Recording r = load_recording(s.dir.measurements());
    for (auto& [p, rp] : r.problems) {
      if (!owner.count(p) || owner[p] != &s)
        rules::fail_at(s.dir.measurements(), 0,
                       "holds measurements of " + p + ", a problem of another shard");
      measurements.problems[p] = std::move(rp);
    }
    auto o = load_pool_oracle(s.dir.oracle());
    if (!o) continue;
    if (!oracle) {
      oracle = *o;
      oracle->problems.clear();
    }
    for (auto& [p, po] : o->problems) oracle->problems[p] = std::move(po);
  }

  // Everything is checked: the merged run can be written. A merge killed part-way left its
  // marker in `out`: this one removes what it wrote and starts over.
  if (merge_unfinished(out))
    err << "solver merge: " << out << " holds an unfinished merge (killed?): starting it over\n";
  RunDir dir = create_run_dir(out, command, /*restart_merge=*/true);
  MergeResult result;
  try {
    // Until the sealed manifest is written, readers refuse the folder (run_dir.h).
    write_file_atomically(dir.merge_marker(), command + "\n");
    write_file_atomically(dir.rules(), read_text_file(ref.dir.rules(), "rule table"));
    json header = ref.ledger.header;
    header.erase("shard");
    header["problems"] = all;
    header["problem_spec_hashes"] = merged_hashes(shards, "problem_spec_hashes");
    if (ref.ledger.header.contains("problem_folder_hashes"))
      header["problem_folder_hashes"] = merged_hashes(shards, "problem_folder_hashes");
    // Problem by problem in the run's order, each problem's rounds in the order its shard ran
    // them: the order one machine would have written.
    LedgerWriter ledger = LedgerWriter::create(dir.ledger(), header);
    std::vector<RoundRecord> written;  // with their new chain hashes, for the seal
    for (const auto& p : all)
      for (RoundRecord r : owner.at(p)->ledger.records)
        if (r.problem == p) {
          ledger.append(r);
          written.push_back(std::move(r));
          ++result.records;
        }
    save_recording(measurements, dir.measurements());
    if (oracle)
      write_file_atomically(
          dir.oracle(),
          oracle->to_json().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    for (const auto& s : shards) {
      for (const auto& p : s.settings.problems) {
        fs::path evolved = fs::path(s.dir.path) / "evolved" / (p + ".yaml");
        if (fs::exists(evolved)) copy_tree(evolved, fs::path(dir.path) / "evolved" / (p + ".yaml"));
        for (const auto& track : s.settings.tracks)
          copy_tree(fs::path(s.dir.path) / "generated" / track / p,
                    fs::path(dir.path) / "generated" / track / p);
      }
      // Only a run without an ON track shards under carry; its OFF tables never evolve.
      if (fs::exists(s.dir.evolved_rules()) && s.settings.on_tables == "carry" && &s == &ref)
        copy_tree(s.dir.evolved_rules(), dir.evolved_rules());
    }

    json manifest = ref.manifest;
    for (const char* k : {"shard", "resumed"}) manifest.erase(k);
    manifest["command"] = command;
    manifest["problems"] = all;
    manifest["problem_spec_hashes"] = header["problem_spec_hashes"];
    if (header.contains("problem_folder_hashes"))
      manifest["problem_folder_hashes"] = header["problem_folder_hashes"];
    json list = json::array();
    std::string started = ref.manifest.value("started", ""),
                finished = ref.manifest.value("finished", "");
    for (const auto& s : shards) {
      started = std::min(started, s.manifest.value("started", started));
      finished = std::max(finished, s.manifest.value("finished", finished));
      list.push_back(
          json{{"dir", fs::absolute(s.dir.path).lexically_normal().string()},
               {"shard", s.settings.shard.text()},
               {"problems", s.settings.problems},
               {"records", s.ledger.records.size()},
               {"ledger_last_hash", s.ledger.last_hash},
               {"measurements_hash", s.manifest.value("measurements_hash", "")},
               {"command", s.manifest.value("command", "")},
               {"started", s.manifest.value("started", "")},
               {"finished", s.manifest.value("finished", "")},
               {"resumed", s.manifest.contains("resumed") ? s.manifest["resumed"].size() : 0}});
    }
    manifest["started"] = started;
    manifest["finished"] = finished;
    manifest["measurements_hash"] =
        rules::sha256_hex(read_text_file(dir.measurements(), "measurements"));
    manifest["merged"] = json{{"at", utc_now_iso()}, {"shards", list}};
    seal_run(dir, manifest, ledger_tip(written, header), key);
    write_manifest(dir, manifest);
    // The commit point: from here the folder is a finished, sealed run (summary.json and
    // report.html are derived; `solver report` rewrites them if a kill lands below).
    if (!fs::remove(dir.merge_marker()))
      throw std::runtime_error("cannot remove " + dir.merge_marker());
    sync_folder(dir.path);
    result.summary = write_report(dir, err);
  } catch (...) {
    // Not yet committed (or nothing written at all): the merge's files go, the marker last.
    if (merge_unfinished(dir.path) || !fs::exists(dir.ledger())) discard_run_dir(dir);
    throw;
  }
  result.shards = count;
  result.dir = dir;
  result.dir.lock.reset();
  return result;
}

}  // namespace solver::engine
