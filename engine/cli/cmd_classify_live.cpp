// `solver classify --problem P --variant V` on the live GPU: gate the variant, profile it in the
// worker (unprofiled time, then the CUPTI range profiler, then signal derivation), and classify the
// signals with the rule table. Exit codes: 0 a verdict, the gate passed; 3 a verdict, but the
// kernel failed the correctness gate (its result is wrong, too fast, mutated its input, is not
// the declared precision, or the problem's tolerance admits a sampler: the diagnosis stands, the
// kernel is not a valid solution; engine::gate_failure_diagnosable); 1 no verdict
// (no GPU, a kernel that does not run to completion, profiling failed); 2 bad input.
// --variant takes a variant key, so a knob point is `--variant 'ilp[BLOCK=256]'`; a variant with
// knobs given bare runs where the loop would start it (its knobs' defaults).
#include <filesystem>
#include <ostream>
#include <sstream>

#include "engine/backend/open_backend.h"
#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/cli/verdict.h"
#include "engine/run/run_inputs.h"
#include "generators/candidate.h"
#include "generators/variant_space.h"
#include "profiling/rule_metrics.h"
#include "rules/matcher.h"
#include "rules/rule_table.h"

namespace solver::cli {

int classify_live(Context& ctx, const LiveClassifyRequest& req) {
  auto [variant_id, knobs] = generators::parse_variant_key(req.variant);  // InputError -> exit 2
  std::string root = req.problems_root.empty() ? problems_root(ctx.data_dir) : req.problems_root;
  engine::check_problem_names({req.problem});
  if (!std::filesystem::is_regular_file(std::filesystem::path(root) / req.problem / "problem.yaml"))
    throw rules::InputError(rules::Diagnostic{rules::SourceLocation("--problem"),
                                              unknown_problem_message(req.problem, root)});
  generators::ProblemSpec spec = generators::load_problem(root + "/" + req.problem);
  const generators::VariantSpec* variant = spec.find_variant(variant_id);
  if (!variant)
    throw rules::InputError(rules::Diagnostic{
        {spec.file, 0, 0}, "problem '" + req.problem + "' has no variant '" + variant_id + "'"});
  if (knobs.empty() && !variant->knobs.empty()) {
    // Where the loop would start it: the knobs' defaults (else their first values).
    auto point = generators::default_knob_point(spec, *variant, {});
    if (!point)
      throw rules::InputError(rules::Diagnostic{
          variant->where, "variant '" + variant_id + "' has no allowed knob point"});
    knobs = *point;
  }
  rules::ChipTable chips = load_chips(ctx);
  rules::RuleTable table = rules::load_rule_table(req.rules_path);

  engine::BackendSpec backend_spec;
  backend_spec.kind = "live";
  backend_spec.live.problems_root = root;
  backend_spec.live.chips_file = chips_file(ctx.data_dir);
  backend_spec.live.metrics =
      profiling::metrics_for_rules(table);  // the metric set follows the rules
  backend_spec.live.pc_sampling = req.pc_sampling;
  auto [backend, why] = engine::open_backend(backend_spec);
  // No GPU here: the bundled recording has the signals of every built-in pool point, measured
  // on a real GPU. Classified from there, and said so, rather than refused.
  const std::string bundled = recordings_dir(ctx.data_dir) + "/h200.json";
  const bool recorded = !backend && std::filesystem::exists(bundled);
  if (recorded) {
    engine::BackendSpec rs;
    rs.kind = "recorded";
    rs.recording = bundled;
    backend = engine::open_backend(rs).backend;
    ctx.err << "classify: no GPU here: classifying the signals recorded in " << bundled << " ("
            << backend->info().device_name << ")\n";
  }
  if (!backend) {
    ctx.err
        << "solver classify: no live GPU: " << why
        << "\nClassify recorded signals instead: solver classify --signals FILE.json --chip NAME\n";
    return kExitFailure;
  }
  engine::VariantRef ref{req.problem, variant_id, knobs};
  if (!recorded)
    ctx.err << "classify: gating " << req.problem << "/" << ref.key() << " on "
            << backend->info().device_name << "\n";
  engine::GateResult g = backend->gate(ref);
  // A diagnosis needs no verdict on correctness: a kernel that runs but whose result the gate
  // rejects (a tolerance question, a declared precision, a timing check) is still profiled
  // and classified, with the gate's outcome beside the verdict and exit code 3. One that does
  // not run to completion (compile error, fault, timeout, invalid launch) has no signals.
  const bool gate_failed = !g.passed();
  if (gate_failed && !engine::gate_failure_diagnosable(g)) {
    ctx.err << "solver classify: " << ref.key() << " did not pass the correctness gate ("
            << engine::to_string(g.status) << "): " << g.detail
            << "\n(a kernel that does not run to completion cannot be profiled)\n";
    return kExitFailure;
  }
  if (gate_failed)
    ctx.err << "classify: " << ref.key() << " failed the correctness gate ("
            << engine::to_string(g.status) << "); diagnosing it all the same\n";
  if (!recorded) ctx.err << "classify: profiling " << ref.key() << "\n";
  engine::ProfileResult p = backend->profile(ref);
  if (!p.ok) {
    ctx.err << "solver classify: profiling " << ref.key() << " failed: " << p.detail << "\n";
    return kExitFailure;
  }
  std::string chip_name = req.chip.empty() ? backend->info().chip_id : req.chip;
  const rules::ChipProfile& chip = resolve_chip(chips, chip_name);
  rules::Matcher matcher(table);
  rules::MatchResult m = matcher.match(rules::SignalVector(p.signals), chip);
  std::vector<std::string> notes;
  std::istringstream detail(p.detail);
  for (std::string note; std::getline(detail, note, ';');)
    if (note.find_first_not_of(' ') != std::string::npos)
      notes.push_back(note.substr(note.find_first_not_of(' ')));
  // What the collection cost: the range profiler's replay passes and its wall time.
  auto raw_of = [&](const char* k) {
    auto it = p.raw_metrics.find(k);
    return it == p.raw_metrics.end() ? -1.0 : it->second;
  };
  const double passes = raw_of("solver__profiler_passes"),
               collection_ms = raw_of("solver__collection_ms");
  if (passes >= 0)
    notes.push_back("collected " + std::to_string(backend_spec.live.metrics.size()) +
                    " metrics in " + std::to_string(int(passes)) + " replay passes, " +
                    std::to_string(int(collection_ms + 0.5)) + " ms");
  VerdictInput v{req.problem + "/" + ref.key(),
                 (recorded ? "recorded: " : "live: ") + backend->info().note,
                 &chip,
                 &m,
                 &p.signals,
                 p.signal_origin,
                 notes,
                 {}};
  v.defects = p.defects;
  v.gate = std::string(engine::to_string(g.status)) + (g.detail.empty() ? "" : ": " + g.detail);
  v.gate_passed = !gate_failed;
  if (p.pc_sampling) v.pc = &*p.pc_sampling;
  if (req.json) {
    nlohmann::json j = verdict_json(v);
    j["time_us"] = p.time_us;
    j["raw_metrics"] = p.raw_metrics;
    j["metrics_requested"] = backend_spec.live.metrics;
    if (passes >= 0)
      j["collection"] = {
          {"passes", passes}, {"ms", collection_ms}, {"metrics", backend_spec.live.metrics.size()}};
    j["gate"] = {{"status", engine::to_string(g.status)}, {"detail", g.detail}};
    print_json(ctx.out, nlohmann::json{{"verdicts", nlohmann::json::array({j})}});
  } else {
    print_verdict(ctx.out, v);
  }
  return gate_failed ? kExitGateFailed : kExitOk;
}

}  // namespace solver::cli
