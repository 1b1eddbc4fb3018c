// `solver dry-run --chip a100,t4 [--signals FILE...]`: the same signals classified as if on each
// chip, side by side. A user without an A100 or a T4 sees which rule would fire there, which
// the chip's guard blocks (and for want of what), and what fires instead.
#include <algorithm>
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/cli/verdict.h"
#include "engine/run/replay.h"
#include "profiling/signal_file.h"
#include "rules/matcher.h"
#include "rules/rule_table.h"

namespace solver::cli {
namespace {

// The three H200 kernels of docs/h200.md, bundled as signal files.
const char* const kDefaultFixtures[] = {"h200_stream_scale.json", "h200_naive_sgemm.json",
                                        "h200_wmma_tf32.json"};

// Why no rule fired on a chip, in one line: the rules the missing signals left undecided (and
// which signals), the guard-blocked ones, or that every condition was false.
std::string why_nothing(const rules::MatchResult& m) {
  std::string why;
  if (!m.undecided.empty()) {
    std::vector<std::string> names;
    for (const auto& u : m.undecided)
      for (auto n : u.missing)
        if (std::find(names.begin(), names.end(), n) == names.end()) names.emplace_back(n);
    const std::size_t total = names.size();
    if (total > 8) names.resize(8);  // the first few say what kind of input this is
    why = std::to_string(m.undecided.size()) +
          " rule(s) undecided: signals not measured: " + join(names, ", ") +
          (total > 8 ? " (+" + std::to_string(total - 8) + " more)" : "");
  }
  if (!m.blocked.empty())
    why += (why.empty() ? "" : "; ") + std::to_string(m.blocked.size()) +
           " rule(s) guard-blocked on this chip";
  if (why.empty()) why = "no rule's condition holds for these signals";
  return why;
}

}  // namespace

int run_dry_run(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("chip", po::value<std::string>()->required(),
                     "comma-separated chips.yaml ids or aliases, e.g. a100,t4")(
      "signals", po::value<std::vector<std::string>>()->multitoken(),
      "signal files (default: the bundled H200 fixtures)")(
      "rules", po::value<std::string>(), "rule table (default: rules/rules.yaml in the data dir)")(
      "run", po::value<std::string>(), "a run directory: classify every incumbent it profiled")(
      "json", "print the comparison as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(
          ctx, "dry-run", "--chip A,B[,...] [--signals FILE...] [--rules FILE] [--json]", opts, vm))
    return *rc;
  rules::ChipTable chips = load_chips(ctx);
  std::vector<const rules::ChipProfile*> targets;
  for (const auto& name : split_list(vm["chip"].as<std::string>()))
    targets.push_back(&resolve_chip(chips, name));
  if (targets.empty()) {
    ctx.err << "solver dry-run: --chip names no chip\n";
    return kExitBadInput;
  }
  std::vector<std::string> files;
  if (vm.count("signals"))
    files = vm["signals"].as<std::vector<std::string>>();
  else
    for (const char* f : kDefaultFixtures) files.push_back(fixture_file(ctx.data_dir, f));
  std::string rules_path =
      vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);
  rules::RuleTable table = rules::load_rule_table(rules_path);
  rules::Matcher matcher(table);
  bool as_json = vm.count("json") > 0;

  // Load every file first so that bad input is reported before any output.
  std::vector<profiling::SignalFile> inputs;
  if (vm.count("run")) {  // a run's recorded signals (engine/run/replay.h) instead of signal files
    files.clear();
    for (auto& [label, signals] : engine::run_incumbent_signals(vm["run"].as<std::string>())) {
      profiling::SignalFile f;
      f.kernel = label;
      f.signals = std::move(signals);
      inputs.push_back(std::move(f));
      files.push_back(vm["run"].as<std::string>() + "/ledger.jsonl");
    }
  } else {
    for (const auto& path : files) inputs.push_back(profiling::load_signal_file(path));
  }

  nlohmann::json result = nlohmann::json::array();
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const profiling::SignalFile& f = inputs[i];
    nlohmann::json per_chip = nlohmann::json::array();
    Table t({"chip", "fires", "hypothesis", "guard-blocked (lacks)", "outranked"});
    std::vector<std::string> nothing;  // "chip: why nothing fired", printed under the table
    const rules::SignalVector by_id(f.signals);  // names resolved once, for every chip
    for (const rules::ChipProfile* chip : targets) {
      rules::MatchResult m = matcher.match(by_id, *chip);
      if (as_json) {
        per_chip.push_back(verdict_json(
            VerdictInput{f.kernel, files[i], chip, &m, &f.signals, f.signal_origin, f.notes, {}}));
        continue;
      }
      std::vector<std::string> blocked, outranked;
      for (const auto& b : m.blocked) blocked.push_back(blocked_label(b));
      for (const auto* r : m.outranked) outranked.push_back(r->id);
      t.add_row({chip->id, m.fired ? m.fired->id : "(nothing)", m.fired ? m.fired->hypothesis : "-",
                 blocked.empty() ? "-" : join(blocked, "; "),
                 outranked.empty() ? "-" : join(outranked, ", ")});
      if (!m.fired) nothing.push_back(chip->id + ": nothing fired: " + why_nothing(m));
    }
    if (as_json) {
      result.push_back({{"kernel", f.kernel}, {"source", files[i]}, {"chips", per_chip}});
    } else {
      if (i > 0) ctx.out << '\n';
      ctx.out << f.kernel << "  [" << files[i] << "]\n";
      t.print(ctx.out);
      for (const auto& line : nothing) ctx.out << "  " << line << '\n';
    }
  }
  if (as_json) print_json(ctx.out, nlohmann::json{{"rules", rules_path}, {"kernels", result}});
  return kExitOk;
}

}  // namespace solver::cli
