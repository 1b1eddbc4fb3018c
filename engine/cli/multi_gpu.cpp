// `solver ablate --gpus 0,1,... --on-tables per-problem --out DIR`: one host, several GPUs.
// GPU i runs shard i+1 of N (engine/run/shard.h: the same assignment as --shard on N hosts) as a
// child `solver ablate --shard K/N` whose worker sees only its GPU (SOLVER_GPU_DEVICE, the
// worker's CUDA ordinal), into DIR/shards/K (log: DIR/shards/K.log); when all have finished,
// they are merged into DIR (engine/run/merge.h). Before any child starts, every GPU's worker is
// asked what it is: a mixture of chip classes is refused. `--resume DIR` resumes each
// unfinished shard and merges. One GPU (--gpus 0) is the plain run, its worker on that GPU.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <set>

#include "engine/backend/live_backend.h"
#include "engine/cli/commands.h"
#include "engine/cli/loop_options.h"
#include "engine/cli/output.h"
#include "engine/cli/paths.h"
#include "engine/run/merge.h"
#include "engine/run/run_dir.h"
#include "engine/run/run_inputs.h"
#include "engine/run/shard.h"
#include "profiling/rule_metrics.h"
#include "rules/diagnostics.h"
#include "rules/rule_table.h"

namespace solver::cli {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& msg) {
  throw rules::InputError(rules::Diagnostic{{where, 0, 0}, msg});
}

// The user's arguments without the ones the parent decides for each child.
std::vector<std::string> child_args(const std::vector<std::string>& args) {
  static const std::set<std::string> with_value{"--gpus", "--out", "--resume", "--backend",
                                                "--shard"};
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") continue;
    if (with_value.count(a)) {
      ++i;
      continue;
    }
    auto eq = a.find('=');
    if (eq != std::string::npos && with_value.count(a.substr(0, eq))) continue;
    out.push_back(a);
  }
  return out;
}

std::string self_exe() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("solver") : p.string();
}

pid_t spawn_child(const std::vector<std::string>& argv, int ordinal, const std::string& log) {
  pid_t pid = ::fork();
  if (pid != 0) return pid;
  ::setenv("SOLVER_GPU_DEVICE", std::to_string(ordinal).c_str(), 1);
  int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) {
    ::dup2(fd, 1);
    ::dup2(fd, 2);
  }
  std::vector<char*> cargv;
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  ::execv(cargv[0], cargv.data());
  ::_exit(127);
}

// What each GPU's worker says it is (a worker that does not start is an error: exit 1).
std::vector<engine::GpuDevice> probe_gpus(const Context& ctx, const po::variables_map& vm,
                                          const std::vector<int>& gpus,
                                          const std::string& problems_root,
                                          const std::string& rules_path) {
  engine::LiveOptions live;
  live.problems_root = problems_root;
  live.chips_file = chips_file(ctx.data_dir);
  live.metrics = profiling::metrics_for_rules(rules::load_rule_table(rules_path));
  if (vm.count("gpu-worker")) live.worker_path = vm["gpu-worker"].as<std::string>();
  if (vm.count("gpu-worker-arg"))
    live.worker_args = vm["gpu-worker-arg"].as<std::vector<std::string>>();
  std::vector<engine::GpuDevice> out;
  const char* had = std::getenv("SOLVER_GPU_DEVICE");
  std::string saved = had ? had : "";
  for (int g : gpus) {
    ::setenv("SOLVER_GPU_DEVICE", std::to_string(g).c_str(), 1);  // the worker inherits it
    auto opened = engine::open_live_backend(live);
    if (!opened.backend) {
      if (had)
        ::setenv("SOLVER_GPU_DEVICE", saved.c_str(), 1);
      else
        ::unsetenv("SOLVER_GPU_DEVICE");
      throw std::runtime_error("GPU " + std::to_string(g) + ": no live backend: " + opened.why_not);
    }
    auto info = opened.backend->info();
    out.push_back({g, info.chip_id, info.device_name});
  }
  if (had)
    ::setenv("SOLVER_GPU_DEVICE", saved.c_str(), 1);
  else
    ::unsetenv("SOLVER_GPU_DEVICE");
  return out;
}

}  // namespace

int run_multi_gpu(Context& ctx, const po::variables_map& vm, engine::AblationOptions opt) {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  std::vector<int> gpus = engine::parse_gpu_list(vm["gpus"].as<std::string>(), visible);
  if (vm.count("shard"))
    bad("--shard",
        "--gpus shards the run itself (GPU i runs shard i+1 of N): leave out --shard, "
        "or give one GPU per --shard process");
  if (vm["backend"].as<std::string>() == "recorded")
    bad("--backend", "--gpus runs live workers; the recorded backend has no GPUs to spread over");
  if (gpus.size() == 1) {
    // One GPU: the plain run, its worker on that GPU.
    ::setenv("SOLVER_GPU_DEVICE", std::to_string(gpus[0]).c_str(), 1);
    return execute_ablation(ctx, vm, opt, "ablate");
  }
  std::string root = vm.count("resume") ? vm["resume"].as<std::string>()
                                        : (vm.count("out") ? vm["out"].as<std::string>() : "");
  if (root.empty())
    bad("--out", "--gpus needs --out DIR (the shards go to DIR/shards/K, the merged run to DIR)");
  if (vm.count("resume") && vm.count("out") &&
      fs::path(vm["out"].as<std::string>()).lexically_normal() != fs::path(root).lexically_normal())
    bad("--out", "--out conflicts with --resume: a resumed run continues in its own directory");
  const bool resuming = vm.count("resume") > 0;
  if (!resuming && fs::exists(fs::path(root) / "ledger.jsonl"))
    bad(root,
        "a run already lives here; continue it with --resume " + root + " or pick another --out");
  // A folder of the user's is refused before any shard runs in it (the merge at the end would
  // refuse it after all the shards' work, leaving shards/ there).
  if (!resuming && fs::is_directory(root)) engine::check_out_folder(root);
  if (opt.problems.empty() && !resuming) {
    ctx.err << "solver ablate: no problems given\n";
    return kExitBadInput;
  }
  std::string on_tables = vm["on-tables"].as<std::string>();
  const std::string problems_dir =
      vm.count("problems-dir") ? vm["problems-dir"].as<std::string>() : problems_root(ctx.data_dir);
  const std::string rules_path =
      vm.count("rules") ? vm["rules"].as<std::string>() : rules_file(ctx.data_dir);
  if (!opt.problems.empty()) {
    engine::check_problem_names(opt.problems);
    engine::check_shardable(opt.problems, {"off", "on"}, on_tables,
                            engine::ShardSpec{1, static_cast<int>(gpus.size())});
  }
  // A resumed run whose merge is done has nothing left to do (a merge that was killed is
  // done again below: the shards are resumed, finished as they are, and merged).
  if (resuming && fs::exists(fs::path(root) / "ledger.jsonl") && !engine::merge_unfinished(root)) {
    auto dir = engine::open_run_dir(root);
    auto manifest = engine::load_manifest(dir);
    if (!manifest.contains("merged"))
      bad(dir.ledger(),
          "not a multi-GPU run (its manifest has no 'merged'): resume it without --gpus");
    auto summary = engine::read_summary(dir, ctx.err);
    ctx.out << summary.backend_line << '\n';
    summary.print_table(ctx.out);
    ctx.out << "run directory: " << root << " (merged already: nothing to resume)\n";
    return kExitOk;
  }

  auto devices = probe_gpus(ctx, vm, gpus, problems_dir, rules_path);
  engine::check_same_chip(devices);
  ctx.err << "solver: " << gpus.size() << " GPUs, all " << devices.front().device_name << " ("
          << devices.front().chip_id << ")\n";

  fs::create_directories(fs::path(root) / "shards");
  auto plan = engine::plan_gpu_shards(opt.problems, gpus);
  std::vector<std::string> base{self_exe()};
  if (!ctx.data_dir.empty()) base.insert(base.end(), {"--data-dir", ctx.data_dir});
  base.push_back("ablate");
  for (const auto& a : child_args(ctx.args)) base.push_back(a);
  struct Child {
    pid_t pid;
    std::string dir, log;
    engine::ShardSpec shard;
    int ordinal;
  };
  std::vector<Child> children;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    engine::ShardSpec shard{static_cast<int>(i) + 1, static_cast<int>(gpus.size())};
    std::string dir = (fs::path(root) / "shards" / std::to_string(shard.index)).string();
    std::vector<std::string> argv = base;
    argv.insert(argv.end(), {"--shard", shard.text(), "--backend", "live"});
    bool started = fs::exists(fs::path(dir) / "ledger.jsonl") &&
                   !engine::ledger_never_started(dir + "/ledger.jsonl");
    argv.insert(argv.end(), {started ? "--resume" : "--out", dir});
    std::string log = dir + ".log";
    ctx.err << "solver: GPU " << gpus[i] << ": shard " << shard.text();
    if (!plan.empty() && !plan[i].problems.empty())
      ctx.err << " (" << join(plan[i].problems, ",") << ")";
    ctx.err << (started ? " resumed" : "") << " -> " << dir << " (log " << log << ")\n";
    children.push_back({spawn_child(argv, gpus[i], log), dir, log, shard, gpus[i]});
  }
  int worst = kExitOk;
  std::vector<std::string> dirs;
  for (const auto& c : children) {
    int status = 0;
    ::waitpid(c.pid, &status, 0);
    int rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (rc != 0) {
      ctx.err << "solver: shard " << c.shard.text() << " on GPU " << c.ordinal << " failed (exit "
              << rc << "): see " << c.log << "; fix and rerun with --resume " << root << '\n';
      worst = worst == kExitBadInput || rc == kExitBadInput ? kExitBadInput : 1;
    }
    dirs.push_back(c.dir);
  }
  if (worst != kExitOk) return worst;
  std::string command = "solver ablate";
  for (const auto& a : ctx.args) command += " " + a;
  auto merged = engine::merge_runs(dirs, root, command + " (merge)", ctx.err);
  if (vm.count("json")) {
    print_json(ctx.out, merged.summary.to_json());
  } else {
    ctx.out << merged.summary.backend_line << '\n';
    merged.summary.print_table(ctx.out);
    ctx.out << "run directory: " << root << " (" << gpus.size() << " GPUs, shards in " << root
            << "/shards; report.html, summary.json, ledger.jsonl)\n";
  }
  return kExitOk;
}

}  // namespace solver::cli
