#include "engine/cli/options.h"

#include <ostream>

#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "rules/diagnostics.h"
#include "rules/names.h"

namespace solver::cli {

namespace {

// Every text option (paths, lists, names, commands) must be UTF-8 without control characters,
// at most rules::kMaxPathBytes: they end up in the manifest, the ledger header and the report,
// whose JSON writers cannot encode anything else. Checked once here for every command.
std::optional<std::string> bad_text_option(const po::variables_map& vm) {
  auto check = [](const std::string& name, const std::string& v) -> std::optional<std::string> {
    if (v.empty()) return std::nullopt;
    if (auto why = rules::name_problem(v, rules::kMaxPathBytes))
      return "--" + name + ": the value '" + rules::printable(v) + "' " + *why;
    return std::nullopt;
  };
  for (const auto& [name, value] : vm) {
    const boost::any& a = value.value();
    if (const auto* s = boost::any_cast<std::string>(&a)) {
      if (auto why = check(name, *s)) return why;
    } else if (const auto* list = boost::any_cast<std::vector<std::string>>(&a)) {
      for (const auto& v : *list)
        if (auto why = check(name, v)) return why;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<int> parse_options(Context& ctx, const char* command, const char* usage,
                                 po::options_description opts, po::variables_map& vm,
                                 const po::positional_options_description* positional) {
  opts.add_options()("help,h", "print this command's options");
  // Wherever --json is, --csv and --md are too (output.h: one output layer).
  if (opts.find_nothrow("json", false))
    opts.add_options()("csv", "print the --json rows as CSV")(
        "md", "print the --json rows as a Markdown table");
  // A command without positional arguments still takes them into a hidden option, so that a
  // stray word (`solver signals no-such-word`) is refused by name instead of ignored.
  po::options_description all;
  all.add(opts);
  po::positional_options_description stray;
  if (!positional) {
    all.add_options()("solver-stray-argument", po::value<std::vector<std::string>>());
    stray.add("solver-stray-argument", -1);
  }
  try {
    po::command_line_parser parser(ctx.args);
    parser.options(all);
    parser.positional(positional ? *positional : stray);
    po::store(parser.run(), vm);
    if (vm.count("solver-stray-argument")) {
      ctx.err << "solver " << command << ": unexpected argument '"
              << vm["solver-stray-argument"].as<std::vector<std::string>>().front()
              << "' (this command takes options only)\n(see: solver " << command << " --help)\n";
      return kExitBadInput;
    }
    if (vm.count("help")) {
      ctx.out << "usage: solver " << command << ' ' << usage << "\n\n" << opts;
      return kExitOk;
    }
    if (vm.count("csv") || vm.count("md")) {
      if (vm.count("csv") + vm.count("md") + vm.count("json") > 1)
        throw po::error("--json, --csv and --md are one choice: give one");
      set_output_format(vm.count("csv") ? OutputFormat::Csv : OutputFormat::Markdown);
      vm.insert({"json", po::variable_value(boost::any(true), false)});  // the JSON path
    }
    po::notify(vm);
    if (auto why = bad_text_option(vm)) {
      ctx.err << "solver " << command << ": " << *why << '\n';
      return kExitBadInput;
    }
  } catch (const po::error& e) {
    ctx.err << "solver " << command << ": " << e.what() << "\n(see: solver " << command
            << " --help)\n";
    return kExitBadInput;
  }
  return std::nullopt;
}

rules::ChipTable load_chips(const Context& ctx) {
  return rules::load_chip_table(chips_file(ctx.data_dir));
}

const rules::ChipProfile& resolve_chip(const rules::ChipTable& chips, const std::string& name) {
  if (const rules::ChipProfile* c = chips.find(name)) return *c;
  std::string known;
  for (const auto& c : chips.chips) known += (known.empty() ? "" : ", ") + c.id;
  throw rules::InputError(
      rules::Diagnostic{{"--chip", 0, 0}, "unknown chip '" + name + "'; known chips: " + known});
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : text + ",") {
    if (ch == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (ch != ' ') {
      cur += ch;
    }
  }
  return out;
}

}  // namespace solver::cli
