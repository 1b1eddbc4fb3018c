// `solver record --problems a,b [--out FILE] [--samples N] [--merge]`: measures every variant at
// every allowed knob point of each pool through the live backend (gate, profile with signals
// and raw metrics, unprofiled time samples) into the recorded-backend format
// (engine/backend/recording.h), for replay without a GPU. Progress on stderr.
//
// Large pools (issue 30; docs/benchmarks.md, "Large pools"): `--jobs N` compiles every point on
// N threads ahead of the measurement (the worker then hits the NVRTC cache); `--sweep` gates
// with the sweep gate (worker_protocol.h: no adversarial sets or lint; its series verified as a
// full gate's, the fresh-set check and three audited runs: helper fix38b), keeps no gate phases or event-timed samples and writes the file every 10
// s instead of after every point; `--profile-fastest N --profile-spread M` profile only the seed,
// the N fastest and M spread points of each pool, after every point is gated and timed
// (profile_policy.h: the recorded backend serves the others their nearest profiled
// neighbour's counters, saying so);
// `--time-limit S` starts no point after S seconds and says what it left out (`--profile-reserve
// R`: no gate after S - R, the rest is the profiles'); the seed point is profiled with its gate.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <ostream>

#include "engine/backend/open_backend.h"
#include "engine/backend/profile_policy.h"
#include "engine/backend/recording.h"
#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/paths.h"
#include "engine/eval/record_merge.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_inputs.h"
#include "engine/run/run_lock.h"
#include "generators/compile_ahead.h"
#include "generators/compile_cache.h"
#include "generators/nvrtc_compiler.h"
#include "generators/variant_space.h"
#include "profiling/rule_metrics.h"
#include "rules/chips.h"
#include "rules/rule_table.h"
#include "rules/temp_name.h"

namespace solver::cli {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string fmt_s(double s) {
  char buf[24];
  std::snprintf(buf, sizeof buf, " %.2fs", s);
  return buf;
}

// The seed point's key: the seed variant at its default knobs (docs/problem-format.md).
std::string seed_key(const generators::ProblemSpec& spec) {
  const generators::VariantSpec* seed =
      spec.seed_variant.empty() ? (spec.variants.empty() ? nullptr : &spec.variants.front())
                                : spec.find_variant(spec.seed_variant);
  if (!seed) return "";
  generators::KnobValues knobs;
  for (const auto& k : seed->knobs)
    knobs[k.name] = k.default_value ? *k.default_value : k.values.front();
  return generators::variant_key(seed->id, knobs);
}

}  // namespace

int run_record(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("problems", po::value<std::string>()->required(), "comma-separated problems")(
      "out", po::value<std::string>()->default_value("recording.json"), "recording to write")(
      "samples", po::value<int>()->default_value(30), "unprofiled time samples per variant")(
      "merge",
      "merge into --out if it exists (same chip): points it holds are skipped, unless "
      "recorded from other source bytes or under another problem.yaml (measured again; a "
      "problem.yaml that only gained variants keeps its points)")(
      "problems-dir", po::value<std::string>(), "folder of problem folders (default: problems/)")(
      "no-pc-sampling", "profile without the PC sampling pass (no stall reasons per line)")(
      "sweep",
      "the sweep gate (no adversarial sets or lint; its series' fresh-set check and three audited "
      "runs as a full gate's) for large pools")(
      "jobs", po::value<int>(),
      "compile every point ahead on N threads (0: all hardware threads; default with --sweep)")(
      "profile-fastest", po::value<int>(), "profile only the seed, the N fastest points ...")(
      "profile-spread", po::value<int>(), "... and N points spread over each pool")(
      "time-limit", po::value<double>(), "start no point after S seconds")(
      "profile-reserve", po::value<double>()->default_value(0),
      "of --time-limit, the seconds kept for the selective profiles (no gate starts in them)");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "record", "--problems a,b [--out FILE] [--samples N] [--merge]",
                              opts, vm))
    return *rc;
  const auto t_start = std::chrono::steady_clock::now();
  std::string root =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  std::vector<generators::ProblemSpec> specs;
  std::vector<std::string> names = split_list(vm["problems"].as<std::string>());
  engine::check_problem_names(names);
  for (const auto& p : names)
    specs.push_back(generators::load_problem((std::filesystem::path(root) / p).string()));
  std::string out = vm["out"].as<std::string>();
  int samples = vm["samples"].as<int>();
  if (samples < 1 || samples > 100000)
    throw rules::InputError(
        rules::Diagnostic{{"--samples", 0, 0}, "--samples must be in [1, 100000]"});
  const bool sweep = vm.count("sweep") > 0;
  const bool selective = vm.count("profile-fastest") || vm.count("profile-spread");
  const int fastest = vm.count("profile-fastest") ? vm["profile-fastest"].as<int>() : 0;
  const int spread = vm.count("profile-spread") ? vm["profile-spread"].as<int>() : 0;
  if (fastest < 0 || spread < 0)
    throw rules::InputError(rules::Diagnostic{
        {"--profile-fastest", 0, 0}, "--profile-fastest and --profile-spread must be >= 0"});
  int jobs = vm.count("jobs") ? vm["jobs"].as<int>() : (sweep ? 0 : -1);
  if (jobs == 0) jobs = generators::default_compile_jobs();
  const double time_limit = vm.count("time-limit") ? vm["time-limit"].as<double>() : 0;
  if (vm.count("time-limit") && !(time_limit > 0))
    throw rules::InputError(rules::Diagnostic{{"--time-limit", 0, 0}, "--time-limit must be > 0"});
  const double reserve = vm["profile-reserve"].as<double>();
  if (!(reserve >= 0) || (time_limit > 0 && reserve >= time_limit))
    throw rules::InputError(rules::Diagnostic{
        {"--profile-reserve", 0, 0}, "--profile-reserve must be >= 0 and below --time-limit"});
  auto out_of_time = [&](double keep = 0) {
    return time_limit > 0 && seconds_since(t_start) > time_limit - keep;
  };
  // One writer per recording file: a second `record --out` of the same file is refused.
  std::string command = "solver record";
  for (const auto& a : ctx.args) command += " " + a;
  engine::RunLock lock = engine::RunLock::acquire(out + ".lock", command);
  {
    // What a recorder killed inside an atomic rewrite of `out` left beside it: every name the
    // one recogniser knows (rules/temp_name.h), of this file only.
    namespace fs = std::filesystem;
    const fs::path target(out);
    const std::string prefix = target.filename().string() + ".tmp";
    std::error_code ec;
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    for (const auto& e : fs::directory_iterator(folder, ec)) {
      const std::string name = e.path().filename().string();
      if (name.rfind(prefix, 0) == 0 && rules::is_temp_name(name) && !e.is_symlink(ec) &&
          e.is_regular_file(ec))
        fs::remove(e.path(), ec);
    }
  }
  engine::Recording existing;
  bool merge = vm.count("merge") && std::filesystem::exists(out);
  if (merge) existing = engine::load_recording(out);  // bad input is found before measuring

  engine::BackendSpec backend_spec;
  backend_spec.kind = "live";
  backend_spec.live.problems_root = root;
  backend_spec.live.chips_file = chips_file(ctx.data_dir);
  // A recording replays under the default table: collect what it reads.
  backend_spec.live.metrics =
      profiling::metrics_for_rules(rules::load_rule_table(rules_file(ctx.data_dir)));
  backend_spec.live.pc_sampling = !vm.count("no-pc-sampling");
  backend_spec.live.sweep_gate = sweep;
  backend_spec.live.sweep_samples = samples;
  // Not a structured binding: the lambdas below capture `backend` (C++17 forbids capturing one).
  engine::OpenedBackend opened = engine::open_backend(backend_spec);
  std::unique_ptr<engine::Backend>& backend = opened.backend;
  if (!backend) {
    ctx.err << "solver record: needs a GPU: " << opened.why_not_live << '\n';
    return kExitFailure;
  }
  engine::BackendInfo info = backend->info();
  ctx.out << "live on " << info.device_name << " (" << info.chip_id << ")\n";
  engine::Recording rec;
  rec.chip = info.chip_id;
  rec.device_name = info.device_name;
  rec.created = engine::utc_now_iso();
  rec.note = "solver record --problems " + vm["problems"].as<std::string>() + " --samples " +
             std::to_string(samples);
  if (sweep) rec.note += " --sweep";
  if (selective)
    rec.note += " --profile-fastest " + std::to_string(fastest) + " --profile-spread " +
                std::to_string(spread);
  if (const engine::DeviceInfo* dev = backend->device()) {
    // cuDriverGetVersion gives the CUDA version the driver supports (13000 = 13.0).
    rec.cuda = std::to_string(dev->driver_version / 1000) + "." +
               std::to_string(dev->driver_version % 1000 / 10);
    rec.driver = dev->driver;  // the kernel driver's version ("" where /proc did not say)
    if (dev->ecc >= 0) rec.ecc = dev->ecc == 1;
    rec.note += "; NVRTC " + dev->nvrtc_version;
  }
  if (auto c = backend->ceilings()) {
    rec.ceilings["dram_gbps"] = c->copy_gbps;
    rec.ceilings["fp32_tflops"] = c->sgemm_tflops;
    rec.ceilings["tf32_tflops"] = c->tf32_tflops;
  }
  int failed = 0;
  // Written after every variant point (atomically), so a run cut short by a time limit keeps
  // everything measured so far; `--merge` then continues it, skipping the points it holds. A
  // sweep writes every 10 s instead (a large pool's file rewritten after each of thousands of
  // points would cost more than the points).
  auto flush = [&] {
    engine::Recording merged = rec;
    if (merge) {
      merged = existing;
      engine::merge_recording(merged, rec);
    }
    engine::save_recording(merged, out);
    return merged;
  };
  // A point recorded from other bytes (its kernel or a header it includes changed, or it moved
  // to a library header of other text) is measured again and replaces the old entry: --merge
  // never keeps numbers of a kernel that is no longer the one in the tree.
  const rules::ChipTable record_chips = load_chips(ctx);
  const rules::ChipProfile& record_chip = resolve_chip(record_chips, info.chip_id);
  auto stale = [&](const engine::RecordedVariant& was, const generators::ProblemSpec& spec,
                   const generators::VariantSpec& variant, const generators::KnobValues& knobs) {
    if (!was.gate || was.gate->source_hash.empty()) return false;
    if (generators::resolve(spec, variant, knobs, record_chip).source_hash == was.gate->source_hash)
      return false;
    ctx.err << "[" << spec.name << "] " << generators::variant_key(variant.id, knobs)
            << ": recorded from other source bytes, measured again\n";
    existing.problems[spec.name].variants.erase(generators::variant_key(variant.id, knobs));
    return true;
  };
  auto last_flush = std::chrono::steady_clock::now();
  auto maybe_flush = [&] {
    if (sweep && seconds_since(last_flush) < 10) return;
    flush();
    last_flush = std::chrono::steady_clock::now();
  };
  // Every point of every pool, in measurement order; compiled ahead on `jobs` threads.
  struct Point {
    const generators::ProblemSpec* spec;
    engine::VariantRef ref;
  };
  std::vector<Point> points;
  for (const auto& spec : specs) {
    rec.problems[spec.name].spec_hash = engine::problem_spec_hash(spec.file);
    // A problem.yaml changed in what measurements depend on: none of its old points is kept,
    // unless the change is only variants added (record_merge.h): then only theirs are measured.
    if (merge && existing.problems.count(spec.name)) {
      engine::RecordedProblem& was = existing.problems.at(spec.name);
      const engine::PoolMerge plan = engine::plan_pool_merge(was, spec);
      if (!plan.keep) {
        ctx.err << "[" << spec.name << "] problem.yaml changed since it was recorded: every "
                << "point measured again\n";
        existing.problems.erase(spec.name);
      } else if (was.spec_hash != rec.problems[spec.name].spec_hash) {
        std::string ids;
        for (const auto& id : plan.new_variants) ids += (ids.empty() ? "" : ", ") + id;
        ctx.err << "[" << spec.name << "] problem.yaml gained variants (" << ids
                << "): only their points are measured\n";
        was.spec_hash = rec.problems[spec.name].spec_hash;
      }
    }
    for (const auto& variant : spec.variants)
      for (const auto& knobs : generators::enumerate_knobs(spec, variant)) {
        engine::VariantRef ref{spec.name, variant.id, knobs};
        if (merge && existing.problems.count(spec.name) &&
            existing.problems.at(spec.name).variants.count(ref.key()) &&
            !stale(existing.problems.at(spec.name).variants.at(ref.key()), spec, variant, knobs)) {
          ctx.err << "[" << spec.name << "] " << ref.key() << ": already recorded, skipped\n";
          continue;
        }
        points.push_back({&spec, ref});
      }
  }
  std::unique_ptr<generators::CompileCache> cache;
  std::unique_ptr<generators::CompileAhead> ahead;
  if (jobs > 0 && generators::nvrtc_available()) {
    const rules::ChipTable chips = rules::load_chip_table(chips_file(ctx.data_dir));
    const rules::ChipProfile* chip = chips.find(info.chip_id);
    std::vector<generators::ResolvedVariant> items;
    for (const auto& pt : points)
      if (chip)
        items.push_back(generators::resolve(*pt.spec, *pt.spec->find_variant(pt.ref.variant),
                                            pt.ref.knobs, *chip));
    if (chip) {
      cache = std::make_unique<generators::CompileCache>(generators::default_cache_dir());
      ahead = std::make_unique<generators::CompileAhead>(std::move(items), cache.get(), jobs);
      ctx.err << "compiling " << points.size() << " points ahead on " << jobs << " threads\n";
    }
  }
  auto profile_point = [&](engine::RecordedVariant& rv, const engine::VariantRef& ref) {
    auto t = std::chrono::steady_clock::now();
    rv.profile = backend->profile(ref);
    if (sweep) rv.profile->phases_ms.clear();
    // Without a clock from the timing, the profiled run's SM clock is kept.
    if (rv.sm_clock_mhz <= 0)
      if (auto* mhz = std::get_if<double>(&rv.profile->signals.get("sm_clock_mhz")))
        rv.sm_clock_mhz = *mhz;
    return seconds_since(t);
  };
  std::size_t measured = 0;
  double gate_s = 0, time_s = 0, profile_s = 0, wait_s = 0;
  int profiled = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (out_of_time(selective ? reserve : 0)) break;
    const auto& [spec, ref] = points[i];
    engine::RecordedVariant& rv = rec.at(spec->name, ref.key());
    ctx.err << "[" << spec->name << "] " << ref.key() << ":" << std::flush;
    if (ahead) {
      auto t = std::chrono::steady_clock::now();
      ahead->wait(i);
      wait_s += seconds_since(t);
    }
    ++measured;
    auto t = std::chrono::steady_clock::now();
    rv.gate = backend->gate(ref);
    if (sweep) rv.gate->phases_ms.clear();
    gate_s += seconds_since(t);
    ctx.err << " gate" << fmt_s(seconds_since(t));
    if (!rv.gate->passed()) {
      ++failed;
      ctx.err << " " << engine::to_string(rv.gate->status) << ": " << rv.gate->detail.substr(0, 200)
              << '\n';
      maybe_flush();
      continue;
    }
    // Selective profiles come after the sweep, except each pool's seed point: every track
    // starts there, so it is profiled with its gate, before a time limit can leave it out.
    if (!selective || ref.key() == seed_key(*spec)) {
      double s = profile_point(rv, ref);
      profile_s += s, ++profiled;
      ctx.err << ", profile" << fmt_s(s);
    }
    engine::TimeSamples ts;
    if (sweep) {  // the sweep gate's series is the samples (its check, three runs audited)
      ts.ok = true;
      ts.kernel_us = rv.gate->timed_us;
      ts.sm_clock_mhz = rv.gate->sm_clock_mhz;
    } else {
      t = std::chrono::steady_clock::now();
      ts = backend->time_samples(ref, samples, 0);
      time_s += seconds_since(t);
      ctx.err << ", time" << fmt_s(seconds_since(t));
    }
    if (ts.ok) {
      rv.samples_us = ts.kernel_us;
      // The event-timed cross-check, run by run, when every run has one (a sweep keeps the
      // kernel times only: a third of a large pool's file).
      if (!sweep && ts.event_us.size() == ts.kernel_us.size()) rv.event_samples_us = ts.event_us;
      if (ts.sm_clock_mhz > 0) rv.sm_clock_mhz = ts.sm_clock_mhz;
    } else {
      ++failed;
      ctx.err << " timing failed ("
              << engine::to_string(ts.failure.value_or(engine::GateStatus::Fault))
              << "): " << ts.detail.substr(0, 200);
    }
    if (rv.profile)
      ctx.err << " -> " << (rv.profile->ok ? "ok" : "profile failed: " + rv.profile->detail);
    ctx.err << '\n';
    maybe_flush();
  }
  // Selective profiles, after every point is timed: the pools' orders interleaved rank by rank
  // (profile_policy.h), so a time limit leaves every pool its most useful profiles.
  if (selective) {
    std::vector<std::pair<std::string, std::vector<std::string>>> orders;
    std::size_t longest = 0;
    for (const auto& spec : specs) {
      orders.emplace_back(spec.name, engine::profile_order(rec.problems[spec.name], seed_key(spec),
                                                           fastest, spread));
      longest = std::max(longest, orders.back().second.size());
    }
    for (std::size_t rank = 0; rank < longest && !out_of_time(); ++rank)
      for (const auto& [problem, keys] : orders) {
        if (rank >= keys.size() || out_of_time()) continue;
        const generators::ProblemSpec* spec = nullptr;
        for (const auto& s : specs)
          if (s.name == problem) spec = &s;
        auto [variant, knobs] = generators::parse_variant_key(keys[rank]);
        engine::VariantRef ref{problem, variant, knobs};
        engine::RecordedVariant& rv = rec.at(problem, keys[rank]);
        double s = profile_point(rv, ref);
        profile_s += s, ++profiled;
        ctx.err << "[" << spec->name << "] " << keys[rank] << ": profile" << fmt_s(s) << " -> "
                << (rv.profile->ok ? "ok" : "profile failed: " + rv.profile->detail) << '\n';
        maybe_flush();
      }
  }
  const bool cut = measured < points.size() || out_of_time();
  if (cut) {
    rec.note += "; --time-limit " + std::to_string(time_limit) +
                " s: " + std::to_string(points.size() - measured) + " of " +
                std::to_string(points.size()) + " points not measured";
    ctx.err << "time limit: " << points.size() - measured << " of " << points.size()
            << " points not measured\n";
  }
  char cost[320];
  std::snprintf(cost, sizeof cost,
                "cost: %zu points in %.1f s wall: gate %.1f s, time %.1f s, %d profiles %.1f s, "
                "waiting for compiles %.1f s (%.1f s of compile on %d threads)\n",
                measured, seconds_since(t_start), gate_s, time_s, profiled, profile_s, wait_s,
                ahead ? ahead->compile_seconds() : 0.0, ahead ? jobs : 0);
  ctx.err << cost;
  if (merge) {
    // The merged file keeps its ceilings; the points measured now were derived against this
    // run's: re-derive them against the file's (record_merge.h), so it needs no
    // `solver recording rederive --write` afterwards.
    generators::CompileCache rederive_cache(generators::default_cache_dir());
    const engine::RederiveReport r = engine::rederive_for_merge(
        rec, existing, root, record_chip, cache ? cache.get() : &rederive_cache);
    ctx.err << "re-derived " << r.variants
            << " measured point(s) against the merged ceilings: " << r.changes.size()
            << " signal value(s) changed\n";
    for (const auto& n : r.notes) ctx.err << "note: " << n << '\n';
  }
  rec = flush();
  ctx.out << "wrote " << out << " (" << rec.problems.size() << " problems; " << failed
          << " variant points failed the gate or their timing and are recorded as such)\n";
  return kExitOk;
}

}  // namespace solver::cli
