// The handlers the command table (command_table.cpp) wires. Adding a command is one line in
// that table plus a cmd_<name>.cpp defining its handler, declared here.
#pragma once
#include "engine/cli/command.h"

namespace solver::cli {

int run_rules_check(Context& ctx);   // cmd_rules_check.cpp
int run_classify(Context& ctx);      // cmd_classify.cpp
int run_dry_run(Context& ctx);       // cmd_dry_run.cpp
int run_signals(Context& ctx);       // cmd_signals.cpp (also `signals derive`)
int run_chips(Context& ctx);         // cmd_chips.cpp

}  // namespace solver::cli
