// A small SYNTHETIC variant pool for the engine tests: a problem folder, a rule table and a
// recording built here from explicit sample vectors. These numbers were not measured on any
// GPU; they are shaped so each loop outcome happens at a known round. (The real H200 recording
// of the built-in problems is tested separately once it exists.)
#pragma once
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/backend/recording.h"
#include "engine/run/ablation.h"
#include "generators/problem_spec.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

namespace solver::test {

namespace fs = std::filesystem;

inline std::string make_temp_dir(const std::string& tag) {
  std::string tmpl = (fs::temp_directory_path() / ("solver-" + tag + "-XXXXXX")).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  char* d = ::mkdtemp(buf.data());
  return d ? std::string(d) : std::string();
}

inline void write_text(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// What a kill leaves of a run's manifest: neither `finished` nor the integrity seal
// (engine/run/run_seal.h). A test that cuts a finished run's ledger to resume it, as a kill would
// have left it, calls this first: a finished run whose ledger was cut is tampering, refused.
inline void unfinish_run(const std::string& dir) {
  auto m = nlohmann::json::parse(read_text(dir + "/manifest.json"));
  for (const char* k : {"finished", "integrity", "signed", "signature", "measurements_hash"})
    m.erase(k);
  write_text(dir + "/manifest.json", m.dump(2) + "\n");
}

// Problem "toy": naive -> coalesced -> vec[BLOCK] (a knob), plus side branches that end in
// each failure outcome: broken (wrong result), slow (slower), cheat (faster than the floor).
inline void write_toy_problem(const std::string& root) {
  std::string dir = root + "/toy";
  for (const char* src :
       {"naive.cu", "coalesced.cu", "vec.cu", "broken.cu", "slow.cu", "cheat.cu", "reference.cu"})
    write_text(dir + "/" + src, "extern \"C\" __global__ void k(float* x, int n) {}\n");
  write_text(dir + "/problem.yaml", R"YAML(version: 1
name: toy
description: synthetic pool for engine tests
scalars:
  N: 1048576
buffers:
  x: {dtype: f32, shape: [N], role: in}
  y: {dtype: f32, shape: [N], role: out}
flops: N
bytes: 8*N
tolerance:
  fp32: {rtol: 1.0e-4, atol: 1.0e-6}
reference:
  source: reference.cu
  entry: k
  args: [x, N]
  grid: ["ceil_div(N, 256)"]
  block: [256]
seed: naive
variants:
  - id: naive
    source: naive.cu
    entry: k
    args: [x, N]
    grid: ["ceil_div(N, 128)"]
    block: [128]
  - id: broken
    parent: naive
    applies: [add_smem_tiling]
    source: broken.cu
    entry: k
    args: [x, N]
    grid: ["ceil_div(N, 128)"]
    block: [128]
  - id: coalesced
    parent: naive
    applies: [coalesce_global_access]
    source: coalesced.cu
    entry: k
    args: [x, N]
    grid: ["ceil_div(N, 128)"]
    block: [128]
  - id: slow
    parent: coalesced
    applies: [increase_ilp]
    source: slow.cu
    entry: k
    args: [x, N]
    grid: ["ceil_div(N, 128)"]
    block: [128]
  - id: cheat
    parent: coalesced
    applies: [use_warp_shuffle]
    source: cheat.cu
    entry: k
    args: [x, N]
    grid: ["ceil_div(N, 128)"]
    block: [128]
  - id: vec
    parent: coalesced
    applies: [vectorize_loads]
    source: vec.cu
    knobs:
      BLOCK: [128, 256]
    entry: k
    args: [x, N]
    grid: ["ceil_div(N, BLOCK)"]
    block: [BLOCK]
)YAML");
}

// Rules: tiling for poor L2 hit (its only child is broken), coalescing for poor load
// efficiency, ILP and shuffle on the coalesced kernel's signature, a stop rule at the DRAM
// roof. Nothing names vectorize_loads: only exploration can find `vec`.
inline std::string toy_rules(double coalesce_threshold = 0.5, int patience = 3) {
  return R"(version: 1
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
  patience: )" +
         std::to_string(patience) + R"(
rules:
  - id: at_roof
    when: dram_frac > 0.9
    hypothesis: stop_at_ceiling
    priority: 1
    stop: true
    rationale: at the DRAM roof
  - id: poor_l2
    when: l2_hit < 0.2
    hypothesis: add_smem_tiling
    priority: 30
    rationale: poor reuse
  - id: uncoalesced
    when: load_eff < )" +
         std::to_string(coalesce_threshold) + R"(
    hypothesis: coalesce_global_access
    priority: 40
    expect: {signal: load_eff, direction: up}
    rationale: wasted sectors
  - id: low_ilp
    when: issue_frac < 0.3
    hypothesis: increase_ilp
    priority: 50
    rationale: latency bound
  - id: shuffle_it
    when: issue_frac < 0.35
    hypothesis: use_warp_shuffle
    priority: 51
    rationale: reductions through shared memory
)";
}

inline engine::RecordedVariant variant(std::vector<double> samples, double load_eff,
                                       double dram_frac, double l2_hit, double issue_frac,
                                       engine::GateStatus status = engine::GateStatus::Passed) {
  engine::RecordedVariant v;
  engine::GateResult g;
  g.status = status;
  g.detail = status == engine::GateStatus::Passed ? "" : "synthetic failure";
  g.source_hash = "synthetic";
  g.input_sets = 2;
  v.gate = g;
  if (status == engine::GateStatus::Passed) {
    engine::ProfileResult p;
    p.ok = true;
    double t = 0;
    for (double s : samples) t += s;
    p.time_us = t / samples.size();
    p.signals.set("time_us", p.time_us);
    p.signals.set("load_eff", load_eff);
    p.signals.set("dram_frac", dram_frac);
    p.signals.set("l2_hit", l2_hit);
    p.signals.set("issue_frac", issue_frac);
    p.signals.set("occupancy", 0.8);
    p.raw_metrics["synthetic.metric"] = 1;
    v.profile = p;
    v.samples_us = std::move(samples);
  }
  v.sm_clock_mhz = 1980;
  return v;
}

// SYNTHETIC samples (microseconds), a little noise each; not measured.
inline engine::Recording toy_recording() {
  engine::Recording r;
  r.chip = "h200";
  r.device_name = "synthetic H200 (test)";
  r.created = "synthetic";
  r.note = "synthetic test recording";
  r.file = "synthetic-toy.json";
  auto& p = r.problems["toy"];
  p.spec_hash = "synthetic";
  p.variants["naive"] = variant({100, 101, 99.5, 100.4, 102, 99.8, 100.9}, 0.3, 0.2, 0.5, 0.5);
  p.variants["broken"] = variant({}, 0, 0, 0, 0, engine::GateStatus::WrongResult);
  p.variants["coalesced"] = variant({50, 50.5, 49.8, 50.2, 51, 49.9, 50.3}, 0.9, 0.5, 0.5, 0.25);
  p.variants["slow"] = variant({60, 60.5, 59.8, 61, 60.2, 59.9, 60.4}, 0.9, 0.4, 0.5, 0.4);
  // 1 MiB x 8 bytes at 4.8 TB/s is ~1.75 us: 0.5 us is below the physical floor.
  p.variants["cheat"] = variant({0.5, 0.51, 0.49, 0.5, 0.52, 0.5, 0.5}, 0.9, 0.99, 0.5, 0.9);
  p.variants["vec[BLOCK=128]"] =
      variant({30, 30.2, 29.9, 30.4, 30.1, 29.8, 30.3}, 0.95, 0.95, 0.5, 0.6);
  p.variants["vec[BLOCK=256]"] =
      variant({31, 31.2, 30.9, 31.4, 31.1, 30.8, 31.3}, 0.95, 0.93, 0.5, 0.6);
  return r;
}

inline std::string chips_yaml();

// Gives the recording the hashes of the problem as written under `problems` (the measurement
// hash of toy/problem.yaml, the source hash of each recorded variant on the h200), as
// `solver record` would have: a replay serves a recorded variant only while its source is the
// one measured.
inline void stamp_hashes(engine::Recording& r, const std::string& problems) {
  auto chip = *rules::load_chip_table(chips_yaml()).find("h200");
  for (auto& [name, prob] : r.problems) {
    auto spec = generators::load_problem(problems + "/" + name);
    prob.spec_hash = engine::problem_spec_hash(spec.file);
    for (auto& [key, rv] : prob.variants) {
      auto [id, knobs] = generators::parse_variant_key(key);
      const generators::VariantSpec* v = nullptr;
      for (const auto& cand : spec.variants)
        if (cand.id == id) v = &cand;
      if (v && rv.gate)
        rv.gate->source_hash = generators::resolve(spec, *v, knobs, chip).source_hash;
    }
  }
}

// A folder holding problems/toy, rules.yaml and recording.json.
struct ToyWorld {
  std::string root, problems, rules, recording;
  explicit ToyWorld(const std::string& tag, const std::string& rules_text = toy_rules()) {
    root = make_temp_dir(tag);
    problems = root + "/problems";
    write_toy_problem(problems);
    rules = root + "/rules.yaml";
    write_text(rules, rules_text);
    recording = root + "/recording.json";
    engine::Recording rec = toy_recording();
    stamp_hashes(rec, problems);
    engine::save_recording(rec, recording);
  }
  ~ToyWorld() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
};

inline std::string chips_yaml() { return std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml"; }

// An ablation of the toy problem in world `w`: 12 rounds of 9 pairs, quiet, writing to `out`.
inline engine::AblationOptions toy_ablation_options(const ToyWorld& w, const std::string& out,
                                                    uint64_t seed) {
  engine::AblationOptions o;
  o.problems = {"toy"};
  o.rounds = 12;
  o.pairs = 9;
  o.seed = seed;
  o.rules_path = w.rules;
  o.chips_path = chips_yaml();
  o.problems_root = w.problems;
  o.out_dir = out;
  o.quiet = true;
  return o;
}

}  // namespace solver::test
