// Rule matching throughput: signal sets classified per second on one core.
//
//   matcher_bench [RULES.yaml] [CHIP] [SECONDS]     (defaults: rules/rules.yaml h200 2)
//
// The signal sets are random but realistic (ranges a profiled kernel produces, ~8% of
// signals missing, as when a metric was not collected), drawn once from a fixed seed so
// every run classifies the same sets. Each classification is a full Matcher::match: bind
// the slots, evaluate every rule, build the fired / blocked / outranked / evidence lists.
// Printed: match (a fresh MatchResult each), match into one reused MatchResult, match_bound,
// match of a SignalVector (signals by id, names resolved beforehand) into a reused result:
// the issue-29 figure (>= 1 M classifications/s), and the same with the table and chip checked
// once for the batch (Matcher::prepare, match_prepared).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <map>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "rules/matcher.h"

using namespace solver::rules;

// Every heap allocation through operator new in this process, counted: the bench prints the
// allocations per classification of each entry (the matcher's hot path is meant to make none
// into a reused result). The replaced operators keep the standard behaviour otherwise. A plain
// counter: the bench is one thread, and a locked increment would tax the allocating figures.
namespace {
std::size_t g_allocations = 0;
}  // namespace

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

const std::size_t kSets =
    std::getenv("BENCH_SETS") ? std::strtoul(std::getenv("BENCH_SETS"), nullptr, 10) : 4096;

std::vector<SignalSet> make_signal_sets(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  auto log_uniform = [&](double lo, double hi) { return lo * std::pow(hi / lo, u(rng)); };
  const char* dtypes[] = {"fp32", "fp32", "fp16", "bf16", "tf32", "fp64"};
  std::vector<SignalSet> sets(n);
  for (auto& s : sets) {
    bool tensor = u(rng) < 0.3;
    auto put = [&](const char* name, Value v) {
      if (u(rng) >= 0.08) s.set(name, std::move(v));
    };
    double blocks_per_sm = std::floor(log_uniform(1, 16));
    double grid = std::floor(log_uniform(16, 65536));
    put("time_us", log_uniform(2, 20000));
    put("weight", u(rng));
    put("kernel_count", std::floor(log_uniform(1, 8)));
    put("launch_count", std::floor(log_uniform(1, 64)));
    put("launch_gap_frac", u(rng) * 0.6);
    put("dram_frac", u(rng));
    put("dram_pct_profiled", u(rng) * 100);
    put("load_eff", 0.1 + 0.9 * u(rng));
    put("sectors_per_request", std::floor(log_uniform(1, 32)));
    put("l2_hit", u(rng));
    put("bank_conflicts_per_request", u(rng) < 0.7 ? 0.0 : log_uniform(0.1, 31));
    put("uses_cp_async", u(rng) < 0.2);
    put("compute_frac", u(rng));
    put("flop_frac", u(rng));
    put("fma_frac", u(rng));
    put("tensor_frac", tensor ? u(rng) : 0.0);
    put("tensor_active", tensor);
    put("wgmma_active", tensor && u(rng) < 0.3);
    put("issue_frac", u(rng));
    put("arith_intensity", log_uniform(0.05, 1000));
    put("dtype", std::string(dtypes[static_cast<int>(u(rng) * 6)]));
    put("occupancy", u(rng));
    put("theoretical_occupancy", 0.125 * std::ceil(8 * u(rng)));
    put("regs_per_thread", std::floor(log_uniform(16, 255)));
    put("smem_per_block", u(rng) < 0.4 ? 0.0 : std::floor(log_uniform(1024, 227 * 1024)));
    put("local_bytes", u(rng) < 0.85 ? 0.0 : std::floor(log_uniform(4, 2048)));
    put("block_threads", 32 * std::floor(log_uniform(1, 32)));
    put("grid_blocks", grid);
    put("blocks_per_sm", blocks_per_sm);
    double waves = grid / (blocks_per_sm * 132);
    put("waves", waves);
    // The full time account of a live profile (issues 11 and 29): every stall reason as a
    // share of warp-cycles (random weights normalised to 1), the pipes, caches and the tail.
    {
      static const char* kStalls[] = {"stall_long_scoreboard",
                                      "stall_short_scoreboard",
                                      "stall_mio_throttle",
                                      "stall_barrier",
                                      "stall_membar",
                                      "stall_lg_throttle",
                                      "stall_math_pipe_throttle",
                                      "stall_wait",
                                      "stall_not_selected",
                                      "stall_branch_resolving",
                                      "stall_dispatch_stall",
                                      "stall_drain",
                                      "stall_imc_miss",
                                      "stall_no_instruction",
                                      "stall_selected",
                                      "stall_sleeping",
                                      "stall_tex_throttle",
                                      "stall_gmma",
                                      "stall_misc"};
      double w[std::size(kStalls)], total = 0;
      for (double& x : w) total += (x = std::pow(u(rng), 4));
      for (std::size_t i = 0; i < std::size(kStalls); ++i) put(kStalls[i], w[i] / total);
    }
    for (const char* pipe :
         {"alu_frac", "fp64_frac", "xu_frac", "lsu_frac", "uniform_frac", "l1_frac", "l2_frac",
          "l1_hit", "sm_active_frac", "store_eff", "const_miss_frac"})
      put(pipe, u(rng));
    put("warp_efficiency", 0.3 + 0.7 * u(rng));
    put("local_inst_frac", u(rng) < 0.85 ? 0.0 : 0.05 * u(rng));
    put("local_traffic_bytes", u(rng) < 0.85 ? 0.0 : log_uniform(1e3, 1e9));
    put("atomic_inst_frac", u(rng) < 0.85 ? 0.0 : 0.1 * u(rng));
    put("gemm_loop", u(rng) < 0.2);
    put("mbarrier_pipeline", tensor && u(rng) < 0.5);
    put("tma_copies", tensor && u(rng) < 0.3);
    put("occupancy_limiter", std::string(u(rng) < 0.5 ? "registers" : "smem"));
    double whole = std::ceil(waves - 1e-9);
    if (whole > 0) put("tail_idle_frac", (whole - waves) / whole);
  }
  return sets;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string rules_path =
      argc > 1 ? argv[1] : std::string(SOLVER_SOURCE_DIR) + "/rules/rules.yaml";
  const std::string chip_id = argc > 2 ? argv[2] : "h200";
  const double seconds = argc > 3 ? std::atof(argv[3]) : 2.0;
  try {
    RuleTable table = load_rule_table(rules_path);
    ChipTable chips = load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
    const ChipProfile* chip = chips.find(chip_id);
    if (!chip) {
      std::fprintf(stderr, "matcher_bench: unknown chip '%s'\n", chip_id.c_str());
      return 2;
    }
    const std::vector<SignalSet> sets = make_signal_sets(kSets, 20261129);
    Matcher matcher(table);

    std::map<std::string, long> fired;  // sanity: the sets exercise many rules
    for (const auto& s : sets) {
      MatchResult r = matcher.match(s, *chip);
      ++fired[r.fired ? r.fired->id : "(none)"];
    }

    // CPU time of this thread, not wall time: on a shared build machine the wall clock also
    // counts the time other processes held the core. Wall time is printed beside it.
    using clock = std::chrono::steady_clock;
    long n = 0;
    std::size_t sink = 0;
    const std::size_t a_m0 = g_allocations;
    const auto start = clock::now();
    const double cpu_start = thread_cpu_seconds();
    auto elapsed = [&] { return thread_cpu_seconds() - cpu_start; };
    while (elapsed() < seconds) {
      for (const auto& s : sets) {
        MatchResult r = matcher.match(s, *chip);
        sink += r.outranked.size() + (r.fired != nullptr);
      }
      n += static_cast<long>(sets.size());
    }
    const double t = elapsed();
    const double a_m = static_cast<double>(g_allocations - a_m0) / static_cast<double>(n);
    const double wall = std::chrono::duration<double>(clock::now() - start).count();

    // The same sets into one reused MatchResult (Matcher::match(signals, chip, out)): what
    // allocating and freeing a fresh result's lists costs is the difference.
    const std::size_t a_r0 = g_allocations;
    long nr = 0;
    MatchResult reused;
    const double cpu_r = thread_cpu_seconds();
    while (thread_cpu_seconds() - cpu_r < seconds) {
      for (const auto& s : sets) {
        matcher.match(s, *chip, reused);
        sink += reused.outranked.size() + (reused.fired != nullptr);
      }
      nr += static_cast<long>(sets.size());
    }
    const double tr = thread_cpu_seconds() - cpu_r;
    const double a_r = static_cast<double>(g_allocations - a_r0) / static_cast<double>(nr);

    // The same sets bound to slots once beforehand (Matcher::match_bound): what binding a
    // std::map-based SignalSet costs is the difference.
    std::vector<std::vector<Value>> bound(sets.size(), std::vector<Value>(rule_slot_count()));
    for (std::size_t i = 0; i < sets.size(); ++i) bind_signal_slots(sets[i], bound[i]);
    const std::size_t a_b0 = g_allocations;
    long nb = 0;
    const double cpu_b = thread_cpu_seconds();
    while (thread_cpu_seconds() - cpu_b < seconds) {
      for (const auto& b : bound) {
        MatchResult r = matcher.match_bound(b, *chip);
        sink += r.outranked.size() + (r.fired != nullptr);
      }
      nb += static_cast<long>(bound.size());
    }
    const double tb = thread_cpu_seconds() - cpu_b;
    const double a_b = static_cast<double>(g_allocations - a_b0) / static_cast<double>(nb);
    // The same sets as SignalVectors (signals by id, built once) into one reused result: no
    // name lookup and no allocation per classification.
    std::vector<SignalVector> dense;
    for (const auto& s : sets) dense.emplace_back(s);
    const std::size_t a_d0 = g_allocations;
    long nd = 0;
    const double cpu_d = thread_cpu_seconds();
    while (thread_cpu_seconds() - cpu_d < seconds) {
      for (const auto& d : dense) {
        matcher.match(d, *chip, reused);
        sink += reused.outranked.size() + (reused.fired != nullptr);
      }
      nd += static_cast<long>(dense.size());
    }
    const double td = thread_cpu_seconds() - cpu_d;
    const double a_d = static_cast<double>(g_allocations - a_d0) / static_cast<double>(nd);
    // The same SignalVectors with the table and chip checked once for the batch
    // (Matcher::prepare), not per classification (Matcher::match_prepared).
    matcher.prepare(*chip);
    const std::size_t a_p0 = g_allocations;
    long np = 0;
    const double cpu_p = thread_cpu_seconds();
    while (thread_cpu_seconds() - cpu_p < seconds) {
      for (const auto& d : dense) {
        matcher.match_prepared(d, reused);
        sink += reused.outranked.size() + (reused.fired != nullptr);
      }
      np += static_cast<long>(dense.size());
    }
    const double tp = thread_cpu_seconds() - cpu_p;
    const double a_p = static_cast<double>(g_allocations - a_p0) / static_cast<double>(np);
    std::printf("rules: %s (%zu rules), chip: %s\n", rules_path.c_str(), table.rules.size(),
                chip->id.c_str());
    std::printf(
        "classified %ld signal sets in %.3f s CPU (%.3f s wall): %.0f sets/s per core "
        "(%.0f ns each) [sink %zu]\n",
        n, t, wall, n / t, 1e9 * t / n, sink % 10);
    std::printf("reused result (match into): %.0f sets/s per core (%.0f ns each)\n", nr / tr,
                1e9 * tr / nr);
    std::printf("pre-bound slots (match_bound): %.0f sets/s per core (%.0f ns each)\n", nb / tb,
                1e9 * tb / nb);
    std::printf(
        "signals by id (SignalVector) into a reused result: %.0f sets/s per core "
        "(%.0f ns each)\n",
        nd / td, 1e9 * td / nd);
    std::printf(
        "prepared batch (prepare once, match_prepared by id) into a reused result: %.0f sets/s "
        "per core (%.0f ns each)\n",
        np / tp, 1e9 * tp / np);
    // Heap allocations per classification, each figure's timed loop (the bench's own
    // bookkeeping allocates nothing there).
    std::printf(
        "allocations per classification: match %.2f, match into %.2f, match_bound %.2f, "
        "by id into %.2f, prepared %.2f\n",
        a_m, a_r, a_b, a_d, a_p);
    std::printf("fired over the %zu distinct sets:", sets.size());
    for (const auto& [id, count] : fired) std::printf(" %s=%ld", id.c_str(), count);
    std::printf("\n");
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.format().c_str());
    return 2;
  }
  return 0;
}
