// Red team 40 (issue 28): what the worker's own code does on red team 40's folders
// (docs/reliability.md "Red team, round 40"). Two modes, each on the engine's functions:
//
//   red40_sim regions FOLDER...   each variant compiled as `problems check --compile-only` does
//     (NVRTC), then the facts the worker's prepare takes from its PTX (worker.cpp Worker::prepare):
//     per scratch buffer, scan_region_access's written / read / stored types and write_only
//     (P4m leaves a write-only region out, scratch_resolution_op.cpp), the scratch step's scope
//     after that (resolution_scope less the write-only buffers); the module memory P7k needs
//     before it runs at all (scan_ptx_module_memory: Prepared::module_memory); and
//     scan_ptx_clock_work's verdict (P10t-c); per module array, written / read / write_only.
//   red40_sim workspace RUNS CALLS   redteam40_workspace_call_count's tag logic (cheat.cu's
//     tag_call, in host C++) on the scratch bytes the worker gives a run: DeviceBuffers'
//     garbage source (fill_garbage, seed 0x6a7ba6e5 ^ scratch bytes, kGarbageSlack longer than
//     the scratch) at garbage_offset(run, key) for RUNS runs with a random key, as
//     prepare_variant_run copies it before every run (timed, checked, P7k's seven); then a
//     caller's CALLS calls on one workspace that only the kernel writes (zeros at first, as a
//     fresh cudaMalloc'd buffer usually reads). Prints how many runs take the slow path in each.
//
//   red40_sim garbage RUNS KEYS   redteam40_garbage_window_tell's recogniser (host C++) on the
//     engine's garbage windows (fill_garbage, garbage_offset) under KEYS random keys, on a
//     caller's workspaces, and its estimator's error on the folder's law (garbage() below).
//   red40_sim partials FOLDER   control_redteam40_workspace_partials's workspace under P4m's three
//     runs (the engine's relative_move, count_resolution; the kernel emulated: partials() below).
//   red40_sim stamps BLOCKS   control_redteam40_uint2_profiler's profiler words, modelled (stamps()
//     below), through the worker's count_resolution / resolution_verdict as main reads them.
//
//   ninja -C build red40_sim && build/tests/engine/red40_sim regions tests/cheats/*redteam40_*
//   build/tests/engine/red40_sim workspace 1000000 3200; build/tests/engine/red40_sim stamps 1056
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/backend/gpu/input_sets.h"
#include "engine/backend/gpu/perturb_arith.h"
#include "engine/backend/gpu/scratch_resolution.h"
#include "generators/nvrtc_compiler.h"
#include "generators/problem_spec.h"
#include "generators/ptx_clock_work.h"
#include "generators/ptx_int_provenance.h"
#include "generators/ptx_module_memory.h"
#include "generators/ptx_store_words.h"
#include "generators/variant_space.h"
#include "rules/chips.h"

using namespace solver::generators;

namespace {

int regions(int argc, char** argv) {
  if (!nvrtc_available()) {
    std::printf("no NVRTC: %s\n", nvrtc_unavailable_reason().c_str());
    return 2;
  }
  const auto chips =
      solver::rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  const auto& chip = *chips.find("h200");
  for (int a = 0; a < argc; ++a) {
    const ProblemSpec p = load_problem(argv[a]);
    for (const VariantSpec& v : p.variants) {
      auto rv = resolve(p, v, {}, chip);
      if (!rv.ok()) continue;
      const CompileResult c = compile_variant(rv, nullptr);
      if (!c.ok) {
        std::printf("%s %s: compile failed\n", p.name.c_str(), v.id.c_str());
        continue;
      }
      const ModuleAccess acc = scan_region_access(c.ptx, float_params(rv));
      const PtxModuleMemory mem = scan_ptx_module_memory(c.ptx);
      const ClockWork w = scan_ptx_clock_work(c.ptx);
      const auto scope = solver::gpu::resolution_scope(rv, mem.globals.size());
      std::string measured;
      for (size_t i : scope.measured) {
        const auto it = acc.buffers.find(int(i));
        if (it != acc.buffers.end() && write_only(it->second)) continue;
        measured += (measured.empty() ? "" : ", ") + rv.buffers[i].name;
      }
      std::string globals;
      for (const auto& g : mem.globals) globals += (globals.empty() ? "" : ", ") + g;
      std::printf("%s %s: P7k %s (module variables: [%s]); clock scan %s; P4m measures [%s]\n",
                  p.name.c_str(), v.id.c_str(), mem.globals.empty() ? "does not run" : "runs",
                  globals.c_str(),
                  w.found ? ("refuses (" + w.what + " from " + w.sources + ")").c_str() : "passes",
                  measured.c_str());
      for (size_t i = 0; i < rv.buffers.size(); ++i) {
        if (rv.buffers[i].role != BufferRole::Scratch) continue;
        const auto it = acc.buffers.find(int(i));
        const RegionAccess r = it == acc.buffers.end() ? RegionAccess{} : it->second;
        std::printf("  scratch %s: written %s, read %s, float stores %d bits, integer stores %d "
                    "bits, write-only %s, words read as %d bytes\n",
                    rv.buffers[i].name.c_str(), r.written ? "yes" : "no", r.read ? "yes" : "no",
                    r.float_bits, r.int_bits, write_only(r) ? "YES (not judged)" : "no",
                    stored_word_bytes(r, acc.fp64_values,
                                      solver::gpu::resolution_word_bytes(rv.buffers[i].dtype)));
      }
      // module arrays (helper fix40w): P4m leaves a write-only one out as it does a buffer
      for (const auto& g : mem.globals) {
        const auto it = acc.variables.find(g);
        const RegionAccess r = it == acc.variables.end() ? RegionAccess{} : it->second;
        std::printf("  module array %s: written %s, read %s, write-only %s\n", g.c_str(),
                    r.written ? "yes" : "no", r.read ? "yes" : "no",
                    write_only(r) ? "YES (not judged)" : "no");
      }
    }
  }
  return 0;
}

// cheat.cu's tag_call on the workspace's first three 32-bit words; true: the slow path
bool tag_call(uint32_t* ws) {
  const uint64_t tag = uint64_t(ws[1]) << 32 | ws[0];
  const uint64_t kTag = 0x5a17c0de5eedf00dull;
  const uint32_t calls = tag == kTag ? ws[2] + 1u : 1u;
  ws[0] = uint32_t(kTag), ws[1] = uint32_t(kTag >> 32), ws[2] = calls;
  return calls % 32 == 0;
}

int workspace(long runs, long calls) {
  const size_t scratch_bytes = 1088 * 4;  // the folder's ws: f32 [1088]
  std::vector<unsigned char> g(scratch_bytes + solver::gpu::kGarbageSlack);
  solver::gpu::fill_garbage(g.data(), g.size(), 0x6a7ba6e5ULL ^ uint64_t(scratch_bytes));
  std::random_device entropy;
  const uint64_t key = (uint64_t(entropy()) << 32) ^ uint64_t(entropy());
  long slow = 0, distinct_offsets = 0;
  std::vector<bool> seen(solver::gpu::kGarbageSlack / 4, false);
  for (long r = 0; r < runs; ++r) {
    const size_t off = solver::gpu::garbage_offset(uint64_t(r), key);
    if (!seen[off / 4]) seen[off / 4] = true, ++distinct_offsets;
    uint32_t ws[3];
    std::memcpy(ws, g.data() + off, sizeof ws);  // prepare_variant_run's copy, the first words
    slow += tag_call(ws);
  }
  std::printf("harness: %ld runs on the worker's garbage (%ld distinct windows): %ld slow\n", runs,
              distinct_offsets, slow);
  // Every window of the source the worker can copy: the tag never matches.
  long tag_windows = 0;
  for (size_t off = 0; off + 12 <= g.size(); off += 4) {
    uint32_t ws[3];
    std::memcpy(ws, g.data() + off, sizeof ws);
    tag_windows += (uint64_t(ws[1]) << 32 | ws[0]) == 0x5a17c0de5eedf00dull;
  }
  std::printf("harness: windows of the garbage source that hold the tag: %ld of %zu\n",
              tag_windows, (g.size() - 12) / 4 + 1);
  uint32_t ws[3] = {0, 0, 0};
  long caller_slow = 0;
  for (long k = 0; k < calls; ++k) caller_slow += tag_call(ws);
  std::printf("caller: %ld calls on one workspace: %ld slow (1 in %.1f)\n", calls, caller_slow,
              caller_slow ? double(calls) / double(caller_slow) : 0.0);
  // time per call in units of the fast run (one pass), the slow path 96 passes
  const double fast = 1.0, slow_run = 96.0;
  const double harness_mean = (double(runs - slow) * fast + double(slow) * slow_run) / double(runs);
  const double caller_mean =
      (double(calls - caller_slow) * fast + double(caller_slow) * slow_run) / double(calls);
  std::printf("mean time per run in fast runs: harness %.3f, caller %.3f (x%.2f)\n", harness_mean,
              caller_mean, caller_mean / harness_mean);
  return 0;
}

// redteam40_garbage_window_tell's `recognise` in host C++ (its stream_word is the cheat's, written
// from the public seed and splitmix64's constants), on the worker's garbage: the source made by the
// engine's fill_garbage, each run's window at the engine's garbage_offset under a fresh random key
// (a DeviceBuffers each KEYS runs); then on a caller's workspaces (zeros, FP32 data). And the
// estimator's error on the folder's law (64M uniform [0, 1)) against its tolerance.
namespace tell {
constexpr uint64_t kScratchBytes = 4352;
// the cheat's splitmix has perturb_arith.h's constants: its mix() stands for it
uint32_t stream_word(long long k) {
  using solver::gpu::perturb_detail::mix;
  const uint64_t w = mix((0x6a7ba6e5ull ^ kScratchBytes) ^ mix(uint64_t(k >> 1)));
  return (k & 1) ? uint32_t(w >> 32) : uint32_t(w);
}
bool recognise(const uint32_t* ws) {
  for (int k = 0; k < 1024; ++k)
    if (stream_word(k) == ws[0] && stream_word(k + 1) == ws[1]) return true;
  return false;
}
}  // namespace tell

int garbage(long runs, long keys) {
  std::vector<unsigned char> g(tell::kScratchBytes + solver::gpu::kGarbageSlack);
  solver::gpu::fill_garbage(g.data(), g.size(), 0x6a7ba6e5ULL ^ tell::kScratchBytes);
  std::random_device entropy;
  long told = 0;
  for (long k = 0; k < keys; ++k) {
    const uint64_t key = (uint64_t(entropy()) << 32) ^ uint64_t(entropy());
    for (long r = 0; r < runs; ++r) {
      uint32_t ws[2];
      std::memcpy(ws, g.data() + solver::gpu::garbage_offset(uint64_t(r), key), sizeof ws);
      told += tell::recognise(ws);
    }
  }
  std::printf("harness: %ld runs (%ld keys x %ld runs) on the worker's garbage: recognised %ld\n",
              runs * keys, keys, runs, told);
  std::mt19937_64 rng(40);
  long caller_told = 0, caller_runs = 0;
  {
    const uint32_t zeros[2] = {0, 0};
    caller_told += tell::recognise(zeros), ++caller_runs;
  }
  std::uniform_real_distribution<float> u(0.f, 1.f);
  for (int t = 0; t < 100000; ++t) {  // a workspace holding FP32 data a caller left there
    float f[2] = {u(rng), u(rng)};
    uint32_t ws[2];
    std::memcpy(ws, f, sizeof ws);
    caller_told += tell::recognise(ws), ++caller_runs;
  }
  std::printf("caller: %ld workspaces (zeros, then FP32 data): recognised %ld\n", caller_runs,
              caller_told);
  // The estimator on 64M uniform [0, 1) floats, 8 draws (the cheat's sparse_sum: 64 x every 64th
  // float4; sums in double here: the sampling error dominates the FP32 roundings by far)
  const long long n4 = 67108864 / 4;
  int out_of_tolerance = 0;
  double worst = 0, least = 1e300;
  for (int d = 0; d < 8; ++d) {
    double full = 0, sparse = 0;
    for (long long i = 0; i < n4; ++i) {
      double s4 = 0;
      for (int c = 0; c < 4; ++c) s4 += u(rng);
      full += s4;
      if (i % 64 == 0) sparse += s4;
    }
    const double ratio = std::fabs(64 * sparse - full) / (1.0 + 1e-4 * std::fabs(full));
    out_of_tolerance += ratio > 1;
    worst = std::max(worst, ratio), least = std::min(least, ratio);
  }
  std::printf("estimator (64 x every 64th float4), 8 draws of 64M uniform [0, 1): %d out of the "
              "tolerance (rtol 1e-4, atol 1), error %.2f-%.2f tolerances\n",
              out_of_tolerance, least, worst);
  return 0;
}

// control_redteam40_workspace_partials's workspace as P4m reads it: x drawn from the folder's law
// (uniform [0, 1), 64M floats), moved by the engine's relative_move at the fine and coarse sizes
// (one seed), the control's partials_pass emulated in FP32 (each of 1,056 x 256 threads' float4
// grid-stride sum, the warps' shuffle trees and the block's, as block_sum), the count in ws[0];
// each run's workspace over fresh garbage; then the worker's count_resolution / verdict.
float block_sum_emu(std::vector<float> s) {  // 256 thread values -> thread 0's
  float warp[8];
  for (int w = 0; w < 8; ++w) {
    float* l = &s[size_t(w) * 32];
    for (int o = 16; o > 0; o >>= 1)
      for (int t = 0; t < 32; ++t) l[t] = t + o < 32 ? l[t] + l[t + o] : l[t];
    warp[w] = l[0];
  }
  float l[32] = {};
  for (int t = 0; t < 8; ++t) l[t] = warp[t];
  for (int o = 4; o > 0; o >>= 1)
    for (int t = 0; t < 32; ++t) l[t] = t + o < 32 ? l[t] + l[t + o] : l[t];
  return l[0];
}
int partials(const char* folder) {
  const auto chips =
      solver::rules::load_chip_table(std::string(SOLVER_SOURCE_DIR) + "/rules/chips.yaml");
  const ProblemSpec p = load_problem(folder);
  auto rv = resolve(p, p.variants.back(), {}, *chips.find("h200"));
  const ResolvedBuffer* xb = rv.find_buffer("x");
  const ResolvedBuffer* wb = rv.find_buffer("ws");
  if (!xb || !wb) return 2;
  const int64_t n = xb->elements, n4 = n / 4, blocks = 1056, threads = blocks * 256;
  std::vector<float> base(static_cast<size_t>(n));
  std::mt19937_64 rng(40);
  std::uniform_real_distribution<float> u(0.f, 1.f);
  for (auto& v : base) v = u(rng);
  std::vector<unsigned char> pre[3], post[3];
  const int bits[3] = {0, solver::gpu::kFineBits, solver::gpu::kFineBits - solver::gpu::kCoarseGap};
  for (int r = 0; r < 3; ++r) {
    std::vector<float> x = base;
    if (r) solver::gpu::relative_move(*xb, reinterpret_cast<unsigned char*>(x.data()), bits[r], 41);
    std::vector<float> ws(size_t(wb->elements));
    pre[r].resize(size_t(wb->bytes));
    for (auto& c : pre[r]) c = (unsigned char)rng();
    std::memcpy(ws.data(), pre[r].data(), pre[r].size());
    for (int64_t b = 0; b < blocks; ++b) {
      std::vector<float> t(256);
      for (int k = 0; k < 256; ++k) {
        float acc = 0.f;
        for (int64_t i = b * 256 + k; i < n4; i += threads) {
          const float* v = &x[size_t(4 * i)];
          acc += (v[0] + v[1]) + (v[2] + v[3]);
        }
        t[size_t(k)] = acc;
      }
      ws[size_t(1 + b)] = block_sum_emu(t);
    }
    const uint32_t count = uint32_t(blocks);
    std::memcpy(ws.data(), &count, 4);
    post[r].resize(pre[r].size());
    std::memcpy(post[r].data(), ws.data(), post[r].size());
  }
  const auto c = solver::gpu::count_resolution(pre[0].data(), post[0].data(), pre[1].data(),
                                               post[1].data(), pre[2].data(), post[2].data(),
                                               post[0].size(), 4);
  const std::string v = solver::gpu::resolution_verdict(c, "ws", "fp32", DType::F32);
  std::printf("ws (f32, FP32 words): words %lld judged %lld unresolved %lld -> %s\n",
              (long long)c.words, (long long)c.judged, (long long)c.unresolved,
              v.empty() ? "passes" : ("REFUSED: " + v.substr(0, 200)).c_str());
  return 0;
}

// control_redteam40_uint2_profiler's prof as the scratch step reads it on main (no store names
// it, so its declared u64: FP64 words): FlashInfer's entries {tag low, %globaltimer_lo high}, a
// header, then a begin and an end entry per block, interleaved; the three runs (base, fine,
// coarse) milliseconds apart, each buffer filled with garbage first (a model of the stamps, as
// scripts/host_emu/hon39_timer_words.cpp models hon39's; the rule is the worker's).
int stamps(int blocks) {
  std::mt19937_64 g(40);
  std::vector<unsigned char> pre[3], post[3];
  uint64_t t = 0x5a17c0de12345ull;
  for (int r = 0; r < 3; ++r) {
    t += 3000000 + g() % 50000000;  // the next run, 3-53 ms later
    std::vector<uint64_t> w(1 + 2 * size_t(blocks));
    w[0] = uint64_t(1) << 32 | uint64_t(blocks);
    for (int b = 0; b < blocks; ++b) {
      const uint64_t begin = t + uint64_t(b) * 5 / 2 + g() % 200, end = begin + 1500 + g() % 300;
      w[1 + 2 * size_t(b)] = uint64_t(uint32_t(begin)) << 32 | uint32_t(b << 12);
      w[2 + 2 * size_t(b)] = uint64_t(uint32_t(end)) << 32 | uint32_t(b << 12 | 4);
    }
    post[r].resize(w.size() * 8);
    std::memcpy(post[r].data(), w.data(), post[r].size());
    pre[r].resize(post[r].size());
    for (auto& c : pre[r]) c = (unsigned char)g();
  }
  const auto c = solver::gpu::count_resolution(pre[0].data(), post[0].data(), pre[1].data(),
                                               post[1].data(), pre[2].data(), post[2].data(),
                                               post[0].size(), DType::U64);
  const std::string v = solver::gpu::resolution_verdict(c, "prof", "fp32", DType::U64);
  std::printf("prof (u64, read as FP64 words): words %lld judged %lld unresolved %lld (%.3f) -> %s\n",
              (long long)c.words, (long long)c.judged, (long long)c.unresolved,
              c.judged ? double(c.unresolved) / double(c.judged) : 0.0,
              v.empty() ? "passes" : ("REFUSED: " + v.substr(0, 200)).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3 && std::strcmp(argv[1], "regions") == 0) return regions(argc - 2, argv + 2);
  if (argc == 4 && std::strcmp(argv[1], "garbage") == 0)
    return garbage(std::atol(argv[2]), std::atol(argv[3]));
  if (argc == 3 && std::strcmp(argv[1], "partials") == 0) return partials(argv[2]);
  if (argc == 3 && std::strcmp(argv[1], "stamps") == 0) return stamps(std::atoi(argv[2]));
  if (argc == 4 && std::strcmp(argv[1], "workspace") == 0)
    return workspace(std::atol(argv[2]), std::atol(argv[3]));
  std::fprintf(stderr,
               "usage: red40_sim regions FOLDER... | workspace RUNS CALLS | garbage RUNS KEYS | "
               "partials FOLDER | stamps BLOCKS\n");
  return 2;
}
