// The CLI's subcommands, wired in one table (command_table.cpp). Each command lives in its own
// file (cmd_<name>.cpp), parses its own options with Boost.Program_options, and returns an exit
// code: 0 ok, 1 the work failed (a kernel was wrong, a check failed), 2 bad input.
// rules::InputError escaping a handler is printed as located diagnostics and exits 2.
#pragma once
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace solver::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitBadInput = 2;
// `classify` on the live GPU: a verdict was given, but the kernel failed the correctness gate.
constexpr int kExitGateFailed = 3;

struct Context {
  std::vector<std::string> args;  // arguments after the subcommand name
  std::ostream& out;              // results (tables or --json)
  std::ostream& err;              // diagnostics and progress
  std::string data_dir;           // where rules/, problems/, recordings/ live (see paths.h)
};

struct Command {
  const char* name;     // "classify", "rules check" (two words allowed)
  const char* summary;  // one line for `solver --help`
  std::function<int(Context&)> run;
};

const std::vector<Command>& command_table();

// Entry point used by main() and by the end-to-end tests (which pass argv lists).
int run_cli(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);

}  // namespace solver::cli
