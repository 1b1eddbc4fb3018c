// Option parsing shared by every command: `--help` prints the command's options, a bad option
// is a usage error (exit 2), and `--chip` names resolve through chips.yaml.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "engine/cli/command.h"
#include "rules/chips.h"

namespace solver::cli {

namespace po = boost::program_options;

// Parses ctx.args against `opts` (a `--help` flag is added). Returns an exit code when the
// command should stop now: 0 after printing help, 2 after a usage error (printed on ctx.err).
std::optional<int> parse_options(Context& ctx, const char* command, const char* usage,
                                 po::options_description opts, po::variables_map& vm,
                                 const po::positional_options_description* positional = nullptr);

// chips.yaml from the data dir.
rules::ChipTable load_chips(const Context& ctx);
// A chip by id or alias; throws InputError listing the known ids if there is none.
const rules::ChipProfile& resolve_chip(const rules::ChipTable& chips, const std::string& name);
// "a100,t4" -> {"a100", "t4"} (empty parts dropped).
std::vector<std::string> split_list(const std::string& text);

}  // namespace solver::cli
