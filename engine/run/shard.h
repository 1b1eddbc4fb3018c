// Sharding an ablation (docs/scale-out.md). The unit is the problem: both tracks of a problem
// always run in the same shard, since the OFF and ON tracks of one problem share the live
// memo of gates and profiles, and nothing else crosses problems except the ON track's table
// under the carry-over mode. So:
//   --on-tables per-problem  every problem's ON track starts from the input table: problems
//                            are independent and a sharded run, merged, is the same run.
//   --on-tables carry        (the default) the ON table carries from one problem to the next:
//                            one chain over all problems, which cannot be split. Sharding it
//                            is refused (unless the run has no ON track).
// Assignment: problem i (0-based, in the order given) goes to shard (i mod N) + 1. Same
// problem list, same N -> same assignment on every machine; shard sizes differ by at most one.
#pragma once
#include <string>
#include <vector>

namespace solver::engine {

struct ShardSpec {
  int index = 0;  // 1-based; 0 = not sharded
  int count = 0;
  bool sharded() const { return count > 0; }
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// "K/N" with 1 <= K <= N <= 4096; InputError located at `flag` otherwise.
ShardSpec parse_shard(const std::string& text, const std::string& flag = "--shard");

// The problems of shard `spec` (all of them when not sharded), in the order given.
std::vector<std::string> shard_problems(const std::vector<std::string>& problems,
                                        const ShardSpec& spec);

// Refuses what cannot be sharded exactly: more shards than problems (an empty shard), and the
// carry-over ON chain. `on_tables` is "carry" or "per-problem".
void check_shardable(const std::vector<std::string>& problems,
                     const std::vector<std::string>& tracks, const std::string& on_tables,
                     const ShardSpec& spec);

// "carry" / "per-problem", else InputError at `where`.
void check_on_tables(const std::string& mode, const std::string& where);

// `--gpus`: "0,2,3" (CUDA ordinals as this process sees them, each once), or "visible": one
// per entry of CUDA_VISIBLE_DEVICES (`visible_env`, nullptr when unset; Slurm sets it to the
// job's GPUs), i.e. ordinals 0..n-1. InputError at --gpus otherwise.
std::vector<int> parse_gpu_list(const std::string& text, const char* visible_env);

// One host, several GPUs: GPU i of the list runs shard i+1 of N = the list's length, with the
// problems shard_problems assigns it (the same function as --shard on many hosts).
struct GpuShard {
  int ordinal = 0;
  ShardSpec shard;
  std::vector<std::string> problems;
};
std::vector<GpuShard> plan_gpu_shards(const std::vector<std::string>& problems,
                                      const std::vector<int>& gpus);

// Every GPU of a run is the same chip class: `devices` is (ordinal, chip id, device name) as
// each GPU's worker reported it. InputError at --gpus naming the first GPU that differs.
struct GpuDevice {
  int ordinal = 0;
  std::string chip_id, device_name;
};
void check_same_chip(const std::vector<GpuDevice>& devices);

}  // namespace solver::engine
