// Sharding an ablation and merging the shards (engine/run/shard.h, engine/run/merge.h), without
// Slurm: the assignment function, the refusals, and the claim that matters: on the recorded H200
// backend, the built-in problems run in 3 shards with per-problem tables and merged give the
// same ledger (byte for byte), measurements and summary as one unsharded run. Then the
// multi-GPU path through real `solver` processes and fake workers (fake_worker.cpp): the same
// assignment per GPU, each shard's worker on its GPU, and a mixture of chips refused.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <thread>

#include "cli_run.h"
#include "engine/cli/command.h"
#include "engine/loop/ledger.h"
#include "engine/run/shard.h"
#include "rules/diagnostics.h"
#include "spawn.h"
#include "synthetic_pool.h"

using namespace solver;

namespace {

using Result = test::CliRun;
Result solver_cli(std::vector<std::string> args) { return test::run_solver(std::move(args)); }

const std::vector<std::string> kProblems{"softmax", "layernorm", "matmul",
                                         "reduce",  "sigmoid",   "matmul_scalar"};
const char* kProblemList = "softmax,layernorm,matmul,reduce,sigmoid,matmul_scalar";

// The recorded backend (the bundled H200 recording), per-problem ON tables.
std::vector<std::string> ablate(const std::string& out, std::vector<std::string> extra = {},
                                const std::string& seed = "7") {
  std::vector<std::string> a{"ablate",      "--problems", kProblemList, "--rounds", "6",
                             "--seed",      seed,         "--backend",  "recorded", "--on-tables",
                             "per-problem", "--out",      out,          "--quiet"};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

nlohmann::json read_json(const std::string& path) {
  return nlohmann::json::parse(test::read_text(path));
}

// summary.json without what names its run directory.
nlohmann::json outcomes(const std::string& run) {
  nlohmann::json s = read_json(run + "/summary.json");
  return s;
}

}  // namespace

TEST_CASE(
    "shard assignment: round-robin in the order given, disjoint, complete, sizes within one") {
  std::vector<std::string> p{"a", "b", "c", "d", "e", "f", "g"};
  std::vector<std::string> seen;
  std::size_t lo = 100, hi = 0;
  for (int k = 1; k <= 3; ++k) {
    auto part = engine::shard_problems(p, engine::ShardSpec{k, 3});
    CHECK(part == engine::shard_problems(p, engine::parse_shard(std::to_string(k) + "/3")));
    lo = std::min(lo, part.size());
    hi = std::max(hi, part.size());
    seen.insert(seen.end(), part.begin(), part.end());
  }
  CHECK(engine::shard_problems(p, engine::ShardSpec{1, 3}) ==
        std::vector<std::string>{"a", "d", "g"});
  CHECK(engine::shard_problems(p, engine::ShardSpec{3, 3}) == std::vector<std::string>{"c", "f"});
  CHECK(hi - lo <= 1);
  std::sort(seen.begin(), seen.end());
  CHECK(seen == p);
  CHECK(engine::shard_problems(p, engine::ShardSpec{}) == p);  // not sharded: all

  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/3x", "-1/3", "1/5000"})
    CHECK_THROWS_AS(engine::parse_shard(bad), rules::InputError);
  // The carry-over chain cannot be split; OFF alone can.
  CHECK_THROWS_WITH_AS(engine::check_shardable(p, {"off", "on"}, "carry", {1, 2}),
                       doctest::Contains("cannot be split"), rules::InputError);
  CHECK_NOTHROW(engine::check_shardable(p, {"off"}, "carry", {1, 2}));
  CHECK_NOTHROW(engine::check_shardable(p, {"off", "on"}, "per-problem", {2, 7}));
  CHECK_THROWS_WITH_AS(engine::check_shardable(p, {"off", "on"}, "per-problem", {1, 8}),
                       doctest::Contains("would be empty"), rules::InputError);
}

TEST_CASE(
    "--gpus: ordinals or CUDA_VISIBLE_DEVICES, one shard per GPU by the same function, one chip "
    "class") {
  CHECK(engine::parse_gpu_list("0,2,3", nullptr) == std::vector<int>{0, 2, 3});
  CHECK(engine::parse_gpu_list("visible", "4,5,7") == std::vector<int>{0, 1, 2});
  CHECK(engine::parse_gpu_list("visible", "GPU-0a1b") == std::vector<int>{0});
  CHECK_THROWS_WITH_AS(engine::parse_gpu_list("visible", nullptr),
                       doctest::Contains("CUDA_VISIBLE_DEVICES"), rules::InputError);
  CHECK_THROWS_WITH_AS(engine::parse_gpu_list("0,0", nullptr), doctest::Contains("twice"),
                       rules::InputError);
  for (const char* bad : {"", "x", "0,,1", "1,-2", "0,"})
    CHECK_THROWS_AS(engine::parse_gpu_list(bad, nullptr), rules::InputError);

  auto plan = engine::plan_gpu_shards(kProblems, {3, 1});
  REQUIRE(plan.size() == 2);
  CHECK(plan[0].ordinal == 3);
  CHECK(plan[0].shard.text() == "1/2");
  CHECK(plan[0].problems == engine::shard_problems(kProblems, engine::ShardSpec{1, 2}));
  CHECK(plan[1].problems == std::vector<std::string>{"layernorm", "reduce", "matmul_scalar"});

  CHECK_NOTHROW(engine::check_same_chip({{0, "h200", "NVIDIA H200"}, {1, "h200", "NVIDIA H200"}}));
  CHECK_THROWS_WITH_AS(
      engine::check_same_chip({{0, "h200", "NVIDIA H200"}, {1, "a100", "NVIDIA A100"}}),
      doctest::Contains("GPU 1 is NVIDIA A100 (a100) but GPU 0 is NVIDIA H200"), rules::InputError);
}

TEST_CASE(
    "3 shards merged are the unsharded per-problem run: same ledger bytes, measurements, summary") {
  std::string root = test::make_temp_dir("shard-merge");
  REQUIRE(solver_cli(ablate(root + "/whole")).rc == 0);
  std::vector<std::string> shards;
  for (int k = 1; k <= 3; ++k) {
    std::string dir = root + "/s" + std::to_string(k);
    auto r = solver_cli(ablate(dir, {"--shard", std::to_string(k) + "/3"}));
    REQUIRE_MESSAGE(r.rc == 0, r.err);
    auto header = engine::load_ledger(dir + "/ledger.jsonl").header;
    CHECK(header["shard"]["index"] == k);
    CHECK(header["problems"].get<std::vector<std::string>>() ==
          engine::shard_problems(kProblems, engine::ShardSpec{k, 3}));
    shards.push_back(dir);
  }
  // Given in any order.
  auto m = solver_cli({"merge", shards[2], shards[0], shards[1], "--out", root + "/merged"});
  REQUIRE_MESSAGE(m.rc == 0, m.err);
  CHECK(m.out.find("merged 3 shards") != std::string::npos);
  std::string merged = root + "/merged";
  CHECK(test::read_text(merged + "/ledger.jsonl") == test::read_text(root + "/whole/ledger.jsonl"));
  CHECK(test::read_text(merged + "/measurements.json") ==
        test::read_text(root + "/whole/measurements.json"));
  CHECK(read_json(merged + "/oracle.json") == read_json(root + "/whole/oracle.json"));
  CHECK(outcomes(merged) == outcomes(root + "/whole"));
  for (const auto& p : kProblems)
    CHECK(test::read_text(merged + "/evolved/" + p + ".yaml") ==
          test::read_text(root + "/whole/evolved/" + p + ".yaml"));
  auto manifest = read_json(merged + "/manifest.json");
  REQUIRE(manifest["merged"]["shards"].size() == 3);
  CHECK(manifest["merged"]["shards"][0]["shard"] == "1/3");
  CHECK(manifest["merged"]["shards"][0]["ledger_last_hash"] ==
        engine::load_ledger(shards[0] + "/ledger.jsonl").last_hash);
  CHECK_FALSE(manifest.contains("shard"));

  // The merged run is a run: report, replay, dry-run --run, and resume (nothing left to do).
  CHECK(solver_cli({"report", merged}).rc == 0);
  auto rp = solver_cli({"replay", "--run", merged, "--rules", merged + "/rules.yaml", "--json"});
  REQUIRE_MESSAGE(rp.rc == 0, rp.err);
  CHECK(nlohmann::json::parse(rp.out)["changed"].empty());
  auto dry = solver_cli({"dry-run", "--chip", "h200,a100", "--run", merged, "--json"});
  CHECK_MESSAGE(dry.rc == 0, dry.err);
  CHECK(nlohmann::json::parse(dry.out)["kernels"].size() > 0);
  std::string before = test::read_text(merged + "/ledger.jsonl");
  auto res = solver_cli({"ablate", "--resume", merged, "--quiet"});
  CHECK_MESSAGE(res.rc == 0, res.err);
  CHECK(test::read_text(merged + "/ledger.jsonl") == before);

  // A shard resumed with the command that started it (the whole run's --problems) is accepted.
  auto again = solver_cli({"ablate", "--problems", kProblemList, "--shard", "2/3", "--on-tables",
                           "per-problem", "--resume", shards[1], "--quiet"});
  CHECK_MESSAGE(again.rc == 0, again.err);
  auto other = solver_cli({"ablate", "--shard", "1/3", "--resume", shards[1], "--quiet"});
  CHECK(other.rc == 2);
  CHECK(other.err.find("--shard 1/3 conflicts with the run being resumed") != std::string::npos);
  test::fs::remove_all(root);
}

TEST_CASE(
    "merge refuses a mixture, a missing, doubled or unfinished shard, with where; writes nothing") {
  std::string root = test::make_temp_dir("shard-refuse");
  int made = 0;
  auto shard = [&](int k, int n, std::vector<std::string> extra = {},
                   const std::string& seed = "7") {
    std::string dir =
        root + "/s" + std::to_string(k) + "of" + std::to_string(n) + "-" + std::to_string(++made);
    auto a = ablate(dir, {"--shard", std::to_string(k) + "/" + std::to_string(n)}, seed);
    a.insert(a.end(), extra.begin(), extra.end());
    auto r = solver_cli(a);
    REQUIRE_MESSAGE(r.rc == 0, r.err);
    return dir;
  };
  std::string s1 = shard(1, 2), s2 = shard(2, 2);
  std::string out = root + "/merged";
  auto refused = [&](std::vector<std::string> dirs, const std::string& want) {
    std::vector<std::string> args{"merge"};
    args.insert(args.end(), dirs.begin(), dirs.end());
    args.insert(args.end(), {"--out", out});
    auto r = solver_cli(args);
    CHECK(r.rc == 2);
    CHECK_MESSAGE(r.err.find(want) != std::string::npos, r.err);
    CHECK_FALSE(test::fs::exists(out));
  };
  refused({s1}, "shard(s) 2 of 2 are not given");
  refused({s1, s1, s2}, "is given twice");
  std::string seed8 = shard(2, 2, {}, "8");
  refused({s1, seed8}, seed8 + "/ledger.jsonl:1: error: not a shard of the same run as " + s1);
  refused({s1, seed8}, "the seed differs (8 here, 7 there)");
  std::string s2of3 = shard(2, 3);
  refused({s1, s2of3}, "the problem set or shard count differs");
  // Another rule table (the seed table instead of the default one).
  refused({s1, shard(2, 2, {"--rules", std::string(SOLVER_SOURCE_DIR) + "/rules/seed.yaml"})},
          "the rules hash differs");
  // Not a shard at all.
  REQUIRE(solver_cli(ablate(root + "/whole")).rc == 0);
  refused({s1, root + "/whole"}, "not a shard: its ledger header has no 'shard'");
  // A shard that did not finish.
  auto man = read_json(s2 + "/manifest.json");
  man.erase("finished");
  test::write_text(s2 + "/manifest.json", man.dump(2));
  refused({s1, s2}, "did not finish");
  // A tampered shard ledger: its hash chain says where.
  std::string s2b = shard(2, 2, {"--pairs", "16"});
  std::string ledger = test::read_text(s2b + "/ledger.jsonl");
  auto pos = ledger.find("\"round\":2");
  REQUIRE(pos != std::string::npos);
  ledger.replace(pos, 9, "\"round\":3");
  test::write_text(s2b + "/ledger.jsonl", ledger);
  auto r = solver_cli({"merge", s1, s2b, "--out", out});
  CHECK(r.rc == 2);
  CHECK(r.err.find(s2b + "/ledger.jsonl:") != std::string::npos);
  test::fs::remove_all(root);
}

TEST_CASE("--shard refuses the carry-over chain and an empty shard before anything is written") {
  std::string root = test::make_temp_dir("shard-carry");
  auto carry = solver_cli({"ablate", "--problems", kProblemList, "--backend", "recorded", "--shard",
                           "1/2", "--out", root + "/x", "--quiet"});
  CHECK(carry.rc == 2);
  CHECK(carry.err.find("cannot be split") != std::string::npos);
  CHECK_FALSE(test::fs::exists(root + "/x"));
  auto empty = solver_cli(ablate(root + "/y", {"--shard", "7/7"}));
  CHECK(empty.rc == 2);
  CHECK(empty.err.find("would be empty") != std::string::npos);
  CHECK_FALSE(test::fs::exists(root + "/y"));
  // The OFF track alone has no chain: it shards under carry.
  auto off = solver_cli({"run", "--problem", "softmax", "--evolve", "off", "--backend", "recorded",
                         "--out", root + "/z", "--quiet"});
  CHECK_MESSAGE(off.rc == 0, off.err);
  test::fs::remove_all(root);
}

namespace {

// The toy problem copied under other names: a pool of several problems for the fake worker.
void toy_problems(const test::ToyWorld& w, const std::vector<std::string>& names) {
  for (const auto& n : names) {
    test::fs::copy(w.problems + "/toy", w.problems + "/" + n, test::fs::copy_options::recursive);
    std::string spec = test::read_text(w.problems + "/" + n + "/problem.yaml");
    spec.replace(spec.find("name: toy"), 9, "name: " + n);
    test::write_text(w.problems + "/" + n + "/problem.yaml", spec);
  }
}

int run_solver(const std::vector<std::string>& args, const std::string& log) {
  std::string cmd;
  for (const auto& a : args) cmd += "'" + a + "' ";
  int st = std::system((cmd + "> '" + log + "' 2>&1").c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

}  // namespace

TEST_CASE("--gpus 0,1 with fake workers: each shard's problems on its own GPU's worker, merged") {
  test::ToyWorld w("multi-gpu");
  toy_problems(w, {"toy2", "toy3"});
  std::vector<std::string> base{SOLVER_BIN,        "--data-dir",
                                SOLVER_SOURCE_DIR, "ablate",
                                "--problems",      "toy,toy2,toy3",
                                "--rounds",        "3",
                                "--pairs",         "9",
                                "--rules",         w.rules,
                                "--problems-dir",  w.problems,
                                "--chip",          "h200",
                                "--gpu-worker",    FAKE_WORKER_PATH,
                                "--on-tables",     "per-problem",
                                "--quiet"};
  std::string out = w.root + "/run";
  auto args = base;
  args.insert(args.end(), {"--gpus", "0,1", "--out", out});
  std::string log = w.root + "/log.txt";
  int rc = run_solver(args, log);
  REQUIRE_MESSAGE(rc == 0, test::read_text(log));
  auto h1 = engine::load_ledger(out + "/shards/1/ledger.jsonl");
  auto h2 = engine::load_ledger(out + "/shards/2/ledger.jsonl");
  CHECK(h1.header["problems"] == nlohmann::json{"toy", "toy3"});
  CHECK(h2.header["problems"] == nlohmann::json{"toy2"});
  std::string l1 = test::read_text(out + "/shards/1/ledger.jsonl"),
              l2 = test::read_text(out + "/shards/2/ledger.jsonl");
  CHECK(l1.find(" gpu 0") != std::string::npos);
  CHECK(l1.find(" gpu 1") == std::string::npos);
  CHECK(l2.find(" gpu 1") != std::string::npos);
  CHECK(l2.find(" gpu 0") == std::string::npos);
  auto merged = engine::load_ledger(out + "/ledger.jsonl");
  CHECK(merged.header["problems"] == nlohmann::json{"toy", "toy2", "toy3"});
  CHECK(merged.records.size() == h1.records.size() + h2.records.size());
  CHECK(read_json(out + "/manifest.json")["merged"]["shards"].size() == 2);
  // Resumed when all is done: nothing to do, the merged run stays.
  std::string before = test::read_text(out + "/ledger.jsonl");
  auto resume = base;
  resume.insert(resume.end(), {"--gpus", "0,1", "--resume", out});
  CHECK(run_solver(resume, log) == 0);
  CHECK(test::read_text(out + "/ledger.jsonl") == before);

  // The carry-over chain over several GPUs is refused.
  auto carry = args;
  carry[carry.size() - 1] = w.root + "/carry";
  carry.erase(std::find(carry.begin(), carry.end(), "--on-tables"),
              std::find(carry.begin(), carry.end(), "--on-tables") + 2);
  CHECK(run_solver(carry, log) == 2);
  CHECK(test::read_text(log).find("cannot be split") != std::string::npos);

  // GPU 1 is another chip: refused before any shard starts.
  ::setenv("FAKE_ODD_GPU", "1", 1);
  auto odd = args;
  odd[odd.size() - 1] = w.root + "/odd";
  CHECK(run_solver(odd, log) == 2);
  ::unsetenv("FAKE_ODD_GPU");
  CHECK(test::read_text(log).find("GPU 1 is Other Fake GPU (fake2) but GPU 0 is Fake GPU (fake)") !=
        std::string::npos);
  CHECK_FALSE(test::fs::exists(w.root + "/odd/shards"));

  // One GPU is the plain run, its worker on that GPU.
  auto one = base;
  one.insert(one.end(), {"--gpus", "3", "--out", w.root + "/one"});
  REQUIRE_MESSAGE(run_solver(one, log) == 0, test::read_text(log));
  std::string l = test::read_text(w.root + "/one/ledger.jsonl");
  CHECK(l.find(" gpu 3") != std::string::npos);
  CHECK_FALSE(test::fs::exists(w.root + "/one/shards"));
}

TEST_CASE(
    "--gpus: the whole process group killed mid-run, then --resume: shards continue and merge") {
  test::ToyWorld w("multi-gpu-kill");
  toy_problems(w, {"toy2", "toy3"});
  std::string out = w.root + "/run";
  std::vector<std::string> args{SOLVER_BIN,
                                "--data-dir",
                                SOLVER_SOURCE_DIR,
                                "ablate",
                                "--problems",
                                "toy,toy2,toy3",
                                "--rounds",
                                "3",
                                "--pairs",
                                "9",
                                "--rules",
                                w.rules,
                                "--problems-dir",
                                w.problems,
                                "--chip",
                                "h200",
                                "--gpu-worker",
                                FAKE_WORKER_PATH,
                                "--on-tables",
                                "per-problem",
                                "--quiet",
                                "--gpus",
                                "0,1"};
  auto run = args;
  run.insert(run.end(), {"--out", out, "--round-delay-ms", "400"});
  // Its own group: the kill takes the parent and every shard, as a node loss.
  pid_t pid = test::spawn_quiet(run, /*own_group=*/true);
  std::string ledger1 = out + "/shards/1/ledger.jsonl";
  for (int i = 0; i < 300; ++i) {  // up to 30 s for shard 1's 2nd record
    if (test::fs::exists(ledger1)) {
      std::string t = test::read_text(ledger1);
      if (std::count(t.begin(), t.end(), '\n') >= 3) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ::kill(-pid, SIGKILL);
  int st = 0;
  ::waitpid(pid, &st, 0);
  REQUIRE(test::fs::exists(ledger1));
  CHECK_FALSE(test::fs::exists(out + "/ledger.jsonl"));  // never merged
  const std::size_t at_kill = engine::load_ledger(ledger1).records.size();
  auto resume = args;
  resume.insert(resume.end(), {"--resume", out});
  std::string log = w.root + "/resume.log";
  REQUIRE_MESSAGE(run_solver(resume, log) == 0, test::read_text(log));
  CHECK(test::read_text(out + "/shards/1/manifest.json").find("\"resumed\"") != std::string::npos);
  CHECK(engine::load_ledger(ledger1).records.size() > at_kill);  // killed mid-shard, continued
  auto merged = engine::load_ledger(out + "/ledger.jsonl");
  CHECK(merged.header["problems"] == nlohmann::json{"toy", "toy2", "toy3"});
  // Every track ran to its end: the same rounds as an uninterrupted run.
  auto fresh = args;
  fresh.insert(fresh.end(), {"--out", w.root + "/fresh"});
  REQUIRE(run_solver(fresh, log) == 0);
  CHECK(merged.records.size() ==
        engine::load_ledger(w.root + "/fresh/ledger.jsonl").records.size());
}

TEST_CASE("--gpus into a folder of the user's is refused before any shard runs (red team hin)") {
  test::ToyWorld w("multi-gpu-users");
  toy_problems(w, {"toy2"});
  const std::string out = w.root + "/mine";
  test::write_text(out + "/notes.txt", "keep\n");
  std::vector<std::string> args{SOLVER_BIN,    "--data-dir",  SOLVER_SOURCE_DIR, "ablate",
                                "--problems",  "toy,toy2",    "--rounds",        "1",
                                "--rules",     w.rules,       "--problems-dir",  w.problems,
                                "--chip",      "h200",        "--gpu-worker",    FAKE_WORKER_PATH,
                                "--on-tables", "per-problem", "--gpus",          "0,1",
                                "--out",       out,           "--quiet"};
  std::string log = w.root + "/log.txt";
  CHECK(run_solver(args, log) == 2);
  INFO(test::read_text(log));
  CHECK(test::read_text(log).find("not empty and not a run directory") != std::string::npos);
  // Before, both shards ran in out/shards/ and only the merge at the end refused the folder.
  CHECK_FALSE(test::fs::exists(out + "/shards"));
  CHECK(test::read_text(out + "/notes.txt") == "keep\n");
}
