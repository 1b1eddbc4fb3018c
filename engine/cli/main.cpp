// `solver`: everything happens in the library (run_cli), which the tests drive with argument
// lists; main only hands over argv and the standard streams.
#include <iostream>
#include <string>
#include <vector>

#include "engine/cli/command.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv, argv + argc);
  int rc = solver::cli::run_cli(args, std::cout, std::cerr);
  std::cout.flush();
  return rc;
}
