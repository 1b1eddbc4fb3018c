// `solver rules check [FILE]`: load and lint a rule table (every problem located, exit 2), then
// summarise it: rules by status, hypotheses covered, which rules carry chip guards.
#include <map>
#include <ostream>
#include <set>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "rules/diagnostics.h"
#include "rules/hypotheses.h"
#include "rules/rule_table.h"

namespace solver::cli {

int run_rules_check(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("file", po::value<std::string>(), "rule table (default: rules/rules.yaml in the data dir)")(
      "json", "print the summary as JSON");
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "rules check", "[FILE] [--json]", opts, vm, &pos)) return *rc;
  std::string path = vm.count("file") ? vm["file"].as<std::string>() : rules_file(ctx.data_dir);

  rules::RuleTable table;
  try {
    table = rules::load_rule_table(path);  // InputError -> exit 2, all located
  } catch (const rules::InputError& e) {
    if (!vm.count("json")) throw;
    // Under --json the diagnostics are the document (stdout), still with exit 2.
    nlohmann::json diags = nlohmann::json::array();
    for (const auto& d : e.diagnostics())
      diags.push_back({{"file", d.where.file}, {"line", d.where.line}, {"column", d.where.column},
                       {"message", d.message}, {"text", d.to_string()}});
    print_json(ctx.out, {{"file", path}, {"ok", false}, {"errors", diags}});
    return kExitBadInput;
  }

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
          << "hypotheses covered: " << hypotheses.size() << " of " << rules::hypothesis_table().size();
  if (!uncovered.empty()) ctx.out << " (none for: " << join(uncovered, ", ") << ")";
  ctx.out << "\nguarded rules: " << guards.rows() << "\n\n";
  listing.print(ctx.out);
  return kExitOk;
}

}  // namespace solver::cli
