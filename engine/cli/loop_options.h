// Options shared by `solver ablate` and `solver run` (cmd_ablate.cpp), which differ only in
// how they name problems and tracks.
#pragma once
#include <cstdint>
#include <string>

#include "engine/cli/options.h"
#include "engine/run/ablation.h"

namespace solver::cli {

void add_loop_options(po::options_description& opts);
// Checks what can be checked before a backend starts (loop_preflight.cpp): counts, the
// backend name, the rule table, the problem names, the chip. Throws a located InputError.
// "unknown problem 'x' (no ROOT/x/problem.yaml); did you mean ...; known problems: ..." with
// the folder searched and how to name another one: for every command that loads problems.
std::string unknown_problem_message(const std::string& name, const std::string& root);

void preflight_loop_arguments(const Context& ctx, const engine::AblationOptions& opt,
                              const po::variables_map& vm);
// A --seed value: digits only, 0 .. 2^64-1 ("-1" is refused, not wrapped). Throws InputError.
uint64_t parse_seed(const std::string& text);
// Fills the rest of `opt` from `vm`, opens the backend, prints its line first, runs, prints
// the summary. Returns the exit code.
int execute_ablation(Context& ctx, const po::variables_map& vm, engine::AblationOptions opt,
                     const std::string& command);
// "0.1.0 (commit abc123)": the binary a run was made with (the manifest's "build"; version.cpp).
std::string build_id();
// `ablate --gpus 0,1,...`: one shard per GPU, each a `solver ablate --shard K/N` child process
// with its own worker on its GPU, then merged (multi_gpu.cpp).
int run_multi_gpu(Context& ctx, const po::variables_map& vm, engine::AblationOptions opt);

}  // namespace solver::cli
