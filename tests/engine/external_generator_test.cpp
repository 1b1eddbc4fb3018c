// The external generator inside the loop, without a GPU: run_ablation over the live backend
// driving the fake worker (fake_worker.cpp, the real pipe protocol), with generator programs
// written here as small shell scripts. A generated rewrite must be gated, timed, kept and
// stored like a pool variant; every way a generator can fail must be a `generator-failed`
// round with the loop going on; the caps hold; --resume rebuilds from the stored sources and
// never asks the generator for a round already recorded. The fake's numbers are SYNTHETIC
// (every gate passes, every candidate pairs at 10 us against 20 us).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.h"
#include "engine/backend/live_backend.h"
#include "engine/backend/recording.h"
#include "engine/loop/ledger.h"
#include "engine/loop/total_time.h"
#include "engine/run/ablation.h"
#include "engine/run/replay.h"
#include "generators/external_process.h"
#include "rules/hash.h"
#include "synthetic_pool.h"

using namespace solver;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// One rule that always fires a hypothesis no toy variant applies, so every round asks the
// generator; patience high so failures do not end the track.
std::string generator_rules(const std::string& hypothesis = "use_fast_math") {
  return R"J(version: 1
evolution:
  initial_confidence: 0.5
  reward: 0.15
  penalty: 0.15
  retire_below: 0.2
  min_trials: 3
  promote_above: 0.8
  probation_confidence: 0.4
  probation_trials: 2
  min_gain: 0.01
  patience: 20
rules:
  - id: always
    when: time_us > 0
    hypothesis: )J" +
         hypothesis + R"J(
    priority: 10
    rationale: "test: ask for a rewrite every round"
)J";
}

// A generator script in `dir`: `body` runs with the request on stdin; every call appends a
// line to dir/calls and saves its request as dir/req-<n>.json first.
std::string script(const std::string& dir, const std::string& name, const std::string& body) {
  std::string path = dir + "/" + name;
  test::write_text(path, "#!/bin/sh\ntouch \"" + dir + "/calls\"\nn=$(wc -l < \"" + dir +
                             "/calls\")\n"
                             "echo call >> \"" +
                             dir +
                             "/calls\"\n"
                             "cat > \"" +
                             dir + "/req-$((n + 1)).json\"\n" + body + "\n");
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

const char* kGoodAnswer =
    R"J(printf '%s' '{"protocol":1,"status":"ok","reason":"test rewrite","source":"extern \"C\" __global__ void k(float* x, int n) { /* generated */ }\n","launches":[{"entry":"k","args":["x","N"],"grid":["ceil_div(N, 256)"],"block":[256]}]}')J";

int calls(const std::string& dir) {
  std::ifstream in(dir + "/calls");
  int n = 0;
  for (std::string l; std::getline(in, l);) ++n;
  return n;
}

struct World {
  test::ToyWorld toy;
  std::string gens;
  explicit World(const std::string& tag, const std::string& rules = generator_rules())
      : toy(tag, rules), gens(toy.root + "/gens") {
    fs::create_directories(gens);
  }
};

engine::GeneratorOptions gen_options(const std::string& command) {
  engine::GeneratorOptions g;
  g.command = command;
  auto argv = generators::split_command(command);
  REQUIRE(argv);
  g.argv = *argv;
  g.timeout_ms = 5000;
  g.attempts_per_round = 1;
  return g;
}

engine::AblationResult ablate(const World& w, const std::string& out, engine::GeneratorOptions g,
                              int rounds = 2, std::vector<std::string> tracks = {"off"},
                              const std::string& resume = "") {
  engine::LiveOptions lo;
  lo.worker_path = FAKE_WORKER_PATH;
  lo.problems_root = w.toy.problems;
  lo.chips_file = test::chips_yaml();
  engine::OpenedLive opened = engine::open_live_backend(lo);
  REQUIRE_MESSAGE(opened.backend, opened.why_not);
  auto& backend = opened.backend;
  engine::AblationOptions o;
  o.problems = {"toy"};
  o.tracks = tracks;
  o.rounds = rounds;
  o.pairs = 9;
  o.rules_path = w.toy.rules;
  o.chips_path = test::chips_yaml();
  o.problems_root = w.toy.problems;
  o.chip = "h200";  // the fake reports chip "fake"
  o.out_dir = resume.empty() ? out : "";
  o.resume_dir = resume;
  o.generator = g;
  o.quiet = true;
  std::ostringstream err;
  return engine::run_ablation(o, *backend, err);
}

std::vector<engine::RoundRecord> records(const engine::AblationResult& r) {
  return engine::load_ledger(r.dir.ledger()).records;
}

}  // namespace

TEST_CASE("a generated rewrite is gated, timed, kept and stored like a pool variant") {
  World w("gen-kept");
  std::string gen = script(w.gens, "good.sh", kGoodAnswer);
  auto r = ablate(w, w.toy.root + "/run", gen_options(gen));
  auto recs = records(r);
  REQUIRE(recs.size() == 2);
  const auto& r1 = recs[0];
  CHECK(r1.outcome == engine::Outcome::Kept);
  CHECK(r1.hypothesis == "use_fast_math");
  CHECK(r1.credited_rule == "always");
  CHECK(r1.candidate == "gen_off_r1_a1");
  CHECK(r1.candidate_reason.find("generated by " + gen + " (attempt 1): test rewrite") == 0);
  REQUIRE(r1.generator);
  const json& a = (*r1.generator)["attempts"][0];
  CHECK(a["result"] == "answer");
  CHECK(a["variant"] == "gen_off_r1_a1");
  CHECK(a["process"] == "exit 0");
  // The digest is of exactly what the generator read.
  CHECK(a["input_digest"] == rules::sha256_hex(test::read_text(w.gens + "/req-1.json")));
  // The source lies in the run directory under its hash; the worker was pointed at its folder.
  std::string src = test::read_text(r.dir.path + "/" + a["source_file"].get<std::string>());
  CHECK(src.find("/* generated */") != std::string::npos);
  CHECK(a["source_sha256"] == rules::sha256_hex(src));
  REQUIRE(r1.gate);
  CHECK(r1.gate->detail.find("dir " + fs::absolute(r.dir.path).string() + "/generated/off/toy") !=
        std::string::npos);
  REQUIRE(r1.verdict);
  CHECK(r1.verdict->verdict == engine::Verdict::Faster);
  // Its measurements are the run's, keyed like a pool variant's.
  auto m = engine::load_recording(r.dir.measurements());
  CHECK(m.problems.at("toy").variants.count("gen_off_r1_a1") == 1);
  // Round 2 rewrites the generated incumbent, and is told how round 1 went.
  const auto& r2 = recs[1];
  CHECK(r2.incumbent == "gen_off_r1_a1");
  CHECK(r2.candidate == "gen_off_r2_a2");
  CHECK(r2.outcome == engine::Outcome::Kept);
  json req2 = json::parse(test::read_text(w.gens + "/req-2.json"));
  CHECK(req2["protocol"] == 1);
  CHECK(req2["round"] == 2);
  CHECK(req2["incumbent"]["key"] == "gen_off_r1_a1");
  CHECK(req2["incumbent"]["source"].get<std::string>().find("/* generated */") !=
        std::string::npos);
  REQUIRE(req2["previous_attempts"].size() == 1);
  CHECK(req2["previous_attempts"][0]["variant"] == "gen_off_r1_a1");
  CHECK(req2["previous_attempts"][0]["outcome"] == "kept");
  CHECK(req2["rule"]["id"] == "always");
  CHECK(req2["rule"]["evidence"][0]["signal"] == "time_us");
  CHECK(req2["chip"]["id"] == "h200");
  // The ledger header says which generator ran.
  CHECK(engine::load_ledger(r.dir.ledger()).header["generator"]["command"] == gen);
}

TEST_CASE("every way a generator fails is a generator-failed round, and the loop goes on") {
  struct Case {
    const char* name;
    std::string body;
    const char* detail;
    int max_output = 1 << 20;
  };
  std::vector<Case> cases = {
      {"exit", "echo boom >&2; exit 3", "exit 3"},
      {"segv", "kill -SEGV $$", "signal 11"},
      {"garbage", "echo 'here is your kernel!'", "garbage answer: stdout is not one JSON document"},
      {"protocol", R"J(echo '{"protocol":7,"status":"ok"}')J", "\"protocol\" must be 1"},
      {"timeout", "sleep 10", "timed out (limit 400 ms"},
      {"oversize", "yes", "stdout over the cap of 4096 bytes", 4096},
      {"invalid",
       R"J(printf '%s' '{"protocol":1,"status":"ok","reason":"r","source":"x","launches":[{"entry":"k","args":["x","nope"],"grid":[1],"block":[32]}]}')J",
       "not a valid variant"},
      {"nostart", "", "did not start"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    World w(std::string("gen-fail-") + c.name);
    std::string gen =
        c.body.empty() ? w.gens + "/missing-generator" : script(w.gens, "g.sh", c.body);
    auto g = gen_options(gen);
    g.timeout_ms = 400;
    g.max_output_bytes = c.max_output;
    auto r = ablate(w, w.toy.root + "/run", g, 2, {"off", "on"});
    auto recs = records(r);  // loads back whole
    REQUIRE(recs.size() == 4);
    for (const auto& rec : recs) {
      CHECK(rec.outcome == engine::Outcome::GeneratorFailed);
      CHECK(rec.candidate.empty());
      CHECK(rec.detail.find(c.detail) != std::string::npos);
      REQUIRE(rec.generator);
      CHECK((*rec.generator)["attempts"][0]["result"] == "failed");
      // Nothing was generated: no variant in the record, nothing gated.
      CHECK_FALSE(rec.gate);
      CHECK(rec.incumbent == "naive");
    }
    if (std::string(c.name) == "exit")
      CHECK((*recs[0].generator)["attempts"][0]["stderr"] == "boom\n");
    if (std::string(c.name) == "invalid")
      CHECK((*recs[0].generator)["attempts"][0]["detail"].get<std::string>().find("'nope'") !=
            std::string::npos);
    // The ON track's evolver leaves the rule alone: the hypothesis was never tested.
    const auto& on = recs[2];
    CHECK(on.track == "on");
    REQUIRE(on.evolution.size() == 1);
    CHECK(on.evolution[0].kind == "neutral");
    CHECK(on.evolution[0].detail.find("generator failed") != std::string::npos);
    // A folder left with no generated variant, and the summary counts the rounds.
    CHECK(r.summary.to_json().dump().find("\"generator_failed\":2") != std::string::npos);
  }
}

TEST_CASE("a decline passes the round on as the pool's no-variant does") {
  World w("gen-decline");
  std::string gen =
      script(w.gens, "no.sh",
             R"J(echo '{"protocol":1,"status":"decline","reason":"not my kind of kernel"}')J");
  auto recs = records(ablate(w, w.toy.root + "/run", gen_options(gen)));
  REQUIRE(recs.size() == 2);
  CHECK(recs[0].outcome == engine::Outcome::NoVariant);
  CHECK(recs[0].detail.find("generator declined use_fast_math: not my kind of kernel") !=
        std::string::npos);
  CHECK((*recs[0].generator)["attempts"][0]["result"] == "declined");
  json req2 = json::parse(test::read_text(w.gens + "/req-2.json"));
  CHECK(req2["previous_attempts"][0]["outcome"] == "declined");
}

TEST_CASE("attempts per round and per run are capped") {
  World w("gen-caps");
  std::string gen = script(w.gens, "crash.sh", "exit 1");
  auto g = gen_options(gen);
  g.attempts_per_round = 2;
  g.attempts_per_run = 3;
  auto recs = records(ablate(w, w.toy.root + "/run", g, 3));
  REQUIRE(recs.size() == 3);
  CHECK((*recs[0].generator)["attempts"].size() == 2);  // retried within the round
  CHECK(recs[0].outcome == engine::Outcome::GeneratorFailed);
  CHECK((*recs[1].generator)["attempts"].size() == 1);  // the run's third and last
  CHECK(recs[1].outcome == engine::Outcome::GeneratorFailed);
  CHECK(recs[2].outcome == engine::Outcome::NoVariant);  // nothing left to ask
  CHECK(recs[2].detail.find("attempts are spent (3)") != std::string::npos);
  CHECK(calls(w.gens) == 3);
  // The second attempt of round 1 is told the first failed.
  json req2 = json::parse(test::read_text(w.gens + "/req-2.json"));
  CHECK(req2["limits"]["attempt"] == 2);
  CHECK(req2["previous_attempts"][0]["outcome"] == "generator-failed");
  CHECK(req2["previous_attempts"][0]["detail"].get<std::string>().find("exit 1") !=
        std::string::npos);
}

TEST_CASE("the generator answers after the pool, or first with --generator-first") {
  // coalesce_global_access has a pool child of naive (`coalesced`).
  World w("gen-first", generator_rules("coalesce_global_access"));
  std::string gen = script(w.gens, "good.sh", kGoodAnswer);
  auto recs = records(ablate(w, w.toy.root + "/after", gen_options(gen), 1));
  CHECK(recs[0].candidate == "coalesced");
  CHECK_FALSE(recs[0].generator);
  CHECK(calls(w.gens) == 0);
  auto g = gen_options(gen);
  g.first = true;
  recs = records(ablate(w, w.toy.root + "/first", g, 1));
  CHECK(recs[0].candidate == "gen_off_r1_a1");
  CHECK(recs[0].outcome == engine::Outcome::Kept);
  CHECK(calls(w.gens) == 1);
}

TEST_CASE("--resume rebuilds the generated variants from the stored sources, never the generator") {
  World w("gen-resume");
  std::string gen = script(w.gens, "gen.sh", kGoodAnswer);
  std::string out = w.toy.root + "/run";
  auto first = ablate(w, out, gen_options(gen), 3);
  REQUIRE(records(first).size() == 3);
  REQUIRE(calls(w.gens) == 3);
  // Cut the run back to two rounds, as a kill during round 3 would leave it (its variant
  // stays stored, unreferenced).
  {
    std::string text = test::read_text(first.dir.ledger());
    std::size_t cut = text.rfind('\n', text.size() - 2);
    test::write_text(first.dir.ledger(), text.substr(0, cut + 1));
    test::unfinish_run(first.dir.path);  // as a kill leaves it: not finished, not sealed
  }
  // The generator now fails: the two recorded rounds must not need it.
  script(w.gens, "gen.sh", "exit 5");
  auto resumed = ablate(w, out, {}, 3, {"off"}, out);
  auto recs = records(resumed);
  REQUIRE(recs.size() == 3);
  CHECK(recs[0].candidate == "gen_off_r1_a1");
  CHECK(recs[1].candidate == "gen_off_r2_a2");
  // Round 3 starts from round 2's generated variant, profiled from its stored source.
  CHECK(recs[2].incumbent == "gen_off_r2_a2");
  CHECK(recs[2].outcome == engine::Outcome::GeneratorFailed);
  CHECK(calls(w.gens) == 4);  // only round 3 asked again
  // The attempt budget continues from the ledger: the cut-short round's attempt was never
  // recorded, so the redone round 3's attempt is the run's third again.
  CHECK((*recs[2].generator)["attempts"][0]["attempt"] == 3);
  auto stored = generators::read_generated_index(resumed.dir.path + "/generated/off/toy");
  REQUIRE(stored.size() == 2);
  CHECK(stored[0].id == "gen_off_r1_a1");
  CHECK(stored[1].id == "gen_off_r2_a2");
  // A stored source edited afterwards is not what was measured: resuming is refused.
  test::write_text(resumed.dir.path + "/generated/off/toy/gen_off_r1_a1.cu", "tampered");
  {
    std::string text = test::read_text(resumed.dir.ledger());
    std::size_t cut = text.rfind('\n', text.size() - 2);
    test::write_text(resumed.dir.ledger(), text.substr(0, cut + 1));
    test::unfinish_run(resumed.dir.path);
  }
  CHECK_THROWS_AS(ablate(w, out, {}, 3, {"off"}, out), rules::InputError);
  // A different generator given on resume is refused too.
  auto other = gen_options(w.gens + "/other.sh");
  CHECK_THROWS_AS(ablate(w, out, other, 3, {"off"}, out), rules::InputError);
}

TEST_CASE("a problem.yaml names its generator; a bad entry is a located error") {
  World w("gen-yaml");
  std::string gen = script(w.gens, "good.sh", kGoodAnswer);
  std::string yaml = w.toy.problems + "/toy/problem.yaml";
  std::string text = test::read_text(yaml);
  fs::copy_file(gen, w.toy.problems + "/toy/gen.sh");
  test::write_text(yaml, text + "generator: \"{problem_dir}/gen.sh\"\n");
  auto recs = records(ablate(w, w.toy.root + "/run", {}, 1));
  CHECK(recs[0].candidate == "gen_off_r1_a1");
  CHECK((*recs[0].generator)["command"] == "{problem_dir}/gen.sh");
  test::write_text(yaml, text + "generator: \"gen 'open\"\n");
  try {
    generators::load_problem(w.toy.problems + "/toy");
    FAIL("a generator command with an open quote loaded");
  } catch (const rules::InputError& e) {
    CHECK(e.format().find("problem.yaml:") != std::string::npos);
    CHECK(e.format().find("unterminated") != std::string::npos);
  }
}

TEST_CASE("replay --simulate serves the stored rewrites and their measurements, no generator") {
  World w("gen-replay");
  std::string gen = script(w.gens, "good.sh", kGoodAnswer);
  // One round per track: the fake times every candidate at 10 us and every incumbent at 20 us,
  // so a variant that was both has a bimodal recording no replay could agree with.
  auto run = ablate(w, w.toy.root + "/run", gen_options(gen), 1, {"off", "on"});
  REQUIRE(calls(w.gens) == 2);
  script(w.gens, "good.sh", "exit 6");  // would fail if it were asked
  auto orig = records(run);
  CHECK(orig[0].outcome == engine::Outcome::Kept);
  // P10t's incumbent top-up (total_time.h) was asked live and recorded: naive's runs hold the
  // fake's `time` answers (22, 24 us) beside its pairs' 20 us, and as many as the difference rule
  // asks (the fake's series are tailed alike: both arms to kTailedRuns a track).
  engine::Recording live = engine::load_recording(run.dir.measurements());
  const std::vector<double>& naive = live.find("toy", "naive")->samples_us;
  CHECK(std::count(naive.begin(), naive.end(), 24.0) > 0);
  CHECK(naive.size() >= 2u * engine::kTailedRuns);
  // A replay decides as the live run did: every round's candidate, outcome and incumbent, each
  // track's end. The incumbent's top-up is served from its recorded runs, as the candidate's is.
  auto same_as_live = [&](const std::string& run_dir, const std::string& out) {
    std::ostringstream err;
    auto sim =
        engine::simulate_run(run_dir, w.toy.rules, test::chips_yaml(), w.toy.problems, out, err);
    CHECK(calls(w.gens) == 2);
    auto again = engine::load_ledger(sim.out_dir + "/ledger.jsonl").records;
    REQUIRE(again.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
      CAPTURE(i);
      CHECK(again[i].candidate == orig[i].candidate);
      CHECK(again[i].outcome == orig[i].outcome);
      CHECK(again[i].incumbent == orig[i].incumbent);
      REQUIRE(again[i].generator);
      CHECK((*again[i].generator)["attempts"][0]["process"].get<std::string>().rfind("stored: ",
                                                                                     0) == 0);
      CHECK((*again[i].generator)["attempts"][0]["source_sha256"] ==
            (*orig[i].generator)["attempts"][0]["source_sha256"]);
    }
    // Same tracks, same ends (the oracle columns differ: a recording knows its pool, a live run
    // without --oracle does not).
    for (const char* t : {"off", "on"}) {
      CAPTURE(t);
      json a = sim.after.to_json()["problems"][0][t];
      json b = sim.before.to_json()["problems"][0][t];
      CHECK(a["best_variant"] == b["best_variant"]);
      CHECK(a["kept"] == b["kept"]);
      CHECK(a["best_variant"].get<std::string>().rfind("gen_", 0) == 0);
    }
  };
  SUBCASE("a run made with the incumbent's top-up") {
    same_as_live(run.dir.path, w.toy.root + "/sim");
  }
  SUBCASE("a run made before it (tail37): the incumbent's runs are its pairs' alone") {
    // The same run as one made before the incumbent was topped up: naive's recorded runs cut to
    // its pairs' (20 us), the seal taken off (the edit breaks it; an older run's seal covers its
    // own files). The replay asks the incumbent's top-up all the same and serves it from those
    // runs.
    std::string old = w.toy.root + "/old";
    fs::copy(run.dir.path, old, fs::copy_options::recursive);
    engine::RecordedVariant& v = live.at("toy", "naive");
    v.samples_us.erase(std::remove_if(v.samples_us.begin(), v.samples_us.end(),
                                      [](double x) { return x != 20.0; }),
                       v.samples_us.end());
    v.event_samples_us.clear();
    REQUIRE(v.samples_us.size() >= 3);
    engine::save_recording(live, old + "/measurements.json");
    test::unfinish_run(old);
    same_as_live(old, w.toy.root + "/sim-old");
  }
}

TEST_CASE("an answer that repeats an earlier rewrite of the same incumbent is not measured again") {
  World w("gen-dup");
  // 16M elements: the fake's 10 us is under the floor (28 us), so the generated candidate is
  // refused too_fast and the incumbent stays naive for round 2.
  std::string yaml = w.toy.problems + "/toy/problem.yaml";
  std::string text = test::read_text(yaml);
  text.replace(text.find("N: 1048576"), 10, "N: 16777216");
  test::write_text(yaml, text);
  std::string gen = script(w.gens, "same.sh", kGoodAnswer);
  auto recs = records(ablate(w, w.toy.root + "/run", gen_options(gen), 2));
  REQUIRE(recs.size() == 2);
  CHECK(recs[0].candidate == "gen_off_r1_a1");
  CHECK(recs[0].outcome == engine::Outcome::GateFailed);
  REQUIRE(recs[0].gate);
  CHECK(recs[0].gate->status == engine::GateStatus::TooFast);
  CHECK(recs[1].incumbent == "naive");
  CHECK(recs[1].outcome == engine::Outcome::GeneratorFailed);
  CHECK(recs[1].detail.find("repeats gen_off_r1_a1 (round 1)") != std::string::npos);
  CHECK(recs[1].candidate.empty());
}

TEST_CASE("solver run --generator end to end on the bundled recording; bad options exit 2") {
  auto cli = [](std::vector<std::string> args) {
    auto r = test::run_solver(std::move(args));
    return std::make_pair(r.rc, r.err);
  };
  std::string dir = test::make_temp_dir("gen-cli");
  // matmul on the H200 recording, --generator-first: the generator is asked before the pool in
  // every round. Round 1 fires fp32_no_tensorcore (use_tensor_cores_tf32): the scripted
  // generator has no rewrite for it and declines, and the pool's wmma_tf32 is taken. (Before
  // the estimated-gain ranking of issue 29, round 2 fired fix_bank_conflicts, which has no pool
  // variant; it now ranks below mma_without_wgmma, so without --generator-first no round
  // would ask the generator.)
  auto [rc, err] = cli({"run", "--problem", "matmul", "--rounds", "3", "--evolve", "off",
                        "--backend", "recorded", "--quiet", "--out", dir + "/run", "--generator",
                        "python3 generators/external/scripted_generator.py", "--generator-first"});
  REQUIRE_MESSAGE(rc == 0, err);
  auto loaded = engine::load_ledger(dir + "/run/ledger.jsonl");
  CHECK(loaded.header["generator"]["command"] ==
        "python3 generators/external/scripted_generator.py");
  REQUIRE(loaded.records.size() == 3);
  REQUIRE(loaded.records[0].generator);
  CHECK((*loaded.records[0].generator)["attempts"][0]["result"] == "declined");
  CHECK(loaded.records[0].outcome == engine::Outcome::Kept);  // the pool's variant after all
  CHECK(loaded.records[0].candidate == "wmma_tf32");
  CHECK(loaded.records[1].outcome == engine::Outcome::Kept);
  CHECK(loaded.records[1].candidate == "wgmma_tf32");
  CHECK(loaded.records[2].outcome == engine::Outcome::Kept);
  CHECK(loaded.records[2].candidate == "wgmma_tf32_ws[BM=256,PREGS=72,STAGES=4]");
  for (auto args : std::vector<std::vector<std::string>>{
           {"--generator-first"},
           {"--generator", "gen 'open"},
           {"--generator", "x", "--generator-timeout-ms", "0"},
           {"--generator", "x", "--generator-attempts-round", "17"}}) {
    std::vector<std::string> a{"run",      "--problem", "matmul",    "--backend",
                               "recorded", "--out",     dir + "/bad"};
    a.insert(a.end(), args.begin(), args.end());
    auto [brc, berr] = cli(a);
    CHECK_MESSAGE(brc == 2, berr);
    CHECK(berr.find("--generator") != std::string::npos);
    CHECK_FALSE(fs::exists(dir + "/bad"));
  }
}

TEST_CASE("offline, a generator's rewrite is not-recorded with the reason, never gate-failed") {
  // issue 32 (1): the recording cannot time new code; the round says so, not "gate-failed".
  std::string dir = test::make_temp_dir("gen-offline");
  auto r =
      test::run_solver({"run", "--problem", "sigmoid", "--rounds", "1", "--evolve", "off",
                        "--backend", "recorded", "--out", dir + "/run", "--generator",
                        "python3 generators/external/scripted_generator.py", "--generator-first"});
  INFO(r.out << r.err);
  REQUIRE(r.rc == 0);
  auto loaded = engine::load_ledger(dir + "/run/ledger.jsonl");
  REQUIRE(loaded.records.size() == 1);
  CHECK(loaded.records[0].outcome == engine::Outcome::NotRecorded);
  CHECK(loaded.records[0].candidate == "gen_off_r1_a1");
  CHECK(loaded.records[0].detail.find("not recorded: sigmoid gen_off_r1_a1 is not in ") !=
        std::string::npos);
  CHECK(r.err.find("[sigmoid off r1] not-recorded gen_off_r1_a1  rule "
                   "scalar_loads_bandwidth_bound  (the recording has no measurement of it)\n") !=
        std::string::npos);
  CHECK(r.err.find("gate-failed") == std::string::npos);
  CHECK(r.out.find("gate-failed") == std::string::npos);
  fs::remove_all(dir);
}
