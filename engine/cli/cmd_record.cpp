// `solver record --problems a,b [--out FILE] [--samples N] [--merge]`: measures every variant at
// every allowed knob point of each pool through the live backend (gate, profile with signals
// and raw metrics, unprofiled time samples) into the recorded-backend format
// (engine/backend/recording.h), for replay without a GPU. Progress on stderr.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "engine/backend/open_backend.h"
#include "engine/backend/recording.h"
#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/paths.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_inputs.h"
#include "engine/run/run_lock.h"
#include "generators/variant_space.h"
#include "profiling/rule_metrics.h"
#include "rules/rule_table.h"
#include "rules/temp_name.h"

namespace solver::cli {

int run_record(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("problems", po::value<std::string>()->required(), "comma-separated problems")(
      "out", po::value<std::string>()->default_value("recording.json"), "recording to write")(
      "samples", po::value<int>()->default_value(30), "unprofiled time samples per variant")(
      "merge",
      "merge into --out if it exists (same chip): points it holds are skipped, unless "
      "recorded from other source bytes or under another problem.yaml (measured again)")(
      "problems-dir", po::value<std::string>(), "folder of problem folders (default: problems/)")(
      "no-pc-sampling", "profile without the PC sampling pass (no stall reasons per line)");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "record", "--problems a,b [--out FILE] [--samples N] [--merge]",
                              opts, vm))
    return *rc;
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
  auto [backend, why] = engine::open_backend(backend_spec);
  if (!backend) {
    ctx.err << "solver record: needs a GPU: " << why << '\n';
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
  // everything measured so far; `--merge` then continues it, skipping the points it holds.
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
  const rules::ChipTable chips = load_chips(ctx);
  const rules::ChipProfile& chip = resolve_chip(chips, info.chip_id);
  auto stale = [&](const engine::RecordedVariant& was, const generators::ProblemSpec& spec,
                   const generators::VariantSpec& variant, const generators::KnobValues& knobs) {
    if (!was.gate || was.gate->source_hash.empty()) return false;
    if (generators::resolve(spec, variant, knobs, chip).source_hash == was.gate->source_hash)
      return false;
    ctx.err << "[" << spec.name << "] " << generators::variant_key(variant.id, knobs)
            << ": recorded from other source bytes, measured again\n";
    existing.problems[spec.name].variants.erase(generators::variant_key(variant.id, knobs));
    return true;
  };
  for (const auto& spec : specs) {
    rec.problems[spec.name].spec_hash = engine::problem_spec_hash(spec.file);
    // A problem.yaml changed in what measurements depend on: none of its old points is kept.
    if (merge && existing.problems.count(spec.name) &&
        existing.problems.at(spec.name).spec_hash != rec.problems[spec.name].spec_hash) {
      ctx.err << "[" << spec.name << "] problem.yaml changed since it was recorded: every point "
              << "measured again\n";
      existing.problems.erase(spec.name);
    }
    for (const auto& variant : spec.variants) {
      for (const auto& knobs : generators::enumerate_knobs(spec, variant)) {
        engine::VariantRef ref{spec.name, variant.id, knobs};
        if (merge && existing.problems.count(spec.name) &&
            existing.problems.at(spec.name).variants.count(ref.key()) &&
            !stale(existing.problems.at(spec.name).variants.at(ref.key()), spec, variant, knobs)) {
          ctx.err << "[" << spec.name << "] " << ref.key() << ": already recorded, skipped\n";
          continue;
        }
        engine::RecordedVariant& rv = rec.at(spec.name, ref.key());
        // Wall time of each request (worker side: compile or cache, inputs, reference, launches),
        // printed so the cost of a recording can be read off its log.
        auto t = std::chrono::steady_clock::now();
        auto lap = [&t] {
          auto now = std::chrono::steady_clock::now();
          double s = std::chrono::duration<double>(now - t).count();
          t = now;
          char buf[24];
          std::snprintf(buf, sizeof buf, " %.1fs", s);
          return std::string(buf);
        };
        ctx.err << "[" << spec.name << "] " << ref.key() << ": gate" << std::flush;
        rv.gate = backend->gate(ref);
        ctx.err << lap();
        if (!rv.gate->passed()) {
          ++failed;
          ctx.err << " " << engine::to_string(rv.gate->status) << ": "
                  << rv.gate->detail.substr(0, 200) << '\n';
          flush();
          continue;
        }
        ctx.err << ", profile" << std::flush;
        rv.profile = backend->profile(ref);
        ctx.err << lap() << ", time" << std::flush;
        engine::TimeSamples ts = backend->time_samples(ref, samples, 0);
        ctx.err << lap();
        if (ts.ok) {
          rv.samples_us = ts.kernel_us;
          // The event-timed cross-check, run by run, when every run has one.
          if (ts.event_us.size() == ts.kernel_us.size()) rv.event_samples_us = ts.event_us;
          rv.sm_clock_mhz = ts.sm_clock_mhz;
        } else {
          ++failed;
          ctx.err << " timing failed ("
                  << engine::to_string(ts.failure.value_or(engine::GateStatus::Fault))
                  << "): " << ts.detail.substr(0, 200);
        }
        // Without a clock from the timing, the profiled run's SM clock is kept.
        if (rv.sm_clock_mhz <= 0)
          if (auto* mhz = std::get_if<double>(&rv.profile->signals.get("sm_clock_mhz")))
            rv.sm_clock_mhz = *mhz;
        ctx.err << " -> " << (rv.profile->ok ? "ok" : "profile failed: " + rv.profile->detail)
                << '\n';
        flush();
      }
    }
  }
  rec = flush();
  ctx.out << "wrote " << out << " (" << rec.problems.size() << " problems; " << failed
          << " variant points failed the gate or their timing and are recorded as such)\n";
  return kExitOk;
}

}  // namespace solver::cli
