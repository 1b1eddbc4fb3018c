// `solver signals`: the vocabulary rules may test. `solver signals derive FILE...`: recompute a
// signal file's signals from the raw metrics and inputs it records (how the bundled fixtures
// are made, and how a test proves they still match the derivation code).
#include <algorithm>
#include <fstream>
#include <ostream>
#include <sstream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "profiling/signal_derivation.h"
#include "profiling/signal_file.h"
#include "rules/signals.h"

namespace solver::cli {

namespace {
constexpr std::size_t kTerminalColumns = 120;

// The vocabulary in at most kTerminalColumns columns: name, type and unit, then the meaning
// wrapped at word boundaries (the source, the widest column, with --wide or --json).
void print_wrapped(std::ostream& out) {
  std::size_t wn = 6, wt = 4, wu = 4;
  for (const auto& s : rules::signal_table()) {
    wn = std::max(wn, s.name.size());
    wt = std::max(wt, std::string(rules::to_string(s.type)).size());
    wu = std::max(wu, s.unit.size());
  }
  const std::size_t indent = wn + wt + wu + 6;
  const std::size_t width = kTerminalColumns > indent + 30 ? kTerminalColumns - indent : 30;
  auto pad = [](std::string s, std::size_t w) { return s + std::string(w - s.size() + 2, ' '); };
  out << pad("signal", wn) << pad("type", wt) << pad("unit", wu) << "meaning\n"
      << std::string(wn, '-') << "  " << std::string(wt, '-') << "  " << std::string(wu, '-')
      << "  " << std::string(width, '-') << '\n';
  for (const auto& s : rules::signal_table()) {
    std::string line = pad(std::string(s.name), wn) + pad(rules::to_string(s.type), wt) +
                       pad(std::string(s.unit), wu);
    std::string text(s.meaning), cur;
    std::istringstream words(text);
    bool first = true;
    for (std::string w; words >> w;) {
      if (!cur.empty() && cur.size() + 1 + w.size() > width) {
        out << (first ? line : std::string(indent, ' ')) << cur << '\n';
        first = false;
        cur.clear();
      }
      cur += (cur.empty() ? "" : " ") + w;
    }
    out << (first ? line : std::string(indent, ' ')) << cur << '\n';
  }
  out << "(source of each signal: solver signals --wide, or --json)\n";
}
}  // namespace

int run_signals(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("markdown", "print the table as Markdown (docs/signals.md)")(
      "wide", "one line per signal with its source (wider than a terminal)")(
      "json", "print the table as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "signals", "[--wide | --markdown | --json]", opts, vm))
    return *rc;
  if (vm.count("markdown")) {
    ctx.out << rules::signals_markdown();
    return kExitOk;
  }
  Table t({"signal", "type", "unit", "meaning", "source"});
  for (const auto& s : rules::signal_table())
    t.add_row({std::string(s.name), rules::to_string(s.type), std::string(s.unit),
               std::string(s.meaning), std::string(s.source)});
  if (vm.count("json"))
    print_json(ctx.out, t.to_json());
  else if (vm.count("wide"))
    t.print(ctx.out);
  else
    print_wrapped(ctx.out);
  return kExitOk;
}

int run_signals_derive(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("file", po::value<std::vector<std::string>>()->multitoken(), "signal files")(
      "chip", po::value<std::string>(), "chip to derive against (default: the file's chip)")(
      "write", "rewrite each file in place (default: print it)")(
      "check", "exit 1 if a file's stored signals differ from the derived ones")(
      "only", po::value<std::string>(),
      "re-derive only these signals (comma-separated) and keep the file's others as stored (a "
      "file whose inputs do not hold everything its signals came from)");
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "signals derive",
                              "FILE... [--chip NAME] [--only SIGNAL,...] [--write | --check]", opts,
                              vm, &pos))
    return *rc;
  if (!vm.count("file")) {
    ctx.err << "solver signals derive: no signal file given\n";
    return kExitBadInput;
  }
  std::vector<std::string> only;
  if (vm.count("only")) {
    std::istringstream names(vm["only"].as<std::string>());
    for (std::string name; std::getline(names, name, ',');)
      if (!name.empty()) only.push_back(name);
  }
  for (const auto& name : only)
    if (!rules::signal_index(name)) {
      ctx.err << "solver signals derive: --only " << name
              << ": not a signal (see: solver signals)\n";
      return kExitBadInput;
    }
  rules::ChipTable chips = load_chips(ctx);
  int rc = kExitOk;
  for (const auto& path : vm["file"].as<std::vector<std::string>>()) {
    profiling::SignalFile f = profiling::load_signal_file(path);
    std::string chip_name = vm.count("chip") ? vm["chip"].as<std::string>() : f.chip.value_or("");
    const rules::ChipProfile* chip = chip_name.empty() ? nullptr : &resolve_chip(chips, chip_name);
    profiling::SignalFile derived = f;
    auto d = profiling::derive_signals(profiling::derivation_input(f, chip));
    bool differs;
    if (only.empty()) {
      profiling::store_derivation(derived, d);
      differs = derived.signals.values != f.signals.values;
    } else {
      differs = !profiling::store_derived_signals(derived, d, only).empty();
    }
    std::string text = profiling::dump_signal_file(derived);
    if (vm.count("check")) {
      if (differs) {
        ctx.err
            << path
            << ": stored signals differ from the derivation (run: solver signals derive --write "
            << path << ")\n";
        rc = kExitFailure;
      } else {
        ctx.out << path << ": signals match the derivation\n";
      }
    } else if (vm.count("write")) {
      std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
      ctx.err << "wrote " << path << '\n';
    } else {
      ctx.out << text;
    }
  }
  return rc;
}

}  // namespace solver::cli
