// Which pair rule `solver ablate` and `solver run` time with (docs/loop.md, step 7;
// docs/reliability.md P10), from the flags given:
//   --adaptive-pairs   the adaptive rule: an 8-pair pilot's spread sets the cap, up to --pairs
//                      (default 128). THE DEFAULT when no rule flag and no --pairs is given.
//   --fixed-pairs      every pair up to --pairs (default 16), one look: the rule of every run
//                      made before the adaptive default.
//   --sequential-pairs stop at the first decided look of 8, 12, ... up to --pairs (default 16).
//   --pairs N alone    (no rule flag) the fixed rule of N pairs, as it always meant: a script
//                      that says how many pairs it wants keeps getting exactly that many.
// Two rule flags at once are refused (InputError at the second flag, exit 2). A resumed run
// keeps its own rule whatever is given here: its ledger header's pair_rule is applied
// (engine/run/run_inputs.h apply_run_settings), and a rule flag that differs from it is refused
// by the run-options table (engine/run/run_options.cpp).
#pragma once
#include "engine/cli/options.h"
#include "engine/run/ablation.h"

namespace solver::cli {

// Sets opt.pairs, opt.sequential and opt.adaptive from `vm` (the options of add_loop_options).
void apply_pair_rule(const po::variables_map& vm, engine::AblationOptions& opt);

}  // namespace solver::cli
