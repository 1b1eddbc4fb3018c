// The CLI run in-process (cli::run_cli) with the source tree as its data dir, as the CLI tests
// run it: exit code, stdout and stderr.
#pragma once
#include <sstream>
#include <string>
#include <vector>

#include "engine/cli/command.h"

namespace solver::test {

struct CliRun {
  int rc = 0;
  std::string out, err;
};

inline CliRun run_solver(std::vector<std::string> args) {
  args.insert(args.begin(), {"solver", "--data-dir", SOLVER_SOURCE_DIR});
  std::ostringstream out, err;
  int rc = cli::run_cli(args, out, err);
  return {rc, out.str(), err.str()};
}

}  // namespace solver::test
