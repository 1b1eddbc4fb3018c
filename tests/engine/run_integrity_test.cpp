// Tampering and half-finished states of a run directory (issue 27, items 9-12 and 14), on the
// SYNTHETIC toy pool: the finished manifest's integrity seal checked by every reader (report,
// replay, replay --simulate, dry-run --run, --resume), as a class: every kind of edit against
// every reader, each refused with exit 2 naming the file, and nothing in the run rewritten.
// Then the keyed signature, the temporary names a kill leaves, and a merge cut short.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include "cli_run.h"
#include "engine/loop/ledger.h"
#include "engine/run/run_lock.h"
#include "engine/run/run_seal.h"
#include "rules/hash.h"
#include "rules/temp_name.h"
#include "spawn.h"
#include "synthetic_pool.h"

using namespace solver;
namespace fs = std::filesystem;

namespace {

test::CliRun solver_cli(std::vector<std::string> args) { return test::run_solver(std::move(args)); }

std::vector<std::string> ablate_args(const test::ToyWorld& w, const std::string& out) {
  return {"ablate",    "--problems",     "toy",      "--rounds", "12",    "--seed",
          "5",         "--pairs",        "9",        "--rules",  w.rules, "--recording",
          w.recording, "--problems-dir", w.problems, "--out",    out,     "--quiet"};
}

// Every file under `dir` with its bytes (the lock file's holder line aside).
std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().filename() != ".lock")
      out[fs::relative(e.path(), dir).generic_string()] = test::read_text(e.path().string());
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

// Sets (or clears, with "") an environment variable for the life of the object.
struct ScopedEnv {
  std::string name;
  ScopedEnv(std::string n, const std::string& value) : name(std::move(n)) {
    if (value.empty())
      ::unsetenv(name.c_str());
    else
      ::setenv(name.c_str(), value.c_str(), 1);
  }
  ~ScopedEnv() { ::unsetenv(name.c_str()); }
};

}  // namespace

TEST_CASE("a finished run's manifest seals its ledger and every file a reader trusts") {
  test::ToyWorld w("seal");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  auto m = nlohmann::json::parse(test::read_text(run + "/manifest.json"));
  auto ledger = engine::load_ledger(run + "/ledger.jsonl");
  REQUIRE(m.contains("integrity"));
  CHECK(m["integrity"]["ledger"]["records"] == ledger.records.size());
  CHECK(m["integrity"]["ledger"]["last_hash"] == ledger.last_hash);
  CHECK(m["integrity"]["ledger"]["bytes"] == fs::file_size(run + "/ledger.jsonl"));
  for (const char* f : {"rules.yaml", "measurements.json", "oracle.json", "evolved-rules.yaml"})
    CHECK_MESSAGE(m["integrity"]["files"].contains(f), f);
  CHECK_FALSE(m["integrity"]["files"].contains("summary.json"));  // derived: report rewrites it
  CHECK_FALSE(m.contains("signed"));                              // no key given
  CHECK(ledger.header["sealed"] == true);
}

TEST_CASE("every reader refuses every kind of tampering with a finished run, writing nothing") {
  test::ToyWorld w("tamper");
  std::string pristine = w.root + "/pristine";
  REQUIRE(solver_cli(ablate_args(w, pristine)).rc == 0);
  const std::string ledger = test::read_text(pristine + "/ledger.jsonl");
  const auto lines = split_lines(ledger);
  REQUIRE(lines.size() >= 8);

  struct Tamper {
    std::string name, file;  // the file the refusal must name
    std::function<void(const std::string&)> apply;
  };
  std::vector<Tamper> tampers;
  // The ledger cut at every record boundary, down to the header (item 10).
  for (std::size_t keep = 1; keep < lines.size(); ++keep)
    tampers.push_back({"ledger cut to " + std::to_string(keep - 1) + " records", "ledger.jsonl",
                       [&, keep](const std::string& d) {
                         std::string t;
                         for (std::size_t i = 0; i < keep; ++i) t += lines[i] + "\n";
                         test::write_text(d + "/ledger.jsonl", t);
                       }});
  // A record appended with a valid chain hash (a re-run's extra round, another ledger's tail).
  tampers.push_back({"ledger extended, re-chained", "ledger.jsonl", [&](const std::string& d) {
                       auto last = nlohmann::json::parse(lines.back());
                       std::string prev = last["hash"];
                       last.erase("hash");
                       last["detail"] = "appended";
                       last["hash"] = engine::chain_hash(prev, last);
                       test::write_text(d + "/ledger.jsonl", ledger + last.dump() + "\n");
                     }});
  tampers.push_back({"ledger with a torn tail", "ledger.jsonl", [&](const std::string& d) {
                       test::write_text(d + "/ledger.jsonl", ledger + "{\"problem\":");
                     }});
  tampers.push_back({"measurements.json edited", "measurements.json", [](const std::string& d) {
                       std::string m = test::read_text(d + "/measurements.json");
                       m.replace(m.find("50.5"), 4, "40.5");
                       test::write_text(d + "/measurements.json", m);
                     }});
  tampers.push_back({"measurements.json deleted", "measurements.json",
                     [](const std::string& d) { fs::remove(d + "/measurements.json"); }});
  tampers.push_back({"rules.yaml replaced", "rules.yaml", [](const std::string& d) {
                       test::write_text(d + "/rules.yaml", test::toy_rules(0.6));
                     }});
  tampers.push_back({"oracle.json edited", "oracle.json", [](const std::string& d) {
                       std::string o = test::read_text(d + "/oracle.json");
                       test::write_text(d + "/oracle.json", o + " ");
                     }});
  tampers.push_back({"oracle.json deleted", "oracle.json",
                     [](const std::string& d) { fs::remove(d + "/oracle.json"); }});
  tampers.push_back({"evolved-rules.yaml edited", "evolved-rules.yaml", [](const std::string& d) {
                       test::write_text(d + "/evolved-rules.yaml", test::toy_rules(0.7));
                     }});
  tampers.push_back({"a file added under evolved/", "evolved/other.yaml", [](const std::string& d) {
                       test::write_text(d + "/evolved/other.yaml", test::toy_rules(0.7));
                     }});
  tampers.push_back({"the seal removed", "manifest.json", [](const std::string& d) {
                       auto m = nlohmann::json::parse(test::read_text(d + "/manifest.json"));
                       m.erase("integrity");
                       test::write_text(d + "/manifest.json", m.dump(2));
                     }});

  int cases = 0;
  for (const auto& t : tampers) {
    std::string run = w.root + "/t" + std::to_string(cases++);
    fs::copy(pristine, run, fs::copy_options::recursive);
    t.apply(run);
    const auto before = snapshot(run);
    const std::string sim = run + "-sim";
    const std::vector<std::vector<std::string>> readers{
        {"report", run},
        {"replay", "--run", run, "--rules", w.rules},
        {"replay", "--run", run, "--rules", w.rules, "--simulate", "--out", sim},
        {"dry-run", "--chip", "h200", "--run", run},
        {"ablate", "--resume", run, "--problems-dir", w.problems, "--quiet"}};
    for (const auto& args : readers) {
      auto r = solver_cli(args);
      INFO(t.name << ": solver " << args[0] << (args.size() > 5 ? " " + args[5] : "") << ": "
                  << r.err);
      CHECK(r.rc == 2);
      CHECK(r.err.find(run + "/" + t.file) != std::string::npos);
      CHECK(snapshot(run) == before);  // summary.json, manifest.json... untouched
      CHECK_FALSE(fs::exists(sim));
    }
  }
  MESSAGE(cases << " kinds of tampering x 5 readers, each refused");
  // The untouched run reads back with every reader.
  CHECK(solver_cli({"report", pristine}).rc == 0);
  CHECK(solver_cli({"dry-run", "--chip", "h200", "--run", pristine}).rc == 0);
}

TEST_CASE("resuming a finished run never re-seals an edited or deleted measurements.json") {
  test::ToyWorld w("reseal");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  const std::string manifest = test::read_text(run + "/manifest.json");
  std::string m = test::read_text(run + "/measurements.json");
  const std::string original = m;
  m.replace(m.find("50.5"), 4, "40.5");
  test::write_text(run + "/measurements.json", m);
  auto r = solver_cli({"ablate", "--resume", run, "--problems-dir", w.problems, "--quiet"});
  CHECK(r.rc == 2);
  CHECK(r.err.find("measurements.json") != std::string::npos);
  CHECK(test::read_text(run + "/manifest.json") == manifest);
  // The simulation that caught the edit still catches it (it was not re-hashed).
  auto sim = solver_cli(
      {"replay", "--run", run, "--rules", w.rules, "--simulate", "--out", w.root + "/sim"});
  CHECK(sim.rc == 2);
  // Deleted: refused, and no empty file appears in its place.
  fs::remove(run + "/measurements.json");
  CHECK(solver_cli({"ablate", "--resume", run, "--problems-dir", w.problems, "--quiet"}).rc == 2);
  CHECK_FALSE(fs::exists(run + "/measurements.json"));
  CHECK(test::read_text(run + "/manifest.json") == manifest);
  // Restored, the resume is accepted and seals the same files again.
  test::write_text(run + "/measurements.json", original);
  auto ok = solver_cli({"ablate", "--resume", run, "--problems-dir", w.problems, "--quiet"});
  CHECK_MESSAGE(ok.rc == 0, ok.err);
  auto after = nlohmann::json::parse(test::read_text(run + "/manifest.json"));
  CHECK(after["integrity"] == nlohmann::json::parse(manifest)["integrity"]);
  // An unfinished run whose measurements vanished is refused too (its rounds were measured).
  test::unfinish_run(run);
  fs::remove(run + "/measurements.json");
  auto gone = solver_cli({"ablate", "--resume", run, "--problems-dir", w.problems, "--quiet"});
  CHECK(gone.rc == 2);
  CHECK(gone.err.find("measurements.json: error: is missing") != std::string::npos);
}

TEST_CASE("with a key the finished run is signed; readers given the key check the signature") {
  test::ToyWorld w("signed");
  std::string run = w.root + "/run";
  const std::string key_file = w.root + "/run.key";
  test::write_text(key_file, "a secret of at least sixteen bytes\n");
  std::string key_id;
  {
    ScopedEnv key("SOLVER_RUN_KEY_FILE", key_file);
    auto made = solver_cli(ablate_args(w, run));
    REQUIRE_MESSAGE(made.rc == 0, made.err);
    auto m = nlohmann::json::parse(test::read_text(run + "/manifest.json"));
    REQUIRE(m.contains("signed"));
    key_id = engine::run_key_from_env()->id;
    CHECK(m["signed"] == "hmac-sha256 key-id " + key_id);
    CHECK(m["signature"].get<std::string>().size() == 64);
    CHECK(solver_cli({"report", run}).rc == 0);
  }
  // A forger who edits measurements.json and rewrites the seal to match: the unkeyed seal
  // cannot tell (that is its documented limit)...
  std::string meas = test::read_text(run + "/measurements.json");
  meas.replace(meas.find("50.5"), 4, "40.5");
  test::write_text(run + "/measurements.json", meas);
  auto m = nlohmann::json::parse(test::read_text(run + "/manifest.json"));
  const std::string sealed = m.dump(2);
  m["integrity"]["files"]["measurements.json"] = rules::sha256_hex(meas);
  m["measurements_hash"] = rules::sha256_hex(meas);
  test::write_text(run + "/manifest.json", m.dump(2));
  auto unkeyed = solver_cli({"report", run});
  CHECK(unkeyed.rc == 0);
  CHECK(unkeyed.err.find("the run is signed (hmac-sha256 key-id " + key_id) != std::string::npos);
  // ...the signature can, given the key.
  {
    ScopedEnv key("SOLVER_RUN_KEY_FILE", key_file);
    auto r = solver_cli({"report", run});
    CHECK(r.rc == 2);
    CHECK(r.err.find("manifest.json: error: the signature does not match") != std::string::npos);
    CHECK(solver_cli({"dry-run", "--chip", "h200", "--run", run}).rc == 2);
    CHECK(solver_cli({"replay", "--run", run, "--rules", w.rules}).rc == 2);
  }
  // Another key: refused, naming both key ids.
  {
    ScopedEnv key("SOLVER_RUN_KEY", "another secret, also long enough");
    auto r = solver_cli({"replay", "--run", run, "--rules", w.rules});
    CHECK(r.rc == 2);
    CHECK(r.err.find("signed by another key (hmac-sha256 key-id " + key_id) != std::string::npos);
  }
  // An unsigned run read with a key: refused; a short key: refused.
  std::string plain = w.root + "/plain";
  REQUIRE(solver_cli(ablate_args(w, plain)).rc == 0);
  {
    ScopedEnv key("SOLVER_RUN_KEY", "a secret of at least sixteen bytes");
    auto r = solver_cli({"report", plain});
    CHECK(r.rc == 2);
    CHECK(r.err.find("the run is not signed") != std::string::npos);
  }
  {
    ScopedEnv key("SOLVER_RUN_KEY", "short");
    CHECK(solver_cli({"report", plain}).rc == 2);
  }
  // A signed run is not resumed without its key (it would finish unsigned).
  test::write_text(run + "/manifest.json", sealed);
  test::write_text(run + "/measurements.json",
                   test::read_text(plain + "/measurements.json"));  // same run, same bytes
  auto res = solver_cli({"ablate", "--resume", run, "--problems-dir", w.problems, "--quiet"});
  CHECK(res.rc == 2);
  CHECK(res.err.find("give its key") != std::string::npos);
}

TEST_CASE("temporary names: one maker, one recogniser; a writer removes every leftover") {
  for (const std::string& p : {std::string("/r/measurements.json"), std::string("x"),
                               std::string("/r/evolved/toy.yaml")}) {
    std::string made = rules::temp_name_for(p);
    CHECK(rules::is_temp_name(fs::path(made).filename().string()));
    CHECK_FALSE(rules::is_temp_name(fs::path(p).filename().string()));
  }
  for (const char* name : {"measurements.json.tmp.4242.0", "summary.json.tmp", "a.tmp.1.22"})
    CHECK(rules::is_temp_name(name));
  for (const char* name : {"ledger.jsonl", "tmp", ".tmp", "a.tmp.x.1", "a.tmp.1.", "a.tmp.1",
                           "a.tmpl", "tmp.1.2", "oracle.json"})
    CHECK_MESSAGE(!rules::is_temp_name(name), name);

  test::ToyWorld w("leftovers");
  std::string run = w.root + "/run";
  REQUIRE(solver_cli(ablate_args(w, run)).rc == 0);
  const auto clean = snapshot(run);
  // What a SIGKILL inside an atomic rewrite leaves, in the run and in its folders.
  fs::create_directories(run + "/evolved");
  for (const std::string& f :
       {rules::temp_name_for(run + "/measurements.json"),
        rules::temp_name_for(run + "/oracle.json"), run + "/summary.json.tmp",
        rules::temp_name_for(run + "/evolved/toy.yaml")})
    test::write_text(f, "{half");
  auto r = solver_cli({"report", run});
  INFO(r.err);
  CHECK(r.rc == 0);
  auto after = snapshot(run);
  after.erase("evolved");
  CHECK(after.size() == clean.size());
  for (const auto& [name, bytes] : after) CHECK_MESSAGE(clean.count(name), name);
  CHECK(fs::is_empty(run + "/evolved"));
  CHECK(engine::remove_stale_tmp_files(run) == 0);

  // `record --out F` cleans F's own leftovers when it takes F's lock (then needs a GPU).
  const std::string rec = w.root + "/rec.json";
  const std::string mine = rules::temp_name_for(rec), other = rules::temp_name_for(w.recording);
  test::write_text(mine, "{half");
  test::write_text(other, "{half");
  solver_cli({"record", "--problems", "toy", "--problems-dir", w.problems, "--out", rec});
  CHECK_FALSE(fs::exists(mine));
  CHECK(fs::exists(other));  // another file's: not this writer's to remove
}

namespace {

// Two shards of a per-problem ablation of two built-in problems on the bundled H200 recording.
std::vector<std::string> shard_args(const std::string& out, int k) {
  return {"ablate",
          "--problems",
          "softmax,sigmoid",
          "--rounds",
          "3",
          "--seed",
          "7",
          "--backend",
          "recorded",
          "--on-tables",
          "per-problem",
          "--shard",
          std::to_string(k) + "/2",
          "--out",
          out,
          "--quiet"};
}

}  // namespace

TEST_CASE("merge checks each shard's seal before copying: cut ledger, evolved table, oracle") {
  std::string root = test::make_temp_dir("merge-seal");
  std::string s1 = root + "/s1", s2 = root + "/s2";
  REQUIRE(solver_cli(shard_args(s1, 1)).rc == 0);
  REQUIRE(solver_cli(shard_args(s2, 2)).rc == 0);
  const std::string out = root + "/merged";
  struct Tamper {
    std::string file;
    std::function<void(const std::string&)> apply;
  };
  const std::vector<Tamper> tampers{
      {"ledger.jsonl",
       [](const std::string& d) {  // its last record cut at the record boundary
         std::string t = test::read_text(d + "/ledger.jsonl");
         test::write_text(d + "/ledger.jsonl", t.substr(0, t.rfind('\n', t.size() - 2) + 1));
       }},
      {"evolved/sigmoid.yaml",
       [](const std::string& d) { test::write_text(d + "/evolved/sigmoid.yaml", "version: 1\n"); }},
      {"oracle.json",
       [](const std::string& d) {
         test::write_text(d + "/oracle.json", test::read_text(d + "/oracle.json") + "\n");
       }},
      {"measurements.json", [](const std::string& d) { fs::remove(d + "/measurements.json"); }},
  };
  int n = 0;
  for (const auto& t : tampers) {
    std::string bad = root + "/bad" + std::to_string(n++);
    fs::copy(s2, bad, fs::copy_options::recursive);
    t.apply(bad);
    auto r = solver_cli({"merge", s1, bad, "--out", out});
    INFO(t.file << ": " << r.err);
    CHECK(r.rc == 2);
    CHECK(r.err.find(bad + "/" + t.file) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
  auto ok = solver_cli({"merge", s1, s2, "--out", out});
  CHECK_MESSAGE(ok.rc == 0, ok.err);
  auto m = nlohmann::json::parse(test::read_text(out + "/manifest.json"));
  CHECK(m["integrity"]["ledger"]["records"] ==
        engine::load_ledger(out + "/ledger.jsonl").records.size());
  CHECK(m["integrity"]["files"].contains("evolved/softmax.yaml"));
  fs::remove_all(root);
}

TEST_CASE("a merge cut short is refused by every reader and done again by the same merge") {
  std::string root = test::make_temp_dir("merge-cut");
  std::string s1 = root + "/s1", s2 = root + "/s2";
  REQUIRE(solver_cli(shard_args(s1, 1)).rc == 0);
  REQUIRE(solver_cli(shard_args(s2, 2)).rc == 0);
  const std::string whole = root + "/whole";
  REQUIRE(solver_cli({"merge", s1, s2, "--out", whole}).rc == 0);
  const std::string want_ledger = test::read_text(whole + "/ledger.jsonl");
  const auto want_files = snapshot(whole);

  // What a kill part-way leaves: the marker, a part of the ledger, no manifest yet.
  const std::string out = root + "/merged";
  fs::create_directories(out);
  test::write_text(out + "/.merging", "solver merge ...\n");
  test::write_text(out + "/rules.yaml", test::read_text(whole + "/rules.yaml"));
  test::write_text(out + "/ledger.jsonl", want_ledger.substr(0, want_ledger.find('\n') + 1));
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"replay", "--run", out, "--rules", whole + "/rules.yaml"},
           {"report", out},
           {"dry-run", "--chip", "h200", "--run", out},
           {"ablate", "--resume", out, "--quiet"},
           {"ablate", "--problems", "softmax", "--backend", "recorded", "--out", out, "--quiet"}}) {
    auto r = solver_cli(args);
    INFO(args[0] << ": " << r.err);
    CHECK(r.rc == 2);
    CHECK(r.err.find("did not finish") != std::string::npos);
    CHECK(r.err.find("run the same merge again") != std::string::npos);
  }
  auto again = solver_cli({"merge", s1, s2, "--out", out});
  CHECK_MESSAGE(again.rc == 0, again.err);
  CHECK(again.err.find("holds an unfinished merge") != std::string::npos);
  CHECK(test::read_text(out + "/ledger.jsonl") == want_ledger);
  CHECK_FALSE(fs::exists(out + "/.merging"));
  auto got = snapshot(out);
  CHECK(got.size() == want_files.size());

  // Real kills: whatever moment a SIGKILL lands, the folder is either no run, a run readers
  // refuse (the marker), or the finished merge; the same merge then finishes it identically.
  // Kill points spread over the time one whole `solver merge` process takes here.
  auto t0 = std::chrono::steady_clock::now();
  pid_t timed = test::spawn_quiet(
      {SOLVER_BIN, "--data-dir", SOLVER_SOURCE_DIR, "merge", s1, s2, "--out", root + "/timed"});
  int timed_status = 0;
  ::waitpid(timed, &timed_status, 0);
  const auto whole_us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0)
          .count();
  REQUIRE(test::read_text(root + "/timed/ledger.jsonl") == want_ledger);
  int trials = 10, refused = 0, complete = 0, absent = 0;
  for (int i = 0; i < trials; ++i) {
    const std::string dir = root + "/kill" + std::to_string(i);
    pid_t pid = test::spawn_quiet(
        {SOLVER_BIN, "--data-dir", SOLVER_SOURCE_DIR, "merge", s1, s2, "--out", dir});
    ::usleep(static_cast<useconds_t>(whole_us * (i + 1) / (trials + 1)));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    const bool committed = fs::exists(dir + "/ledger.jsonl") && !fs::exists(dir + "/.merging");
    if (!fs::exists(dir + "/ledger.jsonl")) {
      ++absent;
    } else {
      auto r = solver_cli({"replay", "--run", dir, "--rules", whole + "/rules.yaml"});
      CHECK_MESSAGE(r.rc == (committed ? 0 : 2), r.err);
      ++(committed ? complete : refused);
    }
    auto redo = solver_cli({"merge", s1, s2, "--out", dir});
    if (committed) {  // a finished merge is a run: merging into it again is refused
      CHECK(redo.rc == 2);
      CHECK(redo.err.find("a run already lives here") != std::string::npos);
    } else {
      CHECK_MESSAGE(redo.rc == 0, redo.err);
    }
    CHECK(test::read_text(dir + "/ledger.jsonl") == want_ledger);
    CHECK_FALSE(fs::exists(dir + "/.merging"));
  }
  MESSAGE("merge kills: " << absent << " before the ledger, " << refused << " mid-merge (refused), "
                          << complete << " after the commit, of " << trials);
  fs::remove_all(root);
}
