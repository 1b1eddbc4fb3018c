// `solver rules check [FILE]`: load and lint a rule table (every problem located, exit 2), then
// summarise it: rules by status, hypotheses covered, which rules carry chip guards.
#include <algorithm>
#include <map>
#include <ostream>
#include <set>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/eval/ncu_report.h"
#include "profiling/metric_set.h"
#include "profiling/ncu_csv.h"
#include "profiling/rule_metrics.h"
#include "rules/diagnostics.h"
#include "rules/hypotheses.h"
#include "rules/rule_table.h"
#include "rules/signals.h"

namespace solver::cli {

int run_rules_check(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("file", po::value<std::string>(),
                     "rule table (default: rules/rules.yaml in the data dir)")(
      "ncu-csv", po::value<std::string>(),
      "warn about rules this ncu export's metrics cannot decide (CSV or .ncu-rep)")(
      "metrics", po::value<std::string>(),
      "warn about rules this comma-separated metric list cannot decide")(
      "json", "print the summary as JSON");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "rules check",
                              "[FILE] [--ncu-csv F | --metrics A,B,...] [--json]", opts, vm, &pos))
    return *rc;
  std::string path = vm.count("file") ? vm["file"].as<std::string>() : rules_file(ctx.data_dir);

  rules::RuleTable table;
  try {
    table = rules::load_rule_table(path);  // InputError -> exit 2, all located
  } catch (const rules::InputError& e) {
    if (!vm.count("json")) throw;
    // Under --json the diagnostics are the document (stdout), still with exit 2.
    nlohmann::json diags = nlohmann::json::array();
    for (const auto& d : e.diagnostics())
      diags.push_back({{"file", d.where.file},
                       {"line", d.where.line},
                       {"column", d.where.column},
                       {"message", d.message},
                       {"text", d.to_string()}});
    print_json(ctx.out, {{"file", path}, {"ok", false}, {"errors", diags}});
    return kExitBadInput;
  }

  // The metric set the rules are checked against: an export's columns, a given list, or what
  // the live profiler would collect for this table (then only the cost is worth a warning).
  std::vector<std::string> warnings;
  std::vector<std::string> metrics;
  std::string against;
  if (vm.count("ncu-csv")) {
    against = vm["ncu-csv"].as<std::string>();
    profiling::NcuExport ex = engine::load_ncu_export(against);
    for (const auto& k : ex.kernels)
      for (const auto& [m, v] : k.raw)
        if (std::find(metrics.begin(), metrics.end(), m) == metrics.end()) metrics.push_back(m);
  } else if (vm.count("metrics")) {
    against = "--metrics";
    std::string list = vm["metrics"].as<std::string>();
    for (std::size_t at = 0; at <= list.size();) {
      auto comma = list.find(',', at);
      std::string m = list.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      if (!m.empty()) metrics.push_back(m);
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  }
  auto where = [&](const std::string& id) {
    const rules::Rule* r = table.find(id);
    return r ? r->where.file + ":" + std::to_string(r->where.line) + ":" +
                   std::to_string(r->where.column)
             : path;
  };
  if (!against.empty()) {
    std::set<std::pair<std::string, std::string>> warned;
    for (const auto& u : profiling::uncollectable_reads(table, metrics)) {
      warned.insert({u.rule, u.signal});
      warnings.push_back(where(u.rule) + ": rule '" + u.rule + "' reads " + u.signal + ", which " +
                         against + " cannot collect (missing " + join(u.missing_metrics, ", ") +
                         "): the rule stays undecided");
    }
    // An export derives what the live path takes from the unprofiled run, the driver or the
    // code from other counters (profiling/ncu_csv.h, export sources), or needs the problem.
    if (vm.count("ncu-csv")) {
      for (const auto& r : table.rules) {
        if (r.status == rules::RuleStatus::Retired || !r.when) continue;
        for (const auto& name : r.when->names()) {
          if (!rules::signal_index(name) || warned.count({r.id, name})) continue;
          warned.insert({r.id, name});
          if (profiling::ncu_needs_problem(name)) {
            warnings.push_back(where(r.id) + ": rule '" + r.id + "' reads " + name +
                               ", which no export holds (the code's facts): give the problem "
                               "(classify --ncu-csv F --problem P, or eval --ncu-csv), else the "
                               "rule stays undecided");
            continue;
          }
          std::vector<std::string> missing;
          for (const auto& m : profiling::ncu_metrics_needed(name))
            if (std::find(metrics.begin(), metrics.end(), m) == metrics.end()) missing.push_back(m);
          if (!missing.empty())
            warnings.push_back(where(r.id) + ": rule '" + r.id + "' reads " + name + ", which " +
                               against + " cannot derive without its problem (missing " +
                               join(missing, ", ") + "): the rule stays undecided");
        }
      }
    }
  } else {
    for (const auto& r : table.rules) {
      if (r.status == rules::RuleStatus::Retired || !r.when) continue;
      for (const auto& name : r.when->names())
        for (const auto& m : profiling::metrics_for_signals({name})) {
          const profiling::MetricDef* def = profiling::find_metric(m);
          if (def && def->passes_alone > 2 && m != profiling::metric::kTime)
            warnings.push_back(where(r.id) + ": rule '" + r.id + "' reads " + name + ", whose " +
                               m + " costs " + std::to_string(def->passes_alone) +
                               " replay passes alone: every profile of this table pays for it");
        }
    }
  }
  for (const auto& w : warnings) ctx.err << "warning: " << w << '\n';

  std::map<std::string, int> by_status;
  std::set<std::string> hypotheses;
  Table guards({"rule", "requires", "hypothesis"});
  Table listing({"rule", "priority", "status", "hypothesis", "requires", "stop"});
  for (const auto& r : table.rules) {
    ++by_status[rules::to_string(r.status)];
    hypotheses.insert(r.hypothesis);
    if (!r.requires_caps.empty()) guards.add_row({r.id, join(r.requires_caps, ","), r.hypothesis});
    listing.add_row({r.id, std::to_string(r.priority), rules::to_string(r.status), r.hypothesis,
                     join(r.requires_caps, ","), r.stop ? "yes" : ""});
  }
  std::vector<std::string> uncovered;
  for (const auto& h : rules::hypothesis_table())
    if (!hypotheses.count(std::string(h.id))) uncovered.emplace_back(h.id);

  if (vm.count("json")) {
    nlohmann::json j;
    j["file"] = path;
    j["ok"] = true;
    j["version"] = table.version;
    j["rules"] = table.rules.size();
    j["by_status"] = by_status;
    j["hypotheses_covered"] = std::vector<std::string>(hypotheses.begin(), hypotheses.end());
    j["hypotheses_uncovered"] = uncovered;
    j["guards"] = guards.to_json();
    j["table"] = listing.to_json();
    j["content_hash"] = table.content_hash();
    j["warnings"] = warnings;
    j["metrics_collected"] = profiling::metrics_for_rules(table);
    print_json(ctx.out, j);
    return kExitOk;
  }
  ctx.out << path << ": ok, " << table.rules.size() << " rules (";
  bool first = true;
  for (const auto& [status, n] : by_status) {
    ctx.out << (first ? "" : ", ") << n << ' ' << status;
    first = false;
  }
  ctx.out << ")\n"
          << "hypotheses covered: " << hypotheses.size() << " of "
          << rules::hypothesis_table().size();
  if (!uncovered.empty()) ctx.out << " (none for: " << join(uncovered, ", ") << ")";
  ctx.out << "\nguarded rules: " << guards.rows() << "\nmetrics the live profile collects for it: "
          << profiling::metrics_for_rules(table).size() << " (solver signals metrics)\n\n";
  listing.print(ctx.out);
  return kExitOk;
}

}  // namespace solver::cli
