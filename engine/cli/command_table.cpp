// The one table of subcommands, and run_cli: global options, dispatch, and the error boundary
// (InputError -> located diagnostics, exit 2; anything else -> "solver: error: ...", exit 1).
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <ostream>

#include "engine/cli/command.h"
#include "engine/cli/commands.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "generators/kernel_library.h"
#include "rules/diagnostics.h"
#include "rules/names.h"

#ifndef SOLVER_VERSION
#define SOLVER_VERSION "0.1.0"
#endif

namespace solver::cli {

const std::vector<Command>& command_table() {
  static const std::vector<Command> table = {
      {"rules check", "load and lint a rule table; print a summary (exit 2 on errors)",
       run_rules_check},
      {"classify", "name the bottleneck of a kernel from recorded signals or an ncu CSV export",
       run_classify},
      {"dry-run", "classify the same signals as if on each of several chips, side by side",
       run_dry_run},
      {"signals", "list the signal vocabulary (--markdown for docs/signals.md)", run_signals},
      {"signals derive", "recompute a signal file's signals from its raw metrics and inputs",
       run_signals_derive},
      {"signals ncu-metrics",
       "print the `ncu --metrics` list that collects every signal the rules read",
       run_signals_ncu_metrics},
      {"signals metrics",
       "the profiler metrics the rule table makes the live profile collect, per signal",
       run_signals_metrics},
      {"chips", "list the chip profiles of chips.yaml", run_chips},
      {"ablate",
       "evolution ON vs OFF over the same pools, budget, rules and seed; summary + report",
       run_ablate},
      {"run", "one track of the loop on one problem (--evolve on|off)", run_run},
      {"report", "regenerate summary.json and report.html of a run directory", run_report},
      {"merge", "join the shards of one `ablate --shard K/N` run into one run directory",
       run_merge},
      {"replay", "which recorded decisions an edited rule table changes (--simulate: new outcomes)",
       run_replay},
      {"record", "measure whole variant pools on the live GPU into a recording", run_record},
      {"recording rederive",
       "re-derive a recording's signals with the current derivation; print what changes",
       run_recording_rederive},
      {"recording rekey",
       "after a source move: re-key the points whose code is unchanged; list those to re-record",
       run_recording_rekey},
      {"calibrate",
       "the paired verdict on arms with a known answer: identical, K% slower, a slower pool point",
       run_calibrate},
      {"problems check",
       "validate, compile and (with a GPU) gate every variant at every knob point",
       run_problems_check},
      {"problems new",
       "draft a problem folder from a .cu file of kernels (--from FILE.cu); TODOs where only you "
       "can say",
       run_problems_new},
      {"problems export",
       "compile one variant at a knob point to a cubin + a JSON of its launches, buffers and "
       "arguments (for bench/parity.py)",
       run_problems_export},
      {"eval", "score classify against a labelled suite: per-class results, accuracy, confusions",
       run_eval},
      {"hypotheses",
       "list the hypotheses rules may name and variants may apply, with their meaning",
       run_hypotheses},
      {"completion", "print a bash or zsh completion script (solver completion bash|zsh)",
       run_completion},
      {"man", "print the man page (roff), made from the command table and every --help", run_man},
  };
  return table;
}

namespace {

void print_help(std::ostream& out) {
  out << "usage: solver [--data-dir DIR] <command> [options]\n"
         "       solver <command> --help\n\n"
         "commands:\n";
  std::size_t w = 0;
  for (const auto& c : command_table()) w = std::max(w, std::string(c.name).size());
  for (const auto& c : command_table())
    out << "  " << c.name << std::string(w - std::string(c.name).size() + 2, ' ') << c.summary
        << '\n';
  out << "\nglobal options:\n"
         "  --data-dir DIR  where rules/, problems/ and recordings live (default: "
         "$SOLVER_DATA_DIR,\n"
         "                  else <bin>/../share/solver, else the source tree)\n"
         "  --version       print the version\n"
         "  -h, --help      this list\n"
         "\nexit codes: 0 ok, 1 the work failed, 2 bad input\n";
}

// Finds the command named by args[0] (and args[1] for two-word names). Returns nullptr and sets
// `words` to 0 if there is none.
const Command* find_command(const std::vector<std::string>& args, std::size_t& words) {
  // Two-word names first, so that "signals derive" wins over "signals".
  for (const auto& c : command_table()) {
    std::string name = c.name;
    auto space = name.find(' ');
    if (space != std::string::npos && args.size() >= 2 && args[0] == name.substr(0, space) &&
        args[1] == name.substr(space + 1))
      return words = 2, &c;
  }
  for (const auto& c : command_table())
    if (args[0] == c.name) return words = 1, &c;
  words = 0;
  return nullptr;
}

// Subcommands of a two-word group ("rules" -> "check"), to help a user who typed only the group.
std::vector<std::string> group_members(const std::string& group) {
  std::vector<std::string> out;
  for (const auto& c : command_table()) {
    std::string name = c.name;
    if (name.rfind(group + " ", 0) == 0) out.push_back(name.substr(group.size() + 1));
  }
  return out;
}

}  // namespace

namespace {

// --data-dir D reads the kernel library of D (D/kernels), and so does the GPU worker this
// process starts ($SOLVER_KERNELS_DIR is inherited). Without it (or where D has no kernels/:
// a data dir made of a few copied folders), the library is the default one
// (generators/kernel_library.h) and $SOLVER_KERNELS_DIR is what it was when the first
// command of this process ran (tests run many commands in one process).
void use_kernel_library(const std::string& data_dir) {
  static const std::optional<std::string> original = [] {
    const char* v = std::getenv("SOLVER_KERNELS_DIR");
    return v ? std::optional<std::string>(v) : std::nullopt;
  }();
  std::error_code ec;
  const std::string lib = kernels_root(data_dir);
  if (!data_dir.empty() && std::filesystem::is_directory(lib, ec)) {
    generators::set_kernel_library_dir(lib);
    ::setenv("SOLVER_KERNELS_DIR", lib.c_str(), 1);
    return;
  }
  generators::set_kernel_library_dir("");
  if (original)
    ::setenv("SOLVER_KERNELS_DIR", original->c_str(), 1);
  else
    ::unsetenv("SOLVER_KERNELS_DIR");
}

}  // namespace

int run_cli(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
  // argv[0] is the program name, as in main().
  std::vector<std::string> args(argv.begin() + (argv.empty() ? 0 : 1), argv.end());
  std::string data_dir;
  // --data-dir is global: accepted anywhere, removed before the command parses its options.
  for (std::size_t i = 0; i < args.size();) {
    if (args[i] == "--data-dir") {
      if (i + 1 >= args.size()) {
        err << "solver: --data-dir needs a folder\n";
        return kExitBadInput;
      }
      data_dir = args[i + 1];
      args.erase(args.begin() + i, args.begin() + i + 2);
    } else if (args[i].rfind("--data-dir=", 0) == 0) {
      data_dir = args[i].substr(11);
      args.erase(args.begin() + i);
    } else {
      ++i;
    }
  }
  // The one text option every command's own check (options.cpp) never sees: it is taken out
  // above. Its value reaches messages, the manifest and the ledger header as paths.
  if (!data_dir.empty())
    if (auto why = rules::name_problem(data_dir, rules::kMaxPathBytes)) {
      err << "solver: --data-dir: the value '" << rules::printable(data_dir) << "' " << *why
          << '\n';
      return kExitBadInput;
    }
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help(args.empty() ? err : out);
    return args.empty() ? kExitBadInput : kExitOk;
  }
  if (args[0] == "--version") {
    print_version(out);
    return kExitOk;
  }
  if (args[0].rfind("-", 0) == 0) {
    err << "solver: unknown option '" << args[0] << "' (see: solver --help)\n";
    return kExitBadInput;
  }
  std::size_t words = 0;
  const Command* cmd = find_command(args, words);
  if (!cmd) {
    auto members = group_members(args[0]);
    if (!members.empty()) {
      err << "solver " << args[0] << ": "
          << (args.size() > 1 ? "unknown subcommand '" + args[1] + "'"
                              : std::string("missing subcommand"))
          << "; one of:";
      for (const auto& m : members) err << ' ' << m;
      err << '\n';
    } else {
      err << "solver: unknown command '" << args[0] << "' (see: solver --help)\n";
    }
    return kExitBadInput;
  }
  use_kernel_library(data_dir);
  Context ctx{std::vector<std::string>(args.begin() + words, args.end()), out, err,
              data_dir.empty() ? default_data_dir() : data_dir};
  set_output_format(OutputFormat::Json);  // --csv / --md are per command (options.cpp)
  try {
    return cmd->run(ctx);
  } catch (const rules::InputError& e) {
    if (e.diagnostics().empty()) {
      err << "solver: " << e.what() << '\n';
    } else {
      for (const auto& d : e.diagnostics()) err << d.to_string() << '\n';
      if (e.diagnostics().size() > 1) err << e.what() << '\n';
    }
    return kExitBadInput;
  } catch (const std::exception& e) {
    err << "solver: error: " << e.what() << '\n';
    return kExitFailure;
  }
}

}  // namespace solver::cli
