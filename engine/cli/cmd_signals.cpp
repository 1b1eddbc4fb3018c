// `solver signals`: the vocabulary rules may test. `solver signals derive FILE...`: recompute a
// signal file's signals from the raw metrics and inputs it records (how the bundled fixtures
// are made, and how a test proves they still match the derivation code).
#include <fstream>
#include <ostream>

#include "engine/cli/commands.h"
#include "engine/cli/options.h"
#include "engine/cli/output.h"
#include "profiling/signal_derivation.h"
#include "profiling/signal_file.h"
#include "rules/signals.h"

namespace solver::cli {

int run_signals(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("markdown", "print the table as Markdown (docs/signals.md)")(
      "json", "print the table as JSON");
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "signals", "[--markdown | --json]", opts, vm)) return *rc;
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
  else
    t.print(ctx.out);
  return kExitOk;
}

int run_signals_derive(Context& ctx) {
  po::options_description opts("options");
  opts.add_options()("file", po::value<std::vector<std::string>>()->multitoken(), "signal files")(
      "chip", po::value<std::string>(), "chip to derive against (default: the file's chip)")(
      "write", "rewrite each file in place (default: print it)")(
      "check", "exit 1 if a file's stored signals differ from the derived ones");
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (auto rc = parse_options(ctx, "signals derive", "FILE... [--chip NAME] [--write | --check]",
                              opts, vm, &pos))
    return *rc;
  if (!vm.count("file")) {
    ctx.err << "solver signals derive: no signal file given\n";
    return kExitBadInput;
  }
  rules::ChipTable chips = load_chips(ctx);
  int rc = kExitOk;
  for (const auto& path : vm["file"].as<std::vector<std::string>>()) {
    profiling::SignalFile f = profiling::load_signal_file(path);
    std::string chip_name = vm.count("chip") ? vm["chip"].as<std::string>() : f.chip.value_or("");
    const rules::ChipProfile* chip = chip_name.empty() ? nullptr : &resolve_chip(chips, chip_name);
    profiling::SignalFile derived = f;
    profiling::store_derivation(derived,
                                profiling::derive_signals(profiling::derivation_input(f, chip)));
    std::string text = profiling::dump_signal_file(derived);
    if (vm.count("check")) {
      if (derived.signals.values != f.signals.values) {
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
