// `solver signals ncu-metrics [--rules F]`: the exact `ncu --metrics ...` argument that exports
// every counter the rule table's signals need (so `classify --ncu-csv` can decide every rule).
// `solver signals metrics [--rules F]`: what the live profile collects for that table, signal
// by signal (the metric set follows the rules: profiling/rule_metrics.h).
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "profiling/metric_set.h"
#include "profiling/ncu_csv.h"
#include "profiling/rule_metrics.h"
#include "rules/rule_table.h"

namespace solver::cli {

int run_signals_ncu_metrics(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("rules", po::value<std::string>(),
                     "rule table (default: rules/rules.yaml in the data dir)")(
      "json", "print the list as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "signals ncu-metrics", "[--rules FILE] [--json]", opts, vm))
    return *rc;
  std::string path = vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);
  rules::RuleTable table = rules::load_rule_table(path);
  std::vector<std::string> metrics = profiling::ncu_metrics_for(profiling::signals_read_by(table));
  if (vm.count("json")) {
    print_json(ctx.out, nlohmann::json{{"rules", path}, {"metrics", metrics}});
    return kExitOk;
  }
  ctx.out << "ncu --csv --page raw --metrics " << join(metrics, ",") << " <your program>\n";
  return kExitOk;
}

int run_signals_metrics(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("rules", po::value<std::string>(),
                     "rule table (default: rules/rules.yaml in the data dir)")(
      "json", "print the table as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "signals metrics", "[--rules FILE] [--json]", opts, vm))
    return *rc;
  std::string path = vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);
  rules::RuleTable table = rules::load_rule_table(path);
  Table t({"signal", "metrics"});
  for (const auto& s : profiling::signals_read_by(table)) {
    std::vector<std::string> ms;
    for (const auto& m : profiling::metrics_for_signals({s}))
      if (m != profiling::metric::kTime || s == "time_us_profiled") ms.push_back(m);
    t.add_row({s, ms.empty() ? "(driver, code, problem or timing: no counter)" : join(ms, " ")});
  }
  std::vector<std::string> all = profiling::metrics_for_rules(table);
  if (vm.count("json")) {
    print_json(ctx.out,
               nlohmann::json{{"rules", path}, {"metrics", all}, {"signals", t.to_json()}});
    return kExitOk;
  }
  t.print(ctx.out);
  ctx.out << "\n" << all.size() << " metrics collected for " << path << "\n";
  return kExitOk;
}

}  // namespace solver::cli
