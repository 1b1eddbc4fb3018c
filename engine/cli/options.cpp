#include "engine/cli/options.h"

#include <ostream>

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
  try {
    po::command_line_parser parser(ctx.args);
    parser.options(opts);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    if (vm.count("help")) {
      ctx.out << "usage: solver " << command << ' ' << usage << "\n\n" << opts;
      return kExitOk;
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
