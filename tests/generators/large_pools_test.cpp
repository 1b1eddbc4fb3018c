// Issue 30's large pools (problems/sgemm_2048, stencil3d_r4, layernorm_4096, transpose_4096, and
// the held-out fifth, conv2d_7x7):
// their sizes by the solver's own enumeration, every knob a macro the kernel reads, every point
// statically valid on an H200-like chip, and NVRTC compiling them on several threads through the
// cache the GPU worker reads (generators/compile_ahead.h). NVRTC runs on the host: no GPU. By
// default a deterministic sample of each pool is compiled (ctest label `large_pools`);
// SOLVER_LARGE_POOLS_ALL=1 compiles every point (5,903; minutes on 16 cores).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>

#include "generators/compile_ahead.h"
#include "generators/kernel_library.h"
#include "generators/nvrtc_compiler.h"
#include "generators/ptx_precision.h"
#include "generators/validate.h"
#include "generators/variant_space.h"
#include "test_support.h"

using namespace solver::generators;
using namespace solver::generators::test;

namespace {

const std::vector<std::string> kLargePools = {"sgemm_2048", "stencil3d_r4", "layernorm_4096",
                                              "transpose_4096", "conv2d_7x7"};

std::size_t pool_size(const ProblemSpec& p) {
  std::size_t n = 0;
  for (const auto& v : p.variants) n += enumerate_knobs(p, v).size();
  return n;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the large pools hold 1,000 to 5,000 points; every other pool stays small") {
  for (const auto& p : load_problems(source_dir() + "/problems")) {
    const std::size_t n = pool_size(p);
    const bool large =
        std::find(kLargePools.begin(), kLargePools.end(), p.name) != kLargePools.end();
    MESSAGE(p.name << ": " << n << " points");
    if (large) {
      CHECK_MESSAGE(n >= 1000, p.name);
      CHECK_MESSAGE(n <= 5000, p.name);
    } else {
      // A new pool of 1,000+ points belongs to the list above (and to h200-large.json).
      CHECK_MESSAGE(n < 1000, p.name);
    }
  }
}

TEST_CASE("every knob of a large pool is a macro its kernel reads, with at least two values") {
  for (const auto& name : kLargePools) {
    ProblemSpec p = load_problem(source_dir() + "/problems/" + name);
    for (const auto& v : p.variants) {
      if (v.knobs.empty()) continue;
      // The source and the library headers it includes (a kernel body behind GEMM_ENTRY).
      std::string src = slurp(p.dir + "/" + v.source);
      for (const auto& [name, path] : library_files(p))
        if (src.find("#include <" + name.substr(name.rfind('/') + 1) + ">") != std::string::npos)
          src += slurp(path);
      // Comments out: the header names every knob. The source need not default a knob (every
      // compile passes each with -D from problem.yaml; knob_defaults_test), only read it.
      src = std::regex_replace(src, std::regex(R"(//[^\n]*)"), "");
      for (const auto& k : v.knobs) {
        CHECK_MESSAGE(k.values.size() >= 2, name << " " << k.name);
        // Read somewhere besides a default's #ifndef and #define, where the source has one.
        const std::regex word("\\b" + k.name + "\\b");
        auto uses = std::distance(std::sregex_iterator(src.begin(), src.end(), word),
                                  std::sregex_iterator());
        if (src.find("#ifndef " + k.name) != std::string::npos) uses -= 2;
        CHECK_MESSAGE(uses >= 1, name << " " << k.name);
      }
      // Every point passes static validation on an H200-like chip (smem, threads, grid, and
      // the capabilities a variant's `chip:` asks for: sgemm_2048's regtile_db needs cp_async).
      auto chip = test_chip();
      chip.capabilities = {"tf32", "bf16", "fp16_tensor", "fp8", "cp_async", "tma", "wgmma"};
      for (const auto& knobs : enumerate_knobs(p, v))
        REQUIRE_MESSAGE(validate(p, v, knobs, chip).empty(), variant_key(v.id, knobs));
    }
  }
}

TEST_CASE("the large pools compile with NVRTC on several threads, into the worker's cache") {
  if (!nvrtc_available()) {
    MESSAGE("skipped: " << nvrtc_unavailable_reason());
    return;
  }
  const char* all_env = std::getenv("SOLVER_LARGE_POOLS_ALL");
  const bool all = all_env && std::string(all_env) == "1";
  auto chip = test_chip();
  TempDir t;
  CompileCache cache(t.path().string());
  std::vector<ResolvedVariant> items;
  std::vector<std::string> keys;
  for (const auto& name : kLargePools) {
    ProblemSpec p = load_problem(source_dir() + "/problems/" + name);
    items.push_back(resolve_reference(p, chip));
    keys.push_back(name + " (reference)");
    for (const auto& v : p.variants) {
      auto points = enumerate_knobs(p, v);
      // A deterministic spread: every k-th point and the last (the largest tiles), ~12 a pool.
      const std::size_t step = all ? 1 : std::max<std::size_t>(1, points.size() / 12);
      for (std::size_t i = 0; i < points.size(); i += step) {
        items.push_back(resolve(p, v, points[i], chip));
        keys.push_back(name + " " + variant_key(v.id, points[i]));
      }
      if (!all && points.size() > 1) {
        items.push_back(resolve(p, v, points.back(), chip));
        keys.push_back(name + " " + variant_key(v.id, points.back()));
      }
    }
  }
  const int jobs = std::max(2, std::min(default_compile_jobs(), 16));
  std::vector<ResolvedVariant> again = items;
  // The precision the PTX computes in, on every 4th point (an uncached compile on one thread).
  for (std::size_t i = 0; i < items.size(); i += 4) {
    if (items[i].variant == "__reference__") continue;
    CompileResult r = compile_variant(items[i], nullptr);
    if (!r.ok) continue;  // reported below
    std::set<DType> dtypes;
    for (const auto& b : items[i].buffers) dtypes.insert(b.dtype);
    CHECK_MESSAGE(precision_mismatch(scan_ptx_precision(r.ptx, float_params(items[i])),
                                     items[i].precision, dtypes)
                      .empty(),
                  keys[i]);
  }
  int spilled = 0;
  {
    CompileAhead ahead(std::move(items), &cache, jobs);
    for (std::size_t i = 0; i < ahead.size(); ++i) {
      const CompileResult& r = ahead.wait(i);
      CHECK_MESSAGE(r.ok, keys[i] << ": " << r.error << "\n" << r.log);
      if (r.ok) CHECK_MESSAGE(r.cubin.empty(), "the cubin stays in the cache only");
      // Spills are allowed (register pressure is one of the things the knobs trade); counted.
      for (const auto& k : r.kernels) spilled += k.spill_store_bytes + k.spill_load_bytes > 0;
    }
    MESSAGE(ahead.size() << " points compiled on " << jobs << " threads ("
                         << ahead.compile_seconds() << " s of compile; " << spilled << " spill)");
  }
  // What the GPU worker does next for each point: the same key, found in the cache.
  for (std::size_t i = 0; i < again.size(); ++i) {
    CompileResult r = compile_variant(again[i], &cache);
    CHECK_MESSAGE(r.cache_hit, keys[i]);
    CHECK(!r.cubin.empty());
  }
}
