// The handlers the command table (command_table.cpp) wires. Adding a command is one line in
// that table plus a cmd_<name>.cpp defining its handler, declared here. A handler parses
// ctx.args with parse_options (options.h: --help and usage errors handled, exit 2), prints a
// Table or its to_json() under --json (output.h), and throws rules::InputError for bad input.
#pragma once
#include <ostream>
#include <string>

#include "engine/cli/command.h"

namespace solver::cli {

// `solver --version`: the version, the commit built from, and whether the GPU worker and
// NVRTC are there (version.cpp).
void print_version(std::ostream& out);

int run_rules_check(Context& ctx);          // cmd_rules_check.cpp
int run_classify(Context& ctx);             // cmd_classify.cpp
int run_dry_run(Context& ctx);              // cmd_dry_run.cpp
int run_signals(Context& ctx);              // cmd_signals.cpp
int run_signals_derive(Context& ctx);       // cmd_signals.cpp
int run_signals_ncu_metrics(Context& ctx);  // cmd_signal_metrics.cpp
int run_signals_metrics(Context& ctx);      // cmd_signal_metrics.cpp
int run_chips(Context& ctx);                // cmd_chips.cpp
int run_ablate(Context& ctx);               // cmd_ablate.cpp
int run_run(Context& ctx);                  // cmd_run.cpp
int run_report(Context& ctx);               // cmd_report.cpp
int run_replay(Context& ctx);               // cmd_replay.cpp
int run_record(Context& ctx);               // cmd_record.cpp
int run_recording_rederive(Context& ctx);   // cmd_recording_rederive.cpp
int run_recording_rekey(Context& ctx);      // cmd_recording_rekey.cpp
int run_problems_check(Context& ctx);       // cmd_problems_check.cpp
int run_problems_new(Context& ctx);         // cmd_problems_new.cpp
int run_problems_export(Context& ctx);      // cmd_problems_export.cpp
int run_eval(Context& ctx);                 // cmd_eval.cpp
int run_calibrate(Context& ctx);            // cmd_calibrate.cpp
int run_merge(Context& ctx);                // cmd_merge.cpp
int run_hypotheses(Context& ctx);           // cmd_hypotheses.cpp
int run_completion(Context& ctx);           // cmd_completion.cpp
int run_man(Context& ctx);                  // cmd_completion.cpp

// `classify --problem P --variant V`: the live path, kept in its own file
// (cmd_classify_live.cpp) so the GPU backend can replace it without touching the rest.
struct LiveClassifyRequest {
  std::string problem;
  std::string variant;
  std::string chip;  // --chip, empty = the detected device
  std::string rules_path;
  std::string problems_root;  // --problems-dir, empty = problems/ in the data dir
  bool json = false;
  bool pc_sampling = true;  // --no-pc-sampling: false
};
int classify_live(Context& ctx, const LiveClassifyRequest& req);

}  // namespace solver::cli
