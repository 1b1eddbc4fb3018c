#include "engine/run/shard.h"

#include <algorithm>
#include <charconv>

#include "rules/diagnostics.h"

namespace solver::engine {

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& msg) {
  throw rules::InputError(rules::Diagnostic{{where, 0, 0}, msg});
}

bool parse_int(const std::string& s, int* v) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *v);
  return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

ShardSpec parse_shard(const std::string& text, const std::string& flag) {
  auto slash = text.find('/');
  ShardSpec s;
  if (slash == std::string::npos || !parse_int(text.substr(0, slash), &s.index) ||
      !parse_int(text.substr(slash + 1), &s.count))
    fail(flag, "'" + text + "' is not a shard: give K/N (shard K of N, 1 <= K <= N), e.g. 2/4");
  if (s.count < 1 || s.count > 4096 || s.index < 1 || s.index > s.count)
    fail(flag, "'" + text + "': need 1 <= K <= N <= 4096 (shards are numbered from 1)");
  return s;
}

std::vector<std::string> shard_problems(const std::vector<std::string>& problems,
                                        const ShardSpec& spec) {
  if (!spec.sharded()) return problems;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < problems.size(); ++i)
    if (static_cast<int>(i % static_cast<std::size_t>(spec.count)) + 1 == spec.index)
      out.push_back(problems[i]);
  return out;
}

void check_on_tables(const std::string& mode, const std::string& where) {
  if (mode != "carry" && mode != "per-problem")
    fail(where, "unknown ON-table mode '" + mode + "' (carry or per-problem)");
}

void check_shardable(const std::vector<std::string>& problems,
                     const std::vector<std::string>& tracks, const std::string& on_tables,
                     const ShardSpec& spec) {
  check_on_tables(on_tables, "--on-tables");
  if (!spec.sharded()) return;
  bool on = std::find(tracks.begin(), tracks.end(), "on") != tracks.end();
  if (on && on_tables == "carry")
    fail("--shard",
         "the ON track's table carries from one problem to the next (--on-tables "
         "carry): the problems form one chain that cannot be split. Shard with "
         "--on-tables per-problem (every problem's ON track starts from the input "
         "table), or run the chain on one GPU (docs/scale-out.md)");
  if (static_cast<std::size_t>(spec.count) > problems.size())
    fail("--shard", std::to_string(spec.count) + " shards of " + std::to_string(problems.size()) +
                        " problem(s): shard(s) " + std::to_string(problems.size() + 1) + ".." +
                        std::to_string(spec.count) + " would be empty; use at most " +
                        std::to_string(problems.size()) + " shards");
}

std::vector<int> parse_gpu_list(const std::string& text, const char* visible_env) {
  std::vector<int> out;
  if (text == "visible") {
    std::string v = visible_env ? visible_env : "";
    if (v.empty() || v == "NoDevFiles")
      fail("--gpus",
           "--gpus visible: CUDA_VISIBLE_DEVICES is not set (or lists no GPU); name the "
           "GPUs (--gpus 0,1) or run where the scheduler sets it (Slurm --gpus-per-task)");
    int n = 1 + static_cast<int>(std::count(v.begin(), v.end(), ','));
    for (int i = 0; i < n; ++i) out.push_back(i);
    return out;
  }
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    std::string item = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    int g = 0;
    if (!parse_int(item, &g) || g < 0 || g > 1023)
      fail("--gpus", "'" + text + "': give CUDA ordinals (0,1,...) or 'visible'");
    if (std::find(out.begin(), out.end(), g) != out.end())
      fail("--gpus", "GPU " + item + " is named twice in '" + text + "'");
    out.push_back(g);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

std::vector<GpuShard> plan_gpu_shards(const std::vector<std::string>& problems,
                                      const std::vector<int>& gpus) {
  std::vector<GpuShard> out;
  const int n = static_cast<int>(gpus.size());
  for (int i = 0; i < n; ++i) {
    GpuShard g;
    g.ordinal = gpus[static_cast<std::size_t>(i)];
    g.shard = ShardSpec{i + 1, n};
    g.problems = shard_problems(problems, g.shard);
    out.push_back(std::move(g));
  }
  return out;
}

void check_same_chip(const std::vector<GpuDevice>& devices) {
  for (const auto& d : devices) {
    const GpuDevice& first = devices.front();
    if (d.chip_id != first.chip_id || d.device_name != first.device_name)
      fail("--gpus", "GPU " + std::to_string(d.ordinal) + " is " + d.device_name + " (" +
                         d.chip_id + ") but GPU " + std::to_string(first.ordinal) + " is " +
                         first.device_name + " (" + first.chip_id +
                         "): one run measures one chip class; name GPUs "
                         "of one kind");
  }
}

}  // namespace solver::engine
